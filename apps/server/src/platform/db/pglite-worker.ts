/**
 * Worker entry: owns the embedded database (PGlite, WASM) off the main thread, so that a statement being
 * executed never holds up the event loop that serves every request and socket (see `pglite.ts`, which
 * talks to this over the worker's message port).
 *
 * One connection, as before: PGlite serialises the statements itself. A transaction is PGlite's own
 * `transaction()`, held open between a `begin` and an `end` message, so statements sent outside it wait
 * for PGlite's transaction lock exactly as they did in one thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { vector } from "@electric-sql/pglite/vector";
import { changeChannel } from "./change-feed";
import { createStatementRunner } from "./pglite-statements";

export type PgliteRequest =
  | { id: number; op: "query"; sql: string; params: readonly unknown[]; tx?: number }
  | { id: number; op: "exec"; sql: string; tx?: number }
  | { id: number; op: "begin"; tx: number }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** An error as it crosses the port: its message, name and PostgreSQL's fields (code, detail, constraint…). */
export type SentError = { message: string; name: string } & Record<string, unknown>;

export type PgliteMessage =
  | { kind: "ready" }
  | { kind: "failed"; error: SentError }
  | { kind: "notification"; payload: string }
  | { kind: "answer"; id: number; rows?: unknown[] }
  | { kind: "refusal"; id: number; error: SentError };

export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error), name: "Error" };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    fields[key] = typeof value === "object" && value !== null ? String(value) : value;
  }
  return { ...fields, message: error.message, name: error.name };
}

const port = parentPort!;
const send = (message: PgliteMessage) => port.postMessage(message);

/** A transaction PGlite holds open until its `end` message says commit or roll back. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  ended: Promise<void>;
}

/** Thrown into PGlite's transaction callback to roll back on request (not an error to report). */
const rollbackRequested = Symbol("rollback requested");

async function serve(pg: PGlite): Promise<void> {
  const statements = createStatementRunner(pg);
  const transactions = new Map<number, OpenTransaction>();

  const begin = () =>
    new Promise<OpenTransaction>((opened, failed) => {
      let finish!: (commit: boolean) => void;
      const decided = new Promise<void>((commit, rollBack) => {
        finish = (commit_) => (commit_ ? commit() : rollBack(rollbackRequested));
      });
      const ended = pg
        .transaction(async (tx) => {
          opened({ tx, end: finish, ended });
          await decided;
        })
        .then(
          () => undefined,
          (error: unknown) => {
            if (error !== rollbackRequested) throw error;
          },
        );
      // Failing before the callback ran (BEGIN itself failed): no transaction was opened.
      ended.catch((error: unknown) => failed(error));
    });

  async function handle(request: PgliteRequest): Promise<unknown[] | undefined> {
    switch (request.op) {
      case "query": {
        if (request.tx !== undefined) return (await transactionOf(request.tx).tx.query(request.sql, request.params as unknown[])).rows;
        const rows = await statements.run<Record<string, unknown>>(request.sql, request.params);
        if (rows) return rows;
        return (await pg.query(request.sql, request.params as unknown[])).rows;
      }
      case "exec":
        if (request.tx !== undefined) await transactionOf(request.tx).tx.exec(request.sql);
        else await pg.exec(request.sql);
        return undefined;
      case "begin":
        transactions.set(request.tx, await begin());
        return undefined;
      case "end": {
        const open = transactionOf(request.tx);
        transactions.delete(request.tx);
        open.end(request.commit);
        await open.ended;
        return undefined;
      }
      case "close":
        await pg.close();
        return undefined;
    }
  }

  function transactionOf(tx: number): OpenTransaction {
    const open = transactions.get(tx);
    if (!open) throw new Error("The transaction has ended; this query was not run");
    return open;
  }

  port.on("message", (request: PgliteRequest) => {
    handle(request).then(
      (rows) => send({ kind: "answer", id: request.id, rows }),
      (error: unknown) => send({ kind: "refusal", id: request.id, error: sendableError(error) }),
    );
  });
}

try {
  const { dataDir } = workerData as { dataDir?: string };
  // The knowledge store's extensions (migration 007): trigram similarity, accent folding and vectors.
  const extensions = { pg_trgm, unaccent, vector };
  const pg = dataDir ? await PGlite.create(dataDir, { extensions }) : await PGlite.create({ extensions });
  // PGlite hands a statement's notifications to its listeners before the statement returns, and the port
  // keeps order, so the main thread hears of a change before the answer of the statement that made it.
  await pg.listen(changeChannel(), (payload) => send({ kind: "notification", payload }));
  await serve(pg);
  send({ kind: "ready" });
} catch (error) {
  send({ kind: "failed", error: sendableError(error) });
}
