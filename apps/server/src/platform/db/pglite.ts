import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { vector } from "@electric-sql/pglite/vector";
import { changeChannel, createChangeFeed, type ChangeFeed } from "./change-feed";
import { createTransactionContext, transactionChanges, type DatabaseHandle, type Db, type Row, type TransactionOptions } from "./db";
import { createStatementRunner } from "./pglite-statements";

/**
 * Embedded PostgreSQL (WASM). One connection, so transactions are serialised through PGlite's
 * own `transaction()`; queries issued outside a transaction wait for it to finish. Queries issued
 * from inside one join it (see `createTransactionContext`), and a transaction open longer than its
 * limit is rolled back, so no request can hold the only connection.
 */
export async function openPglite(dataDir?: string, options: TransactionOptions = {}): Promise<DatabaseHandle> {
  // The knowledge store's extensions (migration 007): trigram similarity, accent folding and vectors.
  const extensions = { pg_trgm, unaccent, vector };
  const pg = dataDir ? await PGlite.create(dataDir, { extensions }) : await PGlite.create({ extensions });

  const statements = createStatementRunner(pg);
  // One process owns the embedded database, and PGlite hands the notifications of a statement to its
  // listeners before the statement returns, so the feed is live from the start.
  const feed = createChangeFeed(true);
  const unlisten = await pg.listen(changeChannel(), (payload) => feed.receive(payload));
  const transactions = createTransactionContext(options);

  const inTransaction = (tx: Transaction, changes: ChangeFeed, guard: () => void): Db => {
    const db: Db = {
      changes,
      async query<T extends object = Row>(sql: string, params: readonly unknown[] = []) {
        guard();
        return (await tx.query<T>(sql, params as unknown[])).rows;
      },
      async exec(sql: string) {
        guard();
        await tx.exec(sql);
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
      const rows = await statements.run<T>(sql, params);
      if (rows) return rows;
      return (await pg.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      const joined = transactions.current();
      if (joined) return joined.exec(sql);
      await pg.exec(sql);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
      const joined = transactions.current();
      if (joined) return joined.transaction(work);
      const held = transactionChanges(feed);
      const result = await pg.transaction((tx) =>
        transactions.run((guard) => inTransaction(tx, held.changes, guard), work, options.timeoutMs),
      );
      held.commit();
      return result;
    },
  };

  return {
    db: root,
    kind: "pglite",
    async close() {
      await unlisten();
      await pg.close();
    },
  };
}
