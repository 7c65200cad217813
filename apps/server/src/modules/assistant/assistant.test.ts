/**
 * The assistant end to end over the real server: the HTTP fallback and the /chat socket (socket.io-client),
 * the embedded extractive default and a provider (a loopback server speaking the Chat Completions API), on
 * PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { AddressInfo } from "node:net";
import { assistantTexts, smallTalkReplies } from "@parley/domain";
import { freeTestAnswersPerDay } from "@parley/domain/quota";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";
import { openAiErrors, startLlmServer, type LlmServer } from "../../test/llm-server";
import { payloadCheck } from "../../platform/sockets/events";
import { visitorHistoryLimit } from "./visitors";
import { saveDataset } from "../datasets/repository";
import { systemScope } from "../tenancy";

let ctx: TestContext;
let llm: LlmServer;
let withProvider: TestContext;
let providerUrl: string;

const faq = [
  { question: "How long does delivery take?", answer: "Orders arrive within 2 to 3 working days in the Netherlands and Belgium." },
  { question: "Can I return a product?", answer: "You can return any product within 30 days for a full refund." },
  { question: "Which payment methods do you accept?", answer: "We accept iDEAL, credit card and PayPal." },
  { question: "Where can I find my invoice?", answer: "Your invoices are under My account, then Orders." },
];

beforeAll(async () => {
  llm = await startLlmServer();
  ctx = await createTestContext({ chatLimits: false });
  withProvider = await createTestContext({
    chatLimits: false,
    llm: { openai: { baseUrl: llm.baseUrl, apiKey: llm.apiKey, models: { "gpt-4o-default": "gpt-4o", "gpt-4o-mini-default": "gpt-4o-mini" }, timeoutMs: 2_000, firstTokenTimeoutMs: 1_500, auxiliaryTimeoutMs: 600 } },
  });
  await withProvider.app.listen({ port: 0, host: "127.0.0.1" });
  providerUrl = `http://127.0.0.1:${(withProvider.app.server.address() as AddressInfo).port}`;
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await ctx?.close();
  await withProvider?.close();
  await llm?.close();
});
afterEach(() => llm.reset());

const serverUrl = (context: TestContext) => `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;

/** A customer's configuration with the FAQ above and the given settings, written before anything reads it. */
async function assistantFor(context: TestContext, settings: Record<string, unknown> = {}, usage: { limit?: number; remaining?: number; resetDate?: string } = {}) {
  const customerId = await context.createCustomer(`Shop ${Math.random().toString(36).slice(2, 8)}`);
  const configurationId = await createConfiguration(context.database.db, customerId, `shop-${Math.random().toString(36).slice(2, 10)}`);
  await context.database.db.query("UPDATE configurations SET settings = settings || $2::jsonb WHERE id = $1", [
    configurationId,
    JSON.stringify({ language: "en", include_manual_dataset: true, ...settings }),
  ]);
  if (usage.limit !== undefined || usage.remaining !== undefined || usage.resetDate !== undefined) {
    await context.database.db.query(
      `UPDATE configurations SET message_limit = COALESCE($2, message_limit), remaining_messages = COALESCE($3, remaining_messages),
         usage_reset_date = COALESCE($4::date, usage_reset_date) WHERE id = $1`,
      [configurationId, usage.limit ?? null, usage.remaining ?? null, usage.resetDate ?? null],
    );
  }
  await saveDataset(context.database.db, systemScope, configurationId, "FAQ", faq, [
    { text: "Question", value: "question" },
    { text: "Answer", value: "answer" },
  ]);
  return { customerId, configurationId };
}

async function send(context: TestContext, configurationId: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await context.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload, headers });
  expectToMatchContract("sendWidgetMessage", response);
  return response;
}

async function history(context: TestContext, configurationId: string, sessionId: string) {
  const response = await context.app.inject({ method: "GET", url: `/api/widget/${configurationId}/history?session_id=${encodeURIComponent(sessionId)}` });
  expectToMatchContract("getWidgetHistory", response);
  return response;
}

const remaining = async (context: TestContext, configurationId: string) =>
  (await context.database.db.query<{ remaining_messages: number }>("SELECT remaining_messages FROM configurations WHERE id = $1", [configurationId]))[0]!
    .remaining_messages;

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** A visitor's socket on /chat; resolves with it and the `session` event once connected. */
function connect(url: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const socket = io(`${url}/chat`, { path: "/socket.io", transports: ["websocket"], query, extraHeaders: headers, reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  const session = new Promise<{ session_id: string; messages: { role: string; content: string }[] }>((resolve, reject) => {
    socket.once("session", resolve);
    socket.once("connect_error", reject);
  });
  return { socket, events, session };
}

function ask(socket: Socket, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  return socket.timeout(5_000).emitWithAck("visitor_message", payload) as Promise<Record<string, unknown>>;
}

async function doneAnswer(events: { name: string; payload: unknown }[], count = 1) {
  await expect.poll(() => events.filter((event) => event.name === "assistant_message" && (event.payload as { done: boolean }).done).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  return events.filter((event) => event.name === "assistant_message" && (event.payload as { done: boolean }).done).map((event) => event.payload as { message: { content: string; role: string; sources: unknown[]; id: string } });
}


/** Trains articles and a URL list through the product's own calls, as a customer would. */
async function train(context: TestContext, customerId: string, configurationId: string, articles: { text: string; subject: string; url: string }[], urls: string[] = []) {
  const { token } = await context.createUser({ role: "customer", customerId });
  const headers = { authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (const article of articles) {
    const created = await context.app.inject({ method: "POST", url: "/api/training/create_article", headers, payload: { configurationId, source: article.url, kind: "scraped", ...article } });
    expect(created.statusCode, created.body).toBe(200);
    ids.push(created.json().data._id);
  }
  if (ids.length > 0) {
    const indexed = await context.app.inject({ method: "POST", url: "/api/training/index_article", headers, payload: { configurationId, articleIds: ids } });
    expect(indexed.json(), indexed.body).toMatchObject({ indexed: ids.length, failed: 0 });
  }
  if (urls.length > 0) {
    const saved = await context.app.inject({ method: "POST", url: "/api/training/urls/save", headers, payload: { configurationId, urls: urls.map((url) => ({ url, subject: "" })) } });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

const bakeryArticles = [
  { subject: "Sourdough", url: "https://bakery.example/sourdough", text: "Our sourdough bread rises for thirty-six hours and is baked every morning at five in the Haarlem kitchen." },
  { subject: "Gluten", url: "https://bakery.example/gluten", text: "We bake a gluten-free loaf on Fridays in a separate oven, with buckwheat and rice flour." },
];

describe("the embedded default (no provider)", () => {
  it("answers a paraphrased question over HTTP with the FAQ's answer and its source, and keeps the conversation", async () => {
    const { configurationId } = await assistantFor(ctx);
    const first = await send(ctx, configurationId, { message: "how long does delivry take for my order?", client_message_id: "m1" });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.handled_by).toBe("assistant");
    expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(body.reply.content).toContain("2 to 3 working days");
    expect(body.reply.sources[0]).toEqual({ kind: "faq", title: "How long does delivery take?", url: null });

    const again = await send(ctx, configurationId, { session_id: body.session_id, message: "and can I return a product i bought?" });
    expect(again.json().session_id).toBe(body.session_id);
    expect(again.json().reply.content).toContain("30 days");
    const stored = (await history(ctx, configurationId, body.session_id)).json().data as { role: string; content: string }[];
    expect(stored.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(stored[0]!.content).toBe("how long does delivry take for my order?");
  });

  it("answers every concurrent resend of one message over HTTP with the one answer, asked once", async () => {
    const { configurationId } = await assistantFor(ctx);
    const sessionId = (await send(ctx, configurationId, { message: "hello" })).json().session_id as string;
    const resends = await Promise.all(
      [1, 2, 3, 4].map(() => send(ctx, configurationId, { session_id: sessionId, message: "how long does delivery take", client_message_id: "same-1" })),
    );
    const bodies = resends.map((response) => response.json());
    expect(bodies.map((body) => body.handled_by)).toEqual(["assistant", "assistant", "assistant", "assistant"]);
    const replies = bodies.map((body) => body.reply?.id);
    expect(replies[0]).toBeTruthy();
    expect(new Set(replies)).toEqual(new Set([replies[0]]));
    expect(bodies[3].reply.content).toContain("2 to 3 working days");
    const stored = (await history(ctx, configurationId, sessionId)).json().data as { role: string }[];
    expect(stored.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("answers a resent first message (no session id yet) in the one conversation it started, asked once, also when both arrive at once", async () => {
    const { configurationId } = await assistantFor(ctx, {}, { limit: 50, remaining: 50 });
    const message = { message: "how long does delivery take", client_message_id: "first-1" };
    const atOnce = (await Promise.all([send(ctx, configurationId, message), send(ctx, configurationId, message)])).map((response) => response.json());
    expect(atOnce[1].session_id).toBe(atOnce[0].session_id);
    expect(atOnce[1].reply.id).toBe(atOnce[0].reply.id);
    expect(atOnce[1].message.id).toBe(atOnce[0].message.id);
    // The answer was lost: the widget sends the message again, still without the session id it never heard.
    const retried = (await send(ctx, configurationId, message)).json();
    expect(retried.session_id).toBe(atOnce[0].session_id);
    expect(retried.reply.id).toBe(atOnce[0].reply.id);
    expect(await remaining(ctx, configurationId)).toBe(49);
    const conversations = await ctx.database.db.query("SELECT id FROM conversations WHERE configuration_id = $1", [configurationId]);
    expect(conversations).toHaveLength(1);
    expect((await history(ctx, configurationId, retried.session_id)).json().data.map((stored: { role: string }) => stored.role)).toEqual(["user", "assistant"]);
    // Another message, or the same id from another visitor's address, starts its own conversation.
    const other = (await send(ctx, configurationId, { ...message, client_message_id: "first-2" })).json();
    expect(other.session_id).not.toBe(retried.session_id);
    const elsewhere = await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload: message, remoteAddress: "203.0.113.7" });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().session_id).not.toBe(retried.session_id);
    expect(await remaining(ctx, configurationId)).toBe(47);
  });

  it("stores the visitor's rating of an answer of their own conversation only", async () => {
    const { configurationId } = await assistantFor(ctx, { allowed_origins: ["https://shop.example"] });
    const page = "https://shop.example/help";
    const first = (await send(ctx, configurationId, { message: "how long does delivery take", page_url: page })).json();
    const rate = async (messageId: string, body: Record<string, unknown>, configuration = configurationId) => {
      const response = await ctx.app.inject({ method: "POST", url: `/api/widget/${configuration}/messages/${messageId}/rating`, payload: body });
      expectToMatchContract("rateWidgetMessage", response);
      return response;
    };
    expect((await rate(first.reply.id, { session_id: first.session_id, page_url: page, rating: -1 })).json()).toEqual({ status: "success", rating: -1 });
    const rated = await ctx.database.db.query<{ rating: number | null }>("SELECT rating FROM conversation_messages WHERE id = $1", [first.reply.id]);
    expect(rated[0]!.rating).toBe(-1);
    expect((await rate(first.reply.id, { session_id: first.session_id, page_url: page, rating: null })).statusCode).toBe(200);
    // Not the visitor's own message, not another session's answer, not from another website, no such message.
    expect((await rate(first.message.id, { session_id: first.session_id, page_url: page, rating: 1 })).statusCode).toBe(404);
    const other = (await send(ctx, configurationId, { message: "can I return a product", page_url: page })).json();
    expect((await rate(other.reply.id, { session_id: first.session_id, page_url: page, rating: 1 })).statusCode).toBe(404);
    expect((await rate(first.reply.id, { session_id: first.session_id, page_url: "https://evil.example/", rating: 1 })).statusCode).toBe(403);
    expect((await rate("not-a-message", { session_id: first.session_id, page_url: page, rating: 1 })).statusCode).toBe(404);
    expect((await rate(first.reply.id, { session_id: first.session_id, page_url: page, rating: 5 })).statusCode).toBe(400);
    const untouched = await ctx.database.db.query<{ rating: number | null }>("SELECT rating FROM conversation_messages WHERE id = $1", [other.reply.id]);
    expect(untouched[0]!.rating).toBeNull();
    // The history read from the allowed website works with the page's address, and brings the thumb back
    // (a widget whose storage the browser blocks in a third-party frame shows it after a reload).
    expect((await rate(first.reply.id, { session_id: first.session_id, page_url: page, rating: 1 })).statusCode).toBe(200);
    const listed = await ctx.app.inject({ method: "GET", url: `/api/widget/${configurationId}/history?session_id=${first.session_id}&page_url=${encodeURIComponent(page)}` });
    expectToMatchContract("getWidgetHistory", listed);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((message: { role: string; rating: unknown }) => [message.role, message.rating])).toEqual([
      ["user", null],
      ["assistant", 1],
    ]);
  });

  it("tells answers from small talk and notes (is_answer), and lets the visitor rate answers only", async () => {
    const { configurationId } = await assistantFor(ctx);
    const rate = (messageId: string, sessionId: string) =>
      ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages/${messageId}/rating`, payload: { session_id: sessionId, rating: 1 } });
    const greeting = (await send(ctx, configurationId, { message: "hi" })).json();
    const session = greeting.session_id as string;
    const turn = async (message: string) => (await send(ctx, configurationId, { message, session_id: session })).json().reply as { id: string; is_answer: boolean };
    const faqAnswer = await turn("which payment methods do you accept?");
    const identity = await turn("who are you?");
    const thanks = await turn("thanks");
    const unknown = await turn("what is the capital of Australia?");
    // Nobody is online: the note that the team will read the conversation is no answer either.
    const person = await turn("can I talk to a person?");
    expect([greeting.reply, faqAnswer, identity, thanks, unknown, person].map((reply) => reply.is_answer)).toEqual([false, true, false, false, true, false]);
    expect(greeting.message.is_answer).toBe(false);
    expect((await rate(faqAnswer.id, session)).statusCode).toBe(200);
    expect((await rate(unknown.id, session)).statusCode).toBe(200);
    for (const reply of [greeting.reply, identity, thanks, person]) expect((await rate(reply.id, session)).statusCode).toBe(404);
    // The history (and so a reloaded widget) says the same.
    const stored = (await history(ctx, configurationId, session)).json().data as { role: string; is_answer: boolean }[];
    expect(stored.filter((message) => message.role === "assistant").map((message) => message.is_answer)).toEqual([false, true, false, false, true, false]);
  });

  it("says it does not know, in the conversation's language, for a question the FAQ does not cover", async () => {
    const { configurationId } = await assistantFor(ctx, { language: "nl" });
    const response = await send(ctx, configurationId, { message: "Wat is de hoofdstad van Australië?" });
    expect(response.json().reply.content).toContain(assistantTexts.nl.dont_know.slice(0, 30));
    expect(response.json().reply.sources).toEqual([]);
  });

  it("answers a greeting, a thanks and a goodbye politely without a provider, and a greeting with a question as a question", async () => {
    const { configurationId } = await assistantFor(ctx, { language: "de" });
    const greeting = (await send(ctx, configurationId, { message: "Guten Tag!" })).json();
    expect(greeting.reply.content).toBe(`<p>${smallTalkReplies.de.greeting}</p>`);
    const thanks = (await send(ctx, configurationId, { message: "vielen Dank", session_id: greeting.session_id })).json();
    expect(thanks.reply.content).toBe(`<p>${smallTalkReplies.de.thanks}</p>`);
    const question = (await send(ctx, configurationId, { message: "Hallo, was ist die Hauptstadt von Australien?", session_id: greeting.session_id })).json();
    expect(question.reply.content).toContain(assistantTexts.de.dont_know.slice(0, 30));
  });

  it("answers in the detected language when language detection is on and the message is long enough", async () => {
    const { configurationId } = await assistantFor(ctx, { language: "en", use_lang_detect: true, lang_detect_word_count: 4 });
    const dutch = await send(ctx, configurationId, { message: "Hoe laat gaan jullie morgen eigenlijk open voor de klanten?" });
    expect(dutch.json().reply.content).toContain(assistantTexts.nl.dont_know.slice(0, 30));
    const short = await send(ctx, configurationId, { message: "Hallo daar" });
    expect(short.json().reply.content).toContain(assistantTexts.en.dont_know.slice(0, 30));
  });

  it("streams over the socket, resumes the session after a reconnect, and recognises a resent message", async () => {
    const { configurationId } = await assistantFor(ctx, {}, { limit: 50, remaining: 50 });
    const first = connect(serverUrl(ctx), { configuration_id: configurationId });
    const session = await first.session;
    expect(session.messages).toEqual([]);
    expect(payloadCheck("session")(session)).toBeNull();

    const ack = await ask(first.socket, { message: "which payment methods can I use", client_message_id: "c-1" });
    expect(ack).toMatchObject({ status: "success", session_id: session.session_id, handled_by: "assistant", duplicate: false });
    expect(payloadCheck("visitorMessageAck")(ack)).toBeNull();
    const [answer] = await doneAnswer(first.events);
    expect(payloadCheck("assistantMessage")(answer)).toBeNull();
    expect(answer!.message.content).toContain("iDEAL");
    const typing = first.events.filter((event) => event.name === "typing").map((event) => (event.payload as { typing: boolean }).typing);
    expect(typing).toEqual([true, false]);
    expect(await remaining(ctx, configurationId)).toBe(49);
    first.socket.disconnect();

    // The visitor comes back with the session id: the conversation is there, and a resend of c-1 is not asked again.
    const second = connect(serverUrl(ctx), { configuration_id: configurationId, session_id: session.session_id });
    const resumed = await second.session;
    expect(resumed.session_id).toBe(session.session_id);
    expect(resumed.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    const resent = await ask(second.socket, { message: "which payment methods can I use", client_message_id: "c-1" });
    expect(resent).toMatchObject({ status: "success", duplicate: true });
    const [again] = await doneAnswer(second.events);
    expect(again!.message.id).toBe(answer!.message.id);
    expect(await remaining(ctx, configurationId)).toBe(49);
    expect((await history(ctx, configurationId, session.session_id)).json().data).toHaveLength(2);
  });

  it("goes on in a new conversation, with a new session id, when the visitor's conversation was closed", async () => {
    const { configurationId } = await assistantFor(ctx);
    const visitor = connect(serverUrl(ctx), { configuration_id: configurationId });
    const { session_id } = await visitor.session;
    await ask(visitor.socket, { message: "where is my invoice", client_message_id: "k1" });
    await doneAnswer(visitor.events);
    await ctx.database.db.query("UPDATE conversations SET status = 'Closed' WHERE session_id = $1", [session_id]);
    const ack = await ask(visitor.socket, { message: "can I return a product", client_message_id: "k2" });
    expect(ack.session_id).not.toBe(session_id);
    const sessions = visitor.events.filter((event) => event.name === "session").map((event) => (event.payload as { session_id: string }).session_id);
    expect(sessions).toEqual([session_id, ack.session_id]);
    const [, second] = await doneAnswer(visitor.events, 2);
    expect(second!.message.content).toContain("30 days");
    expect((await history(ctx, configurationId, ack.session_id as string)).json().data).toHaveLength(2);
    expect((await history(ctx, configurationId, session_id)).json().data).toHaveLength(2);
  });

  it("goes on in one new conversation after a close, for two quick messages and for another tab of the session", async () => {
    const { configurationId } = await assistantFor(ctx);
    const visitor = connect(serverUrl(ctx), { configuration_id: configurationId });
    const { session_id } = await visitor.session;
    await ask(visitor.socket, { message: "where is my invoice", client_message_id: "c1" });
    await doneAnswer(visitor.events);
    const tab = connect(serverUrl(ctx), { configuration_id: configurationId, session_id });
    await tab.session;
    await ctx.database.db.query("UPDATE conversations SET status = 'Closed' WHERE session_id = $1", [session_id]);
    // Both sent before the widget hears the new session id.
    const acks = await Promise.all([ask(visitor.socket, { message: "can I return a product", client_message_id: "c2" }), ask(visitor.socket, { message: "and my invoice", client_message_id: "c3" })]);
    const continued = acks[0]!.session_id as string;
    expect(continued).not.toBe(session_id);
    expect(acks[1]!.session_id).toBe(continued);
    const fromTab = await ask(tab.socket, { message: "thanks", client_message_id: "c4" });
    expect(fromTab.session_id).toBe(continued);
    await doneAnswer(visitor.events, 3);
    const started = await ctx.database.db.query<{ session_id: string }>("SELECT session_id FROM conversations WHERE configuration_id = $1 ORDER BY time_started", [configurationId]);
    expect(started.map((row) => row.session_id)).toEqual([session_id, continued]);
    const kept = (await history(ctx, configurationId, continued)).json().data as { role: string; content: string }[];
    expect(kept.filter((message) => message.role === "user").map((message) => message.content).sort()).toEqual(["and my invoice", "can I return a product", "thanks"]);
  });

  it("answers from trained articles with the passage and a link to its page, when retrieval is on", async () => {
    const { customerId, configurationId } = await assistantFor(ctx, { rag_enabled: true, include_manual_dataset: false });
    await train(ctx, customerId, configurationId, bakeryArticles);
    const answer = (await send(ctx, configurationId, { message: "how long does your sourdough bread rise?" })).json();
    expect(answer.reply.content).toContain("thirty-six hours");
    expect(answer.reply.content).toContain('href="https://bakery.example/sourdough"');
    expect(answer.reply.sources[0]).toEqual({ kind: "article", title: "Sourdough", url: "https://bakery.example/sourdough" });
    // A question the articles do not answer gets "I don't know", with the most relevant pages.
    const unknown = (await send(ctx, configurationId, { message: "what is the capital of France?" })).json();
    expect(unknown.reply.content).toContain(assistantTexts.en.dont_know_with_links.slice(0, 30));
    // With retrieval off the same articles are not used.
    const off = await assistantFor(ctx, { rag_enabled: false, include_manual_dataset: false });
    await train(ctx, off.customerId, off.configurationId, bakeryArticles);
    expect((await send(ctx, off.configurationId, { message: "how long does your sourdough bread rise?" })).json().reply.content).not.toContain("thirty-six");
  });

  it("limits the messages a minute of one visitor and of one address", async () => {
    const limited = await createTestContext({ chatLimits: { perVisitorPerMinute: 2, perAddressPerMinute: 3 } });
    try {
      const { configurationId } = await assistantFor(limited);
      const first = await send(limited, configurationId, { message: "delivery time?" });
      const sessionId = first.json().session_id;
      expect((await send(limited, configurationId, { session_id: sessionId, message: "and returns?" })).statusCode).toBe(200);
      const third = await send(limited, configurationId, { session_id: sessionId, message: "and payment?" });
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe("rate_limited");
      expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
      // A new conversation from the same address: the address's limit (3 a minute) holds.
      expect((await send(limited, configurationId, { message: "new visitor?" })).statusCode).toBe(429);
      expect((await send(limited, configurationId, { message: "hi" }, { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(429);
      // The refused messages were not stored.
      expect((await history(limited, configurationId, sessionId)).json().data).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it("sends every socket of a session each answer once, and nothing to another visitor", async () => {
    const { configurationId } = await assistantFor(ctx);
    const tab1 = connect(serverUrl(ctx), { configuration_id: configurationId });
    const { session_id } = await tab1.session;
    await ask(tab1.socket, { message: "where is my invoice", client_message_id: "t1" });
    await doneAnswer(tab1.events);
    const tab2 = connect(serverUrl(ctx), { configuration_id: configurationId, session_id });
    const stranger = connect(serverUrl(ctx), { configuration_id: configurationId });
    await tab2.session;
    await stranger.session;
    await ask(tab2.socket, { message: "can I return a product", client_message_id: "t2" });
    await doneAnswer(tab1.events, 2);
    await doneAnswer(tab2.events, 1);
    expect((await doneAnswer(tab1.events, 2)).length).toBe(2);
    expect(stranger.events.filter((event) => event.name === "assistant_message")).toEqual([]);
  });

  it("refuses an unknown configuration, a malformed payload, and a website the configuration does not allow", async () => {
    const unknown = connect(serverUrl(ctx), { configuration_id: "00000000-0000-4000-8000-000000000000" });
    await expect(unknown.session).rejects.toMatchObject({ message: "not_found" });
    expect((await send(ctx, "00000000-0000-4000-8000-000000000000", { message: "hi" })).statusCode).toBe(404);
    expect((await send(ctx, "not-an-id", { message: "hi" })).statusCode).toBe(404);

    const { configurationId } = await assistantFor(ctx, { allowed_origins: ["https://shop.example"] });
    const refused = connect(serverUrl(ctx), { configuration_id: configurationId }, { origin: "https://evil.example" });
    await expect(refused.session).rejects.toMatchObject({ message: "forbidden" });
    expect((await send(ctx, configurationId, { message: "hi" }, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await send(ctx, configurationId, { message: "hi", page_url: "https://evil.example/page" })).statusCode).toBe(403);
    const allowed = await send(ctx, configurationId, { message: "how long is delivery" }, { origin: "https://shop.example" });
    expect(allowed.statusCode).toBe(200);
    // The portals' test environment frames the widget on Parley's own origin: always allowed.
    const testEnvironment = await send(ctx, configurationId, { message: "how long is delivery", page_url: "http://portal.test/assistant/test" }, { origin: "http://portal.test" });
    expect(testEnvironment.statusCode).toBe(200);

    const open = connect(serverUrl(ctx), { configuration_id: configurationId, page_url: "https://shop.example/products" });
    await open.session;
    // Refused in the words of the HTTP call's 400 for the same message.
    for (const [payload, words] of [
      [{ message: 42 }, "message: must be string"],
      [{ message: "" }, "message: This field is required"],
      [{}, "message: This field is required"],
      [{ message: "x".repeat(4001) }, "message: Use at most 4000 characters"],
    ] as const) {
      expect(await ask(open.socket, payload)).toEqual({ status: "error", code: "validation_failed", message: words });
      const refused = await send(ctx, configurationId, payload, { origin: "https://shop.example" });
      expect([refused.statusCode, (refused.json() as { message: string }).message]).toEqual([400, words]);
    }
    // A packet over the sockets' 64 kB limit closes that connection only; the server and the other sockets go on.
    const oversized = connect(serverUrl(ctx), { configuration_id: configurationId, page_url: "https://shop.example/products" });
    await oversized.session;
    const closed = new Promise<string>((resolve) => oversized.socket.once("disconnect", resolve));
    oversized.socket.emit("visitor_message", { message: "x".repeat(70_000) });
    expect(await closed).toBe("transport close");
    expect(await ask(open.socket, { message: "how long is delivery" })).toMatchObject({ status: "success" });
    expect((await send(ctx, configurationId, { message: "x".repeat(4001) }, { origin: "https://shop.example" })).statusCode).toBe(400);
    expect((await send(ctx, configurationId, { message: "\u0000\u0000" }, { origin: "https://shop.example" })).statusCode).toBe(400);
  });

  it("refuses a NUL or an unpaired surrogate on the socket as the HTTP calls do, naming the field, and stores nothing of it", async () => {
    const { configurationId } = await assistantFor(ctx);
    const unsafe = "Contains a character that is not allowed (NUL or an unpaired surrogate)";
    const queries: Record<string, string>[] = [{ session_id: "abc\u0000" }, { page_url: "https://shop.example/\u0000" }, { test_ticket: "\u0000" }, { language: "en\u0000" }];
    for (const query of queries) {
      const refused = connect(serverUrl(ctx), { configuration_id: configurationId, ...query });
      const [field] = Object.keys(query);
      await expect(refused.session).rejects.toMatchObject({ message: "validation_failed", data: { status: "error", code: "validation_failed", message: `${field}: ${unsafe}` } });
    }
    const visitor = connect(serverUrl(ctx), { configuration_id: configurationId });
    const { session_id } = await visitor.session;
    for (const [payload, field] of [
      [{ message: "where is my \u0000invoice" }, "message"],
      [{ message: "where is my \ud800invoice" }, "message"],
      [{ message: "where is my \udc00invoice" }, "message"],
      [{ message: "where is my invoice", page_url: "https://shop.example/\u0000" }, "page_url"],
      [{ message: "where is my invoice", session_id: "\u0000" }, "session_id"],
    ] as const) {
      const refusal = await ask(visitor.socket, payload);
      expect(refusal).toEqual({ status: "error", code: "validation_failed", message: `${field}: ${unsafe}` });
      expect(payloadCheck("visitorMessageAck")(refusal)).toBeNull();
    }
    expect(await ctx.database.db.query("SELECT id FROM conversations WHERE configuration_id = $1", [configurationId])).toEqual([]);
    // A pair of surrogates is a character like any other, and the socket goes on.
    expect(await ask(visitor.socket, { message: "where is my invoice 📦" })).toMatchObject({ status: "success", session_id, message: { content: "where is my invoice 📦" } });
  });

  it("answers every acknowledgement a client waits for: an event it does not have, a message with more arguments, and takes a message with none", async () => {
    const { configurationId } = await assistantFor(ctx);
    const visitor = connect(serverUrl(ctx), { configuration_id: configurationId });
    const { session_id } = await visitor.session;
    const unknown = await visitor.socket.timeout(2_000).emitWithAck("agent_message", { message: "I am the agent now" });
    expect(unknown).toEqual({ status: "error", code: "validation_failed", message: "event: must be one of: visitor_message, typing" });
    expect(payloadCheck("chatError")(unknown)).toBeNull();
    const extra = await visitor.socket.timeout(2_000).emitWithAck("visitor_message", { message: "where is my invoice", client_message_id: "e1" }, "and more");
    expect(extra).toMatchObject({ status: "success", session_id, duplicate: false });
    visitor.socket.emit("visitor_message", { message: "can I return a product", client_message_id: "e2" });
    const answers = await doneAnswer(visitor.events, 2);
    expect(answers[1]!.message.content).toContain("30 days");
    expect((await history(ctx, configurationId, session_id)).json().data).toHaveLength(4);
  });

  it("gives a visitor the last messages of a conversation kept going for days, not all of them, on the history call and on the socket", async () => {
    const { configurationId } = await assistantFor(ctx);
    const first = (await send(ctx, configurationId, { message: "where is my invoice" })).json();
    const reply = first.reply.id as string;
    expect((await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages/${reply}/rating`, payload: { session_id: first.session_id, rating: 1 } })).statusCode).toBe(200);
    // A script writing for days within the per-minute limit: 250 more messages after the first turn.
    await ctx.database.db.query(
      `INSERT INTO conversation_messages (conversation_id, role, content)
       SELECT c.id, 'user', 'message ' || n FROM conversations c, generate_series(1, 250) n WHERE c.session_id = $1 ORDER BY n`,
      [first.session_id],
    );
    const latest = (await history(ctx, configurationId, first.session_id)).json().data as { content: string }[];
    expect(latest).toHaveLength(visitorHistoryLimit);
    expect(latest.at(0)!.content).toBe(`message ${250 - visitorHistoryLimit + 1}`);
    expect(latest.at(-1)!.content).toBe("message 250");
    const resumed = await connect(serverUrl(ctx), { configuration_id: configurationId, session_id: first.session_id }).session;
    expect(resumed.messages.map((message) => message.content)).toEqual(latest.map((message) => message.content));
    // Within the limit, the whole conversation with the visitor's rating.
    const short = (await send(ctx, configurationId, { message: "where is my invoice" })).json();
    await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages/${short.reply.id}/rating`, payload: { session_id: short.session_id, rating: -1 } });
    const whole = (await history(ctx, configurationId, short.session_id)).json().data as { role: string; rating: number | null }[];
    expect(whole.map((message) => [message.role, message.rating])).toEqual([
      ["user", null],
      ["assistant", -1],
    ]);
  });

  it("never shows one configuration's conversation to another, nor continues it there", async () => {
    const a = await assistantFor(ctx);
    const b = await assistantFor(ctx);
    const started = (await send(ctx, a.configurationId, { message: "how long does delivery take" })).json();
    expect((await history(ctx, b.configurationId, started.session_id)).json().data).toEqual([]);
    const elsewhere = (await send(ctx, b.configurationId, { session_id: started.session_id, message: "hello" })).json();
    expect(elsewhere.session_id).not.toBe(started.session_id);
    expect((await history(ctx, a.configurationId, started.session_id)).json().data).toHaveLength(2);
    expect((await history(ctx, a.configurationId, "unknown-session-id-0000000")).json().data).toEqual([]);
  });
});

describe("agents' corrections", () => {
  it("teach the matcher a visitor's phrasing of an entry, answered from then on; a foreign or unknown entry is refused", async () => {
    const { customerId, configurationId } = await assistantFor(ctx);
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const phrasing = "my parcel is lost in space, when does the postman ring?";
    const before = (await send(ctx, configurationId, { message: phrasing })).json();
    expect(before.reply.content).toContain(assistantTexts.en.dont_know.slice(0, 30));

    const call = async (method: "GET" | "POST" | "DELETE", payload?: Record<string, unknown>, operationId = "addFaqCorrection", as = token) => {
      const response = await ctx.app.inject({
        method,
        url: method === "GET" ? `/api/data/dataset/corrections?configurationId=${configurationId}` : "/api/data/dataset/corrections",
        headers: { authorization: `Bearer ${as}` },
        ...(payload ? { payload } : {}),
      });
      expectToMatchContract(operationId, response);
      return response;
    };
    const added = await call("POST", { configurationId, question: phrasing, faqQuestion: "How long does delivery take?" });
    expect(added.statusCode, added.body).toBe(200);
    expect((await call("POST", { configurationId, question: phrasing, faqQuestion: "Is there no such entry?" })).statusCode).toBe(404);

    const after = (await send(ctx, configurationId, { message: "my parcel is lost in space, when will the postman ring?" })).json();
    expect(after.reply.content).toContain("2 to 3 working days");
    const listed = await call("GET", undefined, "listFaqCorrections");
    expect(listed.json().data).toEqual([expect.objectContaining({ question: phrasing, faqQuestion: "How long does delivery take?" })]);

    const other = await assistantFor(ctx);
    const stranger = await ctx.createUser({ role: "customer", customerId: other.customerId });
    expect((await call("GET", undefined, "listFaqCorrections", stranger.token)).statusCode).toBe(404);

    expect((await call("DELETE", { configurationId, _id: listed.json().data[0]._id }, "deleteFaqCorrection")).statusCode).toBe(200);
    expect((await call("GET", undefined, "listFaqCorrections")).json().data).toEqual([]);
    const forgotten = (await send(ctx, configurationId, { message: "my parcel is lost in space, when will the postman ring?" })).json();
    expect(forgotten.reply.content).toContain(assistantTexts.en.dont_know.slice(0, 30));
  });
});

describe("the quota", () => {
  it("lets two messages at once take the last message only once, and then answers politely that the assistant is unavailable", async () => {
    const { configurationId } = await assistantFor(ctx, { language: "de" }, { limit: 500, remaining: 1 });
    const [one, two] = await Promise.all([
      send(ctx, configurationId, { message: "how long does delivery take" }),
      send(ctx, configurationId, { message: "can I return a product" }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 429]);
    const refused = one.statusCode === 429 ? one : two;
    expect(refused.json()).toMatchObject({ code: "rate_limited", message: assistantTexts.de.unavailable });
    expect(await remaining(ctx, configurationId)).toBe(0);
    // The visitor's message is kept, with the note the visitor saw.
    const refusedSession = (await ctx.database.db.query<{ session_id: string }>(
      "SELECT c.session_id FROM conversations c JOIN conversation_messages m ON m.conversation_id = c.id WHERE c.configuration_id = $1 AND m.role = 'system'",
      [configurationId],
    ))[0]!.session_id;
    const kept = (await history(ctx, configurationId, refusedSession)).json().data as { role: string }[];
    expect(kept.map((message) => message.role)).toEqual(["user", "system"]);
  });

  it("refuses a resend of a message the quota refused as it refused the first, and stores nothing again", async () => {
    const { configurationId } = await assistantFor(ctx, { language: "nl" }, { limit: 500, remaining: 0, resetDate: "2099-01-01" });
    const first = await send(ctx, configurationId, { message: "how long does delivery take", client_message_id: "quota-resend" });
    expect(first.statusCode).toBe(429);
    const sessionId = (await ctx.database.db.query<{ session_id: string }>("SELECT session_id FROM conversations WHERE configuration_id = $1", [configurationId]))[0]!.session_id;
    const again = await send(ctx, configurationId, { message: "how long does delivery take", client_message_id: "quota-resend", session_id: sessionId });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: "rate_limited", message: assistantTexts.nl.unavailable });
    const kept = (await history(ctx, configurationId, sessionId)).json().data as { role: string }[];
    expect(kept.map((message) => message.role)).toEqual(["user", "system"]);
  });

  it("tells every open tab of the session, once and in the widget's language, when the visitor's own message finds the quota used up", async () => {
    // No language of its own: the conversation speaks the widget's.
    const { configurationId } = await assistantFor(ctx, { language: "" }, { limit: 500, remaining: 1, resetDate: "2999-01-01" });
    const tab1 = connect(serverUrl(ctx), { configuration_id: configurationId, language: "nl" });
    const { session_id } = await tab1.session;
    // The last message of the month is answered; a second tab then opens the conversation.
    await ask(tab1.socket, { message: "waar is mijn factuur", client_message_id: "q0" });
    await doneAnswer(tab1.events);
    const tab2 = connect(serverUrl(ctx), { configuration_id: configurationId, language: "nl", session_id });
    await tab2.session;
    const answered = tab1.events.length;
    const refused = new Promise((resolve) => tab1.socket.once("error", resolve));
    // The sender's acknowledgement and its refusal are what they were: the message is kept, the limit is reached.
    expect(await ask(tab1.socket, { message: "en kan ik iets terugsturen", client_message_id: "q1" })).toMatchObject({ status: "success", handled_by: "assistant" });
    expect(await refused).toEqual({ status: "error", code: "rate_limited", message: assistantTexts.nl.unavailable });
    const note = { role: "system", content: `<p>${assistantTexts.nl.unavailable}</p>` };
    const [inOtherTab] = await doneAnswer(tab2.events);
    const [, inSender] = await doneAnswer(tab1.events, 2);
    expect(inOtherTab!.message).toMatchObject(note);
    expect(inSender!.message).toMatchObject(note);
    // The note comes after the refusal, so a widget that shows the note drops the refusal's line for it.
    const names = tab1.events.slice(answered).map((event) => event.name);
    expect(names.lastIndexOf("assistant_message")).toBeGreaterThan(names.indexOf("error"));
    for (const payload of [inOtherTab, inSender]) expect(payloadCheck("assistantMessage")(payload)).toBeNull();
    // What the tabs show live is what a reload shows, and each tab got it once.
    const kept = (await history(ctx, configurationId, session_id)).json().data as { id: string; role: string; content: string }[];
    expect(kept.at(-1)).toMatchObject({ ...note, id: inSender!.message.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await doneAnswer(tab1.events)).length).toBe(2);
    expect((await doneAnswer(tab2.events)).length).toBe(1);
    expect(tab2.events.filter((event) => event.name === "error")).toEqual([]);
  });

  it("is unlimited on a limit of 0 and starts a new month at the reset date", async () => {
    const unlimited = await assistantFor(ctx, {}, { limit: 0, remaining: 0 });
    for (let i = 0; i < 3; i++) expect((await send(ctx, unlimited.configurationId, { message: "delivery time?" })).statusCode).toBe(200);

    const due = await assistantFor(ctx, {}, { limit: 200, remaining: 0, resetDate: "2020-01-15" });
    expect((await send(ctx, due.configurationId, { message: "delivery time?" })).statusCode).toBe(200);
    const [row] = await ctx.database.db.query<{ remaining_messages: number; usage_reset_date: string }>(
      "SELECT remaining_messages, usage_reset_date::text AS usage_reset_date FROM configurations WHERE id = $1",
      [due.configurationId],
    );
    expect(row!.remaining_messages).toBe(199);
    expect(row!.usage_reset_date.slice(8)).toBe("15");
    expect(new Date(row!.usage_reset_date).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(row!.usage_reset_date).getTime()).toBeLessThan(Date.now() + 32 * 24 * 3600 * 1000);
  });
});

describe("the test environment", () => {
  async function ticketFor(context: TestContext, configurationId: string, token: string | undefined) {
    const response = await context.app.inject({ method: "POST", url: "/api/widget/test-ticket", payload: { configuration_id: configurationId }, headers: token ? bearer(token) : {} });
    expectToMatchContract("createWidgetTestTicket", response);
    return response;
  }

  it("gives a ticket only to a user who may see the configuration", async () => {
    const mine = await assistantFor(ctx);
    const theirs = await assistantFor(ctx);
    const { token } = await ctx.createUser({ role: "customer", customerId: mine.customerId });
    expect((await ticketFor(ctx, mine.configurationId, undefined)).statusCode).toBe(401);
    expect((await ticketFor(ctx, theirs.configurationId, token)).statusCode).toBe(404);
    const issued = await ticketFor(ctx, mine.configurationId, token);
    expect(issued.statusCode).toBe(200);
    expect(Date.parse(issued.json().data.expires_at)).toBeGreaterThan(Date.now());
  });

  it("answers the conversations it starts without using the quota, also when the quota is used up, and only with its own configuration's ticket", async () => {
    const shop = await assistantFor(ctx, {}, { limit: 500, remaining: 2, resetDate: "2099-01-01" });
    const other = await assistantFor(ctx);
    const owner = await ctx.createUser({ role: "customer", customerId: shop.customerId });
    const otherOwner = await ctx.createUser({ role: "customer", customerId: other.customerId });
    const ticket = (await ticketFor(ctx, shop.configurationId, owner.token)).json().data.test_ticket as string;
    const foreignTicket = (await ticketFor(ctx, other.configurationId, otherOwner.token)).json().data.test_ticket as string;

    // Over the socket, as the portal frames the widget.
    const tested = connect(serverUrl(ctx), { configuration_id: shop.configurationId, test_ticket: ticket });
    await tested.session;
    expect(await ask(tested.socket, { message: "how long does delivery take" })).toMatchObject({ status: "success", handled_by: "assistant" });
    await doneAnswer(tested.events);
    // Over HTTP, and on in the same test conversation without the ticket.
    const started = (await send(ctx, shop.configurationId, { message: "can I return a product", test_ticket: ticket })).json();
    expect(started.reply.role).toBe("assistant");
    expect((await send(ctx, shop.configurationId, { message: "which payment methods", session_id: started.session_id })).json().reply.role).toBe("assistant");
    expect(await remaining(ctx, shop.configurationId)).toBe(2);

    // A visitor's conversation counts; another configuration's ticket, or a forged one, makes no test.
    expect((await send(ctx, shop.configurationId, { message: "how long does delivery take" })).statusCode).toBe(200);
    expect((await send(ctx, shop.configurationId, { message: "how long does delivery take", test_ticket: foreignTicket })).statusCode).toBe(200);
    expect(await remaining(ctx, shop.configurationId)).toBe(0);
    const forged = `${Date.now() + 60_000}.${"A".repeat(43)}`;
    expect((await send(ctx, shop.configurationId, { message: "how long does delivery take", test_ticket: forged })).statusCode).toBe(429);

    // Used up: the customer can still try the assistant out.
    expect((await send(ctx, shop.configurationId, { message: "where is my invoice", test_ticket: ticket })).json().reply.role).toBe("assistant");
    expect(await remaining(ctx, shop.configurationId)).toBe(0);
  });

  it("counts test answers like a visitor's once the day's free test answers are given", async () => {
    const shop = await assistantFor(ctx, {}, { limit: 500, remaining: 10, resetDate: "2099-01-01" });
    const owner = await ctx.createUser({ role: "customer", customerId: shop.customerId });
    const ticket = (await ticketFor(ctx, shop.configurationId, owner.token)).json().data.test_ticket as string;
    const started = (await send(ctx, shop.configurationId, { message: "can I return a product", test_ticket: ticket })).json();
    expect(await remaining(ctx, shop.configurationId)).toBe(10);
    // The day's other free answers, given earlier in the last 24 hours (one of them already above).
    await ctx.database.db.query(
      `INSERT INTO conversation_messages (conversation_id, role, content, created_at)
       SELECT id, 'assistant', 'An earlier test answer', now() - interval '1 hour' FROM conversations, generate_series(2, $2)
        WHERE session_id = $1`,
      [started.session_id, freeTestAnswersPerDay],
    );
    expect((await send(ctx, shop.configurationId, { message: "which payment methods", session_id: started.session_id })).json().reply.role).toBe("assistant");
    expect(await remaining(ctx, shop.configurationId)).toBe(9);
    // Answers older than 24 hours no longer count towards the cap.
    await ctx.database.db.query(
      `UPDATE conversation_messages SET created_at = now() - interval '25 hours'
        WHERE conversation_id = (SELECT id FROM conversations WHERE session_id = $1)`,
      [started.session_id],
    );
    expect((await send(ctx, shop.configurationId, { message: "how long does delivery take", session_id: started.session_id })).json().reply.role).toBe("assistant");
    expect(await remaining(ctx, shop.configurationId)).toBe(9);
  });
});

describe("alerts", () => {
  it("marks the conversation when a trigger keyword is used, as a whole word and whatever its accents", async () => {
    const { configurationId } = await assistantFor(ctx, { use_alert_triggers: true, alert_trigger_keywords: ["advocaat", "complaint"] });
    const calm = (await send(ctx, configurationId, { message: "I have complaints-free news" })).json();
    const angry = (await send(ctx, configurationId, { message: "Ik neem een ADVOCAAT als dit niet opgelost wordt" })).json();
    const flags = await ctx.database.db.query<{ session_id: string; alert_triggered: boolean; alert_message: string | null }>(
      "SELECT session_id, alert_triggered, alert_message FROM conversations WHERE configuration_id = $1",
      [configurationId],
    );
    expect(flags.find((row) => row.session_id === calm.session_id)!.alert_triggered).toBe(false);
    expect(flags.find((row) => row.session_id === angry.session_id)).toMatchObject({ alert_triggered: true, alert_message: "Ik neem een ADVOCAAT als dit niet opgelost wordt" });
  });
});

describe("with a provider", () => {
  const instructions = {
    entity_instruction: "You are the assistant of Bakkerij Bol.",
    goal_instruction: "Help visitors with orders.",
    answer_instruction: "",
    rag_enabled: false,
    use_input_history: true,
    input_history_count: 1,
    temperature: 0.3,
    topp: 0.9,
    max_tokens: 321,
    model: "gpt-4o-default",
  };

  it("counts the model's reply to small talk as no answer, and its reply to a question as one", async () => {
    const { configurationId } = await assistantFor(withProvider);
    llm.queue({ text: "<p>Hello there!</p>" }, { text: "<p>We accept iDEAL.</p>" });
    const greeting = (await send(withProvider, configurationId, { message: "good morning" })).json();
    const question = (await send(withProvider, configurationId, { message: "which payment methods do you accept?", session_id: greeting.session_id })).json();
    expect([greeting.reply.is_answer, question.reply.is_answer]).toEqual([false, true]);
  });

  it("sends the instructions, fenced sources, history and anonymised question with the configuration's settings", async () => {
    const { configurationId } = await assistantFor(withProvider, { ...instructions, anonimize_input: true, entitytypes_to_anonimize: ["EMAIL_ADDRESS"] });
    llm.queue({ text: "<p>First answer</p>" }, { text: "<p>Second answer</p>" }, { text: "<p>Third</p>" });
    const first = await send(withProvider, configurationId, { message: "how long does delivery take?" });
    const sessionId = first.json().session_id;
    await send(withProvider, configurationId, { session_id: sessionId, message: "second question" });
    const third = await send(withProvider, configurationId, { session_id: sessionId, message: "mail me at jan.jansen@example.com please" });
    expect(third.json().reply.content).toBe("<p>Third</p>");

    const body = llm.requests.at(-1)!.body;
    expect(body).toMatchObject({ model: "gpt-4o", temperature: 0.3, top_p: 0.9, max_tokens: 321 });
    const messages = body.messages!;
    expect(messages[0]!.role).toBe("system");
    expect(messages[0]!.content).toContain("You are the assistant of Bakkerij Bol.");
    expect(messages[0]!.content).toContain("Answer in English.");
    expect(messages[0]!.content).toContain('target="_parent"');
    // History: the one earlier turn the settings ask for, then the question without the e-mail address.
    expect(messages.slice(1).map((message) => [message.role, message.content])).toEqual([
      ["user", "second question"],
      ["assistant", "<p>Second answer</p>"],
      ["user", expect.not.stringContaining("jan.jansen@example.com")],
    ]);
    expect(messages.at(-1)!.content).toContain("[EMAIL_ADDRESS");
    const stored = (await history(withProvider, configurationId, sessionId)).json().data as { content: string; raw_input: string | null }[];
    expect(JSON.stringify(stored)).not.toContain("jan.jansen@example.com");

    // The FAQ row the question matched is in the prompt, between markers text inside it cannot forge.
    const firstPrompt = llm.requests[0]!.body.messages![0]!.content;
    expect(firstPrompt).toMatch(/<<<SOURCE (\S+) 1 kind=faq title="How long does delivery take\?">>>\nHow long does delivery take\?\nOrders arrive/);
  });

  it("sends no model the visitor's personal details, the language question included", async () => {
    const { configurationId } = await assistantFor(withProvider, { ...instructions, anonimize_input: true, entitytypes_to_anonimize: ["EMAIL_ADDRESS", "PHONE_NUMBER"], use_lang_detect: true, lang_detect_word_count: 3 });
    llm.reply((request) => (request.body.messages?.[0]?.content.startsWith("Which language") ? { text: "en" } : { text: "<p>We will mail you.</p>" }));
    await send(withProvider, configurationId, { message: "please mail me at jan.jansen@example.com or call +31 6 12345678 about my order" });
    expect(llm.requests.map((request) => request.body.messages![0]!.content.slice(0, 14))).toContain("Which language");
    for (const request of llm.requests) {
      expect(JSON.stringify(request.body)).not.toContain("jan.jansen@example.com");
      expect(JSON.stringify(request.body)).not.toContain("12345678");
    }
  });

  it("detects the language, picks URLs from the configuration's own list, and raises a monitor alert through the provider", async () => {
    const { customerId, configurationId } = await assistantFor(withProvider, {
      ...instructions,
      rag_enabled: true,
      use_lang_detect: true,
      lang_detect_word_count: 3,
      use_gpt35_url_search: true,
      use_live_chat_monitor: true,
      goal_live_monitoring_instruction: "Alert when the visitor is angry.",
    });
    await train(withProvider, customerId, configurationId, bakeryArticles, ["https://bakery.example/opening-hours", "https://bakery.example/contact"]);
    llm.reply((request) => {
      const system = request.body.messages?.[0]?.content ?? "";
      if (system.startsWith("Which language")) return { text: "nl" };
      if (system.includes("need the attention of a person")) return { text: "ALERT the visitor is angry" };
      if (system.includes("URLs:")) return { text: "https://bakery.example/contact\nhttps://evil.example/not-listed" };
      return { text: "<p>Wij zijn open van 8 tot 18 uur.</p>" };
    });
    const answer = (await send(withProvider, configurationId, { message: "Hoe laat zijn jullie open vandaag, ik ben boos?" })).json();
    expect(answer.reply.content).toBe("<p>Wij zijn open van 8 tot 18 uur.</p>");
    const answerRequest = llm.requests.find((request) => request.body.model === "gpt-4o")!;
    expect(answerRequest.body.messages![0]!.content).toContain("Answer in Dutch");
    expect(answerRequest.body.messages![0]!.content).toContain('kind=url title="https://bakery.example/contact"');
    expect(answerRequest.body.messages![0]!.content).not.toContain("evil.example");
    expect(answer.reply.sources.map((source: { url: string | null }) => source.url)).toContain("https://bakery.example/contact");
    const [flag] = await withProvider.database.db.query<{ alert_triggered: boolean; language: string }>("SELECT alert_triggered, language FROM conversations WHERE session_id = $1", [answer.session_id]);
    expect(flag).toEqual({ alert_triggered: true, language: "nl" });
  });

  it("streams the provider's tokens to the visitor in order before the sanitised whole answer", async () => {
    const { configurationId } = await assistantFor(withProvider, instructions);
    llm.queue({ chunks: ["<p>Hello", " there, ", "<a href=\"javascript:alert(1)\" onclick=\"x()\">click</a>", "<script>alert(1)</script></p>"], delayMs: 20 });
    const visitor = connect(providerUrl, { configuration_id: configurationId });
    await visitor.session;
    await ask(visitor.socket, { message: "hi", client_message_id: "s1" });
    const [done] = await doneAnswer(visitor.events);
    const deltas = visitor.events
      .filter((event) => event.name === "assistant_message" && !(event.payload as { done: boolean }).done)
      .map((event) => (event.payload as { delta: string }).delta);
    expect(deltas.join("")).toBe('<p>Hello there, <a href="javascript:alert(1)" onclick="x()">click</a><script>alert(1)</script></p>');
    expect(done!.message.content).not.toMatch(/script|javascript|onclick/i);
    expect(done!.message.content).toContain("Hello there");
    expect(llm.requests.at(-1)!.body.stream).toBe(true);
  });

  it("answers a conversation's questions in the order they came, also when the first answer is the slower one", async () => {
    const { configurationId } = await assistantFor(withProvider, { ...instructions, use_lang_detect: false });
    // The first question's answer starts late; the second's would be at once.
    llm.reply((request) =>
      String(request.body.messages?.at(-1)?.content).includes("first question")
        ? { chunks: ["<p>First ", "answer.</p>"], firstTokenDelayMs: 700 }
        : { chunks: ["<p>Second answer.</p>"] },
    );
    const visitor = connect(providerUrl, { configuration_id: configurationId });
    await visitor.session;
    const firstAck = await ask(visitor.socket, { message: "first question", client_message_id: "order-1" });
    const secondAck = await ask(visitor.socket, { message: "second question", client_message_id: "order-2" });
    expect([firstAck.status, secondAck.status]).toEqual(["success", "success"]);
    const answers = await doneAnswer(visitor.events, 2);
    expect(answers.map((answer) => answer.message.content)).toEqual(["<p>First answer.</p>", "<p>Second answer.</p>"]);
    // No piece of the second answer reached the visitor before the first was whole.
    const order = visitor.events
      .filter((event) => event.name === "assistant_message")
      .map((event) => `${(event.payload as { done: boolean }).done ? "done" : "delta"}:${JSON.stringify(event.payload).includes("Second") ? 2 : 1}`);
    expect(order.indexOf("done:1")).toBeLessThan(order.findIndex((item) => item.endsWith(":2")));
    const stored = (await history(withProvider, configurationId, firstAck.session_id as string)).json() as { data: { role: string; content: string }[] };
    expect(stored.data.filter((message) => message.role === "assistant").map((message) => message.content)).toEqual(["<p>First answer.</p>", "<p>Second answer.</p>"]);
  });

  it("says there is no answer, and uses no message of the quota, when the model's answer has no text to show", async () => {
    const { configurationId } = await assistantFor(withProvider, instructions, { limit: 500, remaining: 10 });
    llm.queue({ text: "", finishReason: "content_filter" }, { text: "<script>alert(1)</script><iframe src=\"https://evil.example\"></iframe>" });
    for (const message of ["first question", "second question"]) {
      const answered = (await send(withProvider, configurationId, { message })).json();
      expect(answered.reply).toMatchObject({ role: "system", content: expect.stringContaining(assistantTexts.en.provider_failed.slice(0, 30)) });
    }
    expect(await remaining(withProvider, configurationId)).toBe(10);
  });

  it("shows an HTML answer in elements beyond the usual few as formatted text, never as escaped markup", async () => {
    const { configurationId } = await assistantFor(withProvider, instructions);
    llm.queue({ text: '<div><table><tr><td>Mon</td><td>9-17</td></tr></table><span style="color:red">Closed</span> on Sunday</div>' }, { text: "Orders < 50 euro ship for 4.95" });
    const table = (await send(withProvider, configurationId, { message: "opening hours?" })).json();
    expect(table.reply.content).toBe("<table><tr><td>Mon</td><td>9-17</td></tr></table>Closed on Sunday");
    const plain = (await send(withProvider, configurationId, { message: "shipping?" })).json();
    expect(plain.reply.content).toBe("<p>Orders &lt; 50 euro ship for 4.95</p>");
  });

  it("asks the provider for the language only when the assistant answers: a message an agent has costs no model call", async () => {
    const { configurationId } = await assistantFor(withProvider, { ...instructions, language: "en", use_lang_detect: true, lang_detect_word_count: 3 });
    llm.reply((request) => (request.body.messages?.[0]?.content.startsWith("Which language") ? { text: "nl" } : { text: "<p>Twee dagen.</p>" }));
    const first = (await send(withProvider, configurationId, { message: "hoe lang duurt de levering?" })).json();
    expect(llm.requests.map((request) => request.body.messages![0]!.content.startsWith("Which language"))).toEqual([true, false]);
    const [spoken] = await withProvider.database.db.query<{ language: string }>("SELECT language FROM conversations WHERE session_id = $1", [first.session_id]);
    expect(spoken!.language).toBe("nl");

    await withProvider.database.db.query("UPDATE conversations SET is_manual = true, is_locked = true WHERE session_id = $1", [first.session_id]);
    llm.reset();
    const second = (await send(withProvider, configurationId, { message: "en kan ik het ook ophalen?", session_id: first.session_id })).json();
    expect(second.reply ?? null).toBeNull();
    expect(llm.requests).toHaveLength(0);
  });

  it("keeps the visitor's message at once when the provider does not answer the language question, and answers after it", async () => {
    const { configurationId } = await assistantFor(withProvider, { ...instructions, use_lang_detect: true, lang_detect_word_count: 3 });
    llm.reply((request) => (request.body.messages?.[0]?.content.startsWith("Which language") ? { hang: true } : { text: "<p>Two days.</p>" }));
    const visitor = connect(providerUrl, { configuration_id: configurationId });
    await visitor.session;
    const started = Date.now();
    const ack = await ask(visitor.socket, { message: "how long does delivery take?", client_message_id: "lang-hang" });
    // The language question's own limit (600 ms here), not the answer's (2 s), holds the message.
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(ack).toMatchObject({ status: "success" });
    const [done] = await doneAnswer(visitor.events);
    expect(done!.message.content).toBe("<p>Two days.</p>");
  });

  it("replaces the pieces of an answer whose stream is cut off by the note that there is no answer", async () => {
    const { configurationId } = await assistantFor(withProvider, instructions, { limit: 500, remaining: 10 });
    llm.queue({ dropConnectionAfterChunks: 2, chunks: ["<p>Ship", "ping costs", " 4.95", " euro</p>"] });
    const visitor = connect(providerUrl, { configuration_id: configurationId });
    await visitor.session;
    await ask(visitor.socket, { message: "shipping?", client_message_id: "cut-1" });
    const [done] = await doneAnswer(visitor.events);
    const deltas = visitor.events.filter((event) => event.name === "assistant_message" && !(event.payload as { done: boolean }).done).map((event) => event.payload as { message_id: string; delta: string });
    expect(deltas.map((delta) => delta.delta)).toEqual(["<p>Ship", "ping costs"]);
    // The widget replaces a streamed answer by the `done` of its message id: the note must carry that id.
    expect(done).toMatchObject({ message_id: deltas[0]!.message_id, message: { id: deltas[0]!.message_id, role: "system" } });
    expect(done!.message.content).toContain(assistantTexts.en.provider_failed.slice(0, 30));
    expect(await remaining(withProvider, configurationId)).toBe(10);
  });

  it("keeps the visitor's message, gives the message back and says so when the provider fails", async () => {
    const { configurationId } = await assistantFor(withProvider, { ...instructions, language: "fr" }, { limit: 500, remaining: 10 });
    llm.queue({ error: openAiErrors.invalidApiKey("sk-wrong-key-000") });
    const failed = await send(withProvider, configurationId, { message: "Bonjour, pouvez-vous m'aider ?" });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().reply).toMatchObject({ role: "system" });
    expect(failed.json().reply.content).toContain(assistantTexts.fr.provider_failed.slice(0, 30));
    expect(await remaining(withProvider, configurationId)).toBe(10);
    const kept = (await history(withProvider, configurationId, failed.json().session_id)).json().data as { role: string; content: string }[];
    expect(kept.map((message) => message.role)).toEqual(["user", "system"]);
    expect(kept[0]!.content).toBe("Bonjour, pouvez-vous m'aider ?");

    llm.queue({ hang: true }, { hang: true });
    const timedOut = await send(withProvider, configurationId, { message: "encore ?" });
    expect(timedOut.json().reply.role).toBe("system");
    expect(await remaining(withProvider, configurationId)).toBe(10);
  });
});

describe("stopping the server", () => {
  it("closes the visitors' sockets at once, so an instance with open chats stops without waiting for them", async () => {
    const stopping = await createTestContext({ chatLimits: false });
    await stopping.app.listen({ port: 0, host: "127.0.0.1" });
    const { configurationId } = await assistantFor(stopping);
    const visitor = connect(serverUrl(stopping), { configuration_id: configurationId });
    await visitor.session;
    const disconnected = new Promise<string>((resolve) => visitor.socket.once("disconnect", resolve));
    const startedAt = Date.now();
    // Without closing the sockets first the HTTP server waits for them to end by themselves (never, for a
    // visitor who keeps the page open), and the process is killed after its grace period.
    await Promise.race([stopping.close(), new Promise((_, reject) => setTimeout(() => reject(new Error("the server did not stop within 5 s")), 5_000))]);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    // The visitor's widget learns at once that the server went, as a lost connection it reconnects after (an
    // "io server disconnect" would tell the client not to come back).
    expect(await disconnected).toBe("transport close");
  });
});
