import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle, Db } from "../../platform/db/db";
import { openTestDatabase } from "../../test/database";
import { claimsOf } from "../accounts/service";
import { insertUser, type UserRecord } from "./repository";
import { createSessionUsers } from "./session-cache";

let handle: DatabaseHandle;
let user: UserRecord;
let queries = 0;
let db: Db;

beforeAll(async () => {
  handle = await openTestDatabase();
  // The real database, with the statements this test's cache sends counted.
  db = { ...handle.db, query: (sql, params) => (queries++, handle.db.query(sql, params)) };
  user = await insertUser(handle.db, {
    customerId: null,
    email: "session@example.test",
    username: "session@example.test",
    firstname: "S",
    lastname: "Ession",
    passwordHash: "x",
    role: "admin",
  });
});
afterAll(async () => {
  await handle?.close();
});

/** Raises the token version without firing the change trigger, as if the notification were still on its way. */
async function revokeUnheard(id: string) {
  await handle.db.transaction(async (tx) => {
    await tx.exec("SET LOCAL session_replication_role = replica");
    await tx.query("UPDATE users SET token_version = token_version + 1 WHERE id = $1", [id]);
  });
}

describe("session users", () => {
  it("reads the user behind a token once, then from memory", async () => {
    const sessions = createSessionUsers(db);
    queries = 0;
    expect((await sessions.userFor(claimsOf(user)))?.id).toBe(user.id);
    expect((await sessions.userFor(claimsOf(user)))?.id).toBe(user.id);
    expect(queries).toBe(1);
  });

  it("reads again for a token newer than the cached user (issued by another instance after a change)", async () => {
    const sessions = createSessionUsers(db);
    await sessions.userFor(claimsOf(user));
    await revokeUnheard(user.id);
    queries = 0;
    const fresh = await sessions.userFor({ ...claimsOf(user), version: user.token_version + 1 });
    expect(fresh?.token_version).toBe(user.token_version + 1);
    expect(queries).toBe(1);
  });
});
