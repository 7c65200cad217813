/**
 * The source finder's FAQ matchers (`sources.ts`): one build for the questions that arrive while a FAQ is being
 * indexed, a cache bounded by rows, and rows named by their place in the dataset. On PGlite, and on PostgreSQL
 * too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/db";
import { createTestContext, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";
import { saveDataset } from "../datasets/repository";
import type { Retrieval } from "../knowledge/retrieval";
import { systemScope } from "../tenancy";
import type { SentenceEncoder } from "./faq-matching/sentence-encoder";
import { createSourceFinder, minimumListedFaqConfidence } from "./sources";

const headers = [
  { text: "Question", value: "question" },
  { text: "Answer", value: "answer" },
];
const shopFaq = [
  { question: "How long does delivery take?", answer: "Orders arrive within two working days." },
  { question: "Unanswered question", answer: "  " },
  { question: "Can I return a product?", answer: "Any product can be returned within 30 days." },
  { question: "Which payment methods do you accept?", answer: "We accept iDEAL, credit card and PayPal." },
];
const noArticles = { retrieve: async () => [] } as unknown as Retrieval;

/**
 * A sentence model that is still encoding a FAQ's rows: a question's own vector comes at once, a FAQ's rows
 * only when the test releases them (the real model takes about 10 ms a text; 2,000 rows half a minute).
 */
function busyEncoder() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let rowRequests = 0;
  const vector = () => Float32Array.from({ length: 4 }, () => 0.5);
  const encoder: SentenceEncoder = {
    languages: ["en"],
    scale: { unrelated: 0.35, related: 0.5 },
    async embed(texts) {
      if (texts.length > 1) {
        rowRequests++;
        await released;
      }
      return texts.map(vector);
    },
    async close() {},
  };
  return { encoder, release, rowRequests: () => rowRequests };
}

/** Whether `work` settles before `ms` have passed. */
const settlesWithin = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/** The database, counting the reads of a FAQ's rows (one per matcher built). */
function counting(db: Db): { db: Db; rowReads: () => number } {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "query") return Reflect.get(target, property, receiver) as unknown;
      return (sql: string, params?: readonly unknown[]) => {
        if (sql.startsWith("SELECT dataset_data, dataset_headers FROM datasets")) reads++;
        return target.query(sql, params);
      };
    },
  });
  return { db: counted, rowReads: () => reads };
}

describe("the source finder's FAQ matchers", () => {
  let ctx: TestContext;
  let customerId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    customerId = await ctx.createCustomer("Sources shop");
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function shopWith(rows: { question: string; answer: string }[]) {
    const configurationId = await createConfiguration(ctx.database.db, customerId, `shop-${Math.random().toString(36).slice(2, 10)}`);
    await saveDataset(ctx.database.db, systemScope, configurationId, "FAQ", rows, headers);
    return configurationId;
  }
  const ask = (configurationId: string, question: string) => ({ configurationId, language: "en" as const, question, faq: true, articles: false, limit: 3, judgeArticles: true });

  it("builds a FAQ's matcher once for questions arriving together, and again only when the FAQ changes", async () => {
    const { db, rowReads } = counting(ctx.database.db);
    const finder = createSourceFinder(db, noArticles);
    const configurationId = await shopWith(shopFaq);
    const answers = await Promise.all(["how long is delivery", "can I return it", "do you take paypal"].map((question) => finder.find(ask(configurationId, question))));
    expect(answers.map((found) => found[0]?.title)).toEqual(["How long does delivery take?", "Can I return a product?", "Which payment methods do you accept?"]);
    expect(rowReads()).toBe(1);
    await finder.find(ask(configurationId, "how long is delivery"));
    expect(rowReads()).toBe(1);
    await saveDataset(ctx.database.db, systemScope, configurationId, "FAQ", [...shopFaq, { question: "Do you ship abroad?", answer: "To every country of the EU." }], headers);
    expect((await finder.find(ask(configurationId, "ship abroad")))[0]?.title).toBe("Do you ship abroad?");
    expect(rowReads()).toBe(2);
  });

  it("keeps matchers for a bounded number of rows, dropping the least recently asked FAQ first", async () => {
    const { db, rowReads } = counting(ctx.database.db);
    const finder = createSourceFinder(db, noArticles, { maxCachedFaqRows: 6 });
    const first = await shopWith(shopFaq); // 3 rows with an answer
    const second = await shopWith(shopFaq.slice(0, 1)); // 1
    const third = await shopWith(shopFaq); // 3
    await finder.find(ask(first, "delivery"));
    await finder.find(ask(second, "delivery"));
    await finder.find(ask(first, "delivery"));
    expect(rowReads()).toBe(2); // 4 rows kept
    await finder.find(ask(third, "delivery")); // 7 rows: the second, asked least recently, goes (6 left)
    await finder.find(ask(first, "delivery"));
    expect(rowReads()).toBe(3);
    await finder.find(ask(second, "delivery"));
    expect(rowReads()).toBe(4);
  });

  it("names a ranked row by its place in the dataset, rows without an answer counted", async () => {
    const finder = createSourceFinder(ctx.database.db, noArticles);
    const configurationId = await shopWith(shopFaq);
    const ranked = await finder.rankFaq({ configurationId, language: "en", question: "which ways to pay do you accept", limit: 2 });
    expect(ranked[0]).toEqual({ row: 3, confidence: expect.any(Number) });
    expect(ranked[0]!.confidence).toBeGreaterThan(0.3);
    expect(await finder.rankFaq({ configurationId: "00000000-0000-0000-0000-000000000000", language: "en", question: "pay", limit: 2 })).toEqual([]);
    // Rows that share only a few letters with the question are not listed, though the matcher scores them above 0.
    const offTopic = "I love long walks on the beach";
    expect((await finder.find({ ...ask(configurationId, offTopic), limit: 10 })).length).toBeGreaterThan(0);
    expect(await finder.rankFaq({ configurationId, language: "en", question: offTopic, limit: 10 })).toEqual([]);
    const listed = await finder.rankFaq({ configurationId, language: "en", question: "how long does delivery take", limit: 10 });
    expect(listed.map((found) => found.row)).toContain(0);
    expect(listed.every((found) => found.confidence >= minimumListedFaqConfidence)).toBe(true);
  });

  it("answers on words alone at once while a large FAQ's vectors are still being computed, instead of waiting for them", async () => {
    const busy = busyEncoder();
    // 600 rows are 1,200 texts, about 12 s of the model: more than a question may wait (here 10 s).
    const finder = createSourceFinder(ctx.database.db, noArticles, { sentenceEncoder: busy.encoder, vectorWaitMs: 10_000 });
    const rows = Array.from({ length: 600 }, (_, index) => ({ question: `How do I order product number ${index}?`, answer: `Product ${index} is ordered online.` }));
    const configurationId = await shopWith([...shopFaq, ...rows]);
    const first = finder.find({ ...ask(configurationId, "how long does delivery take"), semanticFaq: true });
    expect(await settlesWithin(first, 2_000)).toBe(true);
    expect((await first)[0]?.title).toBe("How long does delivery take?");
    expect(busy.rowRequests()).toBe(1);
    busy.release();
  });

  it("lets only one question wait for a small FAQ's vectors in vain: the next ones are answered at once", async () => {
    const busy = busyEncoder();
    const finder = createSourceFinder(ctx.database.db, noArticles, { sentenceEncoder: busy.encoder, vectorWaitMs: 1_500 });
    const configurationId = await shopWith(shopFaq);
    const question = { ...ask(configurationId, "can I return a product"), semanticFaq: true };
    const waited = finder.find(question);
    expect(await settlesWithin(waited, 500)).toBe(false);
    expect((await waited)[0]?.title).toBe("Can I return a product?");
    expect(await settlesWithin(finder.find(question), 500)).toBe(true);
    busy.release();
    expect((await finder.find(question))[0]?.title).toBe("Can I return a product?");
    expect(busy.rowRequests()).toBe(1);
  });
});
