import { describe, expect, it } from "vitest";
import { createChangeFeed } from "./change-feed";
import { createRowCache } from "./row-cache";

function setup(options: { live?: boolean; ttlMs?: number; maxEntries?: number } = {}) {
  const feed = createChangeFeed(options.live ?? true);
  let clock = 1_000;
  const loads: string[] = [];
  const cache = createRowCache<{ id: string; version: number }>({
    table: "things",
    changes: feed,
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries,
    now: () => clock,
  });
  let version = 1;
  const load = (id: string) => async () => {
    loads.push(id);
    return id === "missing" ? undefined : { id, version };
  };
  return {
    feed,
    cache,
    loads,
    load,
    bump: () => (version += 1),
    advance: (ms: number) => (clock += ms),
  };
}

describe("row cache", () => {
  it("answers a second read from memory and reads again after the row changed", async () => {
    const { cache, feed, loads, load, bump } = setup();
    expect(await cache.read("a", load("a"))).toEqual({ id: "a", version: 1 });
    expect(await cache.read("a", load("a"))).toEqual({ id: "a", version: 1 });
    expect(loads).toEqual(["a"]);

    bump();
    feed.receive("things:a");
    expect(await cache.read("a", load("a"))).toEqual({ id: "a", version: 2 });
    expect(loads).toEqual(["a", "a"]);
  });

  it("ignores changes of other tables and rows, and forgets everything on a table-wide change", async () => {
    const { cache, feed, loads, load } = setup();
    await cache.read("a", load("a"));
    await cache.read("b", load("b"));
    feed.receive("others:a");
    feed.changedHere("things", "b");
    await cache.read("a", load("a"));
    await cache.read("b", load("b"));
    expect(loads).toEqual(["a", "b", "b"]);

    feed.changedHere("things");
    expect(cache.size).toBe(0);
    await cache.read("a", load("a"));
    expect(loads).toEqual(["a", "b", "b", "a"]);
  });

  it("does not keep a row whose read was under way when a change arrived", async () => {
    const { cache, feed, loads, load } = setup();
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return load("a")();
    };
    const reading = cache.read("a", slow);
    feed.receive("things:a");
    release();
    expect(await reading).toEqual({ id: "a", version: 1 });
    expect(cache.size).toBe(0);
    await cache.read("a", load("a"));
    expect(loads).toEqual(["a", "a"]);
  });

  it("keeps nothing while the feed is not live, and drops everything when it goes down or comes back", async () => {
    const { cache, feed, loads, load } = setup({ live: false });
    await cache.read("a", load("a"));
    await cache.read("a", load("a"));
    expect(loads).toEqual(["a", "a"]);

    feed.setLive(true);
    await cache.read("a", load("a"));
    await cache.read("a", load("a"));
    expect(loads).toHaveLength(3);
    feed.setLive(false);
    expect(cache.size).toBe(0);
    feed.setLive(true);
    await cache.read("a", load("a"));
    expect(loads).toHaveLength(4);
  });

  it("does not keep missing rows, expires entries after ttlMs and drops the least recently read beyond maxEntries", async () => {
    const { cache, loads, load, advance } = setup({ ttlMs: 500, maxEntries: 2 });
    expect(await cache.read("missing", load("missing"))).toBeUndefined();
    expect(await cache.read("missing", load("missing"))).toBeUndefined();
    expect(loads).toEqual(["missing", "missing"]);

    await cache.read("a", load("a"));
    advance(500);
    await cache.read("a", load("a"));
    advance(1);
    await cache.read("a", load("a"));
    expect(loads.filter((id) => id === "a")).toHaveLength(2);

    await cache.read("b", load("b"));
    await cache.read("c", load("c"));
    expect(cache.size).toBe(2);
    await cache.read("a", load("a"));
    expect(loads.filter((id) => id === "a")).toHaveLength(3);
  });
});
