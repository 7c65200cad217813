/**
 * The chat notifications' one statement: who gets one, the duplicate rule (same last text and configuration),
 * and one id per event with each recipient's own read and hidden state.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { addChatNotifications, hideNotification, listNotifications, markAllNotificationsRead, markNotification } from "./notifications";

let ctx: TestContext;
let tenant: Tenant;
let other: Tenant;
let agents: string[];
let otherAgent: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx, "Notified");
  other = await createTenant(ctx, "Elsewhere");
  agents = [];
  for (let index = 0; index < 3; index += 1) agents.push((await ctx.createUser({ role: "customer", customerId: tenant.customerId })).user.id);
  otherAgent = (await ctx.createUser({ role: "customer", customerId: other.customerId })).user.id;
});
afterAll(async () => {
  await ctx?.close();
});

async function conversation(of: Tenant, manual: boolean): Promise<string> {
  const rows = await ctx.database.db.query<{ id: string }>(
    "INSERT INTO conversations (configuration_id, session_id, language, is_manual, is_locked) VALUES ($1, $2, 'en', $3, $3) RETURNING id",
    [of.configurationId, randomUUID().replaceAll("-", ""), manual],
  );
  return rows[0]!.id;
}

const list = (userId: string, configurationId: string | null = tenant.configurationId) =>
  listNotifications(ctx.database.db, userId, { unreadOnly: false, configurationId, limit: 50 });

describe("chat notifications", () => {
  it("go to the configuration's agents under one id, each with their own read and hidden state", async () => {
    const taken = await conversation(tenant, true);
    const added = await addChatNotifications(ctx.database.db, taken, "<p>Where is my parcel?</p>");
    expect(added).toBeDefined();
    expect([...added!.userIds].sort()).toEqual([...agents].sort());
    expect(added!.notification).toMatchObject({ type: "chat", message: "Where is my parcel?", configurationId: tenant.configurationId, isRead: false, session_id: null });
    for (const agent of agents) expect((await list(agent)).data[0]).toEqual(added!.notification);
    expect((await list(otherAgent, null)).data).toEqual([]);

    const [first, second, third] = agents as [string, string, string];
    const id = added!.notification.id;
    expect(await markNotification(ctx.database.db, first, id, true)).toMatchObject({ id, isRead: true });
    await hideNotification(ctx.database.db, second, id);
    expect((await list(first)).data[0]).toMatchObject({ id, isRead: true });
    expect((await list(second)).data.map((notification) => notification.id)).not.toContain(id);
    expect((await list(third)).data[0]).toMatchObject({ id, isRead: false });
    expect(await markAllNotificationsRead(ctx.database.db, third, tenant.configurationId)).toBeGreaterThanOrEqual(1);
    expect((await list(third)).unread).toBe(0);
    expect((await list(first)).data[0]).toMatchObject({ id, isRead: true });
    await expect(markNotification(ctx.database.db, otherAgent, id, true)).rejects.toMatchObject({ code: "not_found" });
  });

  it("suppress the same last text of the configuration, in any of its conversations, and only that", async () => {
    const one = await conversation(tenant, true);
    const two = await conversation(tenant, true);
    const elsewhere = await conversation(other, true);
    expect(await addChatNotifications(ctx.database.db, one, "Hello?")).toBeDefined();
    expect(await addChatNotifications(ctx.database.db, two, "Hello?")).toBeUndefined();
    // Another configuration's last text is its own.
    expect(await addChatNotifications(ctx.database.db, elsewhere, "Hello?")).toBeDefined();
    expect(await addChatNotifications(ctx.database.db, one, "Anyone?")).toBeDefined();
    expect(await addChatNotifications(ctx.database.db, one, "Hello?")).toBeDefined();
    const texts = (await list(agents[0]!)).data.map((notification) => notification.message);
    expect(texts.slice(0, 3)).toEqual(["Hello?", "Anyone?", "Hello?"]);
  });

  it("notify once for two equal texts at the same time, and never for a conversation no agent has taken over", async () => {
    const taken = await conversation(tenant, true);
    const both = await Promise.all([addChatNotifications(ctx.database.db, taken, "At once"), addChatNotifications(ctx.database.db, taken, "At once")]);
    expect(both.filter((added) => added !== undefined)).toHaveLength(1);

    const assistants = await conversation(tenant, false);
    expect(await addChatNotifications(ctx.database.db, assistants, "Not taken over")).toBeUndefined();
    // Not a duplicate afterwards either: nothing was recorded for it.
    expect(await addChatNotifications(ctx.database.db, taken, "Not taken over")).toBeDefined();
  });
});
