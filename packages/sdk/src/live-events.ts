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
 * acknowledgement of `manual_takeover` / `human_agent_message` when they fail.
 */
export interface LiveErrorPayload {
  status: "error";
  code: LiveErrorCode;
  message: string;
  configuration_id?: string;
}

/** The acknowledgement of `manual_takeover` and `human_agent_message` when they succeed. */
export interface LiveAckSuccess {
  status: "success";
  conversation?: LiveConversation;
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
}

/** Events the server sends to an agent (socket.io `ServerToClientEvents`). */
export interface LiveServerToClientEvents {
  initial_conversations: (conversations: LiveConversation[]) => void;
  conversation_update: (conversation: LiveConversation) => void;
  config_cleared: (payload: ConfigClearedPayload) => void;
  config_clear_error: (payload: LiveErrorPayload) => void;
  notification: (notification: LiveNotification) => void;
}

/** Events an agent sends to the server (socket.io `ClientToServerEvents`). */
export interface LiveClientToServerEvents {
  agent_disconnected: (payload: AgentDisconnectedPayload) => void;
  clear_config: (payload: ClearConfigPayload) => void;
  change_agent_presence: (payload: ChangeAgentPresencePayload) => void;
  /** Answered through the acknowledgement callback. */
  manual_takeover: (payload: ManualTakeoverPayload, acknowledge: (ack: LiveAck) => void) => void;
  /** Answered through the acknowledgement callback. */
  human_agent_message: (payload: HumanAgentMessagePayload, acknowledge: (ack: LiveAck) => void) => void;
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
] as const satisfies readonly LiveServerEventName[];

/** Every event an agent sends on `/live`. */
export const liveClientEvents = [
  "agent_disconnected",
  "clear_config",
  "change_agent_presence",
  "manual_takeover",
  "human_agent_message",
] as const satisfies readonly LiveClientEventName[];

/** The sent events the server answers through an acknowledgement callback. */
export const liveAcknowledgedEvents = [
  "manual_takeover",
  "human_agent_message",
] as const satisfies readonly LiveClientEventName[];
