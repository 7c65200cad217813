import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DatabaseHandle, TransactionOptions } from "../platform/db/db";
import { migrate } from "../platform/db/migrate";
import { openPglite } from "../platform/db/pglite";
import { openPostgres } from "../platform/db/postgres";

export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.PARLEY_TEST_DATABASE === "postgres" ? "postgres" : "pglite";
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("The postgres test project needs TEST_DATABASE_URL");
  return url;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new schema on the PostgreSQL
 * of TEST_DATABASE_URL (dropped on close). An unreachable PostgreSQL fails the run.
 */
export async function openTestDatabase(options: TransactionOptions = {}): Promise<DatabaseHandle> {
  if (testDatabaseKind() === "pglite") {
    const handle = await openPglite(undefined, options);
    await migrate(handle);
    return handle;
  }
  const connectionString = testDatabaseUrl();
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not reachable at ${connectionString}`, { cause: error });
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = await openPostgres({ connectionString, schema, max: 4, ...options });
  await migrate(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
