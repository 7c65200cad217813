import { mkdtemp, readdir, copyFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../paths";
import { openTestDatabase } from "../../test/database";
import type { DatabaseHandle } from "./db";
import { migrate } from "./migrate";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe("migrations", () => {
  it("are recorded once applied, and only new ones apply later, in order", async () => {
    const committed = (await readdir(migrationsFolder())).filter((name) => name.endsWith(".sql")).sort();
    const recorded = await handle.db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(recorded.map((row) => row.name)).toEqual(committed);
    expect(await migrate(handle)).toEqual([]);

    const folder = await mkdtemp(join(tmpdir(), "parley-migrations-"));
    for (const name of committed) await copyFile(join(migrationsFolder(), name), join(folder, name));
    await writeFile(join(folder, "998_first.sql"), "CREATE TABLE migration_probe (step integer);\nINSERT INTO migration_probe VALUES (1);");
    await writeFile(join(folder, "999_second.sql"), "INSERT INTO migration_probe SELECT max(step) + 1 FROM migration_probe;");
    expect(await migrate(handle, folder)).toEqual(["998_first.sql", "999_second.sql"]);
    expect(await migrate(handle, folder)).toEqual([]);
    const steps = await handle.db.query<{ step: number }>("SELECT step FROM migration_probe ORDER BY step");
    expect(steps.map((row) => row.step)).toEqual([1, 2]);
  });

  it("roll back a failing migration entirely", async () => {
    const folder = await mkdtemp(join(tmpdir(), "parley-migrations-"));
    await writeFile(join(folder, "997_broken.sql"), "CREATE TABLE half_done (id integer);\nSELECT * FROM no_such_table;");
    await expect(migrate(handle, folder)).rejects.toThrow();
    const tables = await handle.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(tables).toHaveLength(0);
  });
});
