/**
 * Which of a visitor's `typing` events reach the agents: a visitor cannot flood the agents' screens. A
 * `typing` true is forwarded when the session was not typing, or again once `intervalMs` passed since the
 * last one forwarded (a keep-alive: screens drop a mark that is not renewed); a `typing` false only after a
 * forwarded true. Only sessions that are typing are held, so the map stays as small as the typists.
 */
export interface TypingThrottle {
  /** Whether this event of the session goes to the agents (and it is then counted as forwarded). */
  admit(sessionId: string, typing: boolean): boolean;
  /** The session's sockets are gone (or it sent a message): it is no longer typing. */
  forget(sessionId: string): void;
}

export function createTypingThrottle(intervalMs: number, now: () => number = Date.now): TypingThrottle {
  const typingSince = new Map<string, number>();
  return {
    admit(sessionId, typing) {
      const last = typingSince.get(sessionId);
      if (!typing) return typingSince.delete(sessionId);
      const time = now();
      if (last !== undefined && time - last < intervalMs) return false;
      typingSince.set(sessionId, time);
      return true;
    },
    forget(sessionId) {
      typingSince.delete(sessionId);
    },
  };
}
