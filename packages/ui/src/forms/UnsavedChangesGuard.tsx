import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router-dom";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * While `when` holds, leaving the page asks first: a link inside the portal opens a dialog, and closing
 * or reloading the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation("messages");
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("unsaved.title")}
      confirmLabel={t("unsaved.leave")}
      cancelLabel={t("unsaved.stay")}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t("unsaved.text")}
    </ConfirmDialog>
  );
}
