/**
 * The typed contract of the live socket (spec 02 §7.1): the socket.io namespace `/live` on the chat
 * server, its connection query, and every event with its payload. Only agents (customer roles) connect.
 *
 * The HTTP contract (openapi/) describes no socket events, so the events are written here; the
 * conversation and message shapes are the contract's schemas (`LiveConversation`, `Message`). The
 * other payloads are defined here (marked LOCAL where the spec does not show them).
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

/** LOCAL: the spec does not show this payload; the server sends the failing configuration and a text. */
export interface ConfigClearErrorPayload {
  configuration_id?: string;
  code?: string;
  message: string;
}

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
  config_clear_error: (payload: ConfigClearErrorPayload) => void;
}

/** Events an agent sends to the server (socket.io `ClientToServerEvents`). */
export interface LiveClientToServerEvents {
  agent_disconnected: (payload: AgentDisconnectedPayload) => void;
  clear_config: (payload: ClearConfigPayload) => void;
  change_agent_presence: (payload: ChangeAgentPresencePayload) => void;
  manual_takeover: (payload: ManualTakeoverPayload) => void;
  human_agent_message: (payload: HumanAgentMessagePayload) => void;
}

export type LiveServerEventName = keyof LiveServerToClientEvents;
export type LiveClientEventName = keyof LiveClientToServerEvents;
