import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router-dom";
import { Text } from "@chakra-ui/react";
import { confirmLeavingUnsavedChanges, guardConfigurationSwitch } from "../configuration/selection";
import { FormDialog } from "./FormDialog";

/**
 * While `when` holds, leaving the page asks first: a link inside the portal (also to the same page with another
 * query, such as a search result's `?id=`), choosing another
 * configuration or another row of a list (`confirmLeavingUnsavedChanges`) opens a dialog, and closing or
 * reloading the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation("messages");
  // Another query is another screen's content too: `?id=` opens another row (the global search), `?new=1` a new form.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  // The answer a configuration switch waits for, while the dialog asks on its behalf.
  // A ref as well as state: a dialog still closing from the last answer must not answer with a stale one.
  const pendingSwitch = useRef<((leave: boolean) => void) | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    const removeGuard = guardConfigurationSwitch(
      () =>
        new Promise<boolean>((resolve) => {
          pendingSwitch.current?.(false);
          pendingSwitch.current = resolve;
          setAsking(true);
        }),
    );
    return () => {
      window.removeEventListener("beforeunload", warn);
      removeGuard();
      // Nothing left to protect (saved, reset or gone): a switch still waiting may go ahead.
      pendingSwitch.current?.(true);
      pendingSwitch.current = null;
      setAsking(false);
    };
  }, [when]);

  const answer = (leave: boolean) => {
    const resolve = pendingSwitch.current;
    if (resolve) {
      pendingSwitch.current = null;
      setAsking(false);
      resolve(leave);
    } else if (leave) blocker.proceed?.();
    else blocker.reset?.();
  };

  return (
    <FormDialog
      open={blocker.state === "blocked" || asking}
      title={t("unsaved.title")}
      submitLabel={t("unsaved.leave")}
      cancelLabel={t("unsaved.stay")}
      destructive
      onSubmit={() => answer(true)}
      onClose={() => answer(false)}
    >
      <Text>{t("unsaved.text")}</Text>
    </FormDialog>
  );
}

/** Runs `open` (another row into the form, a new one) once unsaved changes may be left, asking first when there are any. */
export function openLeavingUnsavedChanges(open: () => void): void {
  void confirmLeavingUnsavedChanges().then((left) => {
    if (left) open();
  });
}
