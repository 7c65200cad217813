/**
 * Migration 023 makes a training file's name unique per configuration (case ignored). Files stored before it
 * may already repeat a name: none is lost, the newest of each name is the one a new upload replaces.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeTrainingFile } from "../../modules/training-files/repository";
import { systemScope } from "../../modules/tenancy";
import { createConfiguration } from "../../test/fixture";
import { migrateBefore } from "../../test/migrations";
import type { DatabaseHandle } from "./db";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite();
});
afterAll(async () => {
  await handle?.close();
});

describe("migration 023", () => {
  it("keeps files that repeat a name, and lets a new upload of the name replace the newest", async () => {
    await migrateBefore(handle, "023");

    const [customer] = await handle.db.query<{ id: string }>("INSERT INTO customers (name) VALUES ('Old') RETURNING id");
    const configuration = await createConfiguration(handle.db, customer!.id, "old-files");
    const file = (storedName: string, originalName: string, createdAt: string) =>
      handle.db.query(
        `INSERT INTO training_files (configuration_id, stored_name, original_name, content_type, size_bytes, content, created_at)
         VALUES ($1, $2, $3, 'text/plain; charset=utf-8', 3, '\\x616263', $4)`,
        [configuration, storedName, originalName, createdAt],
      );
    await file("faq-00000001.txt", "faq.txt", "2026-11-01T10:00:00Z");
    await file("faq-00000002.txt", "FAQ.txt", "2026-11-02T10:00:00Z");
    await file("prices-00000003.txt", "prices.txt", "2026-11-01T10:00:00Z");

    await migrate(handle);
    const keys = await handle.db.query<{ stored_name: string; name_key: string | null }>(
      "SELECT stored_name, name_key FROM training_files ORDER BY stored_name",
    );
    expect(keys).toEqual([
      { stored_name: "faq-00000001.txt", name_key: null },
      { stored_name: "faq-00000002.txt", name_key: "faq.txt" },
      { stored_name: "prices-00000003.txt", name_key: "prices.txt" },
    ]);

    const stored = await storeTrainingFile(handle.db, systemScope, configuration, {
      storedName: "faq-00000004.txt",
      originalName: "Faq.txt",
      nameKey: "faq.txt",
      contentType: "text/plain; charset=utf-8",
      bytes: Buffer.from("new"),
    });
    expect(stored).toMatchObject({ replaced: true, file: { name: "faq-00000002.txt", original_name: "Faq.txt", size: 3 } });
    expect(await handle.db.query("SELECT 1 FROM training_files")).toHaveLength(3);
  });
});
