/**
 * The visitors' `agents_online` of openapi/asyncapi.yaml: whether an agent of the socket's configuration is
 * online (presence.ts), told once on connect and again whenever it flips.
 *
 * Each instance follows the configurations of its own visitor sockets (one room per configuration, joined on
 * this instance) and keeps the state it last told them. A change of presence may concern some of them:
 *  - an agent's connection added, gone or removed on this instance (presence's `onChange`), and on another
 *    instance: that instance tells the others through the socket.io adapter (`serverSideEmit`, carried by the
 *    Redis adapter; with one instance there are no others);
 *  - an agent's user row changed (available, away, deactivated), on any instance: the users change feed;
 *  - a dead instance's connections going stale, which nothing announces: every `recheckMs` all are read again.
 * Then the instance reads the state of the concerned configurations it follows, in one statement (however many
 * sockets are in their rooms), and tells a room only when its configuration's state flipped. Reads run one at a
 * time; changes meanwhile share the next read, which starts after them, so the last read is of the last state.
 */
import type { Namespace, Server, Socket } from "socket.io";
import type { Db } from "../../platform/db/db";
import type { Presence, PresenceScope } from "./presence";

export const agentsOnlineRoom = (configurationId: string) => `agents_online:${configurationId}`;

/** The adapter's event between instances: an agent's connection changed on the emitting instance. */
const presenceChangedEvent = "parley:presence_changed";

/** Configurations read per statement. */
const readBatch = 1000;

export interface AgentsOnlineOptions {
  /** How often every followed configuration is read again (a dead instance's agents go stale unannounced). */
  recheckMs: number;
  /** Several instances share an adapter that carries `serverSideEmit` (Redis); the in-process one has none. */
  acrossInstances: boolean;
  logError(message: string, error: unknown): void;
}

interface Followed {
  sockets: number;
  /** What its sockets were told; undefined until read. */
  online: boolean | undefined;
}

const union = (a: readonly string[] | undefined, b: unknown): string[] => [
  ...new Set([...(a ?? []), ...(Array.isArray(b) ? b.filter((id): id is string => typeof id === "string") : [])]),
];

/** The scope of both (`scope` may come from another instance: only its strings are taken). */
function merged(into: PresenceScope | undefined, scope: PresenceScope): PresenceScope {
  return {
    all: into?.all === true || scope.all === true,
    customerIds: union(into?.customerIds, scope.customerIds),
    configurationIds: union(into?.configurationIds, scope.configurationIds),
    userIds: union(into?.userIds, scope.userIds),
  };
}

export function attachAgentsOnline(io: Server, db: Db, presence: Presence, options: AgentsOnlineOptions): { stop(): void } {
  const chat: Namespace = io.of("/chat");
  const followed = new Map<string, Followed>();
  let pending: PresenceScope | undefined;
  let running = false;

  const tell = (configurationId: string, online: boolean) =>
    chat.local.to(agentsOnlineRoom(configurationId)).emit("agents_online", { configuration_id: configurationId, online });

  async function read(scope: PresenceScope) {
    const ids = [...followed.keys()];
    for (let start = 0; start < ids.length; start += readBatch) {
      const batch = ids.slice(start, start + readBatch);
      const found = new Map((await presence.agentsOnlineAmong(batch, scope)).map((row) => [row.configurationId, row.online]));
      // A configuration read by name that is gone has no agent online.
      const named = new Set(scope.all ? batch : (scope.configurationIds ?? []));
      for (const id of batch) {
        const online = found.get(id) ?? (named.has(id) ? false : undefined);
        const entry = followed.get(id);
        if (online === undefined || !entry || entry.online === online) continue;
        entry.online = online;
        tell(id, online);
      }
    }
  }

  function recheck(scope: PresenceScope) {
    if (followed.size === 0) return;
    pending = merged(pending, scope);
    if (running) return;
    running = true;
    void (async () => {
      while (pending) {
        const next = pending;
        pending = undefined;
        await read(next).catch((error: unknown) => options.logError("whether agents are online could not be read", error));
      }
      running = false;
    })();
  }

  chat.on("connection", (socket: Socket) => {
    const configurationId = (socket.data as { configurationId?: string }).configurationId;
    if (!configurationId) return;
    const room = agentsOnlineRoom(configurationId);
    void socket.join(room);
    const entry = followed.get(configurationId) ?? { sockets: 0, online: undefined };
    followed.set(configurationId, entry);
    entry.sockets += 1;
    // After `session` (sent by the chat namespace's own connection listener, registered first).
    if (entry.online !== undefined) socket.emit("agents_online", { configuration_id: configurationId, online: entry.online });
    else recheck({ configurationIds: [configurationId] });
    socket.on("disconnect", () => {
      entry.sockets -= 1;
      if (entry.sockets <= 0 && followed.get(configurationId) === entry) followed.delete(configurationId);
    });
  });

  const unsubscribePresence = presence.onChange((scope) => {
    recheck(scope);
    if (options.acrossInstances) chat.serverSideEmit(presenceChangedEvent, scope);
  });
  chat.on(presenceChangedEvent, (scope: unknown) => {
    if (typeof scope === "object" && scope !== null) recheck(scope as PresenceScope);
  });
  const unsubscribeUsers = db.changes.subscribe("users", {
    changed: (userId) => recheck({ userIds: [userId] }),
    reset: () => recheck({ all: true }),
  });
  const timer = setInterval(() => recheck({ all: true }), options.recheckMs);
  timer.unref();

  return {
    stop() {
      clearInterval(timer);
      unsubscribePresence();
      unsubscribeUsers();
    },
  };
}
