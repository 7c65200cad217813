/**
 * The agents' /live namespace over a real listening server, with socket.io-client on both sides: agents on
 * /live, visitors on /chat. Every payload the server sends is checked against the AsyncAPI.
 */
import type { AddressInfo } from "node:net";
import { agentJoinedText, assistantTexts, errorMessages } from "@parley/domain";
import { SignJWT } from "jose";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { unsafeTextMessage } from "../../platform/http/request-text";
import { payloadCheck } from "../../platform/sockets/events";
import { maxAgentNoteLength } from "@parley/domain/live";
import { agentsOnline } from "./presence";
import { maxAgentEventsInHandling, maxAgentSockets } from "./live-socket";
import { insertReply } from "../conversations/repository";
import { alertNotificationText } from "./notifications";
import { loadWordFrequencies } from "../assistant/faq-matching/word-frequency";
import { loadWordNet } from "../assistant/faq-matching/wordnet";

let ctx: TestContext;
let url: string;

interface Agent {
  token: string;
  userId: string;
  tenant: Tenant;
}

let alpha: Tenant;
let bravo: Tenant;
let agentA: Agent;
let agentA2: Agent;
let agentB: Agent;

/** Changes settings of a tenant's configuration, straight in the database. */
async function configure(tenant: Tenant, settings: Record<string, unknown>) {
  await ctx.database.db.query("UPDATE configurations SET settings = settings || $2::jsonb WHERE id = $1", [tenant.configurationId, JSON.stringify(settings)]);
}

async function tenantWithAgents(label: string, count: number): Promise<{ tenant: Tenant; agents: Agent[] }> {
  const tenant = await createTenant(ctx, label);
  await configure(tenant, { language: "en", include_manual_dataset: true, use_alert_triggers: true, alert_trigger_keywords: ["complaint"] });
  const agents: Agent[] = [];
  for (let index = 0; index < count; index += 1) {
    const { user, token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    agents.push({ token, userId: user.id, tenant });
  }
  return { tenant, agents };
}

beforeAll(async () => {
  // As the server does at start-up: the first visitor message of a test must not wait for the matcher's data.
  loadWordNet();
  loadWordFrequencies("en");
  ctx = await createTestContext({ chatLimits: false });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const a = await tenantWithAgents("Alpha", 2);
  const b = await tenantWithAgents("Bravo", 1);
  alpha = a.tenant;
  bravo = b.tenant;
  [agentA, agentA2] = a.agents as [Agent, Agent];
  [agentB] = b.agents as [Agent];
});
afterAll(async () => {
  await ctx?.close();
});

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

type Event = { name: string; payload: unknown };

const checks: Record<string, (payload: unknown) => string | null> = {
  initial_conversations: payloadCheck("initialConversations"),
  conversation_update: payloadCheck("conversationUpdate"),
  notification: payloadCheck("notification"),
  config_cleared: payloadCheck("configCleared"),
  config_clear_error: payloadCheck("configClearError"),
  session: payloadCheck("session"),
  agent_message: payloadCheck("agentMessage"),
  assistant_message: payloadCheck("assistantMessage"),
  visitor_typing: payloadCheck("visitorTypingToAgents"),
  typing: payloadCheck("typingToVisitor"),
};

/** Records every event, failing on one whose payload is not the contract's. */
function record(socket: Socket): Event[] {
  const events: Event[] = [];
  socket.onAny((name: string, payload: unknown) => {
    const check = checks[name];
    if (check) expect(check(payload), `${name} ${JSON.stringify(payload).slice(0, 300)}`).toBeNull();
    events.push({ name, payload });
  });
  return events;
}

interface LiveConversation {
  session_id: string;
  id: string;
  configuration_id: string;
  status: string;
  is_locked: boolean;
  is_manual: boolean;
  is_test: boolean;
  taken_over_by: string | null;
  emitted_by: string | null;
  notification_type: string | null;
  notification?: { id: string; type: string; message: string; configurationId: string; isRead: boolean };
  alert_triggered?: boolean;
  newUserMessages?: number;
  messages: { id: string; role: string; content: string; agent_name?: string | null }[];
}

async function connectAgent(agent: { token: string }, query: Record<string, string> = {}) {
  const socket = io(`${url}/live`, {
    path: "/socket.io",
    transports: ["websocket"],
    query: { token: agent.token, firstname: "Anna", lastname: "Agent", ...query },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const events = record(socket);
  const initial = await new Promise<LiveConversation[]>((resolve, reject) => {
    socket.once("initial_conversations", resolve);
    socket.once("connect_error", reject);
  });
  return { socket, events, initial };
}

function refusal(query: Record<string, string>): Promise<{ message: string }> {
  const socket = io(`${url}/live`, { path: "/socket.io", transports: ["websocket"], query, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect_error", resolve);
    socket.once("connect", () => reject(new Error("connected")));
  });
}

async function connectVisitor(tenant: Tenant, sessionId?: string, testTicket?: string) {
  const socket = io(`${url}/chat`, {
    path: "/socket.io",
    transports: ["websocket"],
    query: { configuration_id: tenant.configurationId, ...(sessionId ? { session_id: sessionId } : {}), ...(testTicket ? { test_ticket: testTicket } : {}) },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const events = record(socket);
  const session = await new Promise<{ session_id: string; messages: { id: string; role: string; content: string }[] }>((resolve, reject) => {
    socket.once("session", resolve);
    socket.once("connect_error", reject);
  });
  return { socket, events, session };
}

const say = (socket: Socket, message: string, clientMessageId?: string) =>
  socket.timeout(5_000).emitWithAck("visitor_message", { message, ...(clientMessageId ? { client_message_id: clientMessageId } : {}) }) as Promise<{
    status: string;
    handled_by?: string;
    session_id: string;
  }>;

const ackCheck = payloadCheck("ack");
async function act(socket: Socket, event: string, payload: unknown): Promise<Record<string, unknown>> {
  const answer = (await socket.timeout(5_000).emitWithAck(event, payload)) as Record<string, unknown>;
  expect(ackCheck(answer), JSON.stringify(answer)).toBeNull();
  return answer;
}

const named = (events: Event[], name: string) => events.filter((event) => event.name === name).map((event) => event.payload);
const updatesOf = (events: Event[], sessionId: string) => (named(events, "conversation_update") as LiveConversation[]).filter((update) => update.session_id === sessionId);

async function waitFor<T>(read: () => T[], count = 1, timeout = 5_000): Promise<T[]> {
  await expect.poll(() => read().length, { timeout }).toBeGreaterThanOrEqual(count);
  return read();
}

const quiet = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

async function conversationRow(sessionId: string) {
  const rows = await ctx.database.db.query<{ status: string; is_locked: boolean; is_manual: boolean; taken_over_by: string | null; messages: number }>(
    `SELECT status, is_locked, is_manual, taken_over_by, (SELECT count(*)::int FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
       FROM conversations c WHERE session_id = $1`,
    [sessionId],
  );
  return rows[0];
}

async function historyOf(tenant: Tenant, sessionId: string) {
  const response = await ctx.app.inject({ method: "GET", url: `/api/widget/${tenant.configurationId}/history?session_id=${sessionId}` });
  expectToMatchContract("getWidgetHistory", response);
  return (response.json() as { data: { role: string; content: string; agent_name?: string | null }[] }).data;
}

/** A visitor of the tenant with one answered message, and the agent's socket watching it. */
async function visitorWithConversation(tenant: Tenant, text = "Alpha?") {
  const visitor = await connectVisitor(tenant);
  const ack = await say(visitor.socket, text);
  expect(ack.status).toBe("success");
  await waitFor(() => named(visitor.events, "assistant_message").filter((payload) => (payload as { done: boolean }).done));
  return { ...visitor, sessionId: ack.session_id };
}

describe("connecting to /live", () => {
  it("refuses a missing or invalid token, and a customerId that is not the token's", async () => {
    expect((await refusal({})).message).toBe("authentication_required");
    expect((await refusal({ token: "not-a-token" })).message).toBe("invalid_token");
    expect((await refusal({ token: agentA.token, customerId: bravo.customerId })).message).toBe("forbidden");
    const { socket } = await connectAgent(agentA, { customerId: alpha.customerId });
    expect(socket.connected).toBe(true);
  });

  it("acts no more, and closes, once the agent's user is deactivated or its token revoked after connecting", async () => {
    const visitor = await visitorWithConversation(alpha);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    for (const revoke of ["UPDATE users SET status = 'inactive' WHERE id = $1", "UPDATE users SET token_version = token_version + 1 WHERE id = $1"]) {
      const { user, token } = await ctx.createUser({ role: "customer", customerId: alpha.customerId });
      const acting = await connectAgent({ token });
      const watching = await connectAgent({ token });
      expect(await act(acting.socket, "set_agent_note", { ...target, agent_note: "Before" })).toMatchObject({ status: "success" });
      await ctx.database.db.query(revoke, [user.id]);
      // Once the server has heard of the change (its HTTP calls refuse the token), an event is refused or meets the
      // closed connection, and the socket that sends nothing is closed too.
      await expect.poll(async () => (await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: bearer(token) })).statusCode).toBe(401);
      const refused = { status: "error", code: "invalid_token" };
      const gone = new Promise((resolve) => acting.socket.once("disconnect", () => resolve(refused)));
      const answer = acting.socket.connected
        ? await Promise.race([acting.socket.timeout(5_000).emitWithAck("manual_takeover", { ...target, first_name: "Gone", last_name: "Agent" }), gone])
        : refused;
      expect(answer).toMatchObject({ status: "error", code: "invalid_token" });
      await expect.poll(() => acting.socket.connected || watching.socket.connected, { timeout: 5_000 }).toBe(false);
      expect(await conversationRow(visitor.sessionId)).toMatchObject({ status: "Ongoing", is_manual: false, taken_over_by: null });
    }
    const notes = await ctx.database.db.query<{ agent_note: string | null }>("SELECT agent_note FROM conversations WHERE session_id = $1", [visitor.sessionId]);
    expect(notes[0]!.agent_note).toBe("Before");
    expect((await historyOf(alpha, visitor.sessionId)).map((message) => message.role)).toEqual(["user", "assistant"]);
    // A colleague's change of their own row closes nothing of another agent.
    const staying = await connectAgent(agentA);
    await ctx.database.db.query("UPDATE users SET lastname = lastname WHERE id = $1", [agentA2.userId]);
    await ctx.database.db.query("UPDATE users SET lastname = lastname WHERE id = $1", [agentA.userId]);
    await quiet();
    expect(staying.socket.connected).toBe(true);
  });

  it("closes the connection when its token expires, so it receives the conversations no longer", async () => {
    const tenant = await createTenant(ctx, "Golf");
    const { user } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ role: "customer", customerId: tenant.customerId, ver: user.token_version })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("parley")
      .setAudience("parley-portal")
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 2)
      // The test context's signing secret.
      .sign(new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-0123456789"));
    const agent = await connectAgent({ token: shortLived });
    const visitor = await visitorWithConversation(tenant, "Golf?");
    await waitFor(() => updatesOf(agent.events, visitor.sessionId));
    await expect.poll(() => agent.socket.connected, { timeout: 5_000 }).toBe(false);
    const seen = updatesOf(agent.events, visitor.sessionId).length;
    await say(visitor.socket, "Anyone there after the token ran out?");
    await quiet();
    expect(updatesOf(agent.events, visitor.sessionId)).toHaveLength(seen);
    expect((await refusal({ token: shortLived })).message).toBe("invalid_token");
  });

  it("marks a conversation started from the portal's test environment as is_test, a visitor's not", async () => {
    const ticketResponse = await ctx.app.inject({ method: "POST", url: "/api/widget/test-ticket", payload: { configuration_id: alpha.configurationId }, headers: bearer(agentA.token) });
    expect(ticketResponse.statusCode, ticketResponse.body).toBe(200);
    const agent = await connectAgent(agentA);
    const tester = await connectVisitor(alpha, undefined, ticketResponse.json().data.test_ticket as string);
    const testAck = await say(tester.socket, "Testing the assistant");
    const visitor = await visitorWithConversation(alpha, "A real visitor");
    const testUpdates = await waitFor(() => updatesOf(agent.events, testAck.session_id), 2);
    expect(testUpdates.map((update) => update.is_test)).toEqual([true, true]);
    const visitorUpdates = await waitFor(() => updatesOf(agent.events, visitor.sessionId), 2);
    expect(visitorUpdates.every((update) => update.is_test === false)).toBe(true);
    const { initial } = await connectAgent(agentA);
    expect(initial.find((conversation) => conversation.session_id === testAck.session_id)?.is_test).toBe(true);
    expect(initial.find((conversation) => conversation.session_id === visitor.sessionId)?.is_test).toBe(false);
  });

  it("sends the ongoing conversations of the agent's own customer only", async () => {
    const ours = await visitorWithConversation(alpha);
    const theirs = await visitorWithConversation(bravo, "Bravo?");
    const { initial } = await connectAgent(agentA);
    const sessions = initial.map((conversation) => conversation.session_id);
    expect(sessions).toContain(ours.sessionId);
    expect(sessions).not.toContain(theirs.sessionId);
    expect(initial.every((conversation) => conversation.configuration_id === alpha.configurationId && conversation.status === "Ongoing")).toBe(true);
    const mine = initial.find((conversation) => conversation.session_id === ours.sessionId)!;
    expect(mine.messages.map((message) => message.role)).toEqual(["user", "assistant"]);

    // An admin watching only Bravo's configuration sees Bravo's conversation and not Alpha's.
    const admin = await ctx.createUser({ role: "admin" });
    const watching = await connectAgent(admin, { configuration_ids: bravo.configurationId });
    expect(watching.initial.map((conversation) => conversation.session_id)).toContain(theirs.sessionId);
    expect(watching.initial.map((conversation) => conversation.session_id)).not.toContain(ours.sessionId);
  });
});

describe("conversation updates", () => {
  it("tells the configuration's agents of the visitor's message and the assistant's answer, and no other tenant's", async () => {
    const a = await connectAgent(agentA);
    const b = await connectAgent(agentB);
    const visitor = await visitorWithConversation(alpha);
    const updates = await waitFor(() => updatesOf(a.events, visitor.sessionId), 2);
    expect(updates.map((update) => update.emitted_by)).toEqual(["user", "assistant"]);
    expect(updates[0]!.messages.map((message) => message.role)).toEqual(["user"]);
    expect(updates[0]!.newUserMessages).toBe(1);
    expect(updates[1]!.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    await quiet();
    expect(updatesOf(b.events, visitor.sessionId)).toEqual([]);
  });

  it("holds every message of the conversation, in order, also one this instance did not write", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "Agent" });
    const lastUpdate = () => updatesOf(agent.events, visitor.sessionId).at(-1);
    await say(visitor.socket, "first question");
    await expect.poll(() => lastUpdate()?.messages.at(-1)?.content).toBe("first question");
    // As another instance would: stored without this instance hearing of it.
    const conversationId = lastUpdate()!.id;
    await insertReply(ctx.database.db, conversationId, { role: "human_agent", content: "<p>written elsewhere</p>", replyTo: null, agentName: "Bea" });
    await say(visitor.socket, "second question");
    await expect.poll(() => lastUpdate()?.messages.at(-1)?.content).toBe("second question");
    const history = await historyOf(alpha, visitor.sessionId);
    expect(lastUpdate()!.messages.map((message) => `${message.role}:${message.content}`)).toEqual(history.map((message) => `${message.role}:${message.content}`));
    expect(history.map((message) => message.role)).toEqual(["user", "assistant", "system", "user", "human_agent", "user"]);
    expect(lastUpdate()!.newUserMessages).toBe(1);
  });
});

describe("takeover and agent replies", () => {
  it("takes over: the visitor is told in its language, the assistant stays silent, the agent answers live and in the history", async () => {
    const agent = await connectAgent(agentA);
    const colleague = await connectAgent(agentA2);
    const visitor = await visitorWithConversation(alpha);
    const answersBefore = named(visitor.events, "assistant_message").length;

    const taken = await act(agent.socket, "manual_takeover", {
      configuration_id: alpha.configurationId,
      session_id: visitor.sessionId,
      first_name: "Anna",
      last_name: "Agent",
    });
    expect(taken.status).toBe("success");
    expect(taken.conversation).toMatchObject({ is_locked: true, is_manual: true, taken_over_by: agentA.userId });
    const [joined] = (await waitFor(() => named(visitor.events, "agent_message"))) as { message: { role: string; content: string } }[];
    expect(joined!.message.role).toBe("system");
    expect(joined!.message.content).toContain(agentJoinedText("en", "Anna"));
    // The colleague's screen follows.
    await waitFor(() => updatesOf(colleague.events, visitor.sessionId).filter((update) => update.is_manual));

    // Taking over again changes nothing and tells the visitor nothing.
    expect((await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "Agent" })).status).toBe("success");

    const typingBefore = named(visitor.events, "typing").length;
    const ack = await say(visitor.socket, "Is anyone there?");
    expect(ack.handled_by).toBe("human_agent");
    const seen = await waitFor(() => updatesOf(agent.events, visitor.sessionId).filter((update) => update.messages.at(-1)?.content === "Is anyone there?"));
    expect(seen[0]!.notification_type).toBe("chat");
    // The chat notification rides on the update: one event per message, to the agent and the colleague alike.
    expect(seen[0]!.notification).toMatchObject({ type: "chat", message: "Is anyone there?", configurationId: alpha.configurationId, isRead: false });
    const colleagueSaw = await waitFor(() => updatesOf(colleague.events, visitor.sessionId).filter((update) => update.messages.at(-1)?.content === "Is anyone there?"));
    expect(colleagueSaw[0]!.notification).toEqual(seen[0]!.notification);
    expect(named(agent.events, "notification")).toEqual([]);

    const replied = await act(agent.socket, "human_agent_message", {
      configurationId: alpha.configurationId,
      conversationId: visitor.sessionId,
      messageContent: "Yes, I am here to help.",
      client_message_id: "agent-1",
    });
    expect(replied).toMatchObject({ status: "success", duplicate: false, message: { role: "human_agent", agent_name: "Anna" } });
    const live = await waitFor(() => (named(visitor.events, "agent_message") as { message: { role: string; content: string } }[]).filter((event) => event.message.role === "human_agent"));
    expect(live[0]!.message.content).toContain("Yes, I am here to help.");

    await quiet();
    expect(named(visitor.events, "assistant_message").length).toBe(answersBefore);
    // Nor does the assistant's typing mark come and go.
    expect(named(visitor.events, "typing").length).toBe(typingBefore);
    const history = await historyOf(alpha, visitor.sessionId);
    expect(history.map((message) => message.role)).toEqual(["user", "assistant", "system", "user", "human_agent"]);
    expect(history.at(-1)).toMatchObject({ agent_name: "Anna" });
  });

  it("tells the visitor in the conversation's language", async () => {
    const dutch = await createTenant(ctx, "Delta");
    await configure(dutch, { language: "nl" });
    const { user, token } = await ctx.createUser({ role: "customer", customerId: dutch.customerId });
    const agent = await connectAgent({ token });
    const visitor = await visitorWithConversation(dutch, "Delta?");
    await act(agent.socket, "manual_takeover", { configuration_id: dutch.configurationId, session_id: visitor.sessionId, first_name: "Piet", last_name: "P" });
    const [joined] = (await waitFor(() => named(visitor.events, "agent_message"))) as { message: { content: string } }[];
    expect(joined!.message.content).toContain(agentJoinedText("nl", "Piet"));
    expect((await conversationRow(visitor.sessionId))!.taken_over_by).toBe(user.id);

    // Handing back and closing are told too, in the same language, and kept in the conversation for the agents.
    await act(agent.socket, "release_conversation", { configuration_id: dutch.configurationId, session_id: visitor.sessionId });
    await act(agent.socket, "close_conversation", { configuration_id: dutch.configurationId, session_id: visitor.sessionId });
    const notes = (await waitFor(() => named(visitor.events, "agent_message"), 3)) as { message: { role: string; content: string } }[];
    expect(notes.map((note) => note.message.role)).toEqual(["system", "system", "system"]);
    expect(notes[2]!.message.content).toContain(assistantTexts.nl.conversation_closed);
    const history = await historyOf(dutch, visitor.sessionId);
    expect(history.filter((message) => message.role === "system").map((message) => message.content)).toEqual(notes.map((note) => note.message.content));
    const closedUpdate = await waitFor(() => updatesOf(agent.events, visitor.sessionId).filter((update) => update.status === "Closed"));
    expect(closedUpdate[0]!.messages.at(-1)!.content).toContain(assistantTexts.nl.conversation_closed);
  });

  it("tells the visitor when the agent hands back to the assistant and when the conversation is closed", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "A" });
    await waitFor(() => named(visitor.events, "agent_message"));
    await act(agent.socket, "release_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    const [, left] = (await waitFor(() => named(visitor.events, "agent_message"), 2)) as { message: { role: string; content: string } }[];
    expect(left!.message.role).toBe("system");
    // With the name the agent connected with (or "An employee"): the rest is the same either way.
    expect(left!.message.content).toContain(assistantTexts.en.agent_left.replace("{name} ", ""));
    // Handing back again (nothing to hand back) tells nothing.
    await act(agent.socket, "release_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    await act(agent.socket, "close_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    const [, , closed] = (await waitFor(() => named(visitor.events, "agent_message"), 3)) as { message: { content: string } }[];
    expect(closed!.message.content).toBe(`<p>${assistantTexts.en.conversation_closed}</p>`);
    // Closing again changes nothing and tells nothing.
    await act(agent.socket, "close_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    await quiet();
    expect(named(visitor.events, "agent_message")).toHaveLength(3);
  });

  it("never shows a closed conversation open again when the visitor writes while an agent closes it", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "A" });
    const sends = Array.from({ length: 6 }, (_, index) => say(visitor.socket, `Race ${index}`).catch(() => undefined));
    const closed = await act(agent.socket, "close_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    expect(closed.conversation).toMatchObject({ status: "Closed" });
    await Promise.all(sends);
    await waitFor(() => updatesOf(agent.events, visitor.sessionId).filter((update) => update.status === "Closed"));
    await quiet();
    const statuses = updatesOf(agent.events, visitor.sessionId).map((update) => update.status);
    expect(statuses.slice(statuses.indexOf("Closed"))).toEqual(statuses.slice(statuses.indexOf("Closed")).map(() => "Closed"));
    // Every message the conversation kept reached the agents, in order, in its last update.
    const kept = (await historyOf(alpha, visitor.sessionId)).map((message) => message.content);
    expect(updatesOf(agent.events, visitor.sessionId).at(-1)!.messages.map((message) => message.content)).toEqual(kept);
  });

  it("closes once and tells the visitor once when two agents close at the same moment; a takeover at the same moment never reopens it", async () => {
    const anna = await connectAgent(agentA);
    const bea = await connectAgent(agentA2);
    const visitor = await visitorWithConversation(alpha);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    const closes = await Promise.all([act(anna.socket, "close_conversation", target), act(bea.socket, "close_conversation", target)]);
    expect(closes.map((answer) => answer.conversation)).toMatchObject([{ status: "Closed" }, { status: "Closed" }]);
    await waitFor(() => named(visitor.events, "agent_message"));
    await quiet();
    expect(named(visitor.events, "agent_message")).toHaveLength(1);
    expect((await historyOf(alpha, visitor.sessionId)).filter((message) => message.role === "system")).toHaveLength(1);

    const other = await visitorWithConversation(alpha);
    const both = { configuration_id: alpha.configurationId, session_id: other.sessionId };
    const [takeover] = await Promise.all([
      act(anna.socket, "manual_takeover", { ...both, first_name: "Anna", last_name: "A" }),
      act(bea.socket, "close_conversation", both),
    ]);
    // Taken over first and then closed, or refused as closed: closed either way, with a note per change made.
    expect(await conversationRow(other.sessionId)).toMatchObject({ status: "Closed", is_locked: false });
    const notes = (await historyOf(alpha, other.sessionId)).filter((message) => message.role === "system");
    expect(notes).toHaveLength(takeover.status === "success" ? 2 : 1);
    expect(notes.at(-1)!.content).toBe(`<p>${assistantTexts.en.conversation_closed}</p>`);
  });

  it("keeps a conversation with the agent who took it over first when two agents take it over at the same moment; both screens say who has it", async () => {
    const anna = await connectAgent(agentA);
    const bea = await connectAgent(agentA2, { firstname: "Bea" });
    const visitor = await visitorWithConversation(alpha);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    const answers = await Promise.all([
      act(anna.socket, "manual_takeover", { ...target, first_name: "Anna", last_name: "A" }),
      act(bea.socket, "manual_takeover", { ...target, first_name: "Bea", last_name: "B" }),
    ]);
    const owner = (await conversationRow(visitor.sessionId))!.taken_over_by;
    expect([agentA.userId, agentA2.userId]).toContain(owner);
    // Both are answered with the conversation as it is: the first one's.
    expect(answers.map((answer) => answer.status)).toEqual(["success", "success"]);
    expect(answers.map((answer) => (answer.conversation as LiveConversation).taken_over_by)).toEqual([owner, owner]);
    // The visitor is told once, of one agent.
    await waitFor(() => named(visitor.events, "agent_message"));
    await quiet();
    expect(named(visitor.events, "agent_message")).toHaveLength(1);
    expect((await historyOf(alpha, visitor.sessionId)).filter((message) => message.role === "system")).toHaveLength(1);
    // Both screens end with the same owner.
    for (const agent of [anna, bea]) expect(updatesOf(agent.events, visitor.sessionId).at(-1)!.taken_over_by).toBe(owner);

    // Later, the other agent's takeover does not take it from its owner either.
    const [other] = owner === agentA.userId ? [bea, "Bea"] : [anna, "Anna"];
    const again = await act(other.socket, "manual_takeover", { ...target, first_name: "X", last_name: "Y" });
    expect(again).toMatchObject({ status: "success", conversation: { taken_over_by: owner } });
    await quiet();
    expect(named(visitor.events, "agent_message")).toHaveLength(1);
    expect((await conversationRow(visitor.sessionId))!.taken_over_by).toBe(owner);
  });

  it("has the assistant answer the visitor's message that came while the agent had the conversation, once it is handed back", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    await act(agent.socket, "manual_takeover", { ...target, first_name: "Anna", last_name: "A" });
    expect((await say(visitor.socket, "Alpha? Anyone?")).handled_by).toBe("human_agent");
    const answersBefore = named(visitor.events, "assistant_message").filter((payload) => (payload as { done: boolean }).done).length;
    await act(agent.socket, "release_conversation", target);
    await waitFor(() => named(visitor.events, "assistant_message").filter((payload) => (payload as { done: boolean }).done), answersBefore + 1);
    const history = await historyOf(alpha, visitor.sessionId);
    expect(history.map((message) => message.role)).toEqual(["user", "assistant", "system", "user", "system", "assistant"]);
    // The agents see the answer too.
    await waitFor(() => updatesOf(agent.events, visitor.sessionId).filter((update) => update.messages.at(-1)?.role === "assistant" && update.messages.length === 6));

    // A hand-back with nothing waiting (the agent answered) adds no answer.
    await act(agent.socket, "manual_takeover", { ...target, first_name: "Anna", last_name: "A" });
    await say(visitor.socket, "Thanks");
    await act(agent.socket, "human_agent_message", { configurationId: alpha.configurationId, conversationId: visitor.sessionId, messageContent: "You are welcome" });
    await act(agent.socket, "release_conversation", target);
    await quiet(600);
    expect((await historyOf(alpha, visitor.sessionId)).map((message) => message.role).slice(6)).toEqual(["system", "user", "human_agent", "system"]);
  });

  it("pushes the note that the assistant is unavailable to the open widget when the quota runs out during the answer after a hand-back", async () => {
    const { tenant, agents } = await tenantWithAgents("Spent", 1);
    const agent = await connectAgent(agents[0]!);
    const visitor = await visitorWithConversation(tenant);
    const target = { configuration_id: tenant.configurationId, session_id: visitor.sessionId };
    await act(agent.socket, "manual_takeover", { ...target, first_name: "Anna", last_name: "A" });
    expect((await say(visitor.socket, "Anyone there?")).handled_by).toBe("human_agent");
    // The month's messages are used up while the agent has the conversation.
    await ctx.database.db.query("UPDATE configurations SET message_limit = 50, remaining_messages = 0, usage_reset_date = current_date + 20 WHERE id = $1", [tenant.configurationId]);
    const done = () => (named(visitor.events, "assistant_message") as { done: boolean; message?: { role: string; content: string } }[]).filter((payload) => payload.done);
    const before = done().length;
    await act(agent.socket, "release_conversation", target);
    const [note] = (await waitFor(done, before + 1)).slice(before);
    expect(note!.message).toMatchObject({ role: "system", content: `<p>${assistantTexts.en.unavailable}</p>` });
    // What the widget shows live is what it shows after a reload.
    expect((await historyOf(tenant, visitor.sessionId)).at(-1)).toMatchObject({ role: "system", content: note!.message!.content });
  });

  it("answers a visitor message sent while the agent hands back exactly once, however the two interleave", async () => {
    const { tenant, agents } = await tenantWithAgents("Race", 1);
    // Unlimited messages: the rounds answer more than a plan's month.
    await ctx.database.db.query("UPDATE configurations SET message_limit = 0 WHERE id = $1", [tenant.configurationId]);
    const agent = await connectAgent(agents[0]!);
    const db = ctx.database.db;
    /** A process of the database blocked by `pid` (PostgreSQL only). */
    const blockedBy = async (pid: number) =>
      (await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))", [pid]))[0]?.pid;
    const sessions: string[] = [];
    const schema = ctx.database.kind === "postgres" ? (await db.query<{ schema: string }>("SELECT current_schema() AS schema"))[0]!.schema : "";
    for (let round = 0; round < 10; round += 1) {
      const visitor = await visitorWithConversation(tenant);
      const target = { configuration_id: tenant.configurationId, session_id: visitor.sessionId };
      await act(agent.socket, "manual_takeover", { ...target, first_name: "Anna", last_name: "A" });
      sessions.push(visitor.sessionId);
      if (ctx.database.kind !== "postgres") {
        // One connection: statements do not interleave; the message and the hand-back are sent at once.
        await Promise.all([say(visitor.socket, "Alpha, are you there?"), act(agent.socket, "release_conversation", target)]);
        continue;
      }
      // The narrowest interleaving, made certain: the visitor's message is stored while the hand-back's
      // transaction holds the conversation (its note not yet written), and the message's statement then
      // reads the conversation the hand-back left.
      const holder = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
      await holder.connect();
      try {
        await holder.query("BEGIN");
        const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid FROM conversations WHERE session_id = $1 FOR UPDATE", [visitor.sessionId]);
        const released = act(agent.socket, "release_conversation", target);
        await expect.poll(() => blockedBy(rows[0]!.pid), { timeout: 5_000, interval: 5 }).toBeDefined();
        const handBack = (await blockedBy(rows[0]!.pid))!;
        const said = say(visitor.socket, "Alpha, are you there?");
        await expect.poll(() => blockedBy(handBack), { timeout: 5_000, interval: 5 }).toBeDefined();
        await holder.query("COMMIT");
        await Promise.all([released, said]);
      } finally {
        await holder.end();
      }
    }
    // Every visitor message has exactly one answer (the assistant's, or the note that it could not answer).
    const unanswered = () =>
      db.query<{ id: string; replies: number }>(
        `SELECT m.id, (SELECT count(*)::int FROM conversation_messages r WHERE r.reply_to = m.id) AS replies
           FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE c.session_id = ANY($1::text[]) AND m.role = 'user'`,
        [sessions],
      );
    await expect.poll(async () => (await unanswered()).filter((message) => message.replies === 0), { timeout: 15_000 }).toEqual([]);
    await quiet(600);
    expect((await unanswered()).filter((message) => message.replies !== 1)).toEqual([]);
  });

  it("refuses an answer to a conversation that is not taken over, hands back to the assistant and closes", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    const early = await act(agent.socket, "human_agent_message", { configurationId: alpha.configurationId, conversationId: visitor.sessionId, messageContent: "Hi" });
    expect(early).toMatchObject({ status: "error", code: "validation_failed" });

    await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "A" });
    const released = await act(agent.socket, "release_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    expect(released.conversation).toMatchObject({ is_locked: false, is_manual: false, taken_over_by: null });
    const ack = await say(visitor.socket, "Alpha?");
    expect(ack.handled_by).toBe("assistant");
    await waitFor(() => named(visitor.events, "assistant_message").filter((payload) => (payload as { done: boolean }).done), 2);

    const closed = await act(agent.socket, "close_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    expect(closed.conversation).toMatchObject({ status: "Closed" });
    await waitFor(() => updatesOf(agent.events, visitor.sessionId).filter((update) => update.status === "Closed"));
    const list = await ctx.app.inject({ method: "GET", url: "/api/conversations/live", headers: bearer(agentA.token) });
    expectToMatchContract("listLiveConversations", list);
    expect((list.json() as { data: LiveConversation[] }).data.map((conversation) => conversation.session_id)).not.toContain(visitor.sessionId);
    expect(await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "A", last_name: "A" })).toMatchObject({
      status: "error",
      code: "validation_failed",
    });
  });

  it("clears a configuration's live conversations", async () => {
    const tenant = await createTenant(ctx, "Echo");
    const { token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const agent = await connectAgent({ token });
    const visitor = await visitorWithConversation(tenant, "Echo?");
    agent.socket.emit("clear_config", { configuration_id: tenant.configurationId });
    const [cleared] = await waitFor(() => named(agent.events, "config_cleared"));
    expect(cleared).toEqual({ configuration_id: tenant.configurationId });
    expect((await conversationRow(visitor.sessionId))!.status).toBe("Closed");
    agent.socket.emit("clear_config", { configuration_id: 42 });
    const [error] = await waitFor(() => named(agent.events, "config_clear_error"));
    expect(error).toEqual({ status: "error", code: "validation_failed", message: "configuration_id: must be string" });
  });

  it("checks every payload against the AsyncAPI", async () => {
    const agent = await connectAgent(agentA);
    for (const [event, payload, message] of [
      ["manual_takeover", { configuration_id: alpha.configurationId }, "session_id: This field is required"],
      ["manual_takeover", { configuration_id: alpha.configurationId, session_id: "s", first_name: "A".repeat(101), last_name: "A" }, "first_name: Use at most 100 characters"],
      ["human_agent_message", { configurationId: alpha.configurationId, conversationId: "x", messageContent: "" }, "messageContent: This field is required"],
      ["release_conversation", "text", "payload: must be object"],
      ["close_conversation", { session_id: 1, configuration_id: alpha.configurationId }, "session_id: must be string"],
      ["change_agent_presence", { user_id: agentA.userId, is_available: "yes" }, "is_available: must be boolean"],
      ["agent_disconnected", {}, "user_id: This field is required"],
    ] as const) {
      expect(await act(agent.socket, event, payload), event).toEqual({ status: "error", code: "validation_failed", message });
    }
  });

  it("refuses text no conversation can store (a NUL, an unpaired surrogate) and a name too long in any event, and changes nothing", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    const before = await conversationRow(visitor.sessionId);
    const unsafe = unsafeTextMessage;
    const tooLong = "Use at most 100 characters";
    for (const [event, payload, field, words] of [
      ["manual_takeover", { ...target, session_id: `${visitor.sessionId}\u0000`, first_name: "Anna", last_name: "A" }, "session_id", unsafe],
      ["manual_takeover", { ...target, first_name: "An\u0000na", last_name: "A" }, "first_name", unsafe],
      ["manual_takeover", { ...target, first_name: "A".repeat(101), last_name: "A" }, "first_name", tooLong],
      ["manual_takeover", { ...target, first_name: "Anna", last_name: "\uD800" }, "last_name", unsafe],
      ["release_conversation", { ...target, session_id: "\u0000" }, "session_id", unsafe],
      ["close_conversation", { ...target, session_id: "\uDC00" }, "session_id", unsafe],
      ["agent_typing", { ...target, session_id: "\u0000", typing: true }, "session_id", unsafe],
      ["mark_conversation_seen", { ...target, session_id: "\u0000" }, "session_id", unsafe],
      ["set_agent_note", { ...target, session_id: "\u0000", agent_note: "Note" }, "session_id", unsafe],
      ["change_agent_presence", { user_id: `${agentA.userId}\u0000`, is_available: false }, "user_id", unsafe],
      ["agent_disconnected", { user_id: "\uD800" }, "user_id", unsafe],
    ] as const) {
      const answer = await act(agent.socket, event, payload);
      expect(answer, `${event} ${field}`).toMatchObject({ status: "error", code: "validation_failed" });
      expect(answer.message, event).toBe(`${field}: ${words}`);
    }
    agent.socket.emit("clear_config", { configuration_id: `${alpha.configurationId}\u0000` });
    const [error] = await waitFor(() => named(agent.events, "config_clear_error"));
    expect(error).toEqual({ status: "error", code: "validation_failed", message: `configuration_id: ${unsafe}` });
    expect(await conversationRow(visitor.sessionId)).toEqual(before);

    await act(agent.socket, "manual_takeover", { ...target, first_name: "Anna", last_name: "A" });
    const reply = { configurationId: alpha.configurationId, conversationId: visitor.sessionId };
    expect(await act(agent.socket, "human_agent_message", { ...reply, messageContent: "Half \uD83D a face" })).toMatchObject({ status: "error", code: "validation_failed" });
    expect(await act(agent.socket, "human_agent_message", { ...reply, messageContent: "Hi", client_message_id: "a\u0000" })).toMatchObject({
      status: "error",
      code: "validation_failed",
    });
    expect((await historyOf(alpha, visitor.sessionId)).map((message) => message.role)).toEqual(["user", "assistant", "system"]);
  });

  it("names the agent by the query's names without what no text column stores, cut to 100 characters", async () => {
    const agent = await connectAgent(agentA, { firstname: ` Bo\u0000b${"x".repeat(97)}\u{1F600}\u{1F600}`, lastname: "\u0000" });
    const visitor = await visitorWithConversation(alpha);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    // An empty first_name: the query's name is the one the visitor is told of.
    expect(await act(agent.socket, "manual_takeover", { ...target, first_name: " ", last_name: "" })).toMatchObject({ status: "success" });
    const reply = await act(agent.socket, "human_agent_message", { configurationId: alpha.configurationId, conversationId: visitor.sessionId, messageContent: "Hello" });
    expect(reply).toMatchObject({ status: "success", duplicate: false });
    expect(await act(agent.socket, "release_conversation", target)).toMatchObject({ status: "success" });
    const name = `Bob${"x".repeat(97)}`;
    const history = await historyOf(alpha, visitor.sessionId);
    expect(history.map((message) => [message.role, message.agent_name ?? null])).toEqual([
      ["user", null],
      ["assistant", null],
      ["system", name],
      ["human_agent", name],
      ["system", name],
    ]);
    expect(history[2]!.content).toContain(name);
  });
});

describe("an admin who selected configurations", () => {
  it("acts on the selected configurations' conversations only: another's answers not_found and changes nothing", async () => {
    const { token } = await ctx.createUser({ role: "admin" });
    const admin = await connectAgent({ token }, { configuration_ids: bravo.configurationId });
    const elsewhere = await visitorWithConversation(alpha);
    const before = await conversationRow(elsewhere.sessionId);
    const target = { configuration_id: alpha.configurationId, session_id: elsewhere.sessionId };
    for (const [event, payload] of [
      ["manual_takeover", { ...target, first_name: "Ada", last_name: "Admin" }],
      ["human_agent_message", { configurationId: alpha.configurationId, conversationId: elsewhere.sessionId, messageContent: "Hello" }],
      ["release_conversation", target],
      ["close_conversation", target],
      ["agent_typing", { ...target, typing: true }],
      ["set_agent_note", { ...target, agent_note: "Seen by an admin elsewhere" }],
      ["mark_conversation_seen", target],
    ] as const) {
      expect(await act(admin.socket, event, payload), event).toMatchObject({ status: "error", code: "not_found" });
    }
    admin.socket.emit("clear_config", { configuration_id: alpha.configurationId });
    const [error] = await waitFor(() => named(admin.events, "config_clear_error"));
    expect(error).toMatchObject({ status: "error", code: "not_found", configuration_id: alpha.configurationId });
    await quiet();
    expect(await conversationRow(elsewhere.sessionId)).toEqual(before);
    expect(named(elsewhere.events, "agent_message")).toEqual([]);

    // The selected configuration's conversation is the admin's to take over; an admin watching everything acts anywhere.
    const watched = await visitorWithConversation(bravo, "Bravo?");
    const taken = await act(admin.socket, "manual_takeover", { configuration_id: bravo.configurationId, session_id: watched.sessionId, first_name: "Ada", last_name: "Admin" });
    expect(taken).toMatchObject({ status: "success", conversation: { is_manual: true } });
    const everything = await connectAgent({ token });
    expect(await act(everything.socket, "set_agent_note", { ...target, agent_note: "Seen" })).toMatchObject({ status: "success", conversation: { agent_note: "Seen" } });
  });
});

describe("tenant isolation of every agent event", () => {
  it("answers not_found to another tenant's conversation or configuration, and changes nothing", async () => {
    const agent = await connectAgent(agentA);
    const theirs = await visitorWithConversation(bravo, "Bravo?");
    const before = await conversationRow(theirs.sessionId);
    const foreignPairs = [
      { configuration: bravo.configurationId, session: theirs.sessionId },
      // Their conversation under our configuration's id.
      { configuration: alpha.configurationId, session: theirs.sessionId },
    ];
    for (const pair of foreignPairs) {
      const events: [string, Record<string, unknown>][] = [
        ["manual_takeover", { configuration_id: pair.configuration, session_id: pair.session, first_name: "Eve", last_name: "E" }],
        ["human_agent_message", { configurationId: pair.configuration, conversationId: pair.session, messageContent: "Hello from elsewhere" }],
        ["release_conversation", { configuration_id: pair.configuration, session_id: pair.session }],
        ["close_conversation", { configuration_id: pair.configuration, session_id: pair.session }],
      ];
      for (const [event, payload] of events) {
        expect(await act(agent.socket, event, payload), `${event} ${pair.configuration}`).toMatchObject({ status: "error", code: "not_found" });
      }
    }
    // Another user's presence.
    const otherAvailability = async () =>
      (await ctx.database.db.query<{ is_available: boolean }>("SELECT is_available FROM users WHERE id = $1", [agentB.userId]))[0]!.is_available;
    const availableBefore = await otherAvailability();
    expect(await act(agent.socket, "change_agent_presence", { user_id: agentB.userId, is_available: !availableBefore })).toMatchObject({ status: "error", code: "not_found" });
    expect(await act(agent.socket, "agent_disconnected", { user_id: agentB.userId })).toMatchObject({ status: "error", code: "not_found" });
    expect(await otherAvailability()).toBe(availableBefore);
    // Clearing their configuration.
    agent.socket.emit("clear_config", { configuration_id: bravo.configurationId });
    const [error] = await waitFor(() => named(agent.events, "config_clear_error"));
    expect(error).toMatchObject({ status: "error", code: "not_found", configuration_id: bravo.configurationId });

    await quiet();
    expect(await conversationRow(theirs.sessionId)).toEqual(before);
    expect(named(theirs.events, "agent_message")).toEqual([]);
  });
});

describe("an agent's flood of events", () => {
  it(`is handled ${maxAgentEventsInHandling} events at a time: one more is answered rate_limited and changes nothing, and other agents' events go on`, async () => {
    const agent = await connectAgent(agentA);
    const colleague = await connectAgent(agentA2);
    const visitor = await visitorWithConversation(alpha);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    // The conversation's row held, so that every note waits for it: the agent's notes stay in handling.
    let release!: () => void;
    let locked!: () => void;
    const rowLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = ctx.database.db.transaction(async (tx) => {
      await tx.query("SELECT id FROM conversations WHERE session_id = $1 FOR UPDATE", [visitor.sessionId]);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await rowLocked;
    const answers = Array.from({ length: maxAgentEventsInHandling + 5 }, (_, index) => act(agent.socket, "set_agent_note", { ...target, agent_note: `Note ${index}` }));
    const beyond = await Promise.all(answers.slice(maxAgentEventsInHandling));
    expect(beyond).toEqual(Array.from({ length: 5 }, () => ({ status: "error", code: "rate_limited", message: errorMessages.rate_limited })));
    agent.socket.emit("clear_config", { configuration_id: alpha.configurationId });
    const [error] = await waitFor(() => named(agent.events, "config_clear_error"));
    expect(error).toMatchObject({ status: "error", code: "rate_limited", configuration_id: alpha.configurationId });
    const colleagues = act(colleague.socket, "set_agent_note", { ...target, agent_note: "The colleague's note" });
    release();
    await holding;
    const admitted = await Promise.all(answers.slice(0, maxAgentEventsInHandling));
    expect(admitted.every((answer) => answer.status === "success")).toBe(true);
    expect(await colleagues).toMatchObject({ status: "success" });
    expect(await conversationRow(visitor.sessionId)).toMatchObject({ status: "Ongoing" });
    const [{ agent_note: note }] = (await ctx.database.db.query<{ agent_note: string }>("SELECT agent_note FROM conversations WHERE session_id = $1", [visitor.sessionId])) as [
      { agent_note: string },
    ];
    expect(note === "The colleague's note" || Number(note.replace("Note ", "")) < maxAgentEventsInHandling, note).toBe(true);
    // Once they are handled, the agent's next event is.
    expect(await act(agent.socket, "set_agent_note", { ...target, agent_note: "Later" })).toMatchObject({ status: "success", conversation: { agent_note: "Later" } });
  });
});

describe("an event /live does not receive", () => {
  it("is acknowledged with validation_failed naming the events it does, and the socket goes on", async () => {
    const agent = await connectAgent(agentA);
    const answer = (await agent.socket.timeout(2_000).emitWithAck("nope_event", { a: 1 })) as Record<string, unknown>;
    expect(ackCheck(answer), JSON.stringify(answer)).toBeNull();
    expect(answer).toMatchObject({ status: "error", code: "validation_failed" });
    expect(answer.message).toMatch(/^event: must be one of: manual_takeover, human_agent_message, .*clear_config$/);
    expect(agent.socket.connected).toBe(true);
  });
});

describe("an agent's flood of connections", () => {
  it(`lets one agent have ${maxAgentSockets} sockets open at once: one more is refused rate_limited, and a colleague still connects`, async () => {
    const opened = await Promise.all(Array.from({ length: maxAgentSockets }, () => connectAgent(agentA)));
    expect(opened.every(({ socket }) => socket.connected)).toBe(true);
    expect((await refusal({ token: agentA.token, firstname: "Anna", lastname: "Agent" })).message).toBe("rate_limited");
    const colleague = await connectAgent(agentA2);
    expect(colleague.socket.connected).toBe(true);
    // One closed, one more opens.
    opened[0]!.socket.disconnect();
    await expect.poll(async () => (await refusal({ token: agentA.token }).catch(() => ({ message: "connected" }))).message, { timeout: 5_000 }).not.toBe("rate_limited");
  });

  it(`admits exactly ${maxAgentSockets} of more sockets one agent opens at the same moment`, async () => {
    // As the portal connects (with the customer id), many at once: each admitted socket counted once, never twice.
    const attempts = Array.from({ length: maxAgentSockets + 5 }, () =>
      io(`${url}/live`, {
        path: "/socket.io",
        transports: ["websocket"],
        query: { token: agentA.token, customerId: agentA.tenant.customerId, firstname: "Anna", lastname: "Agent" },
        reconnection: false,
        forceNew: true,
      }),
    );
    sockets.push(...attempts);
    const outcomes = await Promise.all(
      attempts.map(
        (socket) =>
          new Promise<string>((resolve) => {
            socket.once("connect", () => resolve("connected"));
            socket.once("connect_error", (error) => resolve(error.message));
          }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "connected")).toHaveLength(maxAgentSockets);
    expect(outcomes.filter((outcome) => outcome === "rate_limited")).toHaveLength(5);
    attempts.forEach((socket) => socket.disconnect());
  });

  it("reads the live list once for the sockets of one watch that connect at once, and each gets it whole", async () => {
    const visitor = await visitorWithConversation(alpha, "Connections at once?");
    const query = ctx.database.db.query.bind(ctx.database.db);
    let reads = 0;
    // Counts the statements that read the live list (instrumentation only: every statement still runs).
    ctx.database.db.query = ((text: string, params?: unknown[]) => {
      if (!(/FROM conversations/.test(text) && /status = 'Ongoing'/.test(text) && /LIMIT/.test(text))) return query(text, params);
      reads += 1;
      // A slow read, so that the sockets' requests come while it runs.
      return quiet(300).then(() => query(text, params));
    }) as typeof ctx.database.db.query;
    try {
      const agents = await Promise.all(Array.from({ length: 10 }, (_, index) => connectAgent(index % 2 === 0 ? agentA : agentA2)));
      for (const { initial } of agents) expect(initial.map((conversation) => conversation.session_id)).toContain(visitor.sessionId);
      expect(reads).toBeGreaterThanOrEqual(1);
      expect(reads).toBeLessThanOrEqual(2);
    } finally {
      ctx.database.db.query = query;
    }
  });
});

describe("presence", () => {
  it("counts a connected, available agent of the configuration as online", async () => {
    const tenant = await createTenant(ctx, "Foxtrot");
    const { user, token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const online = () => agentsOnline(ctx.database.db, tenant.configurationId);
    // What the widget is told, so it shows its online message.
    const widgetOnline = async () => (await ctx.app.inject({ method: "GET", url: `/api/widget/${tenant.configurationId}/settings` })).json().online as boolean;
    expect(await online()).toBe(false);
    expect(await widgetOnline()).toBe(false);
    const agent = await connectAgent({ token });
    expect(await online()).toBe(true);
    expect(await widgetOnline()).toBe(true);
    expect(await agentsOnline(ctx.database.db, bravo.configurationId)).toBe(false);

    expect(await act(agent.socket, "change_agent_presence", { user_id: user.id, is_available: false })).toMatchObject({ status: "success" });
    expect(await online()).toBe(false);
    const availability = await ctx.app.inject({ method: "GET", url: "/api/conversations/live", headers: bearer(token) });
    expect(availability.statusCode).toBe(200);
    expect(await act(agent.socket, "change_agent_presence", { user_id: user.id, is_available: true })).toMatchObject({ status: "success" });
    expect(await online()).toBe(true);

    expect(await act(agent.socket, "agent_disconnected", { user_id: user.id })).toMatchObject({ status: "success" });
    expect(await online()).toBe(false);
    // The stored availability is kept for the next connection.
    const again = await connectAgent({ token });
    expect(await online()).toBe(true);
    again.socket.disconnect();
    agent.socket.disconnect();
    await expect.poll(online, { timeout: 5_000 }).toBe(false);
  });
});

describe("reconnecting", () => {
  it("loses and repeats nothing when the visitor reconnects in the middle of a taken-over conversation", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "A" });
    visitor.socket.disconnect();
    await act(agent.socket, "human_agent_message", { configurationId: alpha.configurationId, conversationId: visitor.sessionId, messageContent: "While you were away" });

    const back = await connectVisitor(alpha, visitor.sessionId);
    expect(back.session.session_id).toBe(visitor.sessionId);
    expect(back.session.messages.map((message) => message.role)).toEqual(["user", "assistant", "system", "human_agent"]);
    // The visitor resends a message whose acknowledgement it missed: stored and shown to the agents once.
    await say(back.socket, "Thanks!", "visitor-thanks");
    await say(back.socket, "Thanks!", "visitor-thanks");
    await waitFor(() => updatesOf(agent.events, visitor.sessionId).filter((update) => update.messages.at(-1)?.content === "Thanks!"));
    await quiet();
    expect(updatesOf(agent.events, visitor.sessionId).filter((update) => update.messages.at(-1)?.content === "Thanks!")).toHaveLength(1);
    expect((await historyOf(alpha, visitor.sessionId)).filter((message) => message.content === "Thanks!")).toHaveLength(1);
    expect(named(back.events, "agent_message")).toEqual([]);
  });

  it("loses and repeats nothing when the agent reconnects", async () => {
    const agent = await connectAgent(agentA);
    const visitor = await visitorWithConversation(alpha);
    await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "A" });
    agent.socket.disconnect();
    await say(visitor.socket, "Hello? Still there?");

    const back = await connectAgent(agentA);
    const mine = back.initial.find((conversation) => conversation.session_id === visitor.sessionId)!;
    expect(mine.messages.filter((message) => message.content === "Hello? Still there?")).toHaveLength(1);
    expect(mine.newUserMessages).toBe(1);
    // The agent resends a reply whose acknowledgement was lost: stored and sent to the visitor once.
    const payload = { configurationId: alpha.configurationId, conversationId: visitor.sessionId, messageContent: "Yes!", client_message_id: "reply-7" };
    expect(await act(back.socket, "human_agent_message", payload)).toMatchObject({ status: "success", duplicate: false });
    expect(await act(back.socket, "human_agent_message", payload)).toMatchObject({ status: "success", duplicate: true });
    await waitFor(() => (named(visitor.events, "agent_message") as { message: { role: string } }[]).filter((event) => event.message.role === "human_agent"));
    await quiet();
    expect((named(visitor.events, "agent_message") as { message: { role: string } }[]).filter((event) => event.message.role === "human_agent")).toHaveLength(1);
    expect((await historyOf(alpha, visitor.sessionId)).filter((message) => message.role === "human_agent")).toHaveLength(1);

    // The conversation is closed; a resend of the delivered reply is still acknowledged as delivered, a new reply refused.
    await act(back.socket, "close_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    expect(await act(back.socket, "human_agent_message", payload)).toMatchObject({ status: "success", duplicate: true, message: { content: "<p>Yes!</p>" } });
    expect(await act(back.socket, "human_agent_message", { ...payload, client_message_id: "reply-8" })).toMatchObject({ status: "error", message: "The conversation is closed" });
    expect((await historyOf(alpha, visitor.sessionId)).filter((message) => message.role === "human_agent")).toHaveLength(1);
  });
});

describe("notifications", () => {
  async function list(token: string, query = "") {
    const response = await ctx.app.inject({ method: "GET", url: `/api/notifications${query}`, headers: bearer(token) });
    expectToMatchContract("listNotifications", response);
    return response.json() as { data: { id: string; type: string; message: string; isRead: boolean; session_id?: string | null; configurationId: string }[]; unread: number };
  }

  it("alerts once per conversation with the first five words, and chats without duplicates, for the configuration's agents only", async () => {
    const tenant = await createTenant(ctx, "Golf");
    await configure(tenant, { language: "en", use_alert_triggers: true, alert_trigger_keywords: ["complaint"] });
    const { token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const agent = await connectAgent({ token });
    const visitor = await connectVisitor(tenant);

    const first = await say(visitor.socket, "I have a complaint about my last order please");
    const sessionId = first.session_id;
    const [alert] = (await waitFor(() => named(agent.events, "notification"))) as { type: string; message: string; session_id: string; color: string }[];
    expect(alert).toMatchObject({ type: "alert", message: "I have a complaint about...", session_id: sessionId, color: "error" });
    expect(alertNotificationText("")).toBe("A user requires your attention!");
    expect(alertNotificationText("complaint")).toBe("complaint");
    const alerted = await waitFor(() => updatesOf(agent.events, sessionId).filter((update) => update.notification_type === "alert"));
    expect(alerted[0]!.alert_triggered).toBe(true);
    await say(visitor.socket, "another complaint");
    await waitFor(() => updatesOf(agent.events, sessionId).filter((update) => update.notification_type === "alert"), 2);

    await act(agent.socket, "manual_takeover", { configuration_id: tenant.configurationId, session_id: sessionId, first_name: "Anna", last_name: "A" });
    await say(visitor.socket, "hello");
    await say(visitor.socket, "hello");
    await say(visitor.socket, "are you there");
    await waitFor(() => updatesOf(agent.events, sessionId).filter((update) => update.messages.at(-1)?.content === "are you there"));
    await quiet();

    const all = await list(token);
    expect(all.data.map((notification) => `${notification.type}:${notification.message}`)).toEqual(["chat:are you there", "chat:hello", "alert:I have a complaint about..."]);
    expect(all.unread).toBe(3);
    // The alert came as a `notification`; each chat notification in the update of its message, the same as stored.
    expect((named(agent.events, "notification") as { type: string }[]).map((notification) => notification.type)).toEqual(["alert"]);
    const carried = updatesOf(agent.events, sessionId).flatMap((update) => (update.notification ? [update.notification] : []));
    expect(carried.map((notification) => notification.message)).toEqual(["hello", "are you there"]);
    expect(carried.map((notification) => notification.id)).toEqual(all.data.filter((notification) => notification.type === "chat").map((notification) => notification.id).reverse());
    // Nobody of another customer got any.
    expect((await list(agentB.token)).data.filter((notification) => notification.configurationId === tenant.configurationId)).toEqual([]);
  });

  it("brings a chat notification to exactly its recipients: in the update to those watching, alone to an admin watching elsewhere", async () => {
    const tenant = await createTenant(ctx, "India");
    await configure(tenant, { language: "en" });
    const { token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const admin = await ctx.createUser({ role: "admin" });
    const agent = await connectAgent({ token });
    const adminAll = await connectAgent({ token: admin.token });
    const adminHere = await connectAgent({ token: admin.token }, { configuration_ids: tenant.configurationId });
    const adminElsewhere = await connectAgent({ token: admin.token }, { configuration_ids: bravo.configurationId });
    const stranger = await connectAgent(agentB);
    const visitor = await connectVisitor(tenant);
    const sessionId = (await say(visitor.socket, "hello")).session_id;
    await act(agent.socket, "manual_takeover", { configuration_id: tenant.configurationId, session_id: sessionId, first_name: "Anna", last_name: "A" });
    expect((await say(visitor.socket, "Where is my order?")).handled_by).toBe("human_agent");

    const [update] = await waitFor(() => updatesOf(agent.events, sessionId).filter((candidate) => candidate.notification));
    expect(update!.notification).toMatchObject({ type: "chat", message: "Where is my order?", configurationId: tenant.configurationId });
    for (const watcher of [adminAll, adminHere]) {
      const [seen] = await waitFor(() => updatesOf(watcher.events, sessionId).filter((candidate) => candidate.notification));
      expect(seen!.notification).toEqual(update!.notification);
    }
    const [alone] = await waitFor(() => named(adminElsewhere.events, "notification"));
    expect(alone).toEqual(update!.notification);
    await quiet();
    expect(updatesOf(adminElsewhere.events, sessionId)).toEqual([]);
    for (const watcher of [agent, adminAll, adminHere]) expect(named(watcher.events, "notification")).toEqual([]);
    expect(named(stranger.events, "notification")).toEqual([]);
    expect(updatesOf(stranger.events, sessionId)).toEqual([]);
  });

  it("marks read and unread, hides, and marks all read; another user's notification is not found", async () => {
    const tenant = await createTenant(ctx, "Hotel");
    await configure(tenant, { language: "en", use_alert_triggers: true, alert_trigger_keywords: ["urgent"] });
    const { token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    for (const text of ["urgent one", "urgent two"]) {
      const visitor = await connectVisitor(tenant);
      await say(visitor.socket, text);
    }
    await expect.poll(async () => (await list(token)).data.length, { timeout: 5_000 }).toBe(2);
    const [newest, older] = (await list(token)).data as unknown as [{ id: string }, { id: string }];

    const post = async (path: string, operationId: string, options: { token?: string; payload?: unknown } = {}) => {
      const response = await ctx.app.inject({ method: "POST", url: `/api/notifications/${path}`, headers: bearer(options.token ?? token), payload: options.payload as object });
      expectToMatchContract(operationId, response);
      return response;
    };
    expect((await post(`${newest.id}/read`, "markNotificationRead")).json()).toMatchObject({ data: { id: newest.id, isRead: true } });
    expect((await list(token, "?unread_only=true")).data.map((notification) => notification.id)).toEqual([older.id]);
    expect((await post(`${newest.id}/unread`, "markNotificationUnread")).json()).toMatchObject({ data: { isRead: false } });
    expect((await post(`${newest.id}/read`, "markNotificationRead", { token: agentB.token })).statusCode).toBe(404);
    expect((await post(`${newest.id}/hide`, "hideNotification", { token: agentB.token })).statusCode).toBe(404);
    expect((await post("not-an-id/read", "markNotificationRead")).statusCode).toBe(404);

    expect((await post(`${older.id}/hide`, "hideNotification")).statusCode).toBe(200);
    expect((await list(token)).data.map((notification) => notification.id)).toEqual([newest.id]);
    expect((await post("read-all", "markAllNotificationsRead", { payload: { configuration_id: bravo.configurationId } })).statusCode).toBe(404);
    expect((await post("read-all", "markAllNotificationsRead", { payload: { configuration_id: tenant.configurationId } })).json()).toEqual({ status: "success", updated: 1 });
    expect((await list(token)).unread).toBe(0);
    expect((await post("read-all", "markAllNotificationsRead")).json()).toEqual({ status: "success", updated: 0 });
  });
});

describe("typing marks", () => {
  const typingOf = (events: Event[], sessionId: string) =>
    (named(events, "visitor_typing") as { session_id: string; typing: boolean }[]).filter((event) => event.session_id === sessionId).map((event) => event.typing);

  it("tells the conversation's own agents that the visitor types, throttled, and no other tenant's agent", async () => {
    const agent = await connectAgent(agentA);
    const stranger = await connectAgent(agentB);
    const admin = await ctx.createUser({ role: "admin" });
    const watching = await connectAgent(admin, { configuration_ids: alpha.configurationId });
    const visitor = await visitorWithConversation(alpha);

    for (let index = 0; index < 5; index += 1) visitor.socket.emit("typing", { session_id: visitor.sessionId, typing: true });
    visitor.socket.emit("typing", { session_id: visitor.sessionId, typing: false });
    // A stop without a start, and payloads that are not the contract's, are dropped.
    visitor.socket.emit("typing", { session_id: visitor.sessionId, typing: false });
    visitor.socket.emit("typing", { session_id: visitor.sessionId, typing: "yes" });
    visitor.socket.emit("typing", "typing");
    // A start again within the interval, after a stop, is dropped too: alternating is no way round the limit.
    visitor.socket.emit("typing", { session_id: visitor.sessionId, typing: true });
    await waitFor(() => typingOf(agent.events, visitor.sessionId), 2);
    expect(named(agent.events, "visitor_typing").find((event) => (event as { session_id: string }).session_id === visitor.sessionId)).toMatchObject({ configuration_id: alpha.configurationId });
    await waitFor(() => typingOf(watching.events, visitor.sessionId), 2);

    // The visitor's message ends the typing: the next start goes at once, within the same second.
    await say(visitor.socket, "Alpha?");
    visitor.socket.emit("typing", { session_id: visitor.sessionId, typing: true });
    await waitFor(() => typingOf(agent.events, visitor.sessionId), 3);
    expect(typingOf(agent.events, visitor.sessionId)).toEqual([true, false, true]);
    await quiet();
    expect(typingOf(stranger.events, visitor.sessionId)).toEqual([]);
    expect(named(stranger.events, "visitor_typing")).toEqual([]);
  });

  it("names the conversation the agents know, and says nothing for a visitor who has not written yet", async () => {
    const agent = await connectAgent(agentA);
    const silent = await connectVisitor(alpha);
    silent.socket.emit("typing", { session_id: silent.session.session_id, typing: true });
    const visitor = await visitorWithConversation(alpha);
    visitor.socket.emit("typing", { session_id: visitor.sessionId, typing: true });
    const ofSession = (sessionId: string) => (named(agent.events, "visitor_typing") as { session_id: string; conversation_id: string }[]).filter((event) => event.session_id === sessionId);
    const [typing] = await waitFor(() => ofSession(visitor.sessionId));
    const [update] = updatesOf(agent.events, visitor.sessionId);
    expect(typing!.conversation_id).toBe(update!.id);
    await quiet();
    expect(ofSession(silent.session.session_id)).toEqual([]);
  });

  it("shows the agent's typing to the visitor only in a taken-over conversation of the agent's own tenant", async () => {
    const agent = await connectAgent(agentA);
    const stranger = await connectAgent(agentB);
    const visitor = await visitorWithConversation(alpha);
    const typing = { configuration_id: alpha.configurationId, session_id: visitor.sessionId, typing: true };

    expect(await act(agent.socket, "agent_typing", typing)).toMatchObject({ status: "error", code: "validation_failed" });
    await act(agent.socket, "manual_takeover", { configuration_id: alpha.configurationId, session_id: visitor.sessionId, first_name: "Anna", last_name: "A" });
    expect(await act(agent.socket, "agent_typing", { ...typing, typing: "yes" })).toMatchObject({ status: "error", code: "validation_failed" });
    expect(await act(agent.socket, "agent_typing", { session_id: visitor.sessionId, typing: true })).toMatchObject({ status: "error", code: "validation_failed" });
    expect(await act(stranger.socket, "agent_typing", typing)).toMatchObject({ status: "error", code: "not_found" });
    expect(await act(stranger.socket, "agent_typing", { ...typing, configuration_id: bravo.configurationId })).toMatchObject({ status: "error", code: "not_found" });
    await quiet();
    expect(named(visitor.events, "typing").filter((event) => (event as { who: string }).who === "human_agent")).toEqual([]);

    expect(await act(agent.socket, "agent_typing", typing)).toEqual({ status: "success" });
    // A repeat within the interval is acknowledged but not sent again (the visitor's mark is still on).
    expect(await act(agent.socket, "agent_typing", typing)).toEqual({ status: "success" });
    expect(await act(agent.socket, "agent_typing", { ...typing, typing: false })).toEqual({ status: "success" });
    const shown = await waitFor(() => named(visitor.events, "typing").filter((event) => (event as { who: string }).who === "human_agent"), 2);
    expect(shown).toEqual([
      { session_id: visitor.sessionId, who: "human_agent", typing: true },
      { session_id: visitor.sessionId, who: "human_agent", typing: false },
    ]);

    await act(agent.socket, "close_conversation", { configuration_id: alpha.configurationId, session_id: visitor.sessionId });
    expect(await act(agent.socket, "agent_typing", typing)).toMatchObject({ status: "error", code: "validation_failed" });
  });
});

describe("the agents' note", () => {
  const detail = async (token: string, tenant: Tenant, sessionId: string) => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/conversations/${sessionId}?configuration_id=${tenant.configurationId}`, headers: bearer(token) });
    expectToMatchContract("getConversation", response);
    return response.json() as { data: { agent_note: string | null } };
  };

  it("is written by an agent, seen by the colleagues live, on connecting and in the history, and removed by an empty note", async () => {
    const agent = await connectAgent(agentA);
    const colleague = await connectAgent(agentA2);
    const visitor = await visitorWithConversation(alpha);
    const note = { configuration_id: alpha.configurationId, session_id: visitor.sessionId, agent_note: "  Wants a refund;\nsee order 42.  " };

    const written = await act(agent.socket, "set_agent_note", note);
    expect(written).toMatchObject({ status: "success", conversation: { agent_note: "Wants a refund;\nsee order 42." } });
    await waitFor(() => updatesOf(colleague.events, visitor.sessionId).filter((update) => (update as { agent_note?: string | null }).agent_note === "Wants a refund;\nsee order 42."));
    expect((await detail(agentA2.token, alpha, visitor.sessionId)).data.agent_note).toBe("Wants a refund;\nsee order 42.");
    const later = await connectAgent(agentA2);
    expect((later.initial.find((conversation) => conversation.session_id === visitor.sessionId) as { agent_note?: string | null }).agent_note).toBe("Wants a refund;\nsee order 42.");

    const longest = "n".repeat(maxAgentNoteLength);
    expect(await act(agent.socket, "set_agent_note", { ...note, agent_note: longest })).toMatchObject({ status: "success", conversation: { agent_note: longest } });
    expect(await act(agent.socket, "set_agent_note", { ...note, agent_note: "   " })).toMatchObject({ status: "success", conversation: { agent_note: null } });
    expect((await detail(agentA.token, alpha, visitor.sessionId)).data.agent_note).toBeNull();
  });

  it("refuses a note too long, with a NUL character, of the wrong type or of another tenant, and keeps the note", async () => {
    const agent = await connectAgent(agentA);
    const stranger = await connectAgent(agentB);
    const visitor = await visitorWithConversation(alpha);
    const note = { configuration_id: alpha.configurationId, session_id: visitor.sessionId, agent_note: "Kept" };
    await act(agent.socket, "set_agent_note", note);

    for (const refused of [
      { ...note, agent_note: "n".repeat(maxAgentNoteLength + 1) },
      { ...note, agent_note: "a\u0000b" },
      { ...note, agent_note: 42 },
      { configuration_id: alpha.configurationId, session_id: visitor.sessionId },
    ]) {
      expect(await act(agent.socket, "set_agent_note", refused)).toMatchObject({ status: "error", code: "validation_failed" });
    }
    expect(await act(stranger.socket, "set_agent_note", { ...note, agent_note: "Theirs" })).toMatchObject({ status: "error", code: "not_found" });
    expect(await act(stranger.socket, "set_agent_note", { ...note, configuration_id: bravo.configurationId, agent_note: "Theirs" })).toMatchObject({ status: "error", code: "not_found" });
    expect((await detail(agentA.token, alpha, visitor.sessionId)).data.agent_note).toBe("Kept");
    await quiet();
    expect(updatesOf(stranger.events, visitor.sessionId)).toEqual([]);
  });
});

describe("new visitor messages", () => {
  const answered = (events: Event[]) => named(events, "assistant_message").filter((payload) => (payload as { done: boolean }).done);

  it("are counted by the server until an agent opens or takes over the conversation or replies, the same after a reload and for every agent", async () => {
    const agent = await connectAgent(agentA);
    const colleague = await connectAgent(agentA2);
    const stranger = await connectAgent(agentB);
    const visitor = await visitorWithConversation(alpha, "First question");
    await say(visitor.socket, "Second question");
    await waitFor(() => answered(visitor.events), 2);
    const target = { configuration_id: alpha.configurationId, session_id: visitor.sessionId };
    /** The count a screen shows after a reload: the conversation as a new connection lists it. */
    const afterReload = async (who: Agent = agentA) => (await connectAgent(who)).initial.find((conversation) => conversation.session_id === visitor.sessionId)!.newUserMessages;

    // The assistant's answers leave them new.
    expect(await afterReload()).toBe(2);
    expect(await act(stranger.socket, "mark_conversation_seen", target)).toMatchObject({ status: "error", code: "not_found" });
    expect(await act(agent.socket, "mark_conversation_seen", { session_id: 1 })).toMatchObject({ status: "error", code: "validation_failed" });
    expect(await afterReload()).toBe(2);

    expect(await act(agent.socket, "mark_conversation_seen", target)).toMatchObject({ status: "success", conversation: { session_id: visitor.sessionId, newUserMessages: 0 } });
    await waitFor(() => updatesOf(colleague.events, visitor.sessionId).filter((update) => update.emitted_by === agentA.userId && update.newUserMessages === 0));
    expect(await afterReload(agentA2)).toBe(0);
    // Nothing new: nothing written, no update.
    const updatesBefore = updatesOf(colleague.events, visitor.sessionId).length;
    expect(await act(agent.socket, "mark_conversation_seen", target)).toMatchObject({ status: "success", conversation: { newUserMessages: 0 } });
    await quiet();
    expect(updatesOf(colleague.events, visitor.sessionId)).toHaveLength(updatesBefore);

    // A later message is new until the agent who takes the conversation over has read it.
    await say(visitor.socket, "Third question");
    await waitFor(() => answered(visitor.events), 3);
    expect(await afterReload()).toBe(1);
    await act(agent.socket, "manual_takeover", { ...target, first_name: "Anna", last_name: "Agent" });
    expect(await afterReload()).toBe(0);
    await say(visitor.socket, "Are you there?");
    await expect.poll(() => afterReload()).toBe(1);
    // The agent's reply answers it.
    await act(agent.socket, "human_agent_message", { configurationId: alpha.configurationId, conversationId: visitor.sessionId, messageContent: "Yes!" });
    expect(await afterReload(agentA2)).toBe(0);
    expect(updatesOf(stranger.events, visitor.sessionId)).toEqual([]);
  });
});
