import type { ChatMessage, PendingMessage, ServerMessage } from "./types";

/** Everything the chat shows, changed only by `conversationReducer`. */
export interface ConversationState {
  sessionId: string | null;
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** Answers being streamed: raw text so far, by message id. */
  streaming: { messageId: string; text: string }[];
  typing: boolean;
  /** The code of the last failure (`rate_limited`, …), cleared by the next message. */
  errorCode: string | null;
  /** The server told the conversation so far (the first `session`): what it held then is old, not news. */
  historyLoaded: boolean;
}

export type ConversationEvent =
  | { type: "session"; sessionId: string; messages: ServerMessage[] }
  | { type: "queued"; message: PendingMessage }
  | { type: "acknowledged"; clientMessageId: string; sessionId: string }
  | { type: "answeredOverHttp"; clientMessageId: string; sessionId: string; reply: ServerMessage | null }
  | { type: "delta"; messageId: string; delta: string }
  | { type: "done"; messageId: string; message: ServerMessage }
  | { type: "agentMessage"; message: ServerMessage }
  | { type: "typing"; typing: boolean }
  | { type: "failed"; code: string }
  | { type: "reset" };

export function emptyConversation(
  sessionId: string | null,
  pending: PendingMessage[] = [],
): ConversationState {
  return { sessionId, messages: [], pending, streaming: [], typing: false, errorCode: null, historyLoaded: false };
}

let keyCounter = 0;
// A stored message is keyed by the server's id, as a streamed answer is (by its message id), so that a rating
// given before a reload still belongs to the answer the history brings back.
const messageKey = (message: ServerMessage, fallback?: string) =>
  fallback ?? message.id ?? `${message.role}-${message.timestamp}-${++keyCounter}`;

function visitorMessageOf(pending: PendingMessage): ChatMessage {
  return {
    key: pending.clientMessageId,
    role: "user",
    content: pending.text,
    timestamp: pending.timestamp,
    client_message_id: pending.clientMessageId,
  };
}

/**
 * Whether an answer arriving now answers a question this tab has not shown: nothing of its own waits for an
 * answer (the visitor asked in another tab of the session, whose sockets all get the answer). The widget then
 * takes the conversation from the server, so the question shows above its answer.
 */
export function answersUnseenQuestion(state: ConversationState): boolean {
  return state.pending.length === 0 && state.messages.at(-1)?.role !== "user";
}

export function conversationReducer(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case "session": {
      // The server's history is the truth after a (re)connect; a pending message it already holds (its ack
      // was lost) is not shown twice.
      const stored = new Set(event.messages.map((message) => message.client_message_id).filter(Boolean));
      const history = event.messages.map((message, index) => ({
        ...message,
        key: messageKey(message, message.client_message_id ?? message.id ?? `history-${index}-${message.timestamp}`),
      }));
      // An agent closed the conversation and the visitor wrote on: the server starts a new, empty one. What was
      // said before (with the note that it was closed) stays on screen above it.
      const continued = state.sessionId !== null && event.sessionId !== state.sessionId && history.length === 0;
      const messages = continued ? state.messages : history;
      return {
        ...state,
        sessionId: event.sessionId,
        messages,
        historyLoaded: true,
        pending: state.pending.filter((pending) => !stored.has(pending.clientMessageId)),
      };
    }
    case "queued":
      return { ...state, pending: [...state.pending, event.message], errorCode: null };
    case "acknowledged": {
      const acknowledged = state.pending.find((pending) => pending.clientMessageId === event.clientMessageId);
      if (!acknowledged) return { ...state, sessionId: event.sessionId };
      // A message that failed to go out (the server was unreachable) and was resent: the failure is over.
      return {
        ...state,
        sessionId: event.sessionId,
        errorCode: null,
        pending: state.pending.filter((pending) => pending !== acknowledged),
        messages: [...state.messages, visitorMessageOf(acknowledged)],
      };
    }
    case "answeredOverHttp": {
      const next = conversationReducer(state, {
        type: "acknowledged",
        clientMessageId: event.clientMessageId,
        sessionId: event.sessionId,
      });
      if (!event.reply) return next;
      return {
        ...next,
        typing: false,
        messages: [...next.messages, { ...event.reply, key: messageKey(event.reply) }],
      };
    }
    case "delta": {
      const current = state.streaming.find((answer) => answer.messageId === event.messageId);
      const streaming = current
        ? state.streaming.map((answer) =>
            answer === current ? { ...answer, text: answer.text + event.delta } : answer,
          )
        : [...state.streaming, { messageId: event.messageId, text: event.delta }];
      return { ...state, streaming, typing: false };
    }
    case "done": {
      // The same answer again (a resend whose first answer the server's history already brought): shown once.
      const answered = { ...event.message, key: event.messageId };
      const shown = state.messages.some((message) => message.key === event.messageId);
      return {
        ...state,
        typing: false,
        // A note closing a turn (the message limit is used up) follows the sender's `rate_limited` refusal and says
        // the same in the conversation: the refusal's line goes, so the tab does not say it twice.
        errorCode: event.message.role === "system" && state.errorCode === "rate_limited" ? null : state.errorCode,
        streaming: state.streaming.filter((answer) => answer.messageId !== event.messageId),
        messages: shown
          ? state.messages.map((message) => (message.key === event.messageId ? answered : message))
          : [...state.messages, answered],
      };
    }
    case "agentMessage":
      return {
        ...state,
        typing: false,
        messages: [...state.messages, { ...event.message, key: messageKey(event.message) }],
      };
    case "typing":
      return { ...state, typing: event.typing };
    case "failed":
      return { ...state, typing: false, streaming: [], errorCode: event.code };
    case "reset":
      return emptyConversation(null);
  }
}
