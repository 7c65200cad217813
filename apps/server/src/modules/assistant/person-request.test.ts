/**
 * A visitor asking for a person: the configuration's agents are alerted, and the visitor is told whether
 * someone is online to join (an agent on the /live socket) or that the team will read the conversation, and
 * contact details left afterwards are acknowledged. Over the real server, on PGlite and PostgreSQL.
 */
import type { AddressInfo } from "node:net";
import { assistantTexts } from "@parley/domain";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { startLlmServer, type LlmServer } from "../../test/llm-server";

let ctx: TestContext;
let url: string;
let llm: LlmServer;
let withProvider: TestContext;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ chatLimits: false });
  llm = await startLlmServer();
  withProvider = await createTestContext({
    chatLimits: false,
    llm: { openai: { baseUrl: llm.baseUrl, apiKey: llm.apiKey, models: { "gpt-4o-default": "gpt-4o", "gpt-4o-mini-default": "gpt-4o-mini" }, timeoutMs: 2_000, firstTokenTimeoutMs: 1_500 } },
  });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  await withProvider?.close();
  await llm?.close();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

async function shop(label: string, context = ctx): Promise<{ tenant: Tenant; token: string }> {
  const tenant = await createTenant(context, label);
  // No alert keywords are configured: asking for a person alerts the agents all the same.
  await context.database.db.query("UPDATE configurations SET settings = settings || $2::jsonb WHERE id = $1", [
    tenant.configurationId,
    JSON.stringify({
      language: "en",
      include_manual_dataset: true,
      use_alert_triggers: false,
      alert_trigger_keywords: [],
    }),
  ]);
  const { token } = await context.createUser({ role: "customer", customerId: tenant.customerId });
  return { tenant, token };
}

async function send(tenant: Tenant, message: string, sessionId?: string, context = ctx) {
  const response = await context.app.inject({
    method: "POST",
    url: `/api/widget/${tenant.configurationId}/messages`,
    payload: { message, ...(sessionId ? { session_id: sessionId } : {}) },
  });
  expectToMatchContract("sendWidgetMessage", response);
  expect(response.statusCode).toBe(200);
  return response.json() as { session_id: string; reply: { content: string } | null };
}

const remaining = async (tenant: Tenant) =>
  (
    await ctx.database.db.query<{ remaining_messages: number }>(
      "SELECT remaining_messages FROM configurations WHERE id = $1",
      [tenant.configurationId],
    )
  )[0]!.remaining_messages;

async function alerts(token: string, context = ctx) {
  const response = await context.app.inject({ method: "GET", url: "/api/notifications", headers: bearer(token) });
  expectToMatchContract("listNotifications", response);
  return (response.json() as { data: { type: string; message: string }[] }).data.filter(
    (notification) => notification.type === "alert",
  );
}

async function connectAgent(token: string) {
  const socket = io(`${url}/live`, {
    path: "/socket.io",
    transports: ["websocket"],
    query: { token, firstname: "Anna", lastname: "Agent" },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once("initial_conversations", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

describe("a visitor asking for a person", () => {
  it("with nobody online: the agents are alerted, the visitor is told the team will read it, and contact details left are acknowledged", async () => {
    const { tenant, token } = await shop("Personless");
    const before = await remaining(tenant);
    const asked = await send(tenant, "Can I talk to a human please?");
    expect(asked.reply?.content).toContain(assistantTexts.en.person_requested_offline);
    await expect
      .poll(() => alerts(token))
      .toEqual([expect.objectContaining({ message: "Can I talk to a..." })]);
    const [conversation] = await ctx.database.db.query<{ alert_triggered: boolean }>(
      "SELECT alert_triggered FROM conversations WHERE session_id = $1",
      [asked.session_id],
    );
    expect(conversation?.alert_triggered).toBe(true);

    const left = await send(tenant, "my email is jan.jansen@example.com", asked.session_id);
    expect(left.reply?.content).toContain(assistantTexts.en.contact_details_received);
    // Nobody is online, so "I don't know" offers no person.
    const unknown = await send(tenant, "What is the capital of Peru?", asked.session_id);
    expect(unknown.reply?.content).toContain(assistantTexts.en.dont_know);
    expect(unknown.reply?.content).not.toContain(assistantTexts.en.person_available);
    // A question after that is answered from the knowledge as usual.
    const question = await send(tenant, "Personless?", asked.session_id);
    expect(question.reply?.content).toContain("Personless!");
    // The acknowledgement is not the assistant's answer: three of the four turns used the quota.
    expect(await remaining(tenant)).toBe(before - 3);
  });

  it("with an agent online: the visitor is told someone will join, using no message of the quota", async () => {
    const { tenant, token } = await shop("Personful");
    await connectAgent(token);
    const before = await remaining(tenant);
    const asked = await send(tenant, "Ik wil graag een medewerker spreken over mijn bestelling");
    expect(asked.reply?.content).toMatch(
      new RegExp(`${assistantTexts.en.person_requested_online}|${assistantTexts.nl.person_requested_online}`),
    );
    await expect.poll(async () => (await alerts(token)).length).toBe(1);
    expect(await remaining(tenant)).toBe(before);
    // A question the knowledge has no answer to says that a person can join; one it answers does not.
    const unknown = await send(tenant, "What is the capital of Peru?");
    expect(unknown.reply?.content).toContain(assistantTexts.en.dont_know);
    expect(unknown.reply?.content).toContain(assistantTexts.en.person_available);
    expect((await send(tenant, "Personful?")).reply?.content).not.toContain(assistantTexts.en.person_available);
    // Once the visitor asked for a person (the agents are alerted), "I don't know" does not say it again.
    const later = await send(tenant, "What is the capital of Chile?", asked.session_id);
    expect(later.reply?.content).toContain(assistantTexts.en.dont_know);
    expect(later.reply?.content).not.toContain(assistantTexts.en.person_available);
  });

  it("alerts the agents when the request comes later in a conversation, over the visitor's socket", async () => {
    const { tenant, token } = await shop("Personlater");
    const visitor = io(`${url}/chat`, { path: "/socket.io", transports: ["websocket"], query: { configuration_id: tenant.configurationId }, reconnection: false, forceNew: true });
    sockets.push(visitor);
    await new Promise((resolve, reject) => {
      visitor.once("session", resolve);
      visitor.once("connect_error", reject);
    });
    const answers: string[] = [];
    visitor.on("assistant_message", (payload: { message?: { content?: string }; content?: string }) => answers.push(payload.message?.content ?? payload.content ?? ""));
    await visitor.timeout(5_000).emitWithAck("visitor_message", { message: "Personlater?" });
    expect(await alerts(token)).toEqual([]);
    await visitor.timeout(5_000).emitWithAck("visitor_message", { message: "I would like to speak to someone" });
    await expect.poll(() => alerts(token)).toEqual([expect.objectContaining({ message: "I would like to speak..." })]);
    await expect.poll(() => answers.some((answer) => answer.includes(assistantTexts.en.person_requested_offline))).toBe(true);
  });

  it("with a provider and nobody online: the provider answers, and the agents are alerted all the same", async () => {
    const { tenant, token } = await shop("Personprovided", withProvider);
    llm.reply({ text: "<p>Our team is available on weekdays from 9 to 17.</p>" });
    const asked = await send(tenant, "I want to speak to a person", undefined, withProvider);
    expect(asked.reply?.content).toContain("Our team is available on weekdays");
    expect(llm.requests).toHaveLength(1);
    await expect.poll(() => alerts(token, withProvider)).toEqual([expect.objectContaining({ message: "I want to speak to..." })]);
  });

  it("does not take a question about people or contact for a request to talk to someone", async () => {
    const { tenant, token } = await shop("Personal");
    for (const message of [
      "Is my personal data safe with you?",
      "How do I contact customer service?",
      "Personal?",
    ]) {
      const answer = await send(tenant, message);
      expect(answer.reply?.content).not.toContain(assistantTexts.en.person_requested_offline);
    }
    expect(await alerts(token)).toEqual([]);
  });
});
