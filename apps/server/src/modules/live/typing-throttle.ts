/**
 * Which typing marks are passed on (a visitor's to the agents, an agent's to the visitor), so that nobody can
 * flood the other side. A `typing` true goes at most once per `intervalMs` per key — also after a stop, so
 * alternating true and false is no way around it; a true that arrives too soon is dropped, and the screens
 * keep showing the mark from the last one. A `typing` false goes only after a forwarded true. Keys whose
 * last start is long past and who are not typing are dropped as later marks come, so the map holds only
 * recent typists (a key whose socket vanished mid-typing too).
 */
export interface TypingThrottle {
  /** Whether this mark of the key goes on (and it is then counted as forwarded). */
  admit(key: string, typing: boolean): boolean;
  /**
   * Starts afresh: the key sent a message (which has its own limit), or the mark admitted was refused after
   * all (not the sender's conversation). Its next start goes at once, and no stop is owed.
   */
  reset(key: string): void;
}

/** How long after its last start a key is kept at most (a typist's mark has long expired by then). */
const keptIntervals = 30;

export function createTypingThrottle(intervalMs: number, now: () => number = Date.now): TypingThrottle {
  const keys = new Map<string, { lastStart: number; typing: boolean }>();
  let lastSweep = now();

  function sweep(time: number) {
    if (time - lastSweep < intervalMs * keptIntervals) return;
    lastSweep = time;
    for (const [key, state] of keys) {
      if (time - state.lastStart >= intervalMs * keptIntervals) keys.delete(key);
    }
  }

  return {
    admit(key, typing) {
      const time = now();
      sweep(time);
      const state = keys.get(key);
      if (!typing) {
        if (!state?.typing) return false;
        state.typing = false;
        return true;
      }
      if (state && time - state.lastStart < intervalMs) return false;
      keys.set(key, { lastStart: time, typing: true });
      return true;
    },
    reset(key) {
      keys.delete(key);
    },
  };
}
