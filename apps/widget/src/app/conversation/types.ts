/** A source an answer was built from (openapi Message.sources). */
export interface MessageSource {
  kind: string;
  title: string;
  url: string;
}

/** A message as the server sends it (openapi Message). */
export interface ServerMessage {
  /** The server's id (absent on messages not yet stored). */
  id?: string;
  role: "user" | "assistant" | "human_agent" | "system";
  content: string;
  timestamp: string;
  raw_input?: string | null;
  agent_name?: string | null;
  sources?: MessageSource[];
  client_message_id?: string;
  /**
   * Whether an assistant message answers the visitor's question (not a reply to small talk, nor a note such as
   * "a colleague will join"): only answers are offered thumbs.
   */
  is_answer?: boolean;
  /** The visitor's thumb on an answer, as stored with the conversation (history and session only). */
  rating?: 1 | -1 | null;
}

/** A message shown in the widget. */
export interface ChatMessage extends ServerMessage {
  /** Stable key for rendering and for the visitor's rating. */
  key: string;
}

/** A visitor message not yet acknowledged by the server: kept (and stored) until it is, then resent as is. */
export interface PendingMessage {
  clientMessageId: string;
  text: string;
  timestamp: string;
}

export interface SocketError {
  status: "error";
  code: string;
  message: string;
}
