import { io, type Socket } from "socket.io-client";
import type {
  ChangeAgentPresencePayload,
  ClearConfigPayload,
  HumanAgentMessagePayload,
  LiveClientEventName,
  LiveClientToServerEvents,
  LiveConnectionQuery,
  LiveServerEventName,
  LiveServerToClientEvents,
  ManualTakeoverPayload,
} from "./live-events";

/** connecting → online on connect; offline on a connection error, on disconnect, or without a token. */
export type LiveConnectionState = "connecting" | "online" | "offline";

export type LiveSocketErrorCode = "user_token_not_found" | "socket_not_connected" | "connection_failed";

/** Why the live socket refused something; `code` is for branching, `message` for people. */
export class LiveSocketError extends Error {
  constructor(
    readonly code: LiveSocketErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "LiveSocketError";
  }
}

// These texts match the catalogue in @parley/domain (user_token_not_found, socket_not_connected).
const noToken = () => new LiveSocketError("user_token_not_found", "User token not found");
const notConnected = () => new LiveSocketError("socket_not_connected", "Socket is not connected!");

export interface LiveSocketOptions {
  /** The live namespace on the chat server: `http://host:8080/live`, or `/live` on the page's origin. */
  url: string;
  /** The user's JWT. Without it the socket never connects: state offline, `ready` rejects. */
  token: string | null | undefined;
  customerId?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  /** Sent as `user_id` with `agent_disconnected` when this client disconnects. */
  userId?: string | null;
  /** socket.io's HTTP path; `/socket.io` by default. */
  path?: string;
}

export interface LiveSocket {
  readonly state: LiveConnectionState;
  /** Settles once: resolves on the first connect, rejects without a token or when connecting fails. */
  readonly ready: Promise<void>;
  /** Calls `listener` on every change of `state`; returns the function that stops it. */
  onStateChange(listener: (state: LiveConnectionState) => void): () => void;
  /** Listens to an event of the server; returns the function that stops it. */
  on<Event extends LiveServerEventName>(event: Event, listener: LiveServerToClientEvents[Event]): () => void;
  /** Each send rejects with 'Socket is not connected!' and sends nothing when not connected. */
  manualTakeover(payload: ManualTakeoverPayload): Promise<void>;
  sendHumanAgentMessage(payload: HumanAgentMessagePayload): Promise<void>;
  changeAgentPresence(payload: ChangeAgentPresencePayload): Promise<void>;
  clearConfig(payload: ClearConfigPayload): Promise<void>;
  /** Tells the server the agent left (`agent_disconnected` with `user_id`), then closes. */
  disconnect(): void;
}

type LiveClientSocket = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;
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
    settle(noToken());
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
      settle(new LiveSocketError("connection_failed", error.message));
    });
    socket.on("disconnect", () => setState("offline"));
    socket.io.on("reconnect_attempt", () => setState("connecting"));
  }

  function send<Event extends LiveClientEventName>(
    event: Event,
    payload: Parameters<LiveClientToServerEvents[Event]>[0],
  ): Promise<void> {
    if (!socket?.connected) return Promise.reject(notConnected());
    (socket.emit as (event: string, payload: unknown) => void)(event, payload);
    return Promise.resolve();
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
    manualTakeover: (payload) => send("manual_takeover", payload),
    sendHumanAgentMessage: (payload) => send("human_agent_message", payload),
    changeAgentPresence: (payload) => send("change_agent_presence", payload),
    clearConfig: (payload) => send("clear_config", payload),
    disconnect() {
      if (!socket) return;
      if (socket.connected && options.userId) socket.emit("agent_disconnected", { user_id: options.userId });
      socket.disconnect();
      setState("offline");
      settle(notConnected());
    },
  };
}

function connectionQuery(options: LiveSocketOptions & { token: string }): LiveConnectionQuery {
  const query: LiveConnectionQuery = { token: options.token };
  if (options.customerId) query.customerId = options.customerId;
  if (options.firstname) query.firstname = options.firstname;
  if (options.lastname) query.lastname = options.lastname;
  return query;
}
