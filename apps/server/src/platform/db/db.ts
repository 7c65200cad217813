/**
 * The one database interface of the server. Both implementations speak the Postgres dialect:
 * PGlite (embedded, WASM) and PostgreSQL through a `pg` pool. Services and repositories receive a
 * `Db` (or the transaction's `Db`) as a parameter and never know which one they have.
 */
import type { ChangeFeed } from "./change-feed";

export type Row = Record<string, unknown>;

export interface Db {
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` inside one transaction; the `Db` it receives is bound to that transaction. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Which rows changed, for read caches. Inside a transaction, `changedHere` is held back until the
   * transaction commits (and dropped if it rolls back).
   */
  readonly changes: ChangeFeed;
}

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** A database that cannot be reached right now; answered as 503 service_unavailable. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The database is unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

export async function queryOne<T extends object = Row>(
  db: Db,
  sql: string,
  params?: readonly unknown[],
): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}

/** The feed a transaction's `Db` carries: reports are passed on after commit, or dropped. */
export function transactionChanges(feed: ChangeFeed): { changes: ChangeFeed; commit(): void } {
  const pending: [string, string | undefined][] = [];
  return {
    changes: {
      get live() {
        return feed.live;
      },
      subscribe: (table, listener) => feed.subscribe(table, listener),
      changedHere: (table, id) => void pending.push([table, id]),
    },
    commit() {
      for (const [table, id] of pending.splice(0)) feed.changedHere(table, id);
    },
  };
}
