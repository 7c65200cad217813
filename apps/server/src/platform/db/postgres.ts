import pg from "pg";
import { changeChannel, createChangeFeed, type ChangeFeed, type ChangeFeedSource } from "./change-feed";
import {
  DatabaseUnavailableError,
  TransactionTimeoutError,
  createTransactionContext,
  transactionChanges,
  type DatabaseHandle,
  type Db,
  type Row,
  type TransactionOptions,
} from "./db";

// Errors that mean "the database is not there right now" rather than "your query is wrong".
const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08003",
  "08006",
  "08001",
  "08004",
]);

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && connectionErrorCodes.has(code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(error.message);
}

function translate(error: unknown): unknown {
  return isConnectionError(error) ? new DatabaseUnavailableError(error) : error;
}

// Repository statements are a fixed set of texts; naming them makes each connection parse and plan a
// statement once instead of on every call (a quarter of the database's work for a configuration read).
// Texts built at run time could be unbounded, so only the first few hundred distinct texts are named.
const maxNamedStatements = 500;
const statementNames = new Map<string, string>();
const preparable = /^\s*(select|insert|update|delete|with)\b/i;

function statementName(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known) return known;
  if (statementNames.size >= maxNamedStatements || !preparable.test(sql)) return undefined;
  const name = `parley_${statementNames.size + 1}`;
  statementNames.set(sql, name);
  return name;
}

export interface PostgresOptions extends TransactionOptions {
  connectionString: string;
  /** Sets `search_path` on every connection (tests use one schema per file). */
  schema?: string;
  max?: number;
  /** How often the change listener checks its connection, and how long it waits for the answer (5 s). */
  listenerHeartbeatMs?: number;
}

function searchPath(options: PostgresOptions): string | undefined {
  return options.schema ? `-c search_path=${options.schema}` : undefined;
}

export async function openPostgres(options: PostgresOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options: searchPath(options),
  });
  // An idle client losing its connection emits here; without a listener the process would crash.
  pool.on("error", (error) => options.log?.("PostgreSQL connection lost", error));

  const feed = createChangeFeed(false);
  const listener = await listenForChanges(options, feed);

  const transactions = createTransactionContext(options);

  const run = async (conn: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[]) => {
    try {
      const name = statementName(sql);
      const values = params as unknown[];
      return await conn.query(name ? { name, text: sql, values } : { text: sql, values });
    } catch (error) {
      throw translate(error);
    }
  };

  const inTransaction = (client: pg.PoolClient, changes: ChangeFeed, guard: () => void): Db => {
    const db: Db = {
      changes,
      async query<T extends object = Row>(sql: string, params: readonly unknown[] = []) {
        guard();
        return (await run(client, sql, params)).rows as T[];
      },
      async exec(sql: string) {
        guard();
        await run(client, sql, []);
      },
      async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
        guard();
        return work(db);
      },
    };
    return db;
  };

  const root: Db = {
    changes: feed,
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []) {
      const joined = transactions.current();
      if (joined) return joined.query<T>(sql, params);
      return (await run(pool, sql, params)).rows as T[];
    },
    async exec(sql: string) {
      const joined = transactions.current();
      if (joined) return joined.exec(sql);
      await run(pool, sql, []);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
      const joined = transactions.current();
      if (joined) return joined.transaction(work);
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw translate(error);
      }
      // A connection that broke, or whose transaction timed out while a statement may still be
      // running on it, is closed rather than returned to the pool; the server then rolls back.
      let discard = false;
      const held = transactionChanges(feed);
      try {
        await client.query("BEGIN");
        const result = await transactions.run((guard) => inTransaction(client, held.changes, guard), work, options.timeoutMs);
        await client.query("COMMIT");
        held.commit();
        return result;
      } catch (error) {
        discard = error instanceof TransactionTimeoutError || isConnectionError(error) || error instanceof DatabaseUnavailableError;
        if (!discard) await client.query("ROLLBACK").catch(() => undefined);
        throw translate(error);
      } finally {
        client.release(discard ? true : undefined);
      }
    },
  };

  return {
    db: root,
    kind: "postgres",
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One connection of its own that LISTENs on the change channel (pool connections come and go). The
 * feed is live only while that connection is known to work: a connection that says nothing could be
 * dead without anyone noticing (a frozen link, a failed-over address), so it is asked `SELECT 1` every
 * `heartbeatMs` and given up when that does not answer within the same time. A lost connection is
 * re-opened with backoff.
 */
async function listenForChanges(options: PostgresOptions, feed: ChangeFeedSource): Promise<{ close(): Promise<void> }> {
  const heartbeatMs = options.listenerHeartbeatMs ?? 5_000;
  // The schema the tables live in (the triggers name the channel after it), as the pool's connections see it.
  let channel: string | undefined;
  let current: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 100;

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 5_000);
  };
  const drop = (client: pg.Client, error?: unknown) => {
    if (current !== client) return;
    current = undefined;
    feed.setLive(false);
    if (error && !closed) options.log?.("PostgreSQL change listener lost its connection; caches are off until it is back", error);
    client.end().catch(() => undefined);
    schedule();
  };
  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      options: searchPath(options),
      connectionTimeoutMillis: 5_000,
      query_timeout: heartbeatMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) feed.receive(message.payload);
    });
    client.on("error", (error) => drop(client, error));
    client.on("end", () => drop(client));
    try {
      await client.connect();
      const [row] = (await client.query<{ schema: string }>("SELECT current_schema() AS schema")).rows;
      channel = changeChannel(row!.schema);
      await client.query(`LISTEN "${channel}"`);
    } catch {
      client.end().catch(() => undefined);
      schedule();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delayMs = 100;
    feed.setLive(true);
  };

  const heartbeat = setInterval(() => {
    const client = current;
    if (!client) return;
    client.query("SELECT 1").catch((error: unknown) => drop(client, error));
  }, heartbeatMs);
  heartbeat.unref();

  connecting = connect();
  await connecting;
  return {
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      await connecting;
      const client = current;
      current = undefined;
      feed.setLive(false);
      await client?.end().catch(() => undefined);
    },
  };
}
