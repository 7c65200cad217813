/**
 * Which rows changed, for the read caches of this process.
 *
 * Tables with cached reads carry a trigger (migrations/002) that sends `pg_notify('parley_changes',
 * '<table>:<id>')` for every updated or deleted row. PostgreSQL delivers it when the transaction
 * commits, to every instance listening on the database, whichever code path or cascade changed the
 * row. The writing instance also reports its own writes with `changedHere` as soon as they are made,
 * so a client reading right after its own write never gets the old row from this process.
 *
 * While the feed cannot promise to hear every change (the listening connection is down), it is not
 * `live`: caches then answer from the database and keep nothing. When it comes back, everything the
 * caches hold is dropped, because changes may have been missed in between.
 */
export const changeChannel = "parley_changes";

export interface ChangeListener {
  /** The row `id` of the subscribed table was updated or deleted. */
  changed(id: string): void;
  /** Anything in the table may have changed. */
  reset(): void;
}

export interface ChangeFeed {
  /** True while every committed change reaches this process. */
  readonly live: boolean;
  subscribe(table: string, listener: ChangeListener): () => void;
  /** Reports a change made by this process: one row, or (without `id`) possibly any row of the table. */
  changedHere(table: string, id?: string): void;
}

export interface ChangeFeedSource extends ChangeFeed {
  /** A notification payload as the trigger sends it: `<table>:<id>`. */
  receive(payload: string): void;
  setLive(live: boolean): void;
}

export function createChangeFeed(initiallyLive: boolean): ChangeFeedSource {
  const listeners = new Map<string, Set<ChangeListener>>();
  let live = initiallyLive;

  const resetAll = () => {
    for (const set of listeners.values()) for (const listener of set) listener.reset();
  };
  const dispatch = (table: string, id: string | undefined) => {
    const set = listeners.get(table);
    if (!set) return;
    for (const listener of set) {
      if (id === undefined) listener.reset();
      else listener.changed(id);
    }
  };

  return {
    get live() {
      return live;
    },
    subscribe(table, listener) {
      let set = listeners.get(table);
      if (!set) listeners.set(table, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    changedHere: dispatch,
    receive(payload) {
      const separator = payload.indexOf(":");
      if (separator <= 0) return;
      dispatch(payload.slice(0, separator), payload.slice(separator + 1));
    },
    setLive(next) {
      if (next === live) return;
      live = next;
      // Going down: what the caches hold may go stale unnoticed. Coming back: changes may have been missed.
      resetAll();
    },
  };
}
