import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Flex,
  Icon,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuBookOpen, LuCode, LuMessagesSquare, LuPalette } from "react-icons/lu";
import { useNavigate } from "react-router-dom";
import { showsGettingStarted } from "@parley/domain/ui";
import { useUpdateShowInstructions } from "./hooks";
import { updateSessionUser, type SessionUser } from "../session/session";
import { currentPageHeading, focusable } from "./focusPageHeading";
import { showFailureToast } from "./toasts";

const dismissedThisSessionKey = "parley.gettingStartedClosed";

/**
 * Where the focus goes when the dialog closes: back to what had it when the dialog opened, else (it opened
 * on its own, over a page nothing was focused on) the page's main heading, else its main content; never the body.
 */
function focusAfterGettingStarted(opener: Element | null): HTMLElement | null {
  if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) return opener;
  const heading = currentPageHeading();
  return heading ? focusable(heading) : document.getElementById("main-content");
}

const items = [
  { key: "design", icon: LuPalette },
  { key: "knowledgeBase", icon: LuBookOpen },
  { key: "conversations", icon: LuMessagesSquare },
  { key: "addToWebsite", icon: LuCode },
] as const;

/** Shown when showInstructions is true and showWizard false (spec 01 §2). */
export function shouldShowGettingStarted(user: SessionUser | null): boolean {
  return (
    user !== null &&
    showsGettingStarted({
      showInstructions: user.showInstructions === true,
      showWizard: user.showWizard === true,
    })
  );
}

export interface GettingStartedDialogProps {
  user: SessionUser;
  testAssistantPath?: string;
}

export function GettingStartedDialog({
  user,
  testAssistantPath = "/assistant/test",
}: GettingStartedDialogProps) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const updateShowInstructions = useUpdateShowInstructions();
  const [open, setOpen] = useState(
    () => shouldShowGettingStarted(user) && sessionStorage.getItem(dismissedThisSessionKey) !== "1",
  );
  const [dontShowAgain, setDontShowAgain] = useState(false);
  // What had the focus as the dialog opened (it opens with the page, so mostly nothing: the body).
  const [opener] = useState(() => document.activeElement);

  const close = () => {
    setOpen(false);
    sessionStorage.setItem(dismissedThisSessionKey, "1");
    if (dontShowAgain && user.id) {
      updateShowInstructions.mutate(
        { _id: user.id, showInstructions: false },
        {
          onSuccess: () => updateSessionUser({ showInstructions: false }),
          onError: (error) => void showFailureToast(error),
        },
      );
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && close()}
      closeOnInteractOutside={false}
      finalFocusEl={() => focusAfterGettingStarted(opener)}
      size="xl"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="920px">
            <Dialog.Header>
              <Dialog.Title>{t("gettingStarted.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="4" color="fg.muted">
                {t("gettingStarted.intro")}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {items.map((item) => (
                  <Flex key={item.key} gap="3" p="4" borderWidth="1px" borderRadius="md">
                    <Icon as={item.icon} boxSize="6" color="colorPalette.fg" aria-hidden />
                    <Stack gap="1">
                      <Text fontWeight="semibold">{t(`gettingStarted.items.${item.key}.title`)}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t(`gettingStarted.items.${item.key}.text`)}
                      </Text>
                    </Stack>
                  </Flex>
                ))}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
              <Checkbox.Root
                checked={dontShowAgain}
                onCheckedChange={(details) => setDontShowAgain(details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t("gettingStarted.dontShowAgain")}</Checkbox.Label>
              </Checkbox.Root>
              <Flex gap="2">
                <Button variant="outline" onClick={close}>
                  {t("common.close")}
                </Button>
                <Button
                  onClick={() => {
                    close();
                    navigate(testAssistantPath);
                  }}
                >
                  {t("gettingStarted.discover")}
                </Button>
              </Flex>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
