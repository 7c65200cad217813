/**
 * The embedded database runs in a worker thread: a statement being executed takes that thread, not the
 * event loop every request and socket shares; values, errors, transactions and change notifications cross
 * the thread boundary unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./db";
import { openPglite } from "./pglite";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite();
  await handle.db.exec("CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, data bytea, seen timestamptz, tags text[], doc jsonb)");
});
afterAll(async () => {
  await handle?.close();
});

describe("the embedded database in its worker thread", () => {
  it("leaves the event loop free while a long statement runs", async () => {
    const ticks: number[] = [];
    const started = performance.now();
    const timer = setInterval(() => ticks.push(performance.now() - started), 10);
    // About a second of work inside the database (a big cross join counted).
    const work = handle.db.query<{ n: string }>("SELECT count(*) AS n FROM generate_series(1, 3000) a, generate_series(1, 3000) b");
    const [row] = await work;
    const took = performance.now() - started;
    clearInterval(timer);
    expect(Number(row!.n)).toBe(9_000_000);
    // The timer kept firing during the statement: no gap between ticks anywhere near the statement's length.
    const gaps = ticks.slice(1).map((tick, index) => tick - ticks[index]!);
    expect(ticks.length).toBeGreaterThan(3);
    expect(Math.max(...gaps)).toBeLessThan(Math.max(200, took / 2));
  });

  it("sends parameters and answers values of every kind unchanged", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const seen = new Date("2026-11-26T01:02:03.456Z");
    await handle.db.query("INSERT INTO things (id, name, data, seen, tags, doc) VALUES ($1, $2, $3, $4, $5, $6)", [
      1,
      "naïve \u{1F600} 'quoted'",
      bytes,
      seen,
      ["a", "b,c", 'd"e'],
      JSON.stringify({ nested: { list: [1, 2, 3] } }),
    ]);
    const [row] = await handle.db.query<{ id: number; name: string; data: Uint8Array; seen: Date; tags: string[]; doc: unknown; big: bigint | number }>(
      "SELECT id, name, data, seen, tags, doc, 9007199254740993::bigint AS big FROM things WHERE id = $1",
      [1],
    );
    expect(row!.id).toBe(1);
    expect(row!.name).toBe("naïve \u{1F600} 'quoted'");
    expect([...row!.data]).toEqual([...bytes]);
    expect(row!.seen.toISOString()).toBe(seen.toISOString());
    expect(row!.tags).toEqual(["a", "b,c", 'd"e']);
    expect(row!.doc).toEqual({ nested: { list: [1, 2, 3] } });
    expect(row!.big).toBe(9007199254740993n);
  });

  it("reports a statement's error with PostgreSQL's message and fields", async () => {
    await handle.db.query("INSERT INTO things (id, name) VALUES (2, 'two')");
    const failure = await handle.db.query("INSERT INTO things (id, name) VALUES (2, 'again')").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/duplicate key value violates unique constraint "things_pkey"/);
    expect(failure).toMatchObject({ code: "23505", constraint: "things_pkey" });
    // The connection goes on after an error.
    expect(await handle.db.query<{ n: number }>("SELECT count(*)::int AS n FROM things WHERE id = 2")).toEqual([{ n: 1 }]);
  });

  it("refuses a parameter that cannot be sent, and goes on", async () => {
    await expect(handle.db.query("SELECT $1::text", [() => "a function"])).rejects.toThrow();
    expect(await handle.db.query<{ v: string }>("SELECT $1::text AS v", ["still here"])).toEqual([{ v: "still here" }]);
  });

  it("commits a transaction's writes together, rolls back a failed one, and keeps others out while it is open", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (10, 'ten')");
      await tx.query("INSERT INTO things (id, name) VALUES (11, 'eleven')");
    });
    const failed = handle.db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (12, 'twelve')");
      throw new Error("the work failed");
    });
    await expect(failed).rejects.toThrow("the work failed");
    const ids = async () => (await handle.db.query<{ id: number }>("SELECT id FROM things WHERE id >= 10 ORDER BY id")).map((row) => row.id);
    expect(await ids()).toEqual([10, 11]);

    // A query outside an open transaction waits for it: it sees the committed row, never the half-done state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = handle.db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (13, 'thirteen')");
      await held;
      await tx.query("INSERT INTO things (id, name) VALUES (14, 'fourteen')");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = ids();
    release();
    await writing;
    expect(await outside).toEqual([10, 11, 13, 14]);
  });

  it("rolls back a transaction held open past its limit, and refuses its later queries", async () => {
    const limited = await openPglite(undefined, { transactionTimeoutMs: 200 });
    try {
      await limited.db.exec("CREATE TABLE t (id int)");
      let late: Promise<unknown> | undefined;
      const stuck = limited.db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (1)");
        await new Promise((resolve) => setTimeout(resolve, 400));
        late = tx.query("INSERT INTO t VALUES (2)");
        await late;
      });
      await expect(stuck).rejects.toThrow(/rolled back/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(late).rejects.toThrow(/has ended/);
      expect(await limited.db.query("SELECT * FROM t")).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it("answers every query after closing with a clear error", async () => {
    const closing = await openPglite();
    await closing.db.query("SELECT 1");
    await closing.close();
    await expect(closing.db.query("SELECT 1")).rejects.toThrow("The embedded database has stopped");
  });
});
