import { io, type Socket } from "socket.io-client";
import type {
  AgentTypingPayload,
  ChangeAgentPresencePayload,
  ClearConfigPayload,
  CloseConversationPayload,
  HumanAgentMessagePayload,
  LiveAck,
  LiveAckSuccess,
  liveAcknowledgedEvents,
  LiveClientEventName,
  LiveClientToServerEvents,
  LiveConnectionQuery,
  LiveErrorCode,
  LiveServerEventName,
  LiveServerToClientEvents,
  ManualTakeoverPayload,
  ReleaseConversationPayload,
  SetAgentNotePayload,
  MarkConversationSeenPayload,
} from "./live-events";

/** connecting → online on connect; offline on a connection error, on disconnect, or without a token. */
export type LiveConnectionState = "connecting" | "online" | "offline";

/** A catalogue code: `user_token_not_found`, `socket_not_connected`, `invalid_token`, `services_offline`, ... */
export type LiveSocketErrorCode = LiveErrorCode;

/** Why the live socket refused or failed something; `code` is for branching, `message` for people. */
export class LiveSocketError extends Error {
  constructor(
    readonly code: LiveSocketErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "LiveSocketError";
  }
}

// These texts match the catalogue in @parley/domain; the SDK may not import it, so they are repeated.
const catalogueTexts: Partial<Record<LiveErrorCode, string>> = {
  user_token_not_found: "User token not found",
  socket_not_connected: "Socket is not connected!",
  authentication_required: "Authentication required",
  invalid_token: "Invalid token",
  services_offline: "Services are offline",
  unknown_error: "Unknown error",
};
const failure = (code: LiveErrorCode, message?: string) =>
  new LiveSocketError(code, message ?? catalogueTexts[code] ?? code);

const defaultAckTimeoutMs = 10_000;

export interface LiveSocketOptions {
  /** The live namespace on the chat server: `http://host:8080/live`, or `/live` on the page's origin. */
  url: string;
  /** The user's JWT. Without it the socket never connects: state offline, `ready` rejects. */
  token: string | null | undefined;
  customerId?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  /** Admins only: the configurations to watch (every configuration when empty or left out). */
  configurationIds?: readonly string[] | null;
  /** Sent as `user_id` with `agent_disconnected` when this client disconnects. */
  userId?: string | null;
  /** socket.io's HTTP path; `/socket.io` by default. */
  path?: string;
  /** How long a takeover or agent message waits for the server's acknowledgement (10 s by default). */
  ackTimeoutMs?: number;
}

export interface LiveSocket {
  readonly state: LiveConnectionState;
  /** Settles once: resolves on the first connect, rejects without a token or when connecting fails. */
  readonly ready: Promise<void>;
  /** Calls `listener` on every change of `state`; returns the function that stops it. */
  onStateChange(listener: (state: LiveConnectionState) => void): () => void;
  /** Listens to an event of the server; returns the function that stops it. */
  on<Event extends LiveServerEventName>(event: Event, listener: LiveServerToClientEvents[Event]): () => void;
  /**
   * Every send rejects with 'Socket is not connected!' (code `socket_not_connected`) and sends nothing
   * when not connected. An event the server acknowledges resolves with its acknowledgement, or rejects
   * with its error code; `clearConfig` resolves once handed to the socket.
   */
  manualTakeover(payload: ManualTakeoverPayload): Promise<LiveAckSuccess>;
  sendHumanAgentMessage(payload: HumanAgentMessagePayload): Promise<LiveAckSuccess>;
  /** Hands a taken-over conversation back to the assistant. */
  releaseConversation(payload: ReleaseConversationPayload): Promise<LiveAckSuccess>;
  /** Closes a conversation; it leaves the live list. */
  closeConversation(payload: CloseConversationPayload): Promise<LiveAckSuccess>;
  changeAgentPresence(payload: ChangeAgentPresencePayload): Promise<LiveAckSuccess>;
  /** Tells the visitor of a taken-over conversation that the agent types (or stopped). */
  agentTyping(payload: AgentTypingPayload): Promise<LiveAckSuccess>;
  /** Writes the conversation's note for the agents; resolves with the updated conversation. */
  setAgentNote(payload: SetAgentNotePayload): Promise<LiveAckSuccess>;
  /** The agent opened the conversation: its new visitor messages are read; resolves with the conversation. */
  markConversationSeen(payload: MarkConversationSeenPayload): Promise<LiveAckSuccess>;
  /** Answered by the `config_cleared` or `config_clear_error` event. */
  clearConfig(payload: ClearConfigPayload): Promise<void>;
  /** Tells the server the agent left (`agent_disconnected` with `user_id`), then closes. */
  disconnect(): void;
}

type LiveClientSocket = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;
type AcknowledgedEvent = (typeof liveAcknowledgedEvents)[number];
type FireAndForgetEvent = Exclude<LiveClientEventName, AcknowledgedEvent>;
interface UntypedEmitter {
  on(event: string, listener: (...args: unknown[]) => void): void;
  off(event: string, listener: (...args: unknown[]) => void): void;
}

/** Opens the agent's live connection (websocket transport only) at once. */
export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const stateListeners = new Set<(state: LiveConnectionState) => void>();
  let state: LiveConnectionState = options.token ? "connecting" : "offline";
  let settleReady: { resolve: () => void; reject: (error: Error) => void } | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // A caller that never awaits `ready` must not get an unhandled rejection; awaiting it still rejects.
  ready.catch(() => undefined);

  const settle = (error?: Error) => {
    if (!settleReady) return;
    if (error) settleReady.reject(error);
    else settleReady.resolve();
    settleReady = null;
  };

  const setState = (next: LiveConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  let socket: LiveClientSocket | null = null;
  if (!options.token) {
    settle(failure("user_token_not_found"));
  } else {
    socket = io(options.url, {
      transports: ["websocket"],
      query: connectionQuery({ ...options, token: options.token }),
      ...(options.path ? { path: options.path } : {}),
    });
    socket.on("connect", () => {
      setState("online");
      settle();
    });
    socket.on("connect_error", (error) => {
      setState("offline");
      settle(connectFailure(error));
    });
    socket.on("disconnect", () => setState("offline"));
    socket.io.on("reconnect_attempt", () => setState("connecting"));
  }

  function send<Event extends FireAndForgetEvent>(
    event: Event,
    payload: Parameters<LiveClientToServerEvents[Event]>[0],
  ): Promise<void> {
    if (!socket?.connected) return Promise.reject(failure("socket_not_connected"));
    (socket.emit as (event: string, payload: unknown) => void)(event, payload);
    return Promise.resolve();
  }

  function sendWithAck<Event extends AcknowledgedEvent>(
    event: Event,
    payload: Parameters<LiveClientToServerEvents[Event]>[0],
  ): Promise<LiveAckSuccess> {
    const connected = socket?.connected ? socket : null;
    if (!connected) return Promise.reject(failure("socket_not_connected"));
    return new Promise((resolve, reject) => {
      // With a timeout, socket.io calls back with an error when no acknowledgement comes in time.
      const timed = connected.timeout(options.ackTimeoutMs ?? defaultAckTimeoutMs) as unknown as {
        emit(event: string, payload: unknown, callback: (error: Error | null, ack?: LiveAck) => void): void;
      };
      timed.emit(event, payload, (error, ack) => {
        if (error) reject(failure("services_offline"));
        else if (ack?.status === "success") resolve(ack);
        else reject(failure(ack?.code ?? "unknown_error", ack?.message));
      });
    });
  }

  return {
    get state() {
      return state;
    },
    ready,
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    on(event, listener) {
      // Listeners are stored untyped by socket.io; `event` and `listener` are already checked together.
      const target = socket as unknown as UntypedEmitter | null;
      const handler = listener as (...args: unknown[]) => void;
      target?.on(event, handler);
      return () => {
        target?.off(event, handler);
      };
    },
    manualTakeover: (payload) => sendWithAck("manual_takeover", payload),
    sendHumanAgentMessage: (payload) => sendWithAck("human_agent_message", payload),
    releaseConversation: (payload) => sendWithAck("release_conversation", payload),
    closeConversation: (payload) => sendWithAck("close_conversation", payload),
    changeAgentPresence: (payload) => sendWithAck("change_agent_presence", payload),
    agentTyping: (payload) => sendWithAck("agent_typing", payload),
    setAgentNote: (payload) => sendWithAck("set_agent_note", payload),
    markConversationSeen: (payload) => sendWithAck("mark_conversation_seen", payload),
    clearConfig: (payload) => send("clear_config", payload),
    disconnect() {
      if (!socket) return;
      if (socket.connected && options.userId) socket.emit("agent_disconnected", { user_id: options.userId });
      socket.disconnect();
      setState("offline");
      settle(failure("socket_not_connected"));
    },
  };
}

function connectionQuery(options: LiveSocketOptions & { token: string }): LiveConnectionQuery {
  const query: LiveConnectionQuery = { token: options.token };
  if (options.customerId) query.customerId = options.customerId;
  if (options.firstname) query.firstname = options.firstname;
  if (options.lastname) query.lastname = options.lastname;
  if (options.configurationIds?.length) query.configuration_ids = options.configurationIds.join(",");
  return query;
}

/**
 * A refused handshake carries the server's reason: `error.data` ({ code, message }) when the server sets
 * it, else the message itself, which the contract makes a code (`invalid_token`, `authentication_required`).
 * Anything else (no server, a proxy in the way) is the network.
 */
function connectFailure(error: Error & { data?: unknown }): LiveSocketError {
  const data = (typeof error.data === "object" && error.data !== null ? error.data : {}) as Record<
    string,
    unknown
  >;
  if (typeof data.code === "string") {
    return failure(data.code as LiveErrorCode, typeof data.message === "string" ? data.message : undefined);
  }
  if (/^[a-z]+(_[a-z]+)+$/.test(error.message)) return failure(error.message as LiveErrorCode);
  return new LiveSocketError("services_offline", error.message);
}
