import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/database";
import { TransactionClosedError, TransactionTimeoutError, type DatabaseHandle } from "./db";

// A request that queries through the root `Db` while its own transaction is open used to deadlock
// the embedded database's single connection, and every request after it. These hold on both databases.
let handle: DatabaseHandle;
const logged: string[] = [];
const limitMs = 400;
const table = `transaction_probe_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  handle = await openTestDatabase({ transactionTimeoutMs: limitMs, log: (message) => logged.push(message) });
  await handle.db.exec(`CREATE TABLE ${table} (id integer PRIMARY KEY, label text)`);
});
afterAll(async () => {
  await handle?.db.exec(`DROP TABLE IF EXISTS ${table}`);
  await handle?.close();
});

const count = async (from: number) =>
  (await handle.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE id >= $1`, [from]))[0]!.n;

describe("queries inside a transaction", () => {
  it("join the transaction when issued on the root Db, seeing its writes, and answer at once", async () => {
    const seen = await handle.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [1, "inside"]);
      // The root Db, as code deep in a call chain (a cache, a service) holds it.
      return count(1);
    });
    expect(seen).toBe(1);
    expect(await count(1)).toBe(1);
  });

  it("join it for a nested transaction too, and roll back with it", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [10, "outer"]);
        await handle.db.transaction(async (inner) => {
          await inner.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [11, "inner"]);
        });
        expect(await count(10)).toBe(2);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await count(10)).toBe(0);
  });

  it("run on their own once the transaction has ended (work it started without waiting)", async () => {
    let later: Promise<number> | undefined;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await handle.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [20, "committed"]);
      later = gate.then(() => count(20));
    });
    release();
    expect(await later).toBe(1);
  });
});

describe("a transaction that stays open too long", () => {
  it("is rolled back and logged, refuses further queries, and does not hold up anyone else", async () => {
    logged.length = 0;
    let afterTimeout: Promise<unknown> | undefined;
    const stuck = handle.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [30, "never committed"]);
      await new Promise((resolve) => setTimeout(resolve, limitMs * 3));
      afterTimeout = tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [31, "after the limit"]);
      await afterTimeout;
    });
    const outcome = stuck.catch((error: unknown) => error);

    const started = Date.now();
    // Another request's query: on PostgreSQL at once, on the one embedded connection once the limit passes.
    expect(await count(30)).toBe(0);
    // Far below "forever", with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(limitMs * 5);

    expect(await outcome).toBeInstanceOf(TransactionTimeoutError);
    expect(logged).toEqual(["a transaction stayed open too long and was rolled back"]);
    await new Promise((resolve) => setTimeout(resolve, limitMs * 3));
    await expect(afterTimeout).rejects.toBeInstanceOf(TransactionClosedError);
    expect(await count(30)).toBe(0);
    // The database works as before.
    await handle.db.transaction((tx) => tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [32, "fine"]));
    expect(await count(30)).toBe(1);
  });
});
