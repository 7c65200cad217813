import { typingSendMs } from "@parley/domain/live";
import { io, type Socket } from "socket.io-client";
import type { ConversationEvent } from "./conversation-state";
import type { PendingMessage, ServerMessage, SocketError } from "./types";

/** How the widget currently reaches the assistant. */
export type Transport = "connecting" | "socket" | "http";

export interface ChatConnectionOptions {
  configurationId: string;
  sessionId: string | null;
  language: string;
  pageUrl: string;
  onEvent: (event: ConversationEvent) => void;
  onTransport: (transport: Transport) => void;
  /** The session id known now (it changes when the server starts a conversation). */
  currentSessionId: () => string | null;
  /** The portal's test environment's ticket: a conversation it starts uses no message of the quota. */
  testTicket?: string | null;
  /** Whether an agent of the configuration is online, on connect and whenever it changes (`agents_online`). */
  onAgentsOnline?: (online: boolean) => void;
}

export interface ChatConnection {
  send: (message: PendingMessage) => void;
  /** Resends every message the server has not acknowledged (after a reconnect). */
  resend: (pending: PendingMessage[]) => void;
  /**
   * The visitor types (true) or stopped (false), for the agents watching the conversation: over the socket
   * only, once the conversation exists, a start at most every `typingSendMs`, a stop only after a start.
   */
  typing: (typing: boolean) => void;
  close: () => void;
}

function websiteOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).origin;
  } catch {
    return "this website";
  }
}

/** After this long without a socket, messages go over HTTP; the socket keeps retrying meanwhile. */
const socketWaitMs = 4000;
/** A message unacknowledged for this long stays pending and is resent on the next connect. */
const ackTimeoutMs = 20_000;

type AckAnswer = { status: "success"; session_id: string; handled_by: string } | SocketError;

/**
 * The `/chat` socket (asyncapi channel chat) with the HTTP fallback of the contract for visitors whose
 * network blocks websockets.
 */
export function openChatConnection(options: ChatConnectionOptions): ChatConnection {
  const { configurationId, language, pageUrl, onEvent, onTransport } = options;
  let transport: Transport = "connecting";
  const setTransport = (next: Transport) => {
    if (next === transport) return;
    transport = next;
    onTransport(next);
  };

  // The page's address lets the server check the configuration's allowed websites (this frame's own origin is Parley's).
  const query: Record<string, string> = { configuration_id: configurationId, language, page_url: pageUrl };
  if (options.sessionId) query.session_id = options.sessionId;
  if (options.testTicket) query.test_ticket = options.testTicket;
  const socket: Socket = io(`${location.origin}/chat`, {
    path: "/socket.io",
    transports: ["websocket"],
    query,
  });

  const fallbackTimer = setTimeout(() => {
    if (!socket.connected) setTransport("http");
  }, socketWaitMs);

  socket.on("connect", () => setTransport("socket"));
  socket.on("disconnect", () => setTransport("connecting"));
  // A refused websocket (proxy, firewall, server down) fails fast; no need to wait for the timer.
  socket.on("connect_error", (error: Error & { data?: Partial<SocketError> }) => {
    // The server refused this page's website (not among the configuration's allowed websites): the visitor is
    // told at once, not after a message, and the site's developer finds why in the console.
    if (error?.data?.code === "forbidden") {
      console.warn(`Parley chat: ${websiteOf(pageUrl)} is not among this assistant's allowed websites (Add to website).`);
      onEvent({ type: "failed", code: "forbidden" });
    }
    setTransport("http");
  });
  socket.on("session", (payload: { session_id?: unknown; messages?: unknown }) => {
    if (typeof payload?.session_id !== "string") return;
    // The next reconnect continues this conversation.
    query.session_id = payload.session_id;
    onEvent({
      type: "session",
      sessionId: payload.session_id,
      messages: Array.isArray(payload.messages) ? (payload.messages as ServerMessage[]) : [],
    });
  });
  socket.on(
    "assistant_message",
    (payload: { message_id?: unknown; delta?: unknown; done?: unknown; message?: ServerMessage }) => {
      if (typeof payload?.message_id !== "string") return;
      if (payload.done === true && payload.message)
        onEvent({ type: "done", messageId: payload.message_id, message: payload.message });
      else if (typeof payload.delta === "string")
        onEvent({ type: "delta", messageId: payload.message_id, delta: payload.delta });
    },
  );
  socket.on("agent_message", (payload: { message?: ServerMessage }) => {
    if (payload?.message) onEvent({ type: "agentMessage", message: payload.message });
  });
  socket.on("typing", (payload: { typing?: unknown }) =>
    onEvent({ type: "typing", typing: payload?.typing === true }),
  );
  socket.on("agents_online", (payload: { configuration_id?: unknown; online?: unknown }) => {
    if (payload?.configuration_id === configurationId && typeof payload.online === "boolean")
      options.onAgentsOnline?.(payload.online);
  });
  socket.on("error", (payload: Partial<SocketError>) =>
    onEvent({ type: "failed", code: typeof payload?.code === "string" ? payload.code : "internal_error" }),
  );

  const sendOverSocket = (message: PendingMessage) => {
    const sessionId = options.currentSessionId();
    socket
      .timeout(ackTimeoutMs)
      .emit(
        "visitor_message",
        {
          ...(sessionId ? { session_id: sessionId } : {}),
          message: message.text,
          page_url: pageUrl,
          client_message_id: message.clientMessageId,
        },
        (timedOut: Error | null, answer?: AckAnswer) => {
          if (timedOut || !answer) return; // stays pending; resent on reconnect
          if (answer.status === "success") {
            query.session_id = answer.session_id;
            onEvent({
              type: "acknowledged",
              clientMessageId: message.clientMessageId,
              sessionId: answer.session_id,
            });
          } else onEvent({ type: "failed", code: answer.code });
        },
      );
  };

  // A POST cannot be told apart from its retry by the server (the HTTP call has no client_message_id), so
  // one message is never posted twice at once.
  const postsInFlight = new Set<string>();
  const sendOverHttp = async (message: PendingMessage) => {
    if (postsInFlight.has(message.clientMessageId)) return;
    postsInFlight.add(message.clientMessageId);
    onEvent({ type: "typing", typing: true });
    try {
      const response = await fetch(`/api/widget/${encodeURIComponent(configurationId)}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          session_id: options.currentSessionId(),
          message: message.text,
          language,
          page_url: pageUrl,
          ...(options.testTicket ? { test_ticket: options.testTicket } : {}),
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        session_id?: string;
        reply?: ServerMessage | null;
        code?: string;
      } | null;
      if (!response.ok || typeof body?.session_id !== "string") {
        onEvent({ type: "failed", code: body?.code ?? "internal_error" });
        return;
      }
      query.session_id = body.session_id;
      onEvent({
        type: "answeredOverHttp",
        clientMessageId: message.clientMessageId,
        sessionId: body.session_id,
        reply: body.reply ?? null,
      });
    } catch {
      onEvent({ type: "failed", code: "service_unavailable" });
    } finally {
      postsInFlight.delete(message.clientMessageId);
    }
  };

  const send = (message: PendingMessage) => {
    if (socket.connected) sendOverSocket(message);
    else if (transport === "http") void sendOverHttp(message);
    // Otherwise it stays pending and goes out on connect.
  };

  let typingSentAt: number | null = null;
  const typing = (typing: boolean) => {
    const sessionId = options.currentSessionId();
    if (!socket.connected || !sessionId) return;
    if (typing && typingSentAt !== null && Date.now() - typingSentAt < typingSendMs) return;
    if (!typing && typingSentAt === null) return;
    typingSentAt = typing ? Date.now() : null;
    socket.emit("typing", { session_id: sessionId, typing });
  };

  return {
    send,
    resend: (pending) => pending.forEach(send),
    typing,
    close: () => {
      clearTimeout(fallbackTimer);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}

/** The conversation so far, over HTTP (when the socket cannot connect). */
export async function fetchHistory(
  configurationId: string,
  sessionId: string,
  pageUrl: string,
): Promise<ServerMessage[] | null> {
  try {
    const response = await fetch(
      `/api/widget/${encodeURIComponent(configurationId)}/history?session_id=${encodeURIComponent(sessionId)}&page_url=${encodeURIComponent(pageUrl)}`,
      { headers: { accept: "application/json" } },
    );
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: unknown };
    return Array.isArray(body.data) ? (body.data as ServerMessage[]) : null;
  } catch {
    return null;
  }
}

/** Stores the visitor's rating of an answer (1 up, -1 down, null taken back); a failure leaves the local choice. */
export async function sendRating(
  configurationId: string,
  messageId: string,
  body: { session_id: string; page_url: string; rating: 1 | -1 | null },
): Promise<boolean> {
  try {
    const response = await fetch(
      `/api/widget/${encodeURIComponent(configurationId)}/messages/${encodeURIComponent(messageId)}/rating`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    );
    return response.ok;
  } catch {
    return false;
  }
}
