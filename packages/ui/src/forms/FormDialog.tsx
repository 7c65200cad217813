import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface FormDialogProps {
  title: string;
  children: ReactNode;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** Default true: the dialog is mounted while open. */
  open?: boolean;
  size?: "sm" | "md" | "lg" | "xl";
  cancelLabel?: string;
  /** A destructive action: a red submit button, an alert dialog, and the focus starts on cancel. */
  destructive?: boolean;
  busy?: boolean;
}

/** A dialog that collects input or a decision; Cancel, the close button, Esc and the backdrop close it. */
export function FormDialog({
  title,
  children,
  submitLabel,
  submitDisabled,
  onSubmit,
  onClose,
  open = true,
  size = "md",
  cancelLabel,
  destructive,
  busy,
}: FormDialogProps) {
  const { t } = useTranslation("messages");
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={size}
      placement="center"
      scrollBehavior="inside"
      role={destructive ? "alertdialog" : "dialog"}
      // The dialog does not read data-autofocus: without this the focus started on the close button.
      initialFocusEl={destructive ? () => cancelRef.current : undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" ref={cancelRef} onClick={onClose}>
                {cancelLabel ?? t("actions.cancel")}
              </Button>
              <Button colorPalette={destructive ? "red" : undefined} disabled={submitDisabled} loading={busy} onClick={onSubmit}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("actions.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
