/**
 * Migration 016 moves the per-recipient notifications (one row per user, one id per event) to one row per
 * event with per-user state: nobody gains or loses a notification, and each user's read and hidden state stays.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listNotifications } from "../../modules/live/notifications";
import { createConfiguration } from "../../test/fixture";
import { migrateBefore } from "../../test/migrations";
import type { DatabaseHandle } from "./db";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite();
});
afterAll(async () => {
  await handle?.close();
});

async function user(customerId: string | null, role: "admin" | "customer", createdAt: string): Promise<string> {
  const rows = await handle.db.query<{ id: string }>(
    "INSERT INTO users (customer_id, email, username, password_hash, role, created_at) VALUES ($1, $2, $2, 'x', $3, $4) RETURNING id",
    [customerId, `${role}-${Math.random().toString(36).slice(2)}@example.test`, role, createdAt],
  );
  return rows[0]!.id;
}

describe("migration 016", () => {
  it("keeps every user's notifications and their read and hidden state", async () => {
    const all = await migrateBefore(handle, "016");

    const [customer] = await handle.db.query<{ id: string }>("INSERT INTO customers (name) VALUES ('Old') RETURNING id");
    const [stranger] = await handle.db.query<{ id: string }>("INSERT INTO customers (name) VALUES ('Other') RETURNING id");
    const configuration = await createConfiguration(handle.db, customer!.id, "old-assistant");
    const early = "2026-11-01T10:00:00Z";
    const [reader, hider, untouched, missing, admin] = [
      await user(customer!.id, "customer", early),
      await user(customer!.id, "customer", early),
      await user(customer!.id, "customer", early),
      // Active by the rule but had no row (say, inactive when the event happened): must not gain it.
      await user(customer!.id, "customer", early),
      await user(null, "admin", early),
    ];
    const other = await user(stranger!.id, "customer", early);
    const event = "6f1d8c2a-3b4e-4f5a-8b6c-7d8e9f0a1b2c";
    for (const [userId, isRead, hidden] of [
      [reader, true, false],
      [hider, false, true],
      [untouched, false, false],
      [admin, false, false],
    ] as const) {
      await handle.db.query(
        "INSERT INTO notifications (id, user_id, configuration_id, type, message, is_read, hidden, created_at) VALUES ($1, $2, $3, 'chat', 'Old news', $4, $5, '2026-11-02T10:00:00Z')",
        [event, userId, configuration, isRead, hidden],
      );
    }

    expect(await migrate(handle)).toEqual(all.filter((file) => file >= "016"));
    expect(await handle.db.query("SELECT id FROM notification_events")).toEqual([{ id: event }]);
    const seen = async (userId: string) => (await listNotifications(handle.db, userId, { unreadOnly: false, configurationId: null, limit: 50 })).data;
    expect(await seen(reader)).toMatchObject([{ id: event, isRead: true, message: "Old news" }]);
    expect(await seen(hider)).toEqual([]);
    expect(await seen(untouched)).toMatchObject([{ id: event, isRead: false }]);
    expect(await seen(admin)).toMatchObject([{ id: event, isRead: false }]);
    expect(await seen(missing)).toEqual([]);
    expect(await seen(other)).toEqual([]);
    expect(await handle.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'notifications'")).toEqual([]);
  });
});
