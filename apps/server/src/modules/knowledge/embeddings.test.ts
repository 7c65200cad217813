/**
 * Vector similarity against a loopback server that answers like OpenAI's POST /v1/embeddings: the same body,
 * headers and error bodies (401 invalid_api_key, 429 rate_limit_exceeded). Its "model" puts words of one
 * meaning on one axis, so a question can share no word with a text and still be near it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";
import { testDatabaseKind } from "../../test/database";
import { startEmbeddingsServer, type EmbeddingsServer, type RecordedEmbeddingRequest } from "../../test/embeddings-server";
import { createEmbedder, EmbeddingError } from "./embeddings";
import { hasVectorColumn } from "./repository";

const meanings = [
  ["refund", "refunds", "reimbursement", "reimbursements", "money", "repaid"],
  ["parcel", "package", "shipment", "delivery", "courier"],
  ["opening", "open", "hours", "closed"],
];

let server: EmbeddingsServer;
let baseUrl: string;
let apiKey: string;
let received: RecordedEmbeddingRequest[];
let ctx: TestContext;
let brokenCtx: TestContext;

beforeAll(async () => {
  server = await startEmbeddingsServer(meanings);
  ({ baseUrl, apiKey, received } = server);
  ctx = await createTestContext({ embeddings: { baseUrl, apiKey, model: "text-embedding-3-small" } });
  brokenCtx = await createTestContext({ embeddings: { baseUrl, apiKey: "sk-wrong", model: "text-embedding-3-small" } });
});
afterAll(async () => {
  await ctx?.close();
  await brokenCtx?.close();
  await server?.close();
});

async function customer(context: TestContext, label: string) {
  const customerId = await context.createCustomer(`${label} Co`);
  const { token } = await context.createUser({ role: "customer", customerId });
  const configurationId = await createConfiguration(context.database.db, customerId, `${label.toLowerCase()}-vectors`);
  return { token, configurationId };
}

async function post(context: TestContext, operationId: string, url: string, token: string, payload: object) {
  const response = await context.app.inject({ method: "POST", url: `/api${url}`, headers: bearer(token), payload });
  expectToMatchContract(operationId, response);
  return response;
}

describe("embeddings", () => {
  it("are stored with each chunk, and find a text that shares no word with the question", async () => {
    const { token, configurationId } = await customer(ctx, "Vectors");
    for (const text of ["Reimbursements are transferred within fourteen days.", "The shop is closed on Sundays."]) {
      expect((await post(ctx, "createArticle", "/training/create_article", token, { configurationId, text, source: "manual" })).statusCode).toBe(200);
    }
    const indexed = await post(ctx, "indexArticle", "/training/index_article", token, { configurationId });
    expect(indexed.json()).toMatchObject({ indexed: 2, failed: 0 });
    const sent = received.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent.contentType).toBe("application/json");
    expect(sent.body).toMatchObject({ model: "text-embedding-3-small", encoding_format: "float" });

    const stored = await ctx.database.db.query<{ embedding: number[]; embedding_model: string }>(
      "SELECT embedding, embedding_model FROM knowledge_chunks WHERE configuration_id = $1",
      [configurationId],
    );
    expect(stored).toHaveLength(2);
    for (const chunk of stored) {
      expect(chunk.embedding_model).toBe("text-embedding-3-small");
      expect(Math.hypot(...chunk.embedding.map(Number))).toBeCloseTo(1, 4);
    }

    // PGlite ships pgvector, so chunks there carry a vector copy searched by cosine distance; PostgreSQL here has
    // no pgvector and compares the real[] embeddings.
    const withVectors = await hasVectorColumn(ctx.database.db);
    expect(withVectors).toBe(testDatabaseKind() === "pglite");
    if (withVectors) {
      const vectors = await ctx.database.db.query("SELECT 1 FROM knowledge_chunks WHERE configuration_id = $1 AND embedding_vector IS NOT NULL", [configurationId]);
      expect(vectors).toHaveLength(2);
    }

    const search = await post(ctx, "searchInArticles", "/training/search_in_articles", token, { configurationId, searchText: "when is my money repaid" });
    const [best] = search.json().data;
    expect(best).toMatchObject({ text: "Reimbursements are transferred within fourteen days.", signals: { vector: 1 } });
    expect(best.signals.fullText).toBeUndefined();
    expect(received.at(-1)!.body.input).toEqual(["when is my money repaid"]);
  });

  it("re-embeds chunks made by another model when indexing is called again", async () => {
    const { token, configurationId } = await customer(ctx, "Model");
    await post(ctx, "createArticle", "/training/create_article", token, { configurationId, text: "Each parcel goes by courier.", source: "manual" });
    await post(ctx, "indexArticle", "/training/index_article", token, { configurationId });
    await ctx.database.db.query("UPDATE knowledge_chunks SET embedding_model = 'old-model' WHERE configuration_id = $1", [configurationId]);
    const again = await post(ctx, "indexArticle", "/training/index_article", token, { configurationId });
    expect(again.json()).toMatchObject({ indexed: 1, failed: 0 });
    const models = await ctx.database.db.query<{ embedding_model: string }>("SELECT embedding_model FROM knowledge_chunks WHERE configuration_id = $1", [
      configurationId,
    ]);
    expect(models).toEqual([{ embedding_model: "text-embedding-3-small" }]);
    expect((await post(ctx, "indexArticle", "/training/index_article", token, { configurationId })).json()).toMatchObject({ indexed: 0, failed: 0 });
  });

  it("a refused key fails the articles with the spec's message, and search goes on without vectors", async () => {
    const { token, configurationId } = await customer(brokenCtx, "Refused");
    await post(brokenCtx, "createArticle", "/training/create_article", token, { configurationId, text: "Opening hours are nine to five.", source: "manual" });
    const indexed = await post(brokenCtx, "indexArticle", "/training/index_article", token, { configurationId });
    expect(indexed.json()).toMatchObject({ indexed: 0, failed: 1, code: "articles_failed", message: "Articles failed", failures: [{ code: "service_unavailable" }] });

    const working = await customer(ctx, "Limited");
    await post(ctx, "createArticle", "/training/create_article", working.token, { configurationId: working.configurationId, text: "Opening hours are nine to five.", source: "manual" });
    await post(ctx, "indexArticle", "/training/index_article", working.token, { configurationId: working.configurationId });
    server.rateLimited = true;
    try {
      const search = await post(ctx, "searchInArticles", "/training/search_in_articles", working.token, {
        configurationId: working.configurationId,
        searchText: "opening hours",
      });
      expect(search.json().data).toMatchObject([{ text: "Opening hours are nine to five.", signals: { fullText: 1 } }]);
      expect(search.json().data[0].signals.vector).toBeUndefined();
    } finally {
      server.rateLimited = false;
    }
  });

  it("are made for the articles of one create_articles call before it stores them, or the articles stay unindexed", async () => {
    const { token, configurationId } = await customer(ctx, "ManyVectors");
    const articles = [
      { text: "Reimbursements are transferred within fourteen days.", source: "manual" },
      { text: "The shop is closed on Sundays.", source: "manual" },
    ];
    const created = await post(ctx, "createArticles", "/training/create_articles", token, { configurationId, articles });
    expect(created.json()).toMatchObject({ created: 2, indexed: 2, failed: 0 });
    const stored = await ctx.database.db.query<{ embedding_model: string }>("SELECT embedding_model FROM knowledge_chunks WHERE configuration_id = $1", [
      configurationId,
    ]);
    expect(stored).toEqual([{ embedding_model: "text-embedding-3-small" }, { embedding_model: "text-embedding-3-small" }]);
    const search = await post(ctx, "searchInArticles", "/training/search_in_articles", token, { configurationId, searchText: "when is my money repaid" });
    expect(search.json().data[0]).toMatchObject({ text: articles[0]!.text, signals: { vector: 1 } });

    const refused = await customer(brokenCtx, "ManyRefused");
    const failed = await post(brokenCtx, "createArticles", "/training/create_articles", refused.token, {
      configurationId: refused.configurationId,
      articles,
    });
    expect(failed.json()).toMatchObject({
      created: 2,
      indexed: 0,
      failed: 2,
      code: "articles_failed",
      message: "Articles failed",
      failures: [{ position: 0, code: "service_unavailable" }, { position: 1, code: "service_unavailable" }],
    });
    const listed = await brokenCtx.database.db.query<{ indexed: boolean }>("SELECT indexed FROM knowledge_articles WHERE configuration_id = $1", [refused.configurationId]);
    expect(listed).toEqual([{ indexed: false }, { indexed: false }]);
  });

  it("reports the provider's 401 and 429 with their status and message", async () => {
    await expect(createEmbedder({ baseUrl, apiKey: "sk-nope", model: "m" }).embed(["x"])).rejects.toMatchObject({
      name: "EmbeddingError",
      status: 401,
      message: expect.stringContaining("Incorrect API key provided"),
    });
    server.rateLimited = true;
    try {
      const error = await createEmbedder({ baseUrl: `${baseUrl}/`, apiKey, model: "m" })
        .embed(["x"])
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EmbeddingError);
      expect(error).toMatchObject({ status: 429, message: expect.stringContaining("Rate limit reached") });
    } finally {
      server.rateLimited = false;
    }
    await expect(createEmbedder({ baseUrl: "http://127.0.0.1:9/v1", apiKey, model: "m", timeoutMs: 2_000 }).embed(["x"])).rejects.toBeInstanceOf(EmbeddingError);
  });
});
