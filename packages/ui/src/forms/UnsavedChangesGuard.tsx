import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router-dom";
import { Text } from "@chakra-ui/react";
import { FormDialog } from "./FormDialog";

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
    <FormDialog
      open={blocker.state === "blocked"}
      title={t("unsaved.title")}
      submitLabel={t("unsaved.leave")}
      cancelLabel={t("unsaved.stay")}
      destructive
      onSubmit={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <Text>{t("unsaved.text")}</Text>
    </FormDialog>
  );
}
