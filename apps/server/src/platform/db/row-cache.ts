import { LRUCache } from "lru-cache";
import type { ChangeFeed } from "./change-feed";

/**
 * Rows of one table kept in this process, by id, so a hot read (a configuration, the user behind a
 * token) costs no database round trip. Correctness comes from the change feed: an entry is dropped
 * when its row changes here or in any other instance, and nothing is cached while the feed is not
 * live. `ttlMs` only bounds how long an entry may live if a notification were somehow lost.
 *
 * A read that was already on its way to the database when a change arrived may carry the old row; it
 * is answered but not kept (every change moves `generation` on, and a load is kept only when the
 * generation it started in is still current).
 */
export interface RowCacheOptions {
  table: string;
  changes: ChangeFeed;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface RowCache<T> {
  /** The cached row, or `load()`'s answer (kept when it is safe to). `undefined` (no row) is not kept. */
  read(id: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  readonly size: number;
}

export function createRowCache<T>(options: RowCacheOptions): RowCache<T> {
  const { changes } = options;
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Bounded by count and age; the least recently read row goes first when it is full.
  const entries = new LRUCache<string, { row: T }>({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  let generation = 0;

  changes.subscribe(options.table, {
    changed(id) {
      generation += 1;
      entries.delete(id);
    },
    reset() {
      generation += 1;
      entries.clear();
    },
  });

  return {
    async read(id, load) {
      if (!changes.live) return load();
      const entry = entries.get(id);
      if (entry) return entry.row;
      const startedIn = generation;
      const row = await load();
      // A feed that went down meanwhile moved the generation on too (it resets every cache).
      if (row !== undefined && startedIn === generation) entries.set(id, { row });
      return row;
    },
    get size() {
      return entries.size;
    },
  };
}
