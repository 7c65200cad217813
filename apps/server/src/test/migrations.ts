import { copyFile, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "../platform/db/db";
import { migrate } from "../platform/db/migrate";
import { migrationsFolder } from "../platform/paths";

/**
 * Applies the migrations numbered below `number` ("023"): the database as it was before that migration.
 * Answers the names of all the migrations.
 */
export async function migrateBefore(handle: DatabaseHandle, number: string): Promise<string[]> {
  const all = (await readdir(migrationsFolder())).filter((name) => name.endsWith(".sql")).sort();
  const before = await mkdtemp(join(tmpdir(), "parley-migrations-"));
  for (const name of all.filter((file) => file < number)) await copyFile(join(migrationsFolder(), name), join(before, name));
  await migrate(handle, before);
  return all;
}
