import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../../test/database";
import { createConfiguration } from "../../test/fixture";
import type { DatabaseHandle } from "./db";

// The triggers of migrations/002 and each database's listener, end to end: what the read caches hear.
// On PostgreSQL the channel is shared with test files running in other schemas, so only the rows made
// here are recorded.
let handle: DatabaseHandle;
const heard: string[] = [];
const ours = new Set<string>();

async function configuration(name: string): Promise<string> {
  const id = await createConfiguration(handle.db, null, name);
  ours.add(id);
  return id;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  handle.db.changes.subscribe("configurations", {
    changed: (id) => void (ours.has(id) && heard.push(`changed ${id}`)),
    reset: () => heard.push("reset"),
  });
});
afterAll(async () => {
  await handle?.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("change feed", () => {
  it("is live once the database is open", () => {
    expect(handle.db.changes.live).toBe(true);
  });

  it("hears every committed update and delete of a configuration, whoever made it", async () => {
    const id = await configuration("feed-probe");
    await settle();
    expect(heard).toEqual([]);

    await handle.db.query("UPDATE configurations SET name = $2 WHERE id = $1", [id, "renamed"]);
    await vi.waitFor(() => expect(heard).toEqual([`changed ${id}`]));
    await handle.db.query("DELETE FROM configurations WHERE id = $1", [id]);
    await vi.waitFor(() => expect(heard).toEqual([`changed ${id}`, `changed ${id}`]));
    heard.length = 0;
  });

  it("passes on a transaction's own reports after it commits, and nothing of one that rolled back", async () => {
    const id = await configuration("feed-tx");
    await handle.db.transaction(async (tx) => {
      await tx.query("UPDATE configurations SET name = $2 WHERE id = $1", [id, "in-tx"]);
      tx.changes.changedHere("configurations", id);
      expect(heard).toEqual([]);
    });
    // The own report arrives at once; the trigger's notification (on PostgreSQL) a moment later.
    expect(heard[0]).toBe(`changed ${id}`);
    await vi.waitFor(() => expect(heard).toEqual([`changed ${id}`, `changed ${id}`]));
    heard.length = 0;

    await expect(
      handle.db.transaction(async (tx) => {
        await tx.query("UPDATE configurations SET name = $2 WHERE id = $1", [id, "rolled-back"]);
        tx.changes.changedHere("configurations", id);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await settle();
    expect(heard).toEqual([]);
  });

  it("does not report inserts, and reports a table-wide change as a reset", async () => {
    await configuration("feed-insert");
    handle.db.changes.changedHere("configurations");
    await settle();
    expect(heard).toEqual(["reset"]);
    heard.length = 0;
  });

  it("hears a TRUNCATE as a reset of the table", async () => {
    await configuration("feed-truncate");
    await handle.db.exec("TRUNCATE configurations CASCADE");
    await vi.waitFor(() => expect(heard).toContain("reset"));
  });
});
