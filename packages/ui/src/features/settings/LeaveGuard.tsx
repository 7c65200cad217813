import { Button, Dialog, Portal } from "@chakra-ui/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router-dom";

/** Asks before leaving a screen with unsaved changes: another route (useBlocker) or a reload or close. */
export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useTranslation("settings");
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  const open = blocker.state === "blocked";
  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(details) => !details.open && blocker.reset?.()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t("leave.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{t("leave.text")}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => blocker.reset?.()}>
                {t("leave.stay")}
              </Button>
              <Button colorPalette="red" onClick={() => blocker.proceed?.()}>
                {t("leave.leave")}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
