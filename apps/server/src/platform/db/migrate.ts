import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { migrationsFolder } from "../paths";
import type { DatabaseHandle } from "./db";

// Any constant works; it only has to be the same for every instance of this server.
const MIGRATION_LOCK_KEY = 7_240_513;

/**
 * Applies the committed `migrations/NNN_name.sql` files in order and records them in
 * `schema_migrations`, all in one transaction. On PostgreSQL a transaction-scoped advisory lock keeps
 * instances that start at the same time from applying the same migration twice.
 */
// Migrations run before any request and may rewrite whole tables; the requests' limit does not fit them.
const migrationTimeoutMs = 30 * 60_000;

export async function migrate(handle: DatabaseHandle, folder = migrationsFolder()): Promise<string[]> {
  const files = (await readdir(folder)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name)).sort();
  return handle.db.transaction(async (tx) => {
    if (handle.kind === "postgres") await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set((await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(join(folder, file), "utf8"));
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
      applied.push(file);
    }
    return applied;
  }, { timeoutMs: migrationTimeoutMs });
}
