/**
 * Which agents are connected to `/live` right now, on every instance (a table, since the widget that asks
 * may be served by another instance than the agent's socket). An agent counts as present for a
 * configuration while connected, not gone away (`agent_disconnected`), and available.
 */
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";

export interface AgentConnection {
  userId: string;
  /** The customer whose configurations the agent watches (null for an admin). */
  customerId: string | null;
  /** An admin's selected configurations. */
  configurationIds: readonly string[];
}

export interface PresenceOptions {
  /** How often this instance refreshes its connections. */
  heartbeatMs?: number;
  /** Connections not refreshed for this long (their instance died) no longer count. */
  staleMs?: number;
  logError?(message: string, error: unknown): void;
}

/** The agents' connections counting for configuration row `c` (stale after `staleSeconds`, a parameter). */
const onlineAgentOf = (c: string, staleSeconds: string) =>
  `SELECT 1 FROM agent_connections a JOIN users u ON u.id = a.user_id
    WHERE a.present AND a.seen_at > now() - make_interval(secs => ${staleSeconds}) AND u.is_available AND u.status = 'active'
      AND ((a.customer_id IS NOT NULL AND a.customer_id = ${c}.customer_id) OR ${c}.id = ANY (a.configuration_ids))`;

/**
 * At least one agent of the configuration is connected (on any instance), has not gone away, and is
 * available: what the widget's online message shows.
 */
export async function agentsOnline(db: Db, configurationId: string, staleMs = 90_000): Promise<boolean> {
  const row = await queryOne<{ online: boolean }>(
    db,
    `SELECT EXISTS (${onlineAgentOf("c", "$2")}) AS online FROM configurations c WHERE c.id = $1::uuid`,
    [configurationId, staleMs / 1000],
  );
  return row?.online ?? false;
}

/**
 * Which configurations a change of presence may concern: every one, those of customers, the named ones, or those
 * the connections of users count for (an agent who became available or away, or was deactivated).
 */
export interface PresenceScope {
  all?: boolean;
  customerIds?: readonly string[];
  configurationIds?: readonly string[];
  userIds?: readonly string[];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => uuidPattern.test(id));

/**
 * `agentsOnline` of the configurations among `configurationIds` that `scope` concerns, in one statement: the
 * answer lists each existing one of them with whether an agent of it is online.
 */
export async function agentsOnlineAmong(
  db: Db,
  configurationIds: readonly string[],
  scope: PresenceScope,
  staleMs = 90_000,
): Promise<{ configurationId: string; online: boolean }[]> {
  const rows = await db.query<{ id: string; online: boolean }>(
    `SELECT c.id::text AS id, EXISTS (${onlineAgentOf("c", "$2")}) AS online FROM configurations c
      WHERE c.id = ANY ($1::uuid[])
        AND ($3 OR c.customer_id = ANY ($4::uuid[]) OR c.id = ANY ($5::uuid[])
          OR EXISTS (SELECT 1 FROM agent_connections s WHERE s.user_id = ANY ($6::uuid[])
            AND ((s.customer_id IS NOT NULL AND s.customer_id = c.customer_id) OR c.id = ANY (s.configuration_ids))))`,
    [uuids(configurationIds), staleMs / 1000, scope.all === true, uuids(scope.customerIds), uuids(scope.configurationIds), uuids(scope.userIds)],
  );
  return rows.map((row) => ({ configurationId: row.id, online: row.online }));
}

interface ConnectionScopeRow {
  customer_id: string | null;
  configuration_ids: readonly string[];
}

export function createPresence(db: Db, instanceId: string, options: PresenceOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const staleSeconds = (options.staleMs ?? 3 * heartbeatMs) / 1000;
  const logError = options.logError ?? (() => undefined);
  let connections = 0;
  const listeners = new Set<(scope: PresenceScope) => void>();
  /** The connection of the written rows changed (none: nothing was written). */
  const changed = (rows: readonly ConnectionScopeRow[]) => {
    for (const row of rows) {
      const scope: PresenceScope = { customerIds: row.customer_id ? [row.customer_id] : [], configurationIds: row.configuration_ids };
      for (const listener of listeners) listener(scope);
    }
  };
  const returning = "RETURNING customer_id::text, configuration_ids::text[]";

  const timer = setInterval(() => {
    if (connections === 0) return;
    db.query("UPDATE agent_connections SET seen_at = now() WHERE instance_id = $1", [instanceId]).catch((error: unknown) =>
      logError("the agents' connections could not be refreshed", error),
    );
  }, heartbeatMs);
  timer.unref();

  return {
    async add(socketId: string, agent: AgentConnection): Promise<void> {
      connections += 1;
      await db.query(
        `INSERT INTO agent_connections (socket_id, instance_id, user_id, customer_id, configuration_ids) VALUES ($1, $2, $3, $4, $5::uuid[])
         ON CONFLICT (socket_id) DO UPDATE SET present = true, seen_at = now()`,
        [socketId, instanceId, agent.userId, agent.customerId, agent.configurationIds],
      );
      changed([{ customer_id: agent.customerId, configuration_ids: agent.configurationIds }]);
    },

    /** The agent's portal said it is going away; the socket may linger a moment. */
    async gone(socketId: string): Promise<void> {
      changed(await db.query<ConnectionScopeRow>(`UPDATE agent_connections SET present = false WHERE socket_id = $1 AND present ${returning}`, [socketId]));
    },

    async remove(socketId: string): Promise<void> {
      connections = Math.max(0, connections - 1);
      changed(await db.query<ConnectionScopeRow>(`DELETE FROM agent_connections WHERE socket_id = $1 ${returning}`, [socketId]));
    },

    /**
     * Calls `listener` after this instance added, marked gone or removed an agent's connection, with the
     * configurations it counts for; answers the unsubscribe.
     */
    onChange(listener: (scope: PresenceScope) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** `agentsOnlineAmong` with this presence's staleness. */
    agentsOnlineAmong(configurationIds: readonly string[], scope: PresenceScope) {
      return agentsOnlineAmong(db, configurationIds, scope, staleSeconds * 1000);
    },

    /** At least one agent of the configuration is connected and available. */
    agentsOnline(configurationId: string): Promise<boolean> {
      return agentsOnline(db, configurationId, staleSeconds * 1000);
    },

    /** This instance stops: its connections go. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await db.query("DELETE FROM agent_connections WHERE instance_id = $1", [instanceId]);
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
