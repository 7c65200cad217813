import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../../test/database";
import type { DatabaseHandle } from "./db";

// Transactions overlap only on PostgreSQL (the embedded database has one connection, so they take turns). The
// transaction context is switched off when the last open transaction ends: one ending must not take the context
// from another still open.
let handle: DatabaseHandle;
const table = `transaction_overlap_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.exec(`CREATE TABLE ${table} (id integer PRIMARY KEY, label text)`);
});
afterAll(async () => {
  await handle?.db.exec(`DROP TABLE IF EXISTS ${table}`);
  await handle?.close();
});

const labels = async () => (await handle.db.query<{ label: string }>(`SELECT label FROM ${table} ORDER BY id`)).map((row) => row.label);

it("a query on the root Db joins its own transaction when another one ended meanwhile, and after both ended", async () => {
  let firstEnded!: () => void;
  const ended = new Promise<void>((resolve) => (firstEnded = resolve));
  const second = handle.db.transaction(async (tx) => {
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (2, 'second')`);
    await ended;
    // Issued as code deep in a call chain would, on the root Db: it sees this transaction's own write.
    return labels();
  });
  await handle.db.transaction(async (tx) => {
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (1, 'first')`);
  });
  firstEnded();
  expect(await second).toEqual(["first", "second"]);

  const third = await handle.db.transaction(async (tx) => {
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (3, 'third')`);
    return labels();
  });
  expect(third).toEqual(["first", "second", "third"]);
  // Outside any transaction, a rolled-back write is not seen.
  await expect(
    handle.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (id, label) VALUES (4, 'rolled back')`);
      expect(await labels()).toContain("rolled back");
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  expect(await labels()).toEqual(["first", "second", "third"]);
});
