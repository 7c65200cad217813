import { randomBytes } from "node:crypto";
import { tokenCostEur } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { startLlmServer, type LlmServer } from "../../test/llm-server";
import { createConfiguration } from "../../test/fixture";
import { monthsUpTo } from "./service";

let ctx: TestContext;
let llm: LlmServer;
let withProvider: TestContext;
let admin: string;
let alpha: { customerId: string; token: string; first: string; second: string };
let bravo: { customerId: string; token: string; configuration: string };

const now = new Date();
const { months } = monthsUpTo(now, 6);
const thisMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastInstantOfLastMonth = new Date(thisMonthStart.getTime() - 1);
const threeMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 15, 12));
const sevenMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 7, 10));

interface Seeded {
  startedAt: Date;
  manual?: boolean;
  /** Started from the portal's test environment. */
  test?: boolean;
  visitorMessages?: number;
  /** Answers with recorded usage (model, prompt, completion); null usage: an extractive answer. */
  answers?: { model: string | null; prompt: number; completion: number }[];
}

/** A stored conversation of the configuration, its messages written at its start. */
async function seed(db: TestContext["database"]["db"], configurationId: string, conversation: Seeded) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO conversations (configuration_id, session_id, language, time_started, last_activity, is_manual, is_test)
     VALUES ($1, $2, 'en', $3, $3, $4, $5) RETURNING id`,
    [configurationId, randomBytes(18).toString("base64url"), conversation.startedAt.toISOString(), conversation.manual ?? false, conversation.test ?? false],
  );
  for (let index = 0; index < (conversation.visitorMessages ?? 0); index++) {
    await db.query("INSERT INTO conversation_messages (conversation_id, role, content, created_at) VALUES ($1, 'user', 'hi', $2)", [row!.id, conversation.startedAt.toISOString()]);
  }
  for (const answer of conversation.answers ?? []) {
    await db.query(
      `INSERT INTO conversation_messages (conversation_id, role, content, created_at, model, prompt_tokens, completion_tokens)
       VALUES ($1, 'assistant', 'hello', $2, $3, $4, $5)`,
      [row!.id, conversation.startedAt.toISOString(), answer.model, answer.model ? answer.prompt : null, answer.model ? answer.completion : null],
    );
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  admin = (await ctx.createUser({ role: "admin" })).token;
  const alphaCustomer = await ctx.createCustomer("Alpha");
  alpha = {
    customerId: alphaCustomer,
    token: (await ctx.createUser({ role: "customer", customerId: alphaCustomer })).token,
    first: await createConfiguration(db, alphaCustomer, "alpha-one"),
    second: await createConfiguration(db, alphaCustomer, "alpha-two"),
  };
  const bravoCustomer = await ctx.createCustomer("Bravo");
  bravo = {
    customerId: bravoCustomer,
    token: (await ctx.createUser({ role: "customer", customerId: bravoCustomer })).token,
    configuration: await createConfiguration(db, bravoCustomer, "bravo-one"),
  };

  // Alpha's first configuration: two conversations on either side of this month's first instant (UTC),
  // one three months ago taken over by an agent, one seven months ago (outside the six months).
  await seed(db, alpha.first, { startedAt: thisMonthStart, visitorMessages: 2, answers: [{ model: "gpt-4o-2024-08-06", prompt: 1000, completion: 200 }, { model: null, prompt: 0, completion: 0 }] });
  await seed(db, alpha.first, { startedAt: lastInstantOfLastMonth, visitorMessages: 1, answers: [{ model: "gpt-4o-mini", prompt: 3000, completion: 500 }] });
  await seed(db, alpha.first, { startedAt: threeMonthsAgo, manual: true, visitorMessages: 3 });
  await seed(db, alpha.first, { startedAt: sevenMonthsAgo, visitorMessages: 5, answers: [{ model: "gpt-4o", prompt: 99_999, completion: 99_999 }] });
  // Alpha's second configuration and Bravo: one conversation each this month.
  await seed(db, alpha.second, { startedAt: thisMonthStart, visitorMessages: 1 });
  await seed(db, bravo.configuration, { startedAt: thisMonthStart, visitorMessages: 4, answers: [{ model: "gpt-4o", prompt: 500, completion: 50 }] });
});
afterAll(async () => {
  await ctx?.close();
  await withProvider?.close();
  await llm?.close();
});

async function get(operationId: "getConversationsOverview" | "getGptCost", url: string, token: string) {
  const response = await ctx.app.inject({ method: "GET", url, headers: bearer(token) });
  expectToMatchContract(operationId, response);
  return response;
}

type Month = { month: string; conversations: number; messages: number; manual_conversations?: number };
const overview = async (query: string, token: string) => {
  const response = await get("getConversationsOverview", `/api/dashboard/conversations${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Month[];
};
const byMonth = (data: Month[]) => Object.fromEntries(data.map((entry) => [entry.month, entry.conversations]));

describe("conversations per month", () => {
  it("answers the last six calendar months oldest first, months without conversations as 0, split at UTC month boundaries", async () => {
    const data = await overview(`?configuration_id=${alpha.first}`, alpha.token);
    expect(data.map((entry) => entry.month)).toEqual(months);
    expect(data.at(-1)).toEqual({ month: months[5], conversations: 1, messages: 2, manual_conversations: 0 });
    expect(data.at(-2)).toEqual({ month: months[4], conversations: 1, messages: 1, manual_conversations: 0 });
    expect(data[2]).toEqual({ month: months[2], conversations: 1, messages: 3, manual_conversations: 1 });
    for (const index of [0, 1, 3]) expect(data[index]).toEqual({ month: months[index], conversations: 0, messages: 0, manual_conversations: 0 });
  });

  it("takes a number of months, the older ones included", async () => {
    const data = await overview(`?configuration_id=${alpha.first}&months=12`, alpha.token);
    expect(data).toHaveLength(12);
    expect(data.reduce((sum, entry) => sum + entry.conversations, 0)).toBe(4);
  });

  it("sums every configuration the caller sees when none is given: a customer's own, an admin's all", async () => {
    expect(byMonth(await overview("", alpha.token))[months[5]!]).toBe(2);
    expect(byMonth(await overview("", bravo.token))[months[5]!]).toBe(1);
    expect(byMonth(await overview("", admin))[months[5]!]).toBe(3);
    expect(byMonth(await overview(`?configuration_id=${bravo.configuration}`, admin))[months[5]!]).toBe(1);
  });

  it("counts visitors' conversations and messages only, not the portal's test conversations", async () => {
    const db = ctx.database.db;
    const tested = await createConfiguration(db, alpha.customerId, "alpha-tested");
    await seed(db, tested, { startedAt: thisMonthStart, visitorMessages: 2 });
    await seed(db, tested, { startedAt: thisMonthStart, test: true, manual: true, visitorMessages: 5 });
    expect((await overview(`?configuration_id=${tested}`, alpha.token)).at(-1)).toEqual({ month: months[5], conversations: 1, messages: 2, manual_conversations: 0 });
    // Nor in the sum over every configuration: alpha's two earlier conversations this month and the visitor's one here.
    expect(byMonth(await overview("", alpha.token))[months[5]!]).toBe(3);
  });

  it("answers 404 for another customer's configuration and for an unknown id", async () => {
    expect((await get("getConversationsOverview", `/api/dashboard/conversations?configuration_id=${bravo.configuration}`, alpha.token)).statusCode).toBe(404);
    expect((await get("getConversationsOverview", "/api/dashboard/conversations?configuration_id=not-an-id", alpha.token)).statusCode).toBe(404);
    expect((await get("getConversationsOverview", `/api/dashboard/conversations?configuration_id=${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
  });

  it("refuses bad input with 4xx", async () => {
    for (const query of ["months=0", "months=25", "months=six", "months=1.5", `configuration_id=${"a".repeat(65)}`, "configuration_id=%00", "months=%00"]) {
      const response = await get("getConversationsOverview", `/api/dashboard/conversations?${query}`, alpha.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("validation_failed");
    }
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/dashboard/conversations" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("language-model cost per 100 messages", () => {
  type Cost = { currency: string; cost_per_100_messages: number; total_cost: number; messages: number; months: { month: string; cost_per_100_messages: number; total_cost: number; messages: number }[] };
  const cost = async (query: string, token: string) => {
    const response = await get("getGptCost", `/api/dashboard/gpt-cost${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Cost;
  };

  it("prices the recorded tokens of the answers; extractive answers count as messages that cost nothing", async () => {
    const data = await cost(`?configuration_id=${alpha.first}`, alpha.token);
    const thisMonth = tokenCostEur("gpt-4o-2024-08-06", 1000, 200);
    const lastMonth = tokenCostEur("gpt-4o-mini", 3000, 500);
    expect(data.currency).toBe("EUR");
    expect(data.messages).toBe(3);
    expect(data.total_cost).toBeCloseTo(thisMonth + lastMonth, 4);
    expect(data.cost_per_100_messages).toBeCloseTo(((thisMonth + lastMonth) / 3) * 100, 4);
    expect(data.months.map((entry) => entry.month)).toEqual(months);
    expect(data.months[5]).toMatchObject({ messages: 2, cost_per_100_messages: expect.closeTo((thisMonth / 2) * 100, 4) });
    expect(data.months[4]).toMatchObject({ messages: 1, cost_per_100_messages: expect.closeTo(lastMonth * 100, 4) });
    expect(data.months[0]).toEqual({ month: months[0], cost_per_100_messages: 0, total_cost: 0, messages: 0 });
  });

  it("is 0 without answers, and keeps other customers out", async () => {
    expect(await cost(`?configuration_id=${alpha.second}`, alpha.token)).toMatchObject({ cost_per_100_messages: 0, total_cost: 0, messages: 0 });
    expect((await cost("", alpha.token)).messages).toBe(3);
    expect((await cost("", admin)).messages).toBe(4);
    expect((await get("getGptCost", `/api/dashboard/gpt-cost?configuration_id=${bravo.configuration}`, alpha.token)).statusCode).toBe(404);
    expect((await get("getGptCost", "/api/dashboard/gpt-cost?months=-1", alpha.token)).statusCode).toBe(400);
  });

  it("records the model and token counts of a provider's answer, which the dashboard then prices", async () => {
    llm = await startLlmServer();
    withProvider = await createTestContext({
      chatLimits: false,
      llm: { openai: { baseUrl: llm.baseUrl, apiKey: llm.apiKey, models: { "gpt-4o-default": "gpt-4o" }, timeoutMs: 2_000, firstTokenTimeoutMs: 1_500 } },
    });
    const db = withProvider.database.db;
    const customerId = await withProvider.createCustomer("Provider shop");
    const configurationId = await createConfiguration(db, customerId, "provider-shop");
    await db.query(`UPDATE configurations SET settings = settings || '{"language": "en", "use_lang_detect": false, "rag_enabled": false}'::jsonb WHERE id = $1`, [configurationId]);
    const token = (await withProvider.createUser({ role: "customer", customerId })).token;
    llm.queue({ text: "<p>We open at eight.</p>" });
    const sent = await withProvider.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload: { message: "When do you open?" } });
    expect(sent.statusCode, sent.body).toBe(200);
    const [answer] = await db.query<{ model: string; prompt_tokens: number; completion_tokens: number }>(
      "SELECT model, prompt_tokens, completion_tokens FROM conversation_messages WHERE role = 'assistant'",
    );
    expect(answer!.model).toMatch(/^gpt-4o/);
    expect(answer!.prompt_tokens).toBeGreaterThan(0);
    expect(answer!.completion_tokens).toBe(4);
    const response = await withProvider.app.inject({ method: "GET", url: `/api/dashboard/gpt-cost?configuration_id=${configurationId}`, headers: bearer(token) });
    expectToMatchContract("getGptCost", response);
    expect(response.json().data).toMatchObject({ messages: 1, total_cost: expect.closeTo(tokenCostEur(answer!.model, answer!.prompt_tokens, 4), 4) });
  });
});
