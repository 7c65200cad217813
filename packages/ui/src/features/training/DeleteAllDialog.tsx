import type { UseMutationResult } from "@tanstack/react-query";
import type { ConfirmDialogProps } from "../../lists/ConfirmDialog";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { showFailureToast, showToast } from "../../shell/toasts";

export interface DeleteAllDialogProps extends Pick<ConfirmDialogProps, "open" | "title" | "text" | "confirmLabel"> {
  /** The deletion of a configuration's content of one source; it answers how many items went. */
  remove: Pick<UseMutationResult<number, Error, string>, "mutate" | "isPending">;
  configurationId: string;
  /** The key of the toast's text, with the count deleted. */
  deletedKey: string;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting all of a source's content (WordPress, a webshop), then says how much went or what failed. */
export function DeleteAllDialog({ remove, configurationId, deletedKey, onClose, onDeleted, ...texts }: DeleteAllDialogProps) {
  return (
    <ConfirmDialog
      {...texts}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(configurationId, {
          onSuccess: (deleted) => {
            onClose();
            onDeleted?.();
            void showToast((translate) => ({ type: "success", title: translate(deletedKey, { count: deleted }) }));
          },
          onError: (error) => {
            onClose();
            void showFailureToast(error);
          },
        })
      }
    />
  );
}
