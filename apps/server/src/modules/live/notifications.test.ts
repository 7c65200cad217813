/**
 * The notifications stored once per event (migration 016): who sees one (the configuration's customer's users
 * and the admins, none created after it, nobody of another tenant), the duplicate rule (same last text and
 * configuration), and each user's own read, unread and hidden state.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { readConversationSince } from "../conversations/repository";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { addAlertNotifications, chatNotificationOf, hideNotification, listNotifications, markAllNotificationsRead, markNotification, type AddedNotification } from "./notifications";

/**
 * A chat notification of a visitor's message in a statement of its own: the product writes `chatNotificationOf`'s
 * expressions inside the statement that stores the message (conversations repository), these tests alone.
 */
async function addChatNotifications(db: Db, conversationId: string, text: string): Promise<AddedNotification | undefined> {
  const chat = chatNotificationOf(text, "$1::uuid", 2);
  const row = await queryOne<{ event: unknown }>(db, `WITH ${chat.with} SELECT ${chat.select} AS event`, [conversationId, ...chat.params]);
  return chat.result(row?.event);
}

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

describe("alert notifications", () => {
  it("are stored once per configuration and conversation, however often they fire", async () => {
    const session = randomUUID().replaceAll("-", "");
    const first = await addAlertNotifications(ctx.database.db, tenant.configurationId, session, "I have a complaint about my order please", "Notified");
    expect(first?.notification).toMatchObject({ type: "alert", message: "I have a complaint about...", sender: "Notified", session_id: session, color: "error" });
    expect(await addAlertNotifications(ctx.database.db, tenant.configurationId, session, "again", "Notified")).toBeUndefined();
    for (const agent of agents) expect((await list(agent)).data.filter((notification) => notification.session_id === session)).toHaveLength(1);
    expect((await list(otherAgent, null)).data.filter((notification) => notification.session_id === session)).toEqual([]);
  });
});

describe("chat notifications", () => {
  it("go to the configuration's agents under one id, each with their own read and hidden state", async () => {
    const taken = await conversation(tenant, true);
    const added = await addChatNotifications(ctx.database.db, taken, "<p>Where is my parcel?</p>");
    expect(added).toBeDefined();
    expect(added!.customerId).toBe(tenant.customerId);
    // One row for the event, none per recipient.
    expect(await ctx.database.db.query("SELECT id FROM notification_events WHERE id = $1", [added!.notification.id])).toHaveLength(1);
    expect(await ctx.database.db.query("SELECT user_id FROM notification_states WHERE notification_id = $1", [added!.notification.id])).toEqual([]);
    // The conversation's session, so the portal opens it from the notification.
    const [{ session_id: session }] = (await ctx.database.db.query<{ session_id: string }>("SELECT session_id FROM conversations WHERE id = $1", [taken])) as [{ session_id: string }];
    expect(added!.notification).toMatchObject({ type: "chat", message: "Where is my parcel?", configurationId: tenant.configurationId, isRead: false, session_id: session });
    for (const agent of agents) expect((await list(agent)).data[0]).toEqual(added!.notification);
    expect((await list(otherAgent, null)).data).toEqual([]);
    // One stored before chat notifications had their conversation's session still lists, without one.
    await ctx.database.db.query("UPDATE notification_events SET session_id = NULL WHERE id = $1", [added!.notification.id]);
    expect((await list(agents[0]!)).data[0]).toEqual({ ...added!.notification, session_id: null });
    await ctx.database.db.query("UPDATE notification_events SET session_id = $2 WHERE id = $1", [added!.notification.id, session]);

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
    await expect(hideNotification(ctx.database.db, otherAgent, id)).rejects.toMatchObject({ code: "not_found" });
    // A hidden one is not found for its user any more, and stays as it was for the others.
    await expect(markNotification(ctx.database.db, second, id, true)).rejects.toMatchObject({ code: "not_found" });
    await expect(hideNotification(ctx.database.db, second, id)).rejects.toMatchObject({ code: "not_found" });
    expect(await markNotification(ctx.database.db, first, id, false)).toMatchObject({ id, isRead: false });
    expect((await list(first)).data[0]).toMatchObject({ id, isRead: false });
    expect((await list(third)).data[0]).toMatchObject({ id, isRead: true });
    // Only the users who changed something have a state row.
    const states = await ctx.database.db.query<{ user_id: string }>("SELECT user_id FROM notification_states WHERE notification_id = $1 ORDER BY user_id", [id]);
    expect(states.map((state) => state.user_id)).toEqual([first, second, third].sort());
  });

  it("reach the admins too, but no user created after the event, and no user of another customer", async () => {
    const admin = (await ctx.createUser({ role: "admin" })).user.id;
    const taken = await conversation(tenant, true);
    const elsewhere = await conversation(other, true);
    const ours = await addChatNotifications(ctx.database.db, taken, "Before the newcomer");
    const theirs = await addChatNotifications(ctx.database.db, elsewhere, "Bravo's visitor");
    const newcomer = (await ctx.createUser({ role: "customer", customerId: tenant.customerId })).user.id;
    const later = (await ctx.createUser({ role: "admin" })).user.id;
    const after = await addChatNotifications(ctx.database.db, taken, "After the newcomer");

    const adminIds = (await list(admin, null)).data.map((notification) => notification.id);
    expect(adminIds).toEqual(expect.arrayContaining([ours!.notification.id, theirs!.notification.id, after!.notification.id]));
    expect((await list(newcomer)).data.map((notification) => notification.id)).toEqual([after!.notification.id]);
    expect((await list(newcomer)).unread).toBe(1);
    expect((await list(later, null)).data.map((notification) => notification.id)).toEqual([after!.notification.id]);
    await expect(markNotification(ctx.database.db, newcomer, ours!.notification.id, true)).rejects.toMatchObject({ code: "not_found" });
    expect(await markAllNotificationsRead(ctx.database.db, newcomer, null)).toBe(1);

    // Another tenant's users never see ours, and ours never see theirs, by list or by id.
    expect((await list(otherAgent, null)).data.map((notification) => notification.id)).not.toContain(ours!.notification.id);
    for (const agent of agents) {
      const seen = await listNotifications(ctx.database.db, agent, { unreadOnly: false, configurationId: null, limit: 50 });
      expect(seen.data.map((notification) => notification.id)).not.toContain(theirs!.notification.id);
      await expect(markNotification(ctx.database.db, agent, theirs!.notification.id, true)).rejects.toMatchObject({ code: "not_found" });
      await expect(hideNotification(ctx.database.db, agent, theirs!.notification.id)).rejects.toMatchObject({ code: "not_found" });
    }
    // Marking all read of our configuration touches nothing of theirs.
    expect(await markAllNotificationsRead(ctx.database.db, agents[0]!, null)).toBeGreaterThanOrEqual(2);
    expect((await list(otherAgent, null)).data.find((notification) => notification.id === theirs!.notification.id)).toMatchObject({ isRead: false });
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

  it("show the start of a long message cut by whole characters, live and stored the same", async () => {
    const taken = await conversation(tenant, true);
    const text = `${"a".repeat(196)}\u{1F600}\u{1F600}\u{1F600} and more`;
    const added = await addChatNotifications(ctx.database.db, taken, text);
    const start = `${"a".repeat(196)}\u{1F600}...`;
    expect(added?.notification.message).toBe(start);
    expect((await list(agents[0]!)).data.find((notification) => notification.id === added?.notification.id)?.message).toBe(start);
  });

  it("notify once for two equal texts at the same time, and never for a conversation no agent has taken over", async () => {
    const taken = await conversation(tenant, true);
    const both = await Promise.all([addChatNotifications(ctx.database.db, taken, "At once"), addChatNotifications(ctx.database.db, taken, "At once")]);
    expect(both.filter((added) => added !== undefined)).toHaveLength(1);

    // The same through the live update's read (the notification written by the read's statement), in two
    // conversations of the configuration at once.
    const [one, two] = [await conversation(tenant, true), await conversation(tenant, true)];
    const chats = [chatNotificationOf("Read at once", "$1::uuid", 3), chatNotificationOf("Read at once", "$1::uuid", 3)] as const;
    const reads = await Promise.all([readConversationSince(ctx.database.db, one, 0, chats[0]), readConversationSince(ctx.database.db, two, 0, chats[1])]);
    const notified = reads.map((read, index) => chats[index]!.result(read?.also));
    expect(notified.filter((added) => added !== undefined)).toHaveLength(1);
    expect(notified.find((added) => added !== undefined)!.notification).toMatchObject({ type: "chat", message: "Read at once", configurationId: tenant.configurationId });
    expect(reads.map((read) => read?.conversation.is_manual)).toEqual([true, true]);
    expect(await ctx.database.db.query("SELECT id FROM notification_events WHERE message = 'Read at once'")).toHaveLength(1);

    const assistants = await conversation(tenant, false);
    expect(await addChatNotifications(ctx.database.db, assistants, "Not taken over")).toBeUndefined();
    // Not a duplicate afterwards either: nothing was recorded for it.
    expect(await addChatNotifications(ctx.database.db, taken, "Not taken over")).toBeDefined();
  });
});
