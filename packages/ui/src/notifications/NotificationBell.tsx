import { Badge, Box, Button, CloseButton, Dialog, Flex, Icon, IconButton, Portal, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuBell, LuCheckCheck, LuEyeOff, LuMessageSquare, LuTriangleAlert } from "react-icons/lu";
import { useNavigate, type NavigateFunction } from "react-router-dom";
import { getSelectedConfiguration, requestConfigurationSwitch } from "../configuration/selection";
import { notificationStore, useNotifications, type NotificationStore, type PortalNotification } from "./store";

const collapsedCount = 5;

/**
 * Opens the live conversations where a notification's conversation is: its configuration is selected first
 * (the list shows the selected configuration's conversations only), asking first on a screen with unsaved
 * changes. The selector fills in the configuration's name.
 */
export async function openLiveConversations(navigate: NavigateFunction, path: string, item?: PortalNotification): Promise<void> {
  const configurationId = item?.configurationId;
  if (configurationId && getSelectedConfiguration()?._id !== configurationId) {
    if (!(await requestConfigurationSwitch({ _id: configurationId, name: "" }))) return;
  }
  // The live screen opens the notification's conversation.
  void navigate(path, item?.session_id ? { state: { openSession: item.session_id } } : undefined);
}

/** One notification with its actions (open the live conversations, mark read or unread, hide), in the bell and on its page. */
export function NotificationRow({ item, store, onOpenLive }: { item: PortalNotification; store: NotificationStore; onOpenLive: (item: PortalNotification) => void }) {
  const { t, i18n } = useTranslation("shell");
  const alert = item.type === "alert";
  const time = new Date(item.timestamp);
  return (
    <Flex
      as="li"
      gap="3"
      p="3"
      borderRadius="md"
      bg={item.isRead ? undefined : "bg.muted"}
      borderWidth={alert ? "1px" : undefined}
      borderColor={alert ? "border.error" : undefined}
      // Alerts blink until read; people who ask for less motion get a steady border.
      animation={alert && !item.isRead ? "pulse 1s ease-in-out infinite" : undefined}
      _motionReduce={{ animation: "none" }}
      data-notification-type={item.type}
    >
      <Icon as={alert ? LuTriangleAlert : LuMessageSquare} color={alert ? "fg.error" : "purple.fg"} boxSize="5" mt="0.5" aria-hidden />
      <Box flex="1" minW="0">
        {item.sender && (
          <Text fontSize="sm" fontWeight="semibold">
            {item.sender}
          </Text>
        )}
        <Text fontSize="sm">{item.message}</Text>
        <Text fontSize="xs" color="fg.muted">
          {Number.isNaN(time.getTime())
            ? item.timestamp
            : new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(time)}
        </Text>
        <Flex gap="2" mt="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => onOpenLive(item)}>
            {t("notifications.goToLive")}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => store.setRead(item.id, !item.isRead)}>
            {item.isRead ? t("notifications.markUnread") : t("notifications.markRead")}
          </Button>
        </Flex>
      </Box>
      <IconButton size="xs" variant="ghost" aria-label={t("notifications.hide")} onClick={() => store.hide(item.id)}>
        <LuEyeOff />
      </IconButton>
    </Flex>
  );
}

export interface NotificationBellProps {
  store?: NotificationStore;
  liveConversationsPath?: string;
  /** "View all": the notifications page, every notification with the same actions and filters. */
  viewAllPath?: string;
}

/** The bell with its unread count and the notifications dialog (max 600 wide, 500 high). */
export function NotificationBell({
  store = notificationStore,
  liveConversationsPath = "/conversations/live",
  viewAllPath = "/notifications",
}: NotificationBellProps) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const items = useNotifications(store);
  const [open, setOpen] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const unread = items.filter((item) => !item.isRead).length;
  const hasAlert = items.some((item) => item.type === "alert" && !item.isRead);
  const visible = showAll ? items : items.slice(0, collapsedCount);
  const openLive = (item?: PortalNotification) => {
    setOpen(false);
    void openLiveConversations(navigate, liveConversationsPath, item);
  };
  const openAll = () => {
    setOpen(false);
    navigate(viewAllPath);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) setShowAll(false);
      }}
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          position="relative"
          aria-label={unread > 0 ? t("notifications.openWithCount", { count: unread }) : t("notifications.open")}
        >
          <LuBell />
          {unread > 0 && (
            <Badge
              position="absolute"
              top="-1"
              insetEnd="-1"
              size="xs"
              variant="solid"
              colorPalette="red"
              borderRadius="full"
              pointerEvents="none"
              animation={hasAlert ? "pulse 1s ease-in-out infinite" : undefined}
              _motionReduce={{ animation: "none" }}
              aria-hidden
            >
              {unread}
            </Badge>
          )}
        </IconButton>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="600px" maxH="500px">
            <Dialog.Header>
              <Dialog.Title flex="1">{t("notifications.title")}</Dialog.Title>
              <Button size="xs" variant="ghost" disabled={unread === 0} onClick={() => store.markAllRead()} me="8">
                <LuCheckCheck /> {t("notifications.markAllRead")}
              </Button>
            </Dialog.Header>
            <Dialog.Body>
              {items.length === 0 ? (
                <Text color="fg.muted" textAlign="center" py="10">
                  {t("notifications.empty")}
                </Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none">
                  {visible.map((item) => (
                    <NotificationRow key={item.id} item={item} store={store} onOpenLive={openLive} />
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={() => openLive()}>
                {t("notifications.goToLive")}
              </Button>
              {items.length > collapsedCount && !showAll && (
                <Button variant="ghost" size="sm" onClick={() => setShowAll(true)}>
                  {t("notifications.showMore", { count: items.length - collapsedCount })}
                </Button>
              )}
              <Button size="sm" onClick={openAll}>
                {t("notifications.viewAll")}
              </Button>
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
