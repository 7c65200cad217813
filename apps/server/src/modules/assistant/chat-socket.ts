/**
 * The visitors' `/chat` namespace of openapi/asyncapi.yaml. A socket belongs to one session (the session id
 * is the server's, issued in `session`); every socket of a session is in the session's room, so a second tab
 * or a reconnected socket gets each event once. Payloads are checked against the AsyncAPI before use.
 */
import type { Namespace, Server, Socket } from "socket.io";
import { visitorTypingForwardMs } from "@parley/domain/live";
import { DomainError } from "@parley/domain";
import { unsafeTextMessage, unsafeTextPaths } from "../../platform/http/request-text";
import { answerUnknownEvents, connectionRefusal, payloadCheck, socketError, type SocketError } from "../../platform/sockets/events";
import { publicMessage, type Message } from "../conversations/repository";
import { createTypingThrottle } from "../live/typing-throttle";
import type { TurnResult } from "./pipeline";
import { newSessionId, type VisitorRequest, type VisitorService } from "./visitors";

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

interface ChatSocketData {
  request: VisitorRequest;
  sessionId: string;
  configurationId: string;
}

/** Tells the agents watching the session's conversation that its visitor types (or stopped). */
export type VisitorTypingListener = (sessionId: string, configurationId: string, typing: boolean) => Promise<void>;

const firstString = (value: unknown): string | undefined => (typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined);

/**
 * Why a connection's parameters or an event's payload cannot be taken, as the HTTP calls refuse it: text with a
 * NUL or an unpaired surrogate (which PostgreSQL cannot store), named by its field; null when there is none.
 */
function unsafeText(value: unknown): string | null {
  const [path] = unsafeTextPaths(value);
  return path === undefined ? null : `${path || "payload"}: ${unsafeTextMessage}`;
}

/** What the chat namespace tells sessions, also used by the HTTP fallback so an open socket hears HTTP turns. */
export interface ChatBroadcast {
  /**
   * The events of a finished turn: the answer, or the stored note that there is none (the provider failed, the
   * quota is used up), to every socket of the session, as a reload would show it.
   */
  turnFinished(sessionId: string, result: TurnResult): void;
  delta(sessionId: string, messageId: string, text: string): void;
  typing(sessionId: string, typing: boolean): void;
}

export function chatBroadcast(chat: Namespace): ChatBroadcast {
  return {
    turnFinished(sessionId, result) {
      if (result.outcome === "answered" || result.outcome === "provider_failed" || result.outcome === "quota_exhausted") {
        chat.to(sessionRoom(sessionId)).emit("assistant_message", {
          session_id: sessionId,
          message_id: result.reply.id,
          done: true,
          message: publicMessage(result.reply),
        });
      }
    },
    delta(sessionId, messageId, text) {
      chat.to(sessionRoom(sessionId)).emit("assistant_message", { session_id: sessionId, message_id: messageId, delta: text, done: false });
    },
    typing(sessionId, typing) {
      chat.to(sessionRoom(sessionId)).emit("typing", { session_id: sessionId, who: "assistant", typing });
    },
  };
}

/** The events a visitor's socket sends (openapi/asyncapi.yaml); any other is refused. */
const visitorEvents: readonly string[] = ["visitor_message", "typing"];

/**
 * The client's address of a socket's handshake, as Fastify's `request.ip` is for an HTTP request: with a trusted
 * proxy, the first address of `X-Forwarded-For` (the one the outermost proxy saw), else the connection's.
 */
export function socketClientAddress(handshake: { address: string; headers: Record<string, string | string[] | undefined> }, trustProxy: boolean): string {
  if (!trustProxy) return handshake.address;
  const header = handshake.headers["x-forwarded-for"];
  const first = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")[0]?.trim();
  return first || handshake.address;
}

export function attachChatNamespace(
  io: Server,
  visitors: VisitorService,
  logError: (message: string, error: unknown) => void,
  onVisitorTyping?: VisitorTypingListener,
  trustProxy = false,
): ChatBroadcast {
  const chat = io.of("/chat");
  // Per instance: with several instances a visitor's sockets normally share one (the session's room is
  // local), and the worst case is one forward per instance a second.
  const typingThrottle = createTypingThrottle(visitorTypingForwardMs);
  const broadcast = chatBroadcast(chat);
  const checkVisitorMessage = payloadCheck("visitorMessage");
  const checkTyping = payloadCheck("visitorTyping");

  chat.use((socket, next) => {
    const query = socket.handshake.query;
    const unsafe = unsafeText({ configuration_id: query.configuration_id, session_id: query.session_id, language: query.language, page_url: query.page_url, test_ticket: query.test_ticket });
    if (unsafe) {
      next(connectionRefusal(new DomainError("validation_failed", unsafe, 400), () => undefined));
      return;
    }
    const request: VisitorRequest = {
      configurationId: firstString(query.configuration_id) ?? "",
      sessionId: firstString(query.session_id),
      language: firstString(query.language),
      pageUrl: firstString(query.page_url)?.slice(0, 2048),
      testTicket: firstString(query.test_ticket)?.slice(0, 256),
      origin: firstString(socket.handshake.headers.origin),
      clientIp: socketClientAddress(socket.handshake, trustProxy),
    };
    visitors
      .open(request)
      .then((opened) => {
        const sessionId = opened.conversation?.session_id ?? newSessionId();
        const data: ChatSocketData = { request, sessionId, configurationId: opened.configuration._id };
        socket.data = data;
        void socket.join(sessionRoom(sessionId));
        (socket.data as ChatSocketData & { messages: Message[] }).messages = opened.messages;
        next();
      })
      .catch((error: unknown) => next(connectionRefusal(error, (unexpected) => logError("a chat connection could not be opened", unexpected))));
  });

  chat.on("connection", (socket: Socket) => {
    const data = socket.data as ChatSocketData & { messages?: Message[] };
    socket.emit("session", { session_id: data.sessionId, messages: data.messages ?? [] });
    delete data.messages;

    answerUnknownEvents(socket, visitorEvents);

    socket.on("visitor_message", (payload: unknown, ...rest: unknown[]) => {
      // The acknowledgement is the last argument, after any a client sent beyond the payload.
      const ack = rest.at(-1);
      const answer = typeof ack === "function" ? (ack as (reply: unknown) => void) : undefined;
      const problem = checkVisitorMessage(payload) ?? unsafeText(payload);
      if (problem) {
        const refusal: SocketError = { status: "error", code: "validation_failed", message: problem };
        answer?.(refusal);
        socket.emit("error", refusal);
        return;
      }
      const message = payload as { session_id?: string; message: string; page_url?: string; client_message_id?: string };
      // A sent message ends the visitor's typing (the agents' screens clear their mark with the message itself),
      // and the next message's first start goes at once: messages have their own limit.
      typingThrottle.reset(data.sessionId);
      let sessionId = data.sessionId;
      let acknowledged = false;
      // The assistant's typing mark is shown only while it writes an answer; a message an agent gets shows none.
      let typingShown = false;
      const typingEnds = () => {
        if (typingShown) broadcast.typing(sessionId, false);
        typingShown = false;
      };
      void visitors
        .send(
          { ...data.request, sessionId, issuedSessionId: sessionId, pageUrl: message.page_url ?? data.request.pageUrl, text: message.message, clientMessageId: message.client_message_id, stream: true },
          {
            conversation(conversation) {
              if (conversation.session_id === sessionId) return;
              // The conversation of this socket was closed: the visitor goes on in a new one, with its own id.
              void socket.leave(sessionRoom(sessionId));
              sessionId = data.sessionId = conversation.session_id;
              void socket.join(sessionRoom(sessionId));
              socket.emit("session", { session_id: sessionId, messages: [] });
            },
            stored(stored, duplicate, handledBy) {
              // The visitor learns at once that the message is kept; the answer follows.
              acknowledged = true;
              answer?.({ status: "success", session_id: sessionId, handled_by: handledBy, message: publicMessage(stored), duplicate });
              if (!duplicate && handledBy === "assistant") {
                typingShown = true;
                broadcast.typing(sessionId, true);
              }
            },
            delta(messageId, text) {
              broadcast.delta(sessionId, messageId, text);
            },
          },
        )
        .then((result) => {
          typingEnds();
          if (result.duplicate) {
            // A resend: only this socket asked again; the others had the answer (a refusal, refused again).
            if (result.outcome === "quota_exhausted") socket.emit("error", { status: "error", code: "rate_limited", message: result.notice });
            if (result.outcome === "answered" || result.outcome === "provider_failed" || result.outcome === "quota_exhausted") {
              socket.emit("assistant_message", { session_id: sessionId, message_id: result.reply.id, done: true, message: publicMessage(result.reply) });
            }
            return;
          }
          // The sender keeps its refusal (clients act on `rate_limited`); the stored note then reaches every tab of
          // the session, the sender's too, as a reload would show it. The refusal goes first so that a widget
          // showing the note can drop the refusal's line for it.
          if (result.outcome === "quota_exhausted") socket.emit("error", { status: "error", code: "rate_limited", message: result.notice });
          broadcast.turnFinished(sessionId, result);
        })
        .catch((error: unknown) => {
          typingEnds();
          const failure = socketError(error);
          if (failure.code === "unexpected_error") logError("a visitor message could not be handled", error);
          if (!acknowledged) answer?.(failure);
          socket.emit("error", failure);
        });
    });

    // One socket's typing events reach the agents in the order it sent them.
    let typingForwarded: Promise<void> = Promise.resolve();
    const forwardTyping = (typing: boolean) => {
      if (!onVisitorTyping || !typingThrottle.admit(data.sessionId, typing)) return;
      const sessionId = data.sessionId;
      typingForwarded = typingForwarded
        .then(() => onVisitorTyping(sessionId, data.configurationId, typing))
        .catch((error: unknown) => logError("a visitor's typing could not be forwarded", error));
    };
    socket.on("typing", (payload: unknown) => {
      if (checkTyping(payload) !== null) return;
      forwardTyping((payload as { typing: boolean }).typing);
    });
    socket.on("disconnect", () => {
      // The last socket of the session left while its visitor was typing: the agents' mark goes.
      if (!chat.adapter.rooms.get(sessionRoom(data.sessionId))?.size) forwardTyping(false);
    });
  });

  return broadcast;
}
