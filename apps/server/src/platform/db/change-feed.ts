/**
 * Which rows changed, for the read caches of this process.
 *
 * Tables with cached reads carry triggers (migrations/002) that send `pg_notify('parley_changes_<schema>',
 * '<table>:<id>')` for every updated or deleted row, and `'<table>'` after a TRUNCATE. PostgreSQL
 * delivers them when the transaction commits, to every instance listening on the database, whichever
 * code path or cascade changed the row. The writing instance also reports its own writes with
 * `changedHere` as soon as they are committed, so a client reading right after its own write never
 * gets the old row from this process. Another instance may answer the old row until the notification
 * reaches it, a moment after the commit.
 *
 * While the feed cannot promise to hear every change (the listening connection is down or silent), it
 * is not `live`: caches then answer from the database and keep nothing. When it comes back, everything
 * the caches hold is dropped, because changes may have been missed in between.
 */
/**
 * The channel of one schema's changes: instances (or test runs) using other schemas of the same
 * database do not hear each other. The triggers build the same name from TG_TABLE_SCHEMA.
 */
export function changeChannel(schema = "public"): string {
  return `parley_changes_${schema}`;
}

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
  /** A notification payload as the triggers send it: `<table>:<id>`, or `<table>` after a TRUNCATE. */
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
      if (separator < 0) dispatch(payload, undefined);
      else if (separator > 0) dispatch(payload.slice(0, separator), payload.slice(separator + 1));
    },
    setLive(next) {
      if (next === live) return;
      live = next;
      // Going down: what the caches hold may go stale unnoticed. Coming back: changes may have been missed.
      resetAll();
    },
  };
}
