/**
 * The typed contract of the live socket (spec 02 §7.1): the socket.io namespace `/live` on the chat
 * server, its connection query, and every event with its payload. Only agents (customer roles) connect.
 *
 * The HTTP contract (openapi/) describes no socket events, so the events are written here; the
 * conversation and message shapes are the contract's schemas (`LiveConversation`, `Message`). The
 * other payloads follow the contract's socket document (openapi/asyncapi.yaml); types it does not
 * share with the HTTP schemas are defined here and marked LOCAL.
 */
import type { components } from "./generated/api";

/** The socket.io namespace of the live connection. */
export const liveNamespace = "/live";

/** The handshake query (`socket.handshake.query`); websocket transport only. */
export interface LiveConnectionQuery {
  /** The user's JWT; without it the connection is refused. */
  token: string;
  /** The agent's customer (absent for users without one). */
  customerId?: string;
  firstname?: string;
  lastname?: string;
  /** Admins only: comma-separated configuration ids to watch (every configuration without it). */
  configuration_ids?: string;
}

/** One message of a live conversation (the contract's `Message`). */
export type LiveMessage = components["schemas"]["Message"];

/** A visitor's conversation as the agents see it (the contract's `LiveConversation`). */
export type LiveConversation = components["schemas"]["LiveConversation"];

export interface ConfigClearedPayload {
  configuration_id: string;
}

/** A catalogue error code of the contract (`ErrorCode`). */
export type LiveErrorCode = components["schemas"]["ErrorCode"];

/**
 * LOCAL (the contract's socket document names it `SocketError`; the HTTP schemas do not have it): a
 * failure with the same code and message as an HTTP problem. `config_clear_error` carries it, and the
 * acknowledgement of an agent's event when it fails.
 */
export interface LiveErrorPayload {
  status: "error";
  code: LiveErrorCode;
  message: string;
  configuration_id?: string;
}

/** The acknowledgement of an agent's event when it succeeds. */
export interface LiveAckSuccess {
  status: "success";
  conversation?: LiveConversation;
  /** `human_agent_message`: the stored message. */
  message?: LiveMessage;
  /** `human_agent_message`: true when this `client_message_id` had been received before (stored once). */
  duplicate?: boolean;
}

export type LiveAck = LiveAckSuccess | LiveErrorPayload;

/** A chat or alert notification of the agent (the contract's `Notification`). */
export type LiveNotification = components["schemas"]["Notification"];

export interface AgentDisconnectedPayload {
  user_id: string;
}

export interface ClearConfigPayload {
  configuration_id: string;
}

export interface ChangeAgentPresencePayload {
  user_id: string;
  is_available: boolean;
}

export interface ManualTakeoverPayload {
  configuration_id: string;
  session_id: string;
  first_name: string;
  last_name: string;
}

export interface HumanAgentMessagePayload {
  configurationId: string;
  conversationId: string;
  messageContent: string;
  /** The portal's id for this message, so that a resend after a reconnect is stored once (`[A-Za-z0-9_-]{1,64}`). */
  client_message_id?: string;
}

/** Hands a taken-over conversation back to the assistant. */
export interface ReleaseConversationPayload {
  configuration_id: string;
  session_id: string;
}

/** Closes a conversation (status `Closed`); it leaves the live list and stays in the history. */
export interface CloseConversationPayload {
  configuration_id: string;
  session_id: string;
}

/** The visitor of a conversation started or stopped typing (at most one start a second per visitor). */
export interface VisitorTypingPayload {
  session_id: string;
  /** The conversation's id (`LiveConversation.id`). */
  conversation_id: string;
  configuration_id: string;
  typing: boolean;
}

/** The agent types a reply in a taken-over conversation; the visitor sees it. */
export interface AgentTypingPayload {
  configuration_id: string;
  session_id: string;
  typing: boolean;
}

/** The conversation's note for the agents (at most 2,000 characters, no NUL); an empty note removes it. */
export interface SetAgentNotePayload {
  configuration_id: string;
  session_id: string;
  agent_note: string;
}

/** The agent opened the conversation: its visitor messages are read (`newUserMessages` 0 for every agent, after a reload too). */
export interface MarkConversationSeenPayload {
  configuration_id: string;
  session_id: string;
}

/** Events the server sends to an agent (socket.io `ServerToClientEvents`). */
export interface LiveServerToClientEvents {
  initial_conversations: (conversations: LiveConversation[]) => void;
  /** A conversation changed; `notification` holds the chat notification its visitor message raised, if any. */
  conversation_update: (conversation: LiveConversation) => void;
  config_cleared: (payload: ConfigClearedPayload) => void;
  config_clear_error: (payload: LiveErrorPayload) => void;
  /** An alert; a chat notification only for an admin who does not watch its configuration (others get it in the update). */
  notification: (notification: LiveNotification) => void;
  visitor_typing: (payload: VisitorTypingPayload) => void;
}

/** Events an agent sends to the server (socket.io `ClientToServerEvents`). */
export interface LiveClientToServerEvents {
  /** Answered through the acknowledgement callback when one is given. */
  agent_disconnected: (payload: AgentDisconnectedPayload, acknowledge?: (ack: LiveAck) => void) => void;
  clear_config: (payload: ClearConfigPayload) => void;
  /** Answered through the acknowledgement callback when one is given. */
  change_agent_presence: (payload: ChangeAgentPresencePayload, acknowledge?: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  manual_takeover: (payload: ManualTakeoverPayload, acknowledge: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  human_agent_message: (payload: HumanAgentMessagePayload, acknowledge: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  release_conversation: (payload: ReleaseConversationPayload, acknowledge: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  close_conversation: (payload: CloseConversationPayload, acknowledge: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  agent_typing: (payload: AgentTypingPayload, acknowledge: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  set_agent_note: (payload: SetAgentNotePayload, acknowledge: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  mark_conversation_seen: (payload: MarkConversationSeenPayload, acknowledge: (ack: LiveAck) => void) => void;
}

export type LiveServerEventName = keyof LiveServerToClientEvents;
export type LiveClientEventName = keyof LiveClientToServerEvents;

/** Every event the server sends on `/live` (checked against the contract's socket document). */
export const liveServerEvents = [
  "initial_conversations",
  "conversation_update",
  "config_cleared",
  "config_clear_error",
  "notification",
  "visitor_typing",
] as const satisfies readonly LiveServerEventName[];

/** Every event an agent sends on `/live`. */
export const liveClientEvents = [
  "agent_disconnected",
  "clear_config",
  "change_agent_presence",
  "manual_takeover",
  "human_agent_message",
  "release_conversation",
  "close_conversation",
  "agent_typing",
  "set_agent_note",
  "mark_conversation_seen",
] as const satisfies readonly LiveClientEventName[];

/** The sent events the server answers through an acknowledgement callback. */
export const liveAcknowledgedEvents = [
  "agent_disconnected",
  "change_agent_presence",
  "manual_takeover",
  "human_agent_message",
  "release_conversation",
  "close_conversation",
  "agent_typing",
  "set_agent_note",
  "mark_conversation_seen",
] as const satisfies readonly LiveClientEventName[];
