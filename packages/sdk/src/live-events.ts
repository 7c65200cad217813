/**
 * The typed contract of the live socket (spec 02 §7.1): the socket.io namespace `/live` on the chat
 * server, its connection query, and every event with its payload. Only agents (customer roles) connect.
 *
 * The HTTP contract (openapi/) does not describe socket events, so the payloads are written here.
 * LOCAL: `LiveConversation` and `LiveMessage` are defined here because the bundled contract has no
 * schema for them; the spec's fields (01 §3) are used as they are.
 */

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

/** One message of a live conversation. */
export interface LiveMessage {
  /** `user`, `human_agent`, `assistant` and others. */
  role: string;
  raw_input?: string | null;
  content: string;
  /** ISO 8601 date-time. */
  timestamp: string;
}

/** A visitor's conversation as the agents see it. */
export interface LiveConversation {
  session_id: string;
  id: string;
  configuration_id: string;
  status: "Ongoing" | "Closed";
  messages: LiveMessage[];
  /** True once an agent has taken over (the AI stops answering). */
  is_locked?: boolean;
  is_manual?: boolean;
  isNew?: boolean;
  newUserMessages?: number;
  alert_triggered?: boolean;
  emitted_by?: string;
  notification_type?: "chat" | "alert" | null;
}

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
