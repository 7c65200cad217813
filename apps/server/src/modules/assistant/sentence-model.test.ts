/**
 * The local English sentence model (`faq-matching/sentence-encoder.ts`): its vectors, its thread, and what it
 * changes for a visitor of the embedded default — a question that shares no word with the FAQ entry that
 * answers it — over the real server, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { assistantTexts } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { askWidget, createConfiguration } from "../../test/fixture";
import { saveDataset } from "../datasets/repository";
import { systemScope } from "../tenancy";
import { createFaqMatcher } from "./faq-matching";
import { createLocalSentenceEncoder, maxEncodedCharacters, type SentenceEncoder } from "./faq-matching/sentence-encoder";
import { createSourceFinder } from "./sources";

const faq = [
  { question: "How long does delivery take?", answer: "Orders arrive within 2 to 3 working days in the Netherlands and Belgium." },
  { question: "Can I return a product?", answer: "You can return any product within 30 days for a full refund." },
  { question: "Which payment methods do you accept?", answer: "We accept iDEAL, credit card and PayPal." },
  { question: "When is customer service open?", answer: "Our team answers on weekdays from 9:00 to 17:00." },
  { question: "Do you ship abroad?", answer: "We ship to the Netherlands, Belgium, Germany and France." },
];
// Shares only an answer's word with the entry that answers it: too little for words alone.
const paraphrase = "can I send it back and get a refund";

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

describe("the local sentence encoder", () => {
  let encoder: SentenceEncoder;
  beforeAll(() => {
    encoder = createLocalSentenceEncoder();
  });
  afterAll(async () => {
    await encoder.close();
  });

  it("gives unit vectors that put a paraphrase nearer than an unrelated sentence, for requests at once in order", async () => {
    const [first, second] = await Promise.all([
      encoder.embed(["How do I get a refund?", "I want my money back"]),
      encoder.embed(["When does your shop open?", " ?! "]),
    ]);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    for (const vector of [...first, second[0]!]) {
      expect(vector).toHaveLength(512);
      expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 4);
    }
    expect(dot(first[0]!, first[1]!)).toBeGreaterThan(dot(first[1]!, second[0]!) + 0.1);
    // A text without words is similar to nothing.
    expect([...second[1]!].every((value) => value === 0)).toBe(true);
    expect(await encoder.embed([])).toEqual([]);
  });

  it("reads only the start of a very long text", async () => {
    const start = "Where is my parcel? ".repeat(Math.ceil(maxEncodedCharacters / 20));
    const [long, cut] = await encoder.embed([`${start}${"unrelated words about cooking pasta ".repeat(3_000)}`, start.slice(0, maxEncodedCharacters)]);
    expect(dot(long!, cut!)).toBeCloseTo(1, 4);
  });

  it("refuses work once closed", async () => {
    const closed = createLocalSentenceEncoder();
    await closed.embed(["warm"]);
    await closed.close();
    await expect(closed.embed(["anything"])).rejects.toThrow(/closed/);
  });
});

describe("the embedded default with the local sentence model", () => {
  let withModel: TestContext;
  let withoutModel: TestContext;
  beforeAll(async () => {
    [withModel, withoutModel] = await Promise.all([
      createTestContext({ chatLimits: false, localSentenceModel: true }),
      createTestContext({ chatLimits: false }),
    ]);
  });
  afterAll(async () => {
    await withModel?.close();
    await withoutModel?.close();
  });

  async function assistantFor(context: TestContext, language: string) {
    const customerId = await context.createCustomer(`Shop ${Math.random().toString(36).slice(2, 8)}`);
    const configurationId = await createConfiguration(context.database.db, customerId, `shop-${Math.random().toString(36).slice(2, 10)}`);
    await context.database.db.query("UPDATE configurations SET settings = settings || $2::jsonb WHERE id = $1", [
      configurationId,
      JSON.stringify({ language, include_manual_dataset: true, use_lang_detect: false }),
    ]);
    await saveDataset(context.database.db, systemScope, configurationId, "FAQ", faq, [
      { text: "Question", value: "question" },
      { text: "Answer", value: "answer" },
    ]);
    return configurationId;
  }

  
  it("answers a question in other words than the FAQ's with the right entry, where words alone do not know", async () => {
    const withoutAnswer = await askWidget(withoutModel, await assistantFor(withoutModel, "en"), paraphrase);
    expect(withoutAnswer.content).toContain(assistantTexts.en.dont_know.slice(0, 30));

    const configurationId = await assistantFor(withModel, "en");
    const reply = await askWidget(withModel, configurationId, paraphrase);
    expect(reply.content).toContain("30 days for a full refund");
    expect(reply.sources[0]).toEqual({ kind: "faq", title: "Can I return a product?", url: null });
    // A question the FAQ's words answer is answered as before; an off-topic one is still not answered.
    expect((await askWidget(withModel, configurationId, "how long does delivry take?")).content).toContain("2 to 3 working days");
    // In a FAQ this small one row takes most of the model's attention whatever the question: only a real
    // similarity counts.
    for (const offTopic of ["What is the capital of France?", "Tell me a joke", "who painted the mona lisa"]) {
      expect((await askWidget(withModel, configurationId, offTopic)).content).toContain(assistantTexts.en.dont_know.slice(0, 30));
    }
  });

  it("leaves a conversation in another language to words alone, and two visitors at once get the same answer", async () => {
    // The model reads English only: in a Dutch conversation the paraphrase finds nothing, as without the model.
    const dutch = await assistantFor(withModel, "nl");
    expect((await askWidget(withModel, dutch, paraphrase)).content).toContain(assistantTexts.nl.dont_know.slice(0, 30));
    const english = await assistantFor(withModel, "en");
    const both = await Promise.all([askWidget(withModel, english, paraphrase), askWidget(withModel, english, paraphrase)]);
    for (const answer of both) expect(answer.content).toContain("30 days for a full refund");
  });
});

describe("a source finder whose model cannot run", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ chatLimits: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("matches on words alone", async () => {
    const encoder = createLocalSentenceEncoder();
    await encoder.close();
    const customerId = await ctx.createCustomer("Shop without a model");
    const configurationId = await createConfiguration(ctx.database.db, customerId, `shop-${Math.random().toString(36).slice(2, 10)}`);
    await saveDataset(ctx.database.db, systemScope, configurationId, "FAQ", faq, [
      { text: "Question", value: "question" },
      { text: "Answer", value: "answer" },
    ]);
    const finder = createSourceFinder(ctx.database.db, { retrieve: async () => [] } as never, { sentenceEncoder: encoder });
    const request = { configurationId, language: "en" as const, faq: true, articles: false, limit: 3, judgeArticles: true, semanticFaq: true };
    const found = await finder.find({ ...request, question: "can I return a product?" });
    const lexical = createFaqMatcher(faq.map((row, index) => ({ key: String(index), ...row })), { language: "en" }).match("can I return a product?");
    expect(found.map((source) => source.confidence)).toEqual(lexical.map((match) => match.confidence));
    expect(found[0]?.title).toBe("Can I return a product?");
  });
});
