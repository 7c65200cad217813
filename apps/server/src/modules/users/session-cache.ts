import type { TokenClaims } from "../../platform/auth/jwt";
import type { Db } from "../../platform/db/db";
import { createRowCache } from "../../platform/db/row-cache";
import { identityScope } from "../tenancy";
import { findUserById, type UserRecord } from "./repository";

/**
 * The users behind tokens, so an authenticated request costs no query. Entries are dropped through the
 * change feed when the user row changes in any instance (disabled, password reset, moved customer).
 * A token issued after a change in another instance may arrive here before the notification does; a
 * cached user that disagrees with such a token (role, customer or token version) is read again.
 */
export function createSessionUsers(db: Db) {
  // Short-lived on top of the feed: should a notification ever be missed, a disabled account or a
  // revoked token would still be refused within seconds.
  const users = createRowCache<UserRecord>({ table: "users", changes: db.changes, ttlMs: 10_000 });
  const agrees = (user: UserRecord, claims: TokenClaims) =>
    user.token_version === claims.version && user.role === claims.role && user.customer_id === claims.customerId;

  return {
    async userFor(claims: TokenClaims): Promise<UserRecord | undefined> {
      const user = await users.read(claims.userId, () => findUserById(db, identityScope, claims.userId));
      if (!user || agrees(user, claims)) return user;
      return findUserById(db, identityScope, claims.userId);
    },
  };
}
