import type { TokenClaims } from "../../platform/auth/jwt";
import type { UserRecord } from "./repository";

/**
 * The users behind recently checked tokens, so an authenticated request costs one query less.
 * An entry is used only while it agrees with the token (same role, customer and token version; a
 * token issued after a change always carries the new values) and for at most `ttlMs`. Changes made
 * by this process drop the entry at once; another instance sees a disabled account within `ttlMs`.
 */
const ttlMs = 3_000;
const maxEntries = 10_000;
const entries = new Map<string, { user: UserRecord; until: number }>();

export function cachedSessionUser(claims: TokenClaims, now = Date.now()): UserRecord | undefined {
  const entry = entries.get(claims.userId);
  if (!entry) return undefined;
  const { user } = entry;
  if (
    entry.until <= now ||
    user.token_version !== claims.version ||
    user.role !== claims.role ||
    user.customer_id !== claims.customerId
  ) {
    entries.delete(claims.userId);
    return undefined;
  }
  return user;
}

export function rememberSessionUser(user: UserRecord, now = Date.now()): void {
  if (entries.size >= maxEntries) entries.clear();
  entries.set(user.id, { user, until: now + ttlMs });
}

export function forgetSessionUser(userId: string): void {
  entries.delete(userId);
}

/** After changes to many users at once (a customer deleted with its users). */
export function forgetAllSessionUsers(): void {
  entries.clear();
}
