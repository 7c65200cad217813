import { describe, expect, it } from "vitest";
import type { UserRecord } from "./repository";
import { cachedSessionUser, forgetSessionUser, rememberSessionUser } from "./session-cache";

const user = {
  id: "7d1f0c5e-0000-4000-8000-000000000001",
  role: "customer",
  customer_id: "7d1f0c5e-0000-4000-8000-0000000000c1",
  token_version: 2,
} as UserRecord;
const claims = { userId: user.id, role: "customer" as const, customerId: user.customer_id, version: 2 };

describe("session cache", () => {
  it("serves a user only while it agrees with the token and is fresh", () => {
    const now = 1_000_000;
    rememberSessionUser(user, now);
    expect(cachedSessionUser(claims, now + 1)).toBe(user);
    expect(cachedSessionUser({ ...claims, version: 3 }, now + 1)).toBeUndefined();
    rememberSessionUser(user, now);
    expect(cachedSessionUser({ ...claims, customerId: "7d1f0c5e-0000-4000-8000-0000000000c2" }, now + 1)).toBeUndefined();
    rememberSessionUser(user, now);
    expect(cachedSessionUser(claims, now + 60_000)).toBeUndefined();
    rememberSessionUser(user, now);
    forgetSessionUser(user.id);
    expect(cachedSessionUser(claims, now + 1)).toBeUndefined();
  });
});
