/**
 * The one database interface of the server. Both implementations speak the Postgres dialect:
 * PGlite (embedded, WASM) and PostgreSQL through a `pg` pool. Services and repositories receive a
 * `Db` (or the transaction's `Db`) as a parameter and never know which one they have.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ChangeFeed } from "./change-feed";

export type Row = Record<string, unknown>;

export interface Db {
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` inside one transaction; the `Db` it receives is bound to that transaction. It is rolled
   * back when open longer than the database's limit, unless `options.timeoutMs` says otherwise (only
   * migrations, which run before any request, need longer).
   */
  transaction<T>(work: (tx: Db) => Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
  /**
   * Which rows changed, for read caches. Inside a transaction, `changedHere` is held back until the
   * transaction commits (and dropped if it rolls back).
   */
  readonly changes: ChangeFeed;
}

/** How long a transaction may stay open before it is rolled back (a stuck request must not hold the database). */
export const defaultTransactionTimeoutMs = 5_000;

export interface TransactionOptions {
  /** Rolls back a transaction open longer than this (default 5 s). */
  transactionTimeoutMs?: number;
  log?: (message: string, error: unknown) => void;
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

/** A transaction that stayed open longer than its limit and was rolled back. */
export class TransactionTimeoutError extends Error {
  constructor(limitMs: number) {
    super(`The transaction was open longer than ${limitMs} ms and was rolled back`);
    this.name = "TransactionTimeoutError";
  }
}

/** A query on a transaction that has already ended (committed, rolled back or timed out). */
export class TransactionClosedError extends Error {
  constructor() {
    super("The transaction has ended; this query was not run");
    this.name = "TransactionClosedError";
  }
}

interface OpenTransaction {
  db: Db;
  open: boolean;
}

/**
 * Which transaction the running code is inside, carried along its async calls. The root `Db` sends a
 * query issued inside a transaction to that transaction: on the embedded database, with its single
 * connection, a query that went around it would wait for the transaction that waits for it, and on
 * PostgreSQL it would not see the transaction's own writes.
 */
export function createTransactionContext(options: TransactionOptions) {
  const storage = new AsyncLocalStorage<OpenTransaction>();
  const limitMs = options.transactionTimeoutMs ?? defaultTransactionTimeoutMs;
  // Node 20 carries the storage along with promise hooks: while it is enabled, every promise of the process (a
  // socket's, a request's) pays a hook (an await cost 0.4–0.8 µs instead of 0.12–0.15 µs in the live bench's
  // process). It is needed only while a transaction is open, so it is switched off when the last one ends (a frame
  // still reachable from work left running is closed by then, and reads as none) and on again by the next
  // `storage.run`.
  let openTransactions = 0;

  return {
    /** The transaction the caller is inside, while it is still open. */
    current(): Db | undefined {
      const frame = storage.getStore();
      return frame?.open ? frame.db : undefined;
    },

    /**
     * Runs `work` inside a transaction whose connection-bound `Db` `bind` makes. The work is raced
     * against the time limit; once it settles or times out, the transaction's `Db` refuses queries,
     * so work that goes on after a time-out cannot write outside any transaction.
     */
    async run<T>(bind: (guard: () => void) => Db, work: (tx: Db) => Promise<T>, timeoutMs = limitMs): Promise<T> {
      const frame: OpenTransaction = { db: undefined as unknown as Db, open: true };
      frame.db = bind(() => {
        if (!frame.open) throw new TransactionClosedError();
      });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          frame.open = false;
          const error = new TransactionTimeoutError(timeoutMs);
          options.log?.("a transaction stayed open too long and was rolled back", error);
          reject(error);
        }, timeoutMs);
        timer.unref();
      });
      openTransactions += 1;
      try {
        return await Promise.race([storage.run(frame, () => work(frame.db)), timedOut]);
      } finally {
        frame.open = false;
        clearTimeout(timer);
        openTransactions -= 1;
        if (openTransactions === 0) storage.disable();
      }
    },
  };
}
