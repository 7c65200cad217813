/** The part of the Web Storage API the client uses; `window.localStorage` fits. */
export interface SessionStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const sessionIdStorageKey = "parley.sessionId";

/**
 * The `X-Session-Id` of this browser: read from storage, or created once (a random UUID) and kept there.
 * Without storage, or when storage refuses (private browsing, quota), the id lives in memory only.
 */
export function resolveSessionId(storage: SessionStorageLike | null | undefined): string {
  const stored = readStored(storage);
  if (stored) return stored;
  const created = globalThis.crypto.randomUUID();
  try {
    storage?.setItem(sessionIdStorageKey, created);
  } catch {
    // Keeping the id in memory is enough for this page's lifetime.
  }
  return created;
}

function readStored(storage: SessionStorageLike | null | undefined): string | null {
  try {
    const value = storage?.getItem(sessionIdStorageKey);
    return value && value.trim() !== "" ? value : null;
  } catch {
    return null;
  }
}
