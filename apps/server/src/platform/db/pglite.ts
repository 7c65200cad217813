import type { Worker } from "node:worker_threads";
import { startWorker } from "../workers";
import { createChangeFeed, type ChangeFeed } from "./change-feed";
import { createTransactionContext, transactionChanges, type DatabaseHandle, type Db, type Row, type TransactionOptions } from "./db";
import type { PgliteMessage, PgliteRequest, SentError } from "./pglite-worker";

/** What a request carries, without its id (given on sending). */
type Request = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, "id"> : never) : never;

/** The embedded database stopped (its worker exited or failed); nothing more can be run on it. */
export class EmbeddedDatabaseStoppedError extends Error {
  constructor(cause?: unknown) {
    super("The embedded database has stopped", { cause });
    this.name = "EmbeddedDatabaseStoppedError";
  }
}

const received = (error: SentError): Error => Object.assign(new Error(error.message), error);

/** The port to the worker that owns the database: requests answered in order, and the change notifications. */
async function connect(worker: Worker, onNotification: (payload: string) => void, onStopped: (error: Error) => void) {
  const pending = new Map<number, { resolve(rows: unknown[] | undefined): void; reject(error: unknown): void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  let closing = false;
  const stop = (error: Error) => {
    if (!stopped && !closing) onStopped(error);
    stopped ??= error;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: PgliteMessage) => {
      switch (message.kind) {
        case "notification":
          return onNotification(message.payload);
        case "answer":
        case "refusal": {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (message.kind === "answer") waiting?.resolve(message.rows);
          else waiting?.reject(received(message.error));
          return;
        }
        case "ready":
          return resolve();
        case "failed":
          return reject(received(message.error));
      }
    });
    worker.once("error", (error) => {
      stop(new EmbeddedDatabaseStoppedError(error));
      reject(error);
    });
    worker.once("exit", (code) => {
      const error = new EmbeddedDatabaseStoppedError(`its worker exited with code ${code}`);
      stop(error);
      reject(error);
    });
  });
  await ready;

  return {
    request(request: Request): Promise<unknown[] | undefined> {
      if (stopped) return Promise.reject(stopped);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          worker.postMessage({ ...request, id });
        } catch (error) {
          // A parameter that cannot be sent (a function, a symbol): refused like a bad parameter.
          pending.delete(id);
          reject(error);
        }
      });
    },
    async close(): Promise<void> {
      if (!stopped) await this.request({ op: "close" });
      closing = true;
      stop(new EmbeddedDatabaseStoppedError("it was closed"));
      await worker.terminate();
    },
  };
}

/**
 * Embedded PostgreSQL (WASM), run in a worker thread (`pglite-worker.ts`): executing a statement takes
 * that thread, not the event loop every request and socket of the server shares. One connection, so
 * transactions are serialised through PGlite's own `transaction()`; queries issued outside a
 * transaction wait for it to finish. Queries issued from inside one join it (see
 * `createTransactionContext`), and a transaction open longer than its limit is rolled back, so no
 * request can hold the only connection.
 */
export async function openPglite(dataDir?: string, options: TransactionOptions = {}): Promise<DatabaseHandle> {
  // One process owns the embedded database, and the worker passes on a statement's notifications
  // before its answer, so the feed is live from the start.
  const feed = createChangeFeed(true);
  const worker = startWorker(import.meta.url, "pglite-worker", { workerData: { dataDir } });
  const port = await connect(
    worker,
    (payload) => feed.receive(payload),
    // Every query answers this error from now on (the health check too); the log says why.
    (error) => options.log?.("the embedded database stopped", error),
  );
  const transactions = createTransactionContext(options);
  let nextTransaction = 1;

  const inTransaction = (tx: number, changes: ChangeFeed, guard: () => void): Db => {
    const db: Db = {
      changes,
      async query<T extends object = Row>(sql: string, params: readonly unknown[] = []) {
        guard();
        return (await port.request({ op: "query", sql, params, tx })) as T[];
      },
      async exec(sql: string) {
        guard();
        await port.request({ op: "exec", sql, tx });
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
      return (await port.request({ op: "query", sql, params })) as T[];
    },
    async exec(sql: string) {
      const joined = transactions.current();
      if (joined) return joined.exec(sql);
      await port.request({ op: "exec", sql });
    },
    async transaction<T>(work: (tx: Db) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
      const joined = transactions.current();
      if (joined) return joined.transaction(work);
      const held = transactionChanges(feed);
      const tx = nextTransaction++;
      await port.request({ op: "begin", tx });
      let result: T;
      try {
        result = await transactions.run((guard) => inTransaction(tx, held.changes, guard), work, options.timeoutMs);
      } catch (error) {
        // Rolled back; the work's own error is the one to report.
        await port.request({ op: "end", tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await port.request({ op: "end", tx, commit: true });
      held.commit();
      return result;
    },
  };

  return {
    db: root,
    kind: "pglite",
    close: () => port.close(),
  };
}
