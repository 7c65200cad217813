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

/**
 * At least one agent of the configuration is connected (on any instance), has not gone away, and is
 * available: what the widget's online message shows.
 */
export async function agentsOnline(db: Db, configurationId: string, staleMs = 90_000): Promise<boolean> {
  const row = await queryOne<{ online: boolean }>(
    db,
    `SELECT EXISTS (
       SELECT 1 FROM agent_connections a JOIN users u ON u.id = a.user_id JOIN configurations c ON c.id = $1::uuid
        WHERE a.present AND a.seen_at > now() - make_interval(secs => $2) AND u.is_available AND u.status = 'active'
          AND ((a.customer_id IS NOT NULL AND a.customer_id = c.customer_id) OR c.id = ANY (a.configuration_ids))
     ) AS online`,
    [configurationId, staleMs / 1000],
  );
  return row?.online ?? false;
}

export function createPresence(db: Db, instanceId: string, options: PresenceOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const staleSeconds = (options.staleMs ?? 3 * heartbeatMs) / 1000;
  const logError = options.logError ?? (() => undefined);
  let connections = 0;

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
    },

    /** The agent's portal said it is going away; the socket may linger a moment. */
    async gone(socketId: string): Promise<void> {
      await db.query("UPDATE agent_connections SET present = false WHERE socket_id = $1", [socketId]);
    },

    async remove(socketId: string): Promise<void> {
      connections = Math.max(0, connections - 1);
      await db.query("DELETE FROM agent_connections WHERE socket_id = $1", [socketId]);
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
