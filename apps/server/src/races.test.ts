/**
 * The same request sent several times at once must end as if sent one after the other: the same answers
 * and the same rows (no duplicate a unique index or a lookup would have refused, no 500 from a unique
 * index the check before it raced past). Each case runs on fresh data twice: once in sequence, once at once.
 */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { bearer, contractMismatch, createTestContext } from "./test/context";
import { multipartBody } from "./test/files";
import { createRoleFixture, type RoleFixture } from "./test/fixture";

const copies = 4;
// No rate limits: four sign-ups from one address at once would otherwise meet the limits, not each other.
const ctx = await createTestContext({ mail: "outbox", rateLimits: false });
afterAll(() => ctx.close());

/** A request with the token it is sent with (none for public operations). */
type Make = (f: RoleFixture) => Promise<InjectOptions> | InjectOptions;

const signedIn = (options: InjectOptions, token: string): InjectOptions => ({ ...options, headers: { ...(options.headers ?? {}), ...bearer(token) } });
const json = (url: string, payload: object): InjectOptions => ({ method: "POST", url, payload });

const cases: Record<string, [operationId: string, make: Make]> = {
  "an admin adds a user": [
    "addOrUpdateUser",
    (f) =>
      signedIn(
        json("/api/users/add_or_update", {
          customerId: f.own.admin.customerId,
          username: `twin-${f.unique}@example.test`,
          email: `twin-${f.unique}@example.test`,
          firstname: "Twin",
          lastname: "User",
          password: "Good-pass1!",
          role: "customer",
        }),
        f.tokens.admin,
      ),
  ],
  "a self-onboarding user creates their customer": [
    "selfOnboardingCreateCustomer",
    async () => signedIn(json("/api/customer/self_onboarding_create", { name: "Twin Shop" }), (await ctx.createUser({ role: "customer_so" })).token),
  ],
  "a visitor signs up": [
    "register",
    (f) =>
      json("/api/register", {
        firstname: "Twin",
        lastname: "Visitor",
        email: `signup-${f.unique}@example.test`,
        password: "Good-pass1!",
        confirmPassword: "Good-pass1!",
        languageCode: "en",
      }),
  ],
  "a customer saves the FAQ": [
    "saveDataset",
    (f) =>
      signedIn(
        json("/api/data/dataset", {
          configurationId: f.own.customer.configurationId,
          datasetName: "FAQ",
          datasetData: [{ question: "Q", answer: "A" }],
          datasetHeaders: [
            { text: "Question", value: "question" },
            { text: "Answer", value: "answer" },
          ],
        }),
        f.tokens.customer,
      ),
  ],
  "a customer adds an FAQ correction": [
    "addFaqCorrection",
    async (f) => {
      const configurationId = f.own.customer.configurationId;
      const rows = await ctx.database.db.query<{ question: string }>("SELECT dataset_data->0->>'question' AS question FROM datasets WHERE configuration_id = $1", [configurationId]);
      return signedIn(json("/api/data/dataset/corrections", { configurationId, question: "how do i?", faqQuestion: rows[0]!.question }), f.tokens.customer);
    },
  ],
  "a customer saves the design for the first time": [
    "saveChatbotSettings",
    (f) => {
      const configurationId = f.own.customer.configurationId;
      const chatbotSettings = { _id: null, configuration_id: configurationId, isTemplate: false, templateName: null, name: "Twin" };
      return signedIn(json("/api/chatbot/settings", { chatbotSettings, chatbotButtonSettings: { configuration_id: configurationId } }), f.tokens.customer);
    },
  ],
  "a customer types an article": [
    "createArticle",
    (f) => signedIn(json("/api/training/create_article", { configurationId: f.own.customer.configurationId, text: "Twin article", source: "manual" }), f.tokens.customer),
  ],
  "a customer creates and indexes articles": [
    "createArticles",
    (f) =>
      signedIn(
        json("/api/training/create_articles", { configurationId: f.own.customer.configurationId, articles: [{ text: "Twin articles", source: "manual" }] }),
        f.tokens.customer,
      ),
  ],
  "a customer saves the training URLs": [
    "saveUrls",
    (f) =>
      signedIn(
        json("/api/training/urls/save", { configurationId: f.own.customer.configurationId, urls: [{ url: "https://own.test/faq", subject: "FAQ" }] }),
        f.tokens.customer,
      ),
  ],
  "a visitor's widget sends a message again (same client message id)": [
    "sendWidgetMessage",
    async (f) => {
      const url = `/api/widget/${f.own.customer.configurationId}/messages`;
      const session = (await ctx.app.inject(json(url, { message: "Hello" }))).json().session_id as string;
      return json(url, { message: "Do you deliver?", session_id: session, client_message_id: "twin-1" });
    },
  ],
  "a customer uploads a training file": [
    "uploadTrainingFile",
    (f) => {
      const { payload, headers } = multipartBody([
        { name: "configuration_id", value: f.own.customer.configurationId },
        { name: "file", value: Buffer.from("Delivery takes one day.", "utf8"), filename: "delivery.txt", contentType: "text/plain" },
      ]);
      return signedIn({ method: "POST", url: "/api/training/files/upload", headers, payload }, f.tokens.customer);
    },
  ],
};

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await ctx.database.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    counts[table_name] = Number((await ctx.database.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table_name}"`))[0]!.n);
  }
  return counts;
}

/** The answers' statuses and the rows each table gained or lost, for `copies` of the request. */
async function outcome(operationId: string, make: Make, atOnce: boolean) {
  const options = await make(await createRoleFixture(ctx));
  const before = await rowCounts();
  let responses: LightMyRequestResponse[] = [];
  if (atOnce) responses = await Promise.all(Array.from({ length: copies }, () => ctx.app.inject(options)));
  else for (let sent = 0; sent < copies; sent++) responses.push(await ctx.app.inject(options));
  const after = await rowCounts();
  return {
    statuses: responses.map((response) => response.statusCode).sort(),
    rows: Object.fromEntries(Object.entries(after).filter(([table, count]) => count !== before[table]).map(([table, count]) => [table, count - (before[table] ?? 0)])),
    offContract: responses.map((response) => contractMismatch(operationId, response)).filter((problem) => problem !== null),
  };
}

describe(`${copies} copies of a request at once end as ${copies} one after the other`, () => {
  it.each(Object.entries(cases))("%s", async (_label, [operationId, make]) => {
    const inSequence = await outcome(operationId, make, false);
    const atOnce = await outcome(operationId, make, true);
    // The first copy succeeds; the later ones succeed again or are refused, as the operation says.
    expect(inSequence.statuses[0], JSON.stringify(inSequence)).toBe(200);
    expect(atOnce.offContract).toEqual([]);
    expect(atOnce.statuses).toEqual(inSequence.statuses);
    expect(atOnce.rows).toEqual(inSequence.rows);
  });
});
