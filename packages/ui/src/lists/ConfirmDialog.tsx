import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone; Cancel has the focus, so Enter does not destroy. */
export function ConfirmDialog({ open, title, text, confirmLabel, loading, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation("lists");
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => !details.open && onCancel()}
      placement="center"
      initialFocusEl={() => cancelRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" ref={cancelRef}>
                  {t("lists.cancel")}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={loading} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("lists.cancel")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
