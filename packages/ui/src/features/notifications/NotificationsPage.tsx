import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuCheckCheck } from "react-icons/lu";
import { useNavigate } from "react-router-dom";
import { NotificationRow, openLiveConversations } from "../../notifications/NotificationBell";
import { notificationStore, useNotifications, type NotificationStore, type PortalNotification } from "../../notifications/store";
import { ScreenHeading } from "../home/dashboardParts";

const filters = {
  all: () => true,
  unread: (item: PortalNotification) => !item.isRead,
  alerts: (item: PortalNotification) => item.type === "alert",
} as const;
type Filter = keyof typeof filters;

/**
 * The bell's "View all": every notification the agent has (hidden ones left out), with the bell's actions, filtered
 * to the unread ones or the alerts. It reads the bell's store, so both always show the same.
 */
export function NotificationsPage({ titleKey, store = notificationStore, liveConversationsPath = "/conversations/live" }: { titleKey?: string; store?: NotificationStore; liveConversationsPath?: string }) {
  const { t } = useTranslation(["notifications", "shell", "pages"]);
  const navigate = useNavigate();
  const items = useNotifications(store);
  const [filter, setFilter] = useState<Filter>("all");
  const shown = items.filter(filters[filter]);
  const unread = items.filter(filters.unread).length;
  const openLive = (item: PortalNotification) => void openLiveConversations(navigate, liveConversationsPath, item);

  return (
    <Stack gap="6" maxW="3xl">
      <ScreenHeading title={t(titleKey ?? "pages:titles.notifications")} intro={t("notifications.intro")} />
      <HStack gap="2" wrap="wrap" justify="space-between">
        {/* Wraps: on a phone the three filters with their counts are wider than the screen (Dutch, German). */}
        <HStack gap="1" wrap="wrap" role="group" aria-label={t("notifications.filterLabel")}>
          {(Object.keys(filters) as Filter[]).map((name) => (
            <Button key={name} size="sm" variant={filter === name ? "solid" : "ghost"} aria-pressed={filter === name} onClick={() => setFilter(name)}>
              {t(`notifications.filters.${name}`, { count: items.filter(filters[name]).length })}
            </Button>
          ))}
        </HStack>
        <Button size="sm" variant="outline" disabled={unread === 0} onClick={() => store.markAllRead()}>
          <LuCheckCheck /> {t("shell:notifications.markAllRead")}
        </Button>
      </HStack>
      {shown.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="10" data-testid="notifications-empty">
          {t(`notifications.empty.${filter}`)}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t("pages:titles.notifications")}>
          {shown.map((item) => (
            <NotificationRow key={item.id} item={item} store={store} onOpenLive={openLive} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
