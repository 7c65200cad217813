/**
 * Live conversations: connection states, conversation statuses and message roles (spec 01 §3–4,
 * spec 02 §4, §7.1).
 */

export const liveConnectionStates = ["connecting", "online", "offline"] as const;
export type LiveConnectionState = (typeof liveConnectionStates)[number];

/** Statuses the server stores. */
export const conversationStatuses = ["Ongoing", "Closed"] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** Statuses shown to agents. */
export const conversationDisplayStatuses = ["new", "connected", "disconnected", "closed"] as const;
export type ConversationDisplayStatus = (typeof conversationDisplayStatuses)[number];

export const messageRoles = ["user", "assistant", "human_agent", "system"] as const;
export type MessageRole = (typeof messageRoles)[number];

export interface LiveMessage {
  role: MessageRole;
  raw_input?: string | null;
  content: string;
  timestamp: string;
}

export interface LiveConversation {
  session_id: string;
  id: string;
  configuration_id: string;
  status: ConversationStatus;
  messages: LiveMessage[];
  is_locked: boolean;
  is_manual: boolean;
  isNew?: boolean;
  newUserMessages?: number;
  alert_triggered?: boolean;
  emitted_by?: string | null;
  notification_type?: "chat" | "alert" | null;
}

/** An agent can take over and reply unless the conversation is closed. */
export function canAgentReply(conversation: Pick<LiveConversation, "status">): boolean {
  return conversation.status !== "Closed";
}

/** The conversation after a manual takeover, locked at once before the server answers. */
export function withManualTakeover<T extends Pick<LiveConversation, "is_locked">>(conversation: T): T {
  return { ...conversation, is_locked: true };
}

/** The conversation after its detail dialog closes: its new user messages are seen. */
export function withMessagesSeen<T extends Pick<LiveConversation, "newUserMessages">>(
  conversation: T,
): T & { newUserMessages: number } {
  return { ...conversation, newUserMessages: 0 };
}

/** The last message's text, the key chat notifications are compared by. */
export function lastMessageText(conversation: Pick<LiveConversation, "messages">): string {
  const last = conversation.messages.at(-1);
  return last ? last.content : "";
}

/** The longest note an agent may write on a conversation (`set_agent_note`). */
export const maxAgentNoteLength = 2000;

/**
 * Typing marks (the visitor's to the agents, the agent's to the visitor): a client tells a start again at
 * most every `typingSendMs` while its person types, the server forwards a visitor's start at most every
 * `visitorTypingForwardMs`, and a screen drops the mark when nothing came for `typingShownMs`.
 */
export const typingSendMs = 2000;
export const visitorTypingForwardMs = 1000;
export const typingShownMs = 5000;
