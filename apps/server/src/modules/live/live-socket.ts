/**
 * The agents' `/live` namespace of openapi/asyncapi.yaml. A socket joins the rooms of what its agent
 * watches (its customer; an admin's selected configurations, or all; an admin also the room of every admin, for
 * the notifications of configurations they do not watch).
 * Every payload is checked against the AsyncAPI before a handler sees it; a failure is answered through
 * the acknowledgement when the client asked for one.
 */
import { errorMessages } from "@parley/domain";
import type { Namespace, Server, Socket } from "socket.io";
import { answerUnknownEvents, connectionRefusal, payloadCheck, socketError, unsafeTextProblem } from "../../platform/sockets/events";
import { sessionRoom } from "../assistant/chat-socket";
import type { Presence } from "./presence";
import { liveRooms, type LiveAgent, type LiveEmitter, type LiveService } from "./service";

/** Emits to the agents' rooms and the visitors' session rooms (on every instance with the Redis adapter). */
export function liveEmitter(io: Server): LiveEmitter {
  const agents: Namespace = io.of("/live");
  const visitors: Namespace = io.of("/chat");
  return {
    toAgents(configuration, event, payload) {
      const rooms = [liveRooms.admins, liveRooms.configuration(configuration.id)];
      if (configuration.customerId) rooms.push(liveRooms.customer(configuration.customerId));
      agents.to(rooms).emit(event, payload);
    },
    toRecipients(configuration, notification, watching) {
      if (!watching) {
        agents.to(liveRooms.adminUsers).except([liveRooms.admins, liveRooms.configuration(configuration.id)]).emit("notification", notification);
        return;
      }
      const rooms = [liveRooms.adminUsers];
      if (configuration.customerId) rooms.push(liveRooms.customer(configuration.customerId));
      agents.to(rooms).emit("notification", notification);
    },
    toVisitor(sessionId, event, payload) {
      visitors.to(sessionRoom(sessionId)).emit(event, payload);
    },
  };
}

type Answer = (reply: unknown) => void;

/**
 * Why the payload breaks its message of the AsyncAPI, or holds text no conversation can store (a NUL or an
 * unpaired surrogate, refused as the HTTP calls refuse it); null when it is fine.
 */
function payloadProblem(check: (payload: unknown) => string | null, payload: unknown): string | null {
  return check(payload) ?? unsafeTextProblem(payload);
}

/** The longest wait a timer takes (a longer one would fire at once). */
const maxTimerMs = 2 ** 31 - 1;
const expiryRecheckMs = 30_000;

/**
 * The events of one agent (every socket of theirs on this instance) in handling at once. One more is refused, so
 * that an agent's flood of events holds no more of the database than this, and everyone else's calls go on.
 */
export const maxAgentEventsInHandling = 32;

const rateLimited = () => ({ status: "error", code: "rate_limited", message: errorMessages.rate_limited }) as const;

/**
 * The sockets one agent may have open on this instance (tabs of both portals, a phone). One more is refused with
 * `rate_limited`: every connection reads the agent's live conversations, so a flood of connections with one
 * token would keep the database busy for everyone.
 */
export const maxAgentSockets = 20;

/**
 * Closes the socket once its token has expired, as its next HTTP call would be refused: no change of the user
 * marks that moment, and an agent who sends nothing would otherwise watch the conversations for good.
 */
function closeAtExpiry(socket: Socket, expiresAt: number | null, closeIfSignedOut: (socket: Socket) => Promise<unknown>): { cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const schedule = (atLeastMs: number) => {
    if (expiresAt === null || socket.disconnected) return;
    // A second past the expiry, which token checks compare in whole seconds.
    const wait = Math.min(Math.max(expiresAt + 1000 - Date.now(), atLeastMs), maxTimerMs);
    // Still open after the check (it could not be made): checked again a while later.
    timer = setTimeout(() => void closeIfSignedOut(socket).then(() => schedule(expiryRecheckMs)), wait);
    timer.unref();
  };
  schedule(0);
  return { cancel: () => clearTimeout(timer) };
}

export function attachLiveNamespace(io: Server, live: LiveService, presence: Presence, logError: (message: string, error: unknown) => void): void {
  const namespace = io.of("/live");
  live.setEmitter(liveEmitter(io));

  // The sockets of each connected agent, so that a change of the user (deactivated, signed out everywhere, moved)
  // closes them at once rather than at their next event: they stop receiving the conversations too.
  const socketsOf = new Map<string, Set<Socket>>();
  // Sockets of each agent admitted by the middleware and not yet connected (they count against the limit too).
  const opening = new Map<string, number>();
  const countOpening = (userId: string, by: number) => {
    const count = (opening.get(userId) ?? 0) + by;
    if (count > 0) opening.set(userId, count);
    else opening.delete(userId);
  };

  namespace.use((socket, next) => {
    live
      .agentFor(socket.handshake.query)
      .then((agent) => {
        const userId = agent.caller.userId;
        if ((socketsOf.get(userId)?.size ?? 0) + (opening.get(userId) ?? 0) >= maxAgentSockets) {
          next(Object.assign(new Error("rate_limited"), { data: rateLimited() }));
          return;
        }
        countOpening(userId, 1);
        // It stops counting as opening when it counts as connected (in the connection handler, so that it is never
        // counted twice: 20 sockets opened at once were refused from the 12th), or, when the client is gone before
        // it connected, once the handshake ends.
        let stillOpening = true;
        const opened = () => {
          if (!stillOpening) return;
          stillOpening = false;
          countOpening(userId, -1);
        };
        setImmediate(opened);
        socket.data = { agent, opened };
        next();
      })
      .catch((error: unknown) => next(connectionRefusal(error, (unexpected) => logError("a live connection could not be opened", unexpected))));
  });
  // The events in handling of each agent (by user id) on this instance.
  const inHandling = new Map<string, number>();
  /** Runs an agent's event unless they have `maxAgentEventsInHandling` in handling already (false: refused). */
  const admitted = (userId: string, work: () => Promise<unknown>): boolean => {
    const busy = inHandling.get(userId) ?? 0;
    if (busy >= maxAgentEventsInHandling) return false;
    inHandling.set(userId, busy + 1);
    void work().finally(() => {
      const left = (inHandling.get(userId) ?? 1) - 1;
      if (left > 0) inHandling.set(userId, left);
      else inHandling.delete(userId);
    });
    return true;
  };
  const closeIfSignedOut = (socket: Socket) =>
    live.stillSignedIn((socket.data as { agent: LiveAgent }).agent, socket.handshake.query).catch((error: unknown) => {
      if (socketError(error).code === "invalid_token") socket.disconnect(true);
      else logError("an agent's sign-in could not be checked", error);
    });
  live.watchUsers((userId) => {
    const sockets = socketsOf.get(userId);
    // After every listener of the change ran (the session cache drops the user first).
    if (sockets) setImmediate(() => sockets.forEach((socket) => void closeIfSignedOut(socket)));
  });

  namespace.on("connection", (socket: Socket) => {
    const agent = (socket.data as { agent: LiveAgent }).agent;
    const own = socketsOf.get(agent.caller.userId) ?? new Set<Socket>();
    socketsOf.set(agent.caller.userId, own.add(socket));
    (socket.data as { opened: () => void }).opened();
    const expiry = closeAtExpiry(socket, agent.expiresAt, closeIfSignedOut);
    // Joined before the list is read: an update from now on is either in the list or sent after it.
    void socket.join(agent.rooms);
    const connection = { userId: agent.caller.userId, customerId: agent.caller.customerId, configurationIds: agent.watch.configurationIds };
    // Present before the list arrives, so a client that has its list counts as online.
    presence
      .add(socket.id, connection)
      .then(() => (socket.disconnected ? presence.remove(socket.id) : undefined))
      .catch((error: unknown) => logError("an agent's connection could not be recorded", error))
      .then(() => live.conversations(agent.watch))
      .then((conversations) => socket.emit("initial_conversations", conversations))
      .catch((error: unknown) => logError("the live conversations could not be listed", error));

    /**
     * The agent is signed in still (deactivated, signed out everywhere or expired since connecting: the socket
     * acts no more, and is closed).
     */
    const signedIn = () => live.stillSignedIn(agent, socket.handshake.query);

    // The events handled below, filled as they are; any other is answered (as /chat does).
    const handledEvents: string[] = [];
    answerUnknownEvents(socket, handledEvents);

    /** An acked event: the payload checked, the handler's result answered as success, a failure as an error. */
    function handle<Payload>(event: string, messageKey: string, work: (payload: Payload) => Promise<Record<string, unknown>>) {
      const check = payloadCheck(messageKey);
      handledEvents.push(event);
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const answer = typeof ack === "function" ? (ack as Answer) : undefined;
        const problem = payloadProblem(check, payload);
        if (problem !== null) {
          answer?.({ status: "error", code: "validation_failed", message: problem });
          return;
        }
        const handled = admitted(agent.caller.userId, () =>
          signedIn()
            .then(() => work(payload as Payload))
            .then((result) => answer?.({ status: "success", ...result }))
            .catch((error: unknown) => {
              const failure = socketError(error);
              if (failure.code === "unexpected_error") logError(`the live event ${event} failed`, error);
              answer?.(failure);
              if (failure.code === "invalid_token") socket.disconnect(true);
            }),
        );
        if (!handled) answer?.(rateLimited());
      });
    }

    handle("manual_takeover", "manualTakeover", (payload: Parameters<LiveService["takeover"]>[1]) => live.takeover(agent, payload));
    handle("human_agent_message", "humanAgentMessage", (payload: Parameters<LiveService["reply"]>[1]) => live.reply(agent, payload));
    handle("release_conversation", "releaseConversation", (payload: Parameters<LiveService["release"]>[1]) => live.release(agent, payload));
    handle("close_conversation", "closeConversation", (payload: Parameters<LiveService["close"]>[1]) => live.close(agent, payload));
    handle("change_agent_presence", "changeAgentPresence", (payload: Parameters<LiveService["setAvailability"]>[1]) => live.setAvailability(agent, payload));
    handle("agent_disconnected", "agentDisconnected", (payload: { user_id: string }) => live.disconnected(agent, socket.id, payload));
    handle("agent_typing", "agentTyping", (payload: Parameters<LiveService["agentTyping"]>[1]) => live.agentTyping(agent, payload));
    handle("set_agent_note", "setAgentNote", (payload: Parameters<LiveService["setNote"]>[1]) => live.setNote(agent, payload));
    handle("mark_conversation_seen", "markConversationSeen", (payload: Parameters<LiveService["markSeen"]>[1]) => live.markSeen(agent, payload));

    handledEvents.push("clear_config");
    const checkClear = payloadCheck("clearConfig");
    socket.on("clear_config", (payload: unknown) => {
      const problem = payloadProblem(checkClear, payload);
      if (problem !== null) {
        socket.emit("config_clear_error", { status: "error", code: "validation_failed", message: problem });
        return;
      }
      const configurationId = (payload as { configuration_id: string }).configuration_id;
      const refuse = (failure: ReturnType<typeof socketError>) =>
        socket.emit("config_clear_error", { ...failure, configuration_id: configurationId.slice(0, 64) });
      const handled = admitted(agent.caller.userId, () =>
        signedIn()
          .then(() => live.clear(agent, configurationId))
          .catch((error: unknown) => {
            const failure = socketError(error);
            if (failure.code === "unexpected_error") logError("a configuration's live conversations could not be cleared", error);
            refuse(failure);
            if (failure.code === "invalid_token") socket.disconnect(true);
          }),
      );
      if (!handled) refuse(rateLimited());
    });

    socket.on("disconnect", () => {
      expiry.cancel();
      own.delete(socket);
      if (own.size === 0 && socketsOf.get(agent.caller.userId) === own) socketsOf.delete(agent.caller.userId);
      presence.remove(socket.id).catch((error: unknown) => logError("an agent's connection could not be removed", error));
    });
  });
}
