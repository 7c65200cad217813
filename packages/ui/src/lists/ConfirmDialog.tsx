import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Where the focus goes when the dialog closes and the control that opened it is gone (a deleted row's
   * button): by default the page's main content, never the document's body.
   */
  returnFocusTo?: () => HTMLElement | null;
}

/** Asks before something that cannot be undone; Cancel has the focus, so Enter does not destroy. */
export function ConfirmDialog({ open, title, text, confirmLabel, loading, onConfirm, onCancel, returnFocusTo }: ConfirmDialogProps) {
  const { t } = useTranslation("lists");
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) openerRef.current = document.activeElement;
  }, [open]);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => !details.open && onCancel()}
      placement="center"
      initialFocusEl={() => cancelRef.current}
      finalFocusEl={() => {
        const opener = openerRef.current;
        if (opener?.isConnected) return opener;
        return returnFocusTo?.() ?? document.getElementById("main-content");
      }}
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
