import { PGlite } from "@electric-sql/pglite";
import { changeChannel, createChangeFeed, type ChangeFeed } from "./change-feed";
import { transactionChanges, type DatabaseHandle, type Db, type Row } from "./db";
import { createStatementRunner } from "./pglite-statements";

/**
 * Embedded PostgreSQL (WASM). One connection, so transactions are serialised through PGlite's
 * own `transaction()`; queries issued outside a transaction wait for it to finish.
 */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();

  const statements = createStatementRunner(pg);
  // One process owns the embedded database, and PGlite hands the notifications of a statement to its
  // listeners before the statement returns, so the feed is live from the start.
  const feed = createChangeFeed(true);
  const unlisten = await pg.listen(changeChannel(), (payload) => feed.receive(payload));

  type Queryable = Pick<PGlite, "query" | "exec">;
  const wrap = (conn: Queryable, changes: ChangeFeed, inTransaction: boolean): Db => ({
    changes,
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []) {
      if (!inTransaction) {
        const rows = await statements.run<T>(sql, params);
        if (rows) return rows;
      }
      const result = await conn.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      if (inTransaction) return work(wrap(conn, changes, true));
      const held = transactionChanges(feed);
      const result = await pg.transaction((tx) => work(wrap(tx, held.changes, true)));
      held.commit();
      return result;
    },
  });

  return {
    db: wrap(pg, feed, false),
    kind: "pglite",
    async close() {
      await unlisten();
      await pg.close();
    },
  };
}
