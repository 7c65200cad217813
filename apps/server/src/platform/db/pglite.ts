import { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle, Db, Row } from "./db";
import { createStatementRunner } from "./pglite-statements";

/**
 * Embedded PostgreSQL (WASM). One connection, so transactions are serialised through PGlite's
 * own `transaction()`; queries issued outside a transaction wait for it to finish.
 */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();

  const statements = createStatementRunner(pg);

  type Queryable = Pick<PGlite, "query" | "exec">;
  const wrap = (conn: Queryable, inTransaction: boolean): Db => ({
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
      if (inTransaction) return work(wrap(conn, true));
      return pg.transaction((tx) => work(wrap(tx, true)));
    },
  });

  return {
    db: wrap(pg, false),
    kind: "pglite",
    close: () => pg.close(),
  };
}
