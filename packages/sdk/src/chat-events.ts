/**
 * The typed contract of the visitors' chat socket: the socket.io namespace `/chat` (openapi/asyncapi.yaml,
 * channel `chat`), which the widget on a customer's website uses to talk to the assistant and, after a
 * takeover, to an agent. No token: a visitor connects with the configuration id.
 *
 * Message shapes are the HTTP contract's `Message`; the other payloads are written here after the socket
 * document, as for `/live` (live-events.ts).
 */
import type { components } from "./generated/api";
import type { LiveErrorPayload } from "./live-events";

/** The socket.io namespace of the visitors' chat. */
export const chatNamespace = "/chat";

/** The handshake query (`socket.handshake.query`); websocket transport only. */
export interface ChatConnectionQuery {
  /** The configuration (assistant) the visitor talks to; an unknown one is refused (`not_found`). */
  configuration_id: string;
  /** The visitor's earlier session id, to continue that conversation (an unknown or closed one starts anew). */
  session_id?: string;
  language?: "en" | "nl" | "de" | "es" | "fr";
  /** The address of the page the widget is on (checked against the configuration's `allowed_origins`). */
  page_url?: string;
  /** The portal's test ticket (HTTP `createWidgetTestTicket`): the conversation is a test conversation. */
  test_ticket?: string;
}

/** One message of the conversation (the contract's `Message`). */
export type ChatMessage = components["schemas"]["Message"];

/** Right after connecting: the session id to keep, and the conversation so far. */
export interface ChatSessionPayload {
  session_id: string;
  messages: ChatMessage[];
}

export interface VisitorMessagePayload {
  /** The session to write in (the one `session` gave). */
  session_id?: string;
  /** 1 to 4,000 characters. */
  message: string;
  page_url?: string;
  /** The widget's id for this message (`[A-Za-z0-9_-]{1,64}`): a resend after a reconnect is answered once. */
  client_message_id?: string;
}

/** The acknowledgement of a visitor's message when it was taken. */
export interface VisitorMessageAckSuccess {
  status: "success";
  session_id: string;
  handled_by: "assistant" | "human_agent";
  /** The stored message. */
  message?: ChatMessage;
  /** true when this `client_message_id` had been received before. */
  duplicate?: boolean;
}

export type VisitorMessageAck = VisitorMessageAckSuccess | LiveErrorPayload;

/**
 * The assistant's answer, streamed: chunks carry `delta` (raw text: show it as text, never as HTML), and one
 * closing event has `done` true and the whole `message` (sanitised HTML that replaces the chunks).
 */
export interface AssistantMessagePayload {
  session_id: string;
  /** The same for every chunk of one answer. */
  message_id: string;
  delta?: string;
  done: boolean;
  message?: ChatMessage;
}

/** A human agent's answer, or the system note that an agent joined or left. */
export interface AgentMessagePayload {
  session_id: string;
  message: ChatMessage;
}

/** The assistant or an agent is typing. */
export interface TypingToVisitorPayload {
  session_id: string;
  who: "assistant" | "human_agent";
  typing: boolean;
}

/**
 * Whether an agent of the configuration is online (what the widget's online message shows): right after
 * `session`, then whenever it changes (an agent comes, becomes available or away, or goes).
 */
export interface AgentsOnlinePayload {
  configuration_id: string;
  online: boolean;
}

/** The visitor is typing (shown to the agents who watch). */
export interface VisitorTypingToServerPayload {
  session_id: string;
  typing: boolean;
}

/** Events the server sends to a visitor (socket.io `ServerToClientEvents`). */
export interface ChatServerToClientEvents {
  session: (payload: ChatSessionPayload) => void;
  assistant_message: (payload: AssistantMessagePayload) => void;
  agent_message: (payload: AgentMessagePayload) => void;
  typing: (payload: TypingToVisitorPayload) => void;
  agents_online: (payload: AgentsOnlinePayload) => void;
  /** A visitor message of this socket could not be handled (e.g. `rate_limited`). */
  error: (payload: LiveErrorPayload) => void;
}

/** Events a visitor sends to the server (socket.io `ClientToServerEvents`). */
export interface ChatClientToServerEvents {
  /** Answered through the acknowledgement callback when one is given. */
  visitor_message: (payload: VisitorMessagePayload, acknowledge?: (ack: VisitorMessageAck) => void) => void;
  typing: (payload: VisitorTypingToServerPayload) => void;
}

export type ChatServerEventName = keyof ChatServerToClientEvents;
export type ChatClientEventName = keyof ChatClientToServerEvents;

/** Every event the server sends on `/chat`. */
export const chatServerEvents = [
  "session",
  "assistant_message",
  "agent_message",
  "typing",
  "agents_online",
  "error",
] as const satisfies readonly ChatServerEventName[];

/** Every event a visitor sends on `/chat`. */
export const chatClientEvents = [
  "visitor_message",
  "typing",
] as const satisfies readonly ChatClientEventName[];

/** The sent events the server answers through an acknowledgement callback. */
export const chatAcknowledgedEvents = ["visitor_message"] as const satisfies readonly ChatClientEventName[];
