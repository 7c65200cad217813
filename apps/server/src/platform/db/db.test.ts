import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/database";
import type { DatabaseHandle } from "./db";

// Both databases run repository statements as named prepared statements (PGlite through its own
// single-call path); these answers must be what a plain query gives.
let handle: DatabaseHandle;
const table = `statement_probe_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.exec(
    `CREATE TABLE ${table} (id integer PRIMARY KEY, label text, flag boolean, amount numeric, big bigint,
       settings jsonb, at timestamptz, tags text[])`,
  );
});
afterAll(async () => {
  await handle?.db.exec(`DROP TABLE IF EXISTS ${table}`);
  await handle?.close();
});

describe("Db.query", () => {
  it("binds scalar parameters and parses each column type, the same on every call", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    await handle.db.query(
      `INSERT INTO ${table} (id, label, flag, amount, big, settings, at, tags) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [1, "één \u{1F600}", true, 12.5, 9007199254740993n, { theme: { color: "#fff" }, list: [1, 2] }, at, ["a", "b"]],
    );
    await handle.db.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [2, null]);
    for (let attempt = 0; attempt < 3; attempt++) {
      const rows = await handle.db.query<Record<string, unknown>>(
        `SELECT id, label, flag, amount::float8 AS amount, big::text AS big, settings, at, tags FROM ${table} WHERE id = $1`,
        [1],
      );
      expect(rows).toEqual([
        {
          id: 1,
          label: "één \u{1F600}",
          flag: true,
          amount: 12.5,
          big: "9007199254740993",
          settings: { theme: { color: "#fff" }, list: [1, 2] },
          at,
          tags: ["a", "b"],
        },
      ]);
    }
    const empty = await handle.db.query<Record<string, unknown>>(`SELECT label, flag FROM ${table} WHERE id = $1`, [2]);
    expect(empty).toEqual([{ label: null, flag: null }]);
    expect(await handle.db.query(`SELECT id FROM ${table} WHERE id = $1`, [404])).toEqual([]);
  });

  it("reports a failing statement with its database error code every time, and changes nothing", async () => {
    const insert = `INSERT INTO ${table} (id, label) VALUES ($1, $2)`;
    await handle.db.query(insert, [10, "first"]);
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(handle.db.query(insert, [10, "again"])).rejects.toMatchObject({ code: "23505" });
    }
    const rows = await handle.db.query<{ label: string }>(`SELECT label FROM ${table} WHERE id = $1`, [10]);
    expect(rows).toEqual([{ label: "first" }]);
  });

  it("keeps queries outside a transaction out of it, and the transaction's own queries in it", async () => {
    const select = `SELECT count(*)::int AS n FROM ${table} WHERE id >= $1`;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [20, "inside"]);
        expect(await tx.query(select, [20])).toEqual([{ n: 1 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await handle.db.query(select, [20])).toEqual([{ n: 0 }]);
  });
});
