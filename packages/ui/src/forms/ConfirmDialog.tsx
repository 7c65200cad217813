import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action: the confirm button is red, and the cancel button has the focus. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone; Esc and the backdrop cancel. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, destructive, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onCancel()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{typeof children === "string" ? <Text>{children}</Text> : children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} data-autofocus={destructive ? "" : undefined}>
                {cancelLabel}
              </Button>
              <Button colorPalette={destructive ? "red" : undefined} onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
