/**
 * Notification rules for live conversations (spec 01 §3–4, spec 02 §9) and toast defaults.
 */
import type { LiveConversation } from "./live";

export const alertPreviewWords = 5;
export const alertFallbackText = "A user requires your attention!";
export const ellipsis = "...";

export const notificationTypes = ["chat", "alert"] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationColors = { chat: "purple", alert: "error" } as const satisfies Record<
  NotificationType,
  string
>;
/** Icon names (react-icons, Lucide set) the bell list shows per type. */
export const notificationIcons = {
  chat: "LuMessageCircle",
  alert: "LuTriangleAlert",
} as const satisfies Record<NotificationType, string>;

/** Events that play the notification sound. */
export const notificationSoundEvents = [
  "new_conversation",
  "chat_notification",
  "alert_notification",
] as const;

export const toastDefaults = { autoCloseMs: 5000, position: "top-right" } as const;

export interface LiveNotification {
  id: string;
  type: NotificationType;
  message: string;
  /** Alerts only. */
  sender?: string | null;
  timestamp: string;
  isRead: boolean;
  icon: string;
  color: string;
  configurationId: string;
  /** Alerts only. */
  session_id?: string | null;
}

/** An alert's text: its first 5 words with an ellipsis when longer, or the fallback when empty. */
export function alertText(message: string | null | undefined): string {
  const words = (message ?? "").split(/\s+/u).filter((word) => word !== "");
  if (words.length === 0) return alertFallbackText;
  if (words.length <= alertPreviewWords) return words.join(" ");
  return `${words.slice(0, alertPreviewWords).join(" ")}${ellipsis}`;
}

/** What a chat notification is compared by: the last text and the configuration. */
export interface ChatNotificationKey {
  text: string;
  configurationId: string;
}

/** A chat notification with the same last text and configuration as the previous one is suppressed. */
export function isDuplicateChatNotification(
  previous: ChatNotificationKey | null,
  next: ChatNotificationKey,
): boolean {
  return (
    previous !== null && previous.text === next.text && previous.configurationId === next.configurationId
  );
}

/** Alerts are kept once per configuration and session. */
export function isDuplicateAlert(
  existing: readonly Pick<LiveNotification, "type" | "configurationId" | "session_id">[],
  candidate: { configurationId: string; session_id: string | null | undefined },
): boolean {
  return existing.some(
    (notification) =>
      notification.type === "alert" &&
      notification.configurationId === candidate.configurationId &&
      notification.session_id === candidate.session_id,
  );
}

type Selectable = Pick<LiveConversation, "id">;

function isSelected(conversation: Selectable, selectedConversationId: string | null | undefined): boolean {
  return selectedConversationId != null && conversation.id === selectedConversationId;
}

/** An alert shows only when its conversation is not the one open. */
export function shouldShowAlert(
  conversation: Selectable & Pick<LiveConversation, "alert_triggered">,
  selectedConversationId: string | null | undefined,
): boolean {
  return conversation.alert_triggered === true && !isSelected(conversation, selectedConversationId);
}

/** A message notification shows for a manual conversation with a new user message, not an alert, not open. */
export function shouldShowMessageNotification(
  conversation: Selectable & Pick<LiveConversation, "is_manual" | "newUserMessages" | "alert_triggered">,
  selectedConversationId: string | null | undefined,
): boolean {
  return (
    conversation.is_manual &&
    (conversation.newUserMessages ?? 0) > 0 &&
    conversation.alert_triggered !== true &&
    !isSelected(conversation, selectedConversationId)
  );
}

/** A new unread alert notification for a conversation. */
export function newAlertNotification(input: {
  id: string;
  message: string | null | undefined;
  sender?: string;
  timestamp: string;
  configurationId: string;
  session_id: string;
}): LiveNotification {
  return {
    id: input.id,
    type: "alert",
    message: alertText(input.message),
    ...(input.sender === undefined ? {} : { sender: input.sender }),
    timestamp: input.timestamp,
    isRead: false,
    icon: notificationIcons.alert,
    color: notificationColors.alert,
    configurationId: input.configurationId,
    session_id: input.session_id,
  };
}

/** A new unread chat notification. */
export function newChatNotification(input: {
  id: string;
  message: string;
  timestamp: string;
  configurationId: string;
}): LiveNotification {
  return {
    id: input.id,
    type: "chat",
    message: input.message,
    timestamp: input.timestamp,
    isRead: false,
    icon: notificationIcons.chat,
    color: notificationColors.chat,
    configurationId: input.configurationId,
  };
}
