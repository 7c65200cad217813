import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";
import { systemScope } from "../tenancy";
import { createRetrieval } from "./retrieval";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function customerWithConfiguration(label: string, language = "en") {
  const customerId = await ctx.createCustomer(`${label} Co`);
  const { token } = await ctx.createUser({ role: "customer", customerId });
  const configurationId = await newConfiguration(customerId, label, language);
  return { token, customerId, configurationId };
}

async function newConfiguration(customerId: string, label: string, language: string) {
  const configurationId = await createConfiguration(ctx.database.db, customerId, `${label.toLowerCase()}-${language}-${Math.random().toString(36).slice(2, 8)}`);
  // Before any request reads it, so no cache holds the default language.
  await ctx.database.db.query("UPDATE configurations SET settings = jsonb_set(settings, '{language}', to_jsonb($2::text)) WHERE id = $1", [
    configurationId,
    language,
  ]);
  return configurationId;
}

async function call(operationId: string, token: string, method: "GET" | "POST", url: string, payload?: unknown) {
  const response = await ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  expectToMatchContract(operationId, response);
  return response;
}

const create = (token: string, payload: Record<string, unknown>) => call("createArticle", token, "POST", "/training/create_article", payload);
const createMany = (token: string, payload: Record<string, unknown>) => call("createArticles", token, "POST", "/training/create_articles", payload);
const index = (token: string, payload: Record<string, unknown>) => call("indexArticle", token, "POST", "/training/index_article", payload);
const list = (token: string, configurationId: string) => call("listArticles", token, "GET", `/training/articles?_id=${configurationId}`);
const search = (token: string, payload: Record<string, unknown>) => call("searchInArticles", token, "POST", "/training/search_in_articles", payload);

async function train(token: string, configurationId: string, texts: { text: string; subject?: string }[]) {
  const ids: string[] = [];
  for (const { text, subject } of texts) {
    const created = await create(token, { configurationId, text, source: "manual", subject });
    expect(created.statusCode, created.body).toBe(200);
    ids.push(created.json().data._id);
  }
  const indexed = await index(token, { configurationId, articleIds: ids });
  expect(indexed.json(), indexed.body).toMatchObject({ indexed: ids.length, failed: 0 });
  return ids;
}

async function hitTexts(token: string, configurationId: string, searchText: string, extra: Record<string, unknown> = {}) {
  const response = await search(token, { configurationId, searchText, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { text: string }[]).map((hit) => hit.text);
}

const chunkCount = async (configurationId: string) =>
  Number((await ctx.database.db.query<{ n: string }>("SELECT count(*) AS n FROM knowledge_chunks WHERE configuration_id = $1", [configurationId]))[0]!.n);

/** The lexeme counts kept for a configuration, and the ones its chunks really hold. */
const lexemeCounts = async (configurationId: string) => {
  const kept = await ctx.database.db.query<{ lexeme: string; chunks: number }>(
    "SELECT lexeme, chunks FROM knowledge_lexemes WHERE configuration_id = $1 AND chunks > 0 ORDER BY lexeme",
    [configurationId],
  );
  const actual = await ctx.database.db.query<{ lexeme: string; chunks: number }>(
    `SELECT lexeme, count(*)::integer AS chunks FROM knowledge_chunks c, unnest(tsvector_to_array(c.search_vector)) AS lexeme
      WHERE c.configuration_id = $1 GROUP BY lexeme ORDER BY lexeme`,
    [configurationId],
  );
  return { kept, actual };
};

const words = (count: number, prefix = "word") => Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(" ");

describe("articles", () => {
  it("are created not indexed, listed newest first, indexed into chunks, deleted and wiped", async () => {
    const { token, configurationId } = await customerWithConfiguration("Life");
    const first = await create(token, { configurationId, text: "  Our shop opens at nine.  ", source: "manual", subject: " Hours " });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ text: "Our shop opens at nine.", subject: "Hours", kind: "typed", indexed: false, wordCount: 5, splitLength: 500, splitOverlap: 0 });
    const second = await create(token, { configurationId, text: words(1200), source: "https://life.test/long", kind: "scraped", url: "https://life.test/long" });
    expect(second.json().data).toMatchObject({ kind: "scraped", url: "https://life.test/long", wordCount: 1200, splitLength: 500, splitOverlap: 50 });

    const listed = (await list(token, configurationId)).json().articles as { _id: string }[];
    expect(listed.map((article) => article._id)).toEqual([second.json().data._id, first.json().data._id]);

    const indexed = await index(token, { configurationId });
    expect(indexed.json()).toEqual({ status: "success", indexed: 2, failed: 0 });
    // 1200 words by 500 with 50 overlap: starts at 0, 450 and 900.
    expect(await chunkCount(configurationId)).toBe(1 + 3);
    expect((await list(token, configurationId)).json().articles.every((article: { indexed: boolean }) => article.indexed)).toBe(true);
    expect(await hitTexts(token, configurationId, "When does the shop open?")).toEqual(["Our shop opens at nine."]);

    const deleted = await call("deleteArticle", token, "POST", "/training/article/delete", { _id: first.json().data._id, configuration_id: configurationId });
    expect(deleted.statusCode).toBe(200);
    expect(await hitTexts(token, configurationId, "When does the shop open?")).toEqual([]);
    const again = await call("deleteArticle", token, "POST", "/training/article/delete", { _id: first.json().data._id, configuration_id: configurationId });
    expect(again.statusCode).toBe(404);

    const wiped = await call("wipeArticleData", token, "POST", "/training/articles/wipe_article_data_for_configuration", { configuration_id: configurationId });
    expect(wiped.json()).toMatchObject({ status: "success", deleted: 1 });
    expect((await list(token, configurationId)).json().articles).toEqual([]);
    expect(await chunkCount(configurationId)).toBe(0);
  });

  it("store a text once per configuration after trimming, and replace an article's text by its id", async () => {
    const { token, configurationId } = await customerWithConfiguration("Twice");
    const first = await create(token, { configurationId, text: "Delivery takes two days.", source: "manual" });
    const second = await create(token, { configurationId, text: "\n Delivery takes two days. \t", source: "page" });
    expect(second.json().data._id).toBe(first.json().data._id);
    expect((await list(token, configurationId)).json().articles).toHaveLength(1);

    await index(token, { configurationId });
    const replaced = await create(token, { configurationId, _id: first.json().data._id, text: "Delivery takes three days.", source: "manual" });
    expect(replaced.json().data).toMatchObject({ _id: first.json().data._id, text: "Delivery takes three days.", indexed: false });
    expect(await chunkCount(configurationId)).toBe(0);
    const missing = await create(token, { configurationId, _id: "00000000-0000-4000-8000-000000000000", text: "x y z", source: "manual" });
    expect(missing.statusCode).toBe(404);
  });

  it("split a chunk repeated inside one article only once, and keep saved split parameters", async () => {
    const { token, configurationId } = await customerWithConfiguration("Split");
    const created = await create(token, { configurationId, text: "alpha beta gamma delta alpha beta gamma delta omega", source: "manual", splitLength: 4, splitOverlap: 0 });
    expect(created.json().data).toMatchObject({ splitLength: 4, splitOverlap: 0 });
    await index(token, { configurationId });
    const chunks = await ctx.database.db.query<{ text: string }>("SELECT text FROM knowledge_chunks WHERE configuration_id = $1 ORDER BY position", [configurationId]);
    expect(chunks.map((chunk) => chunk.text)).toEqual(["alpha beta gamma delta", "omega"]);
    const refused = await create(token, { configurationId, text: "one two", source: "manual", splitLength: 4, splitOverlap: 4 });
    expect(refused.statusCode).toBe(400);
    // Above half the length: 10,000 by 9,999 made a chunk per word, each of up to 10,000 words.
    for (const [splitLength, splitOverlap] of [[4, 3], [10_000, 9_999]] as const) {
      const tooMuch = await create(token, { configurationId, text: "one two three four five", source: "manual", splitLength, splitOverlap });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json()).toMatchObject({ code: "validation_failed", errors: [{ path: "splitOverlap", message: "The overlap must be at most half the split length" }] });
    }
    const half = await create(token, { configurationId, text: "one two three four five", source: "manual", splitLength: 4, splitOverlap: 2 });
    expect(half.json().data).toMatchObject({ splitLength: 4, splitOverlap: 2 });
  });

  it("count indexed and failed articles with the spec's messages, at most 10 at once", async () => {
    const { token, configurationId } = await customerWithConfiguration("Counts");
    const created = await create(token, { configurationId, text: "Returns are free.", source: "manual" });
    const missing = "00000000-0000-4000-8000-000000000001";
    const some = await index(token, { configurationId, articleIds: [created.json().data._id, missing, "not-a-uuid"] });
    expect(some.json()).toMatchObject({
      indexed: 1,
      failed: 2,
      code: "articles_not_indexed",
      message: "One or more articles could not be indexed",
      failures: [{ _id: missing, code: "not_found" }, { _id: "not-a-uuid", code: "not_found" }],
    });
    const none = await index(token, { configurationId, articleIds: [missing] });
    expect(none.json()).toMatchObject({ indexed: 0, failed: 1, code: "articles_failed", message: "Articles failed" });
    const tooMany = await index(token, { configurationId, articleIds: Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-0000000000${10 + i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: "too_many_articles", message: "At most 10 articles can be indexed at once" });
    const blank = await create(token, { configurationId, text: " \n\t ", source: "manual" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: "no_valid_text", message: "No valid text found" });
  });

  it("refuse bad input with a 4xx: NUL bytes, text over the limit or over the body limit, wrong types", async () => {
    const { token, configurationId } = await customerWithConfiguration("Bad");
    const bodies: [unknown, number][] = [
      [{ configurationId, text: "nul\u0000byte", source: "manual" }, 400],
      [{ configurationId, text: "x ".repeat(60_000), source: "manual" }, 400],
      [{ configurationId, text: "y".repeat(6 * 1024 * 1024), source: "manual" }, 413],
      [{ configurationId, text: 42, source: "manual" }, 400],
      [{ configurationId, text: "fine", source: ["manual"] }, 400],
      [{ configurationId, text: "fine", source: "manual", kind: "secret" }, 400],
      [{ configurationId, text: "fine", source: "manual", splitLength: 0 }, 400],
    ];
    for (const [payload, status] of bodies) expect((await create(token, payload as Record<string, unknown>)).statusCode).toBe(status);
    expect((await search(token, { configurationId, searchText: "" })).statusCode).toBe(400);
    expect((await search(token, { configurationId, searchText: "a\u0000b" })).statusCode).toBe(400);
    expect((await search(token, { configurationId, searchText: "ok", limit: 500 })).statusCode).toBe(400);
    expect((await index(token, { configurationId, articleIds: "all" })).statusCode).toBe(400);
    expect((await list(token, configurationId)).json().articles).toEqual([]);
  });

  it("answer 404 for another tenant's configuration and article, and change nothing", async () => {
    const own = await customerWithConfiguration("Own");
    const other = await customerWithConfiguration("Other");
    const [secret] = await train(other.token, other.configurationId, [{ text: "The vault code is forty-two." }]);
    expect((await list(own.token, other.configurationId)).statusCode).toBe(404);
    expect((await create(own.token, { configurationId: other.configurationId, text: "planted", source: "manual" })).statusCode).toBe(404);
    expect((await index(own.token, { configurationId: other.configurationId })).statusCode).toBe(404);
    expect((await search(own.token, { configurationId: other.configurationId, searchText: "vault code" })).statusCode).toBe(404);
    const del = await call("deleteArticle", own.token, "POST", "/training/article/delete", { _id: secret, configuration_id: other.configurationId });
    expect(del.statusCode).toBe(404);
    // Their article named under our own configuration is not found either.
    const crossed = await call("deleteArticle", own.token, "POST", "/training/article/delete", { _id: secret, configuration_id: own.configurationId });
    expect(crossed.statusCode).toBe(404);
    expect((await index(own.token, { configurationId: own.configurationId, articleIds: [secret!] })).json()).toMatchObject({ indexed: 0, failed: 1 });
    const wipe = await call("wipeArticleData", own.token, "POST", "/training/articles/wipe_article_data_for_configuration", { configuration_id: other.configurationId });
    expect(wipe.statusCode).toBe(404);
    expect(await hitTexts(other.token, other.configurationId, "vault code")).toEqual(["The vault code is forty-two."]);
  });

  it("two index calls at once on the same configuration store each chunk once", async () => {
    const { token, configurationId } = await customerWithConfiguration("Race");
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await create(token, { configurationId, text: `${words(700, `race${i}x`)}`, source: "manual" })).json().data._id);
    const [a, b] = await Promise.all([index(token, { configurationId, articleIds: ids }), index(token, { configurationId })]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    // 700 words by 500 with 50 overlap: two chunks each.
    expect(await chunkCount(configurationId)).toBe(10);
    const duplicates = await ctx.database.db.query(
      "SELECT article_id, position FROM knowledge_chunks WHERE configuration_id = $1 GROUP BY article_id, position HAVING count(*) > 1",
      [configurationId],
    );
    expect(duplicates).toEqual([]);
  });
});

describe("creating many articles in one call", () => {
  it("stores and indexes them at once, each text once after trimming, and answers every entry", async () => {
    const { token, configurationId } = await customerWithConfiguration("Many");
    const held = await create(token, { configurationId, text: "Parcels leave the depot at noon.", source: "manual" });
    const answer = await createMany(token, {
      configurationId,
      articles: [
        { text: "  Refunds take five days.  ", subject: " Refunds ", source: "manual" },
        { text: words(700, "many"), source: "https://many.test/long", kind: "scraped", url: "https://many.test/long" },
        { text: "Refunds take five days.", source: "again" },
        { text: "\tParcels leave the depot at noon.\n", source: "manual" },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ status: "success", created: 2, duplicates: 2, indexed: 2, failed: 0 });
    expect(body.code).toBeUndefined();
    const [refunds, long, repeated, parcels] = body.articles;
    expect(body.articles.map((entry: { position: number }) => entry.position)).toEqual([0, 1, 2, 3]);
    expect(refunds).toMatchObject({ created: true, indexed: true });
    expect(long).toMatchObject({ created: true, indexed: true });
    expect(repeated).toMatchObject({ _id: refunds._id, created: false, indexed: true });
    // The article held before the call is answered as it is: not indexed (a later index call does that).
    expect(parcels).toEqual({ position: 3, _id: held.json().data._id, created: false, indexed: false });

    const listed = (await list(token, configurationId)).json().articles as { _id: string; subject: string | null; text: string; kind: string; indexed: boolean; splitOverlap: number }[];
    expect(listed).toHaveLength(3);
    expect(listed.find((article) => article._id === refunds._id)).toMatchObject({ text: "Refunds take five days.", subject: "Refunds", kind: "typed", indexed: true });
    expect(listed.find((article) => article._id === long._id)).toMatchObject({ kind: "scraped", splitOverlap: 50, indexed: true });
    // 1 chunk for the short text, 2 for 700 words by 500 with 50 overlap; the held article has none yet.
    expect(await chunkCount(configurationId)).toBe(3);
    expect(await hitTexts(token, configurationId, "how long do refunds take")).toEqual(["Refunds take five days."]);
    expect((await hitTexts(token, configurationId, "refnds"))[0]).toBe("Refunds take five days.");
    const { kept, actual } = await lexemeCounts(configurationId);
    expect(kept).toEqual(actual);
  });

  it("takes a web page's long address as its source", async () => {
    const { token, configurationId } = await customerWithConfiguration("LongAddress");
    const page = `https://shop.test/products/city-bikes/${"acme-e-city-electric-bike-".repeat(6)}2026?colour=blue`;
    expect(page.length).toBeGreaterThan(150);
    const answer = await createMany(token, { configurationId, articles: [{ text: "The E-City has seven gears.", source: page, kind: "scraped", url: page }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ created: 1, failed: 0 });
    const one = await create(token, { configurationId, text: "The E-City weighs 22 kilos.", source: page, url: page });
    expect(one.statusCode, one.body).toBe(200);
    expect(((await list(token, configurationId)).json().articles as { source: string }[]).map((article) => article.source)).toEqual([page, page]);
  });

  it("stores without indexing when asked, and the index call indexes them later", async () => {
    const { token, configurationId } = await customerWithConfiguration("Later");
    const answer = await createMany(token, { configurationId, index: false, articles: [{ text: "Vouchers never expire.", source: "manual" }, { text: "Cakes need two days.", source: "manual" }] });
    expect(answer.json()).toMatchObject({ created: 2, indexed: 0, failed: 0 });
    expect(await chunkCount(configurationId)).toBe(0);
    expect((await index(token, { configurationId })).json()).toMatchObject({ indexed: 2, failed: 0 });
    expect(await hitTexts(token, configurationId, "voucher expire")).toEqual(["Vouchers never expire."]);
  });

  it("counts entries without text as failed with the spec's messages, and refuses a call with nothing to store", async () => {
    const { token, configurationId } = await customerWithConfiguration("ManyFail");
    const some = await createMany(token, {
      configurationId,
      articles: [
        { text: " \n\t ", source: "manual" },
        { text: "Lockers open at six.", source: "manual" },
        { text: "one two", source: "manual", splitLength: 4, splitOverlap: 4 },
      ],
    });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toMatchObject({
      created: 1,
      indexed: 1,
      failed: 2,
      code: "articles_not_indexed",
      message: "One or more articles could not be indexed",
      failures: [
        { position: 0, code: "no_valid_text", message: "No valid text found" },
        { position: 2, code: "validation_failed" },
      ],
    });
    expect(some.json().articles).toEqual([{ position: 1, _id: expect.any(String), created: true, indexed: true }]);

    const none = await createMany(token, { configurationId, articles: [{ text: "   ", source: "manual" }, { text: "!!! ???", source: "manual" }] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: "no_valid_text", message: "No valid text found" });
    expect((await list(token, configurationId)).json().articles).toHaveLength(1);
  });

  it("refuses bad input with a 4xx and stores nothing: NUL bytes, too long, too many, over the body limit, wrong types", async () => {
    const { token, configurationId } = await customerWithConfiguration("ManyBad");
    const fine = { text: "fine words", source: "manual" };
    const bodies: [unknown, number][] = [
      [{ configurationId, articles: [fine, { text: "nul\u0000byte", source: "manual" }] }, 400],
      [{ configurationId, articles: [fine, { text: "x ".repeat(60_000), source: "manual" }] }, 400],
      [{ configurationId, articles: Array.from({ length: 101 }, (_, i) => ({ text: `text ${i}`, source: "manual" })) }, 400],
      [{ configurationId, articles: Array.from({ length: 60 }, (_, i) => ({ text: `${i} ${"y".repeat(99_000)}`, source: "manual" })) }, 413],
      [{ configurationId, articles: [] }, 400],
      [{ configurationId, articles: fine }, 400],
      [{ configurationId, articles: [fine, { text: 42, source: "manual" }] }, 400],
      [{ configurationId, articles: [{ ...fine, kind: "secret" }] }, 400],
      [{ configurationId, articles: [{ text: "no source" }] }, 400],
      [{ configurationId, articles: [{ ...fine, subject: "s".repeat(201) }] }, 400],
      [{ configurationId, articles: [fine], index: "yes" }, 400],
    ];
    const statuses: number[] = [];
    for (const [payload] of bodies) statuses.push((await createMany(token, payload as Record<string, unknown>)).statusCode);
    expect(statuses).toEqual(bodies.map(([, status]) => status));
    expect((await list(token, configurationId)).json().articles).toEqual([]);
  });

  it("answers 404 for another tenant's configuration and stores nothing there", async () => {
    const own = await customerWithConfiguration("ManyOwn");
    const other = await customerWithConfiguration("ManyOther");
    const planted = await createMany(own.token, { configurationId: other.configurationId, articles: [{ text: "planted", source: "manual" }] });
    expect(planted.statusCode).toBe(404);
    expect((await list(other.token, other.configurationId)).json().articles).toEqual([]);
  });

  it("two calls at once on one configuration store each text once and keep the lexeme counts exact", async () => {
    const { token, configurationId } = await customerWithConfiguration("ManyRace");
    // Shared words in every text, and texts in both calls, so the calls add to the same lexemes and rows.
    const text = (i: number) => ({ text: `Every parcel ships with tracking. ${words(20 + i * 5, `mrace${i}x`)} Shared closing words.`, subject: `Race ${i % 3}`, source: "manual" });
    const first = Array.from({ length: 12 }, (_, i) => text(i));
    const second = Array.from({ length: 12 }, (_, i) => text(i + 6)).reverse();
    const answers = await Promise.all([createMany(token, { configurationId, articles: first }), createMany(token, { configurationId, articles: second })]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [a, b] = answers.map((answer) => answer.json());
    expect(a.created + b.created).toBe(18);
    expect(a.duplicates + b.duplicates).toBe(6);
    expect(a.failed + b.failed).toBe(0);
    const listed = (await list(token, configurationId)).json().articles as { indexed: boolean }[];
    expect(listed).toHaveLength(18);
    expect(listed.every((article) => article.indexed)).toBe(true);
    expect(await chunkCount(configurationId)).toBe(18);
    const { kept, actual } = await lexemeCounts(configurationId);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(actual);
    expect(kept.find((row) => row.lexeme === "parcel")?.chunks).toBe(18);
  });
});

describe("retrieval", () => {
  const english = [
    { text: "Refunds are paid back within fourteen days after we receive the returned parcel.", subject: "Refund policy" },
    { text: "Our support team answers the phone from Monday to Friday.", subject: "Support" },
    { text: "Gift cards can be used in every store and never expire.", subject: "Gift cards" },
  ];

  it("finds a sentence by its words and by a typo, best first, with sources and scores", async () => {
    const { token, configurationId } = await customerWithConfiguration("Finder");
    await train(token, configurationId, english);
    const response = await search(token, { configurationId, searchText: "how long do refunds take" });
    const [best] = response.json().data;
    expect(best).toMatchObject({ source: "article", text: english[0]!.text, article: { subject: "Refund policy", source: "manual" }, chunk: 0 });
    expect(best.score).toBeGreaterThan(0);
    expect(best.signals.fullText).toBe(1);
    expect(best.snippet).toBe(english[0]!.text);

    expect((await hitTexts(token, configurationId, "refnds polcy"))[0]).toBe(english[0]!.text);
    expect((await hitTexts(token, configurationId, "giftcrads expre"))[0]).toBe(english[2]!.text);
    expect((await hitTexts(token, configurationId, "telephone suport"))[0]).toBe(english[1]!.text);
    expect(await hitTexts(token, configurationId, "zebra xylophone")).toEqual([]);
    expect(await hitTexts(token, configurationId, "the and of")).toEqual([]);
  });

  it("fills each hit's snippet with an excerpt around the question's words", async () => {
    const { token, configurationId } = await customerWithConfiguration("Snippet");
    const text = `${words(150, "intro")} Parcels to Norway travel by ferry and take six days. ${words(150, "outro")}`;
    await train(token, configurationId, [{ text }]);
    const response = await search(token, { configurationId, searchText: "parcel norway" });
    const [hit] = response.json().data;
    expect(hit.text).toBe(text);
    expect(hit.snippet.length).toBeLessThanOrEqual(240);
    expect(hit.snippet).toMatch(/^…intro\d+ intro\d+ intro\d+ Parcels to Norway travel by ferry and take six days\. outro0 .*…$/);
  });

  it("searches Dutch and German with accents folded and words stemmed", async () => {
    const dutch = await customerWithConfiguration("Dutch", "nl");
    await train(dutch.token, dutch.configurationId, [
      { text: "Wij leveren gratis aan huis in België en Nederland; de bezorgkosten vervallen boven 50 euro." },
      { text: "Ons café is op zondag gesloten." },
    ]);
    expect((await hitTexts(dutch.token, dutch.configurationId, "levering belgie"))[0]).toContain("België");
    expect((await hitTexts(dutch.token, dutch.configurationId, "cafe zondag"))[0]).toBe("Ons café is op zondag gesloten.");
    expect((await hitTexts(dutch.token, dutch.configurationId, "bezorgkost"))[0]).toContain("bezorgkosten");

    const german = await customerWithConfiguration("German", "de");
    await train(german.token, german.configurationId, [
      { text: "Die Rückerstattung erfolgt innerhalb von vierzehn Tagen nach Eingang der Rücksendung." },
      { text: "Größentabellen finden Sie auf jeder Produktseite." },
    ]);
    expect((await hitTexts(german.token, german.configurationId, "Ruckerstattung"))[0]).toContain("Rückerstattung");
    expect((await hitTexts(german.token, german.configurationId, "rückerstatungen"))[0]).toContain("Rückerstattung");
    expect((await hitTexts(german.token, german.configurationId, "Grössentabelle"))[0]).toContain("Größentabellen");
  });

  it("never returns another configuration's chunks, even of the same customer", async () => {
    const { token, customerId, configurationId } = await customerWithConfiguration("Twins");
    const sibling = await newConfiguration(customerId, "Twins", "en");
    await train(token, configurationId, [{ text: "The blue plan costs ten euro." }]);
    await train(token, sibling, [{ text: "The blue plan costs twenty euro." }]);
    expect(await hitTexts(token, configurationId, "blue plan cost")).toEqual(["The blue plan costs ten euro."]);
    expect(await hitTexts(token, sibling, "blue plan cost")).toEqual(["The blue plan costs twenty euro."]);

    const retrieval = createRetrieval(ctx.database.db);
    const hits = await retrieval.retrieve({ scope: systemScope, configurationId, question: "blue plan price twenty", limit: 50 });
    expect(hits.map((hit) => hit.article?.configuration_id)).toEqual([configurationId]);
    const foreign = await retrieval.retrieve({ scope: { allCustomers: false, customerId: null, userId: null }, configurationId, question: "blue plan" });
    expect(foreign).toEqual([]);
  });

  it("adds the FAQ dataset's rows when asked", async () => {
    const { token, configurationId } = await customerWithConfiguration("Faq");
    await train(token, configurationId, english);
    const saved = await call("saveDataset", token, "POST", "/data/dataset", {
      configurationId,
      datasetName: "FAQ",
      datasetData: [
        { question: "Do you ship abroad?", answer: "We ship to every country of the European Union." },
        { question: "Can I pay by invoice?", answer: "Yes, businesses can pay within thirty days." },
      ],
      datasetHeaders: [
        { text: "Question", value: "question" },
        { text: "Answer", value: "answer" },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await hitTexts(token, configurationId, "ship abroad")).toEqual([]);
    const response = await search(token, { configurationId, searchText: "do you shipp abroad", includeFaq: true });
    expect(response.json().data[0]).toMatchObject({
      source: "faq",
      faq: { row: 0, values: { question: "Do you ship abroad?" } },
      text: "Do you ship abroad?\nWe ship to every country of the European Union.",
    });
    expect((await hitTexts(token, configurationId, "refund invoice", { includeFaq: true, limit: 2 })).length).toBe(2);
  });

  it("ranks the FAQ as the assistant's matcher does, in a FAQ of 20,000 rows, each hit naming its row in the dataset", async () => {
    const { token, configurationId } = await customerWithConfiguration("Big FAQ");
    await train(token, configurationId, english);
    const filler = Array.from({ length: 19_997 }, (_, index) => ({
      question: `What about item ${index} in colour ${["red", "green", "blue"][index % 3]}?`,
      answer: `Item ${index} comes in ${["red", "green", "blue"][index % 3]} only.`,
    }));
    const saved = await call("saveDataset", token, "POST", "/data/dataset", {
      configurationId,
      datasetName: "FAQ",
      datasetData: [
        { question: "Is there a question without an answer?", answer: "   " },
        ...filler.slice(0, 10_000),
        { question: "How long is the warranty on a bicycle?", answer: "Every bicycle has a two-year warranty." },
        ...filler.slice(10_000),
        { question: "Can I return a bicycle?", answer: "Within thirty days, unused." },
      ],
      datasetHeaders: [
        { text: "Question", value: "question" },
        { text: "Answer", value: "answer" },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A typo and a synonym ("guarantee" for "warranty"), which the matcher reads and plain full text does not.
    const response = await search(token, { configurationId, searchText: "how many years of guarantee do bicycels get", includeFaq: true, limit: 3 });
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json().data;
    expect(best).toMatchObject({
      source: "faq",
      signals: { faq: 1 },
      faq: { row: 10_001, values: { question: "How long is the warranty on a bicycle?" } },
      text: "How long is the warranty on a bicycle?\nEvery bicycle has a two-year warranty.",
    });
    const returns = await search(token, { configurationId, searchText: "can I send a bicycle back", includeFaq: true, limit: 1 });
    expect(returns.json().data[0]).toMatchObject({ source: "faq", faq: { row: 19_999 } });
    // Without includeFaq the FAQ stays out.
    const articlesOnly = await search(token, { configurationId, searchText: "how many years of guarantee do bicycels get", limit: 50 });
    expect(articlesOnly.json().data.every((hit: { source: string }) => hit.source === "article")).toBe(true);
  });
});

describe("lexeme counts", () => {
  it("stay equal to the chunks through indexing again, replacing, deleting and wiping", async () => {
    const { token, configurationId } = await customerWithConfiguration("Counted");
    const [first, second] = await train(token, configurationId, [{ text: "Apples and pears are fresh." }, { text: "Pears ship on Monday." }]);
    const check = async () => {
      const { kept, actual } = await lexemeCounts(configurationId);
      expect(kept).toEqual(actual);
    };
    await check();
    expect((await index(token, { configurationId, articleIds: [first!, second!] })).json()).toMatchObject({ indexed: 2 });
    await check();
    await create(token, { configurationId, _id: first, text: "Plums are fresh too.", source: "manual" });
    await check();
    await index(token, { configurationId });
    await check();
    await call("deleteArticle", token, "POST", "/training/article/delete", { _id: second, configuration_id: configurationId });
    await check();
    expect((await lexemeCounts(configurationId)).kept.map((row) => row.lexeme)).not.toContain("pear");
    await call("wipeArticleData", token, "POST", "/training/articles/wipe_article_data_for_configuration", { configuration_id: configurationId });
    expect(await lexemeCounts(configurationId)).toEqual({ kept: [], actual: [] });
  });
  it("stay exact when index calls, deletes, replacements and a wipe of one configuration run at once", async () => {
    const { token, configurationId } = await customerWithConfiguration("Crowd");
    const check = async () => {
      const { kept, actual } = await lexemeCounts(configurationId);
      expect(kept).toEqual(actual);
    };
    // Shared words in every text, so concurrent calls add to the same lexemes.
    const text = (i: number) => `Every parcel ships with tracking and a receipt. ${words(30 + i * 7, `crowd${i}x`)} Shared closing words here.`;
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await create(token, { configurationId, text: text(i), source: "manual", subject: `Crowd ${i % 3}` })).json().data._id);
    const answers = await Promise.all([
      index(token, { configurationId, articleIds: ids.slice(0, 5) }),
      index(token, { configurationId, articleIds: ids.slice(5, 10) }),
      index(token, { configurationId, articleIds: ids.slice(3, 8) }),
      index(token, { configurationId, articleIds: ids.slice(8, 12) }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await check();
    expect(await chunkCount(configurationId)).toBe(12);

    // Indexing again (old chunks out of the counts), deleting and replacing, all at once.
    const mixed = await Promise.all([
      index(token, { configurationId, articleIds: ids.slice(0, 6) }),
      call("deleteArticle", token, "POST", "/training/article/delete", { _id: ids[1], configuration_id: configurationId }),
      create(token, { configurationId, _id: ids[2], text: "A replaced text about parcels.", source: "manual" }),
      index(token, { configurationId, articleIds: ids.slice(4, 10) }),
      call("deleteArticle", token, "POST", "/training/article/delete", { _id: ids[9], configuration_id: configurationId }),
    ]);
    for (const answer of mixed) expect(answer.statusCode, answer.body).toBe(200);
    await check();

    // A wipe while articles are being indexed: whatever is left is counted exactly.
    const more: string[] = [];
    for (let i = 12; i < 18; i += 1) more.push((await create(token, { configurationId, text: text(i), source: "manual" })).json().data._id);
    const wiping = await Promise.all([
      index(token, { configurationId, articleIds: more.slice(0, 3) }),
      call("wipeArticleData", token, "POST", "/training/articles/wipe_article_data_for_configuration", { configuration_id: configurationId }),
      index(token, { configurationId, articleIds: more.slice(3) }),
    ]);
    for (const answer of wiping) expect(answer.statusCode, answer.body).toBe(200);
    await check();
    await call("wipeArticleData", token, "POST", "/training/articles/wipe_article_data_for_configuration", { configuration_id: configurationId });
    expect(await lexemeCounts(configurationId)).toEqual({ kept: [], actual: [] });
  });
});

describe("known words", () => {
  const terms = async (configurationId: string) =>
    (await ctx.database.db.query<{ term: string }>("SELECT term FROM knowledge_terms WHERE configuration_id = $1 ORDER BY term", [configurationId])).map(
      (row) => row.term,
    );

  it("go with the last article that held them when articles are deleted or replaced", async () => {
    const { token, configurationId } = await customerWithConfiguration("Words");
    const [zeppelin, ferry] = await train(token, configurationId, [
      { text: "The zeppelin and the ferry leave on Mondays.", subject: "Airships" },
      { text: "Our ferry leaves daily.", subject: "Boats" },
    ]);
    expect(await terms(configurationId)).toEqual(["airships", "and", "boats", "daily", "ferry", "leave", "leaves", "mondays", "our", "the", "zeppelin"]);
    expect((await hitTexts(token, configurationId, "zepelin"))[0]).toBe("The zeppelin and the ferry leave on Mondays.");

    await call("deleteArticle", token, "POST", "/training/article/delete", { _id: zeppelin, configuration_id: configurationId });
    // "leave" shares its stem with "leaves", which stays; "the" and "and" are stop words, which stay.
    expect(await terms(configurationId)).toEqual(["and", "boats", "daily", "ferry", "leave", "leaves", "our", "the"]);
    expect(await hitTexts(token, configurationId, "zepelin")).toEqual([]);

    // Replacing the text drops the old text's words the same way. "leave", kept above for "leaves", is not a
    // word of this article, so it stays (a stale word costs a lookup, not a wrong answer).
    await create(token, { configurationId, _id: ferry, text: "Trains run hourly.", source: "manual" });
    expect(await terms(configurationId)).toEqual(["and", "leave", "our", "the"]);
    await index(token, { configurationId });
    expect(await terms(configurationId)).toEqual(["and", "hourly", "leave", "our", "run", "the", "trains"]);
  });
});

describe("known words of a text", () => {
  it("are its runs of letters and digits, accents folded and lowercased, 3 to 40 characters; a compound gives its words", async () => {
    const { token, configurationId } = await customerWithConfiguration("Terms");
    await train(token, configurationId, [{ text: "Mail INFO@Bäckerei-Groß.de about the e-mail of Straße 42, or 1.25 kg of crème brûlée.", subject: "Größe" }]);
    const terms = (await ctx.database.db.query<{ term: string }>("SELECT term FROM knowledge_terms WHERE configuration_id = $1 ORDER BY term", [configurationId])).map(
      (row) => row.term,
    );
    expect(terms).toEqual(["about", "backerei", "brulee", "creme", "gross", "grosse", "info", "mail", "strasse", "the"]);
    // A typo of a folded word is corrected to it.
    expect((await hitTexts(token, configurationId, "brulle"))[0]).toContain("crème brûlée");
  });
});

describe("indexing a batch", () => {
  it("stores texts and subjects with quotes, backslashes, braces, commas and NULL as they are (one space between words, as chunks join them)", async () => {
    const { token, configurationId } = await customerWithConfiguration("Quoted");
    const texts = [
      { text: 'He said "hello", then {left} and [right] — all\\of it, NULL.', subject: 'The "best" {subject}, \\ NULL' },
      { text: "NULL" },
      { text: "Ünïcödé, 'single' quotes; commas,, and a backslash \\ at the end \\" },
    ];
    const ids = await train(token, configurationId, texts);
    // In the order they were created (by id: created_at can repeat within the clock's resolution).
    const stored = await ctx.database.db.query<{ text: string; subject: string | null }>(
      `SELECT c.text, a.subject FROM knowledge_chunks c JOIN knowledge_articles a ON a.id = c.article_id
        WHERE c.configuration_id = $1 ORDER BY array_position($2::uuid[], a.id), c.position`,
      [configurationId, ids],
    );
    expect(stored.map((row) => row.text)).toEqual(texts.map(({ text }) => text));
    expect(stored.map((row) => row.subject)).toEqual([texts[0]!.subject, null, null]);
    expect((await hitTexts(token, configurationId, "best subject"))[0]).toBe(texts[0]!.text);
    expect((await hitTexts(token, configurationId, "unicode backslash"))[0]).toBe(texts[2]!.text);
  });
});

describe("a configuration's language changed", () => {
  it("re-stems its articles in the new language when indexing is called again", async () => {
    const { token, configurationId } = await customerWithConfiguration("Switch", "en");
    await train(token, configurationId, [{ text: "De bestellingen worden morgen verzonden." }]);
    const languages = async () =>
      (await ctx.database.db.query<{ language: string }>("SELECT DISTINCT language FROM knowledge_chunks WHERE configuration_id = $1", [configurationId])).map(
        (row) => row.language,
      );
    expect(await languages()).toEqual(["english"]);
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/configuration/create_or_update",
      headers: bearer(token),
      payload: { _id: configurationId, language: "nl" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await index(token, { configurationId })).json()).toMatchObject({ indexed: 1, failed: 0 });
    expect(await languages()).toEqual(["dutch"]);
    // Dutch stemming: "bestelling" finds "bestellingen".
    expect((await hitTexts(token, configurationId, "bestelling"))[0]).toBe("De bestellingen worden morgen verzonden.");
    expect((await index(token, { configurationId })).json()).toMatchObject({ indexed: 0, failed: 0 });
  });
});

describe("candidates of a large configuration", () => {
  // Budgets of 3 candidates and 8 chunks read stand for 1,000 and 10,000 over a configuration of 12 chunks.
  const budgets = { candidateBudget: 3, scanBudget: 8 };

  it("are found by the rarer words, by all common words together, or by reading chunks, and ranked by every word", async () => {
    const { token, configurationId } = await customerWithConfiguration("Budget");
    const texts = [
      ...Array.from({ length: 9 }, (_, i) => ({ text: `Every order ships with tracking, ${i < 5 ? "parcel" : "box"} number ${i + 1}.` })),
      { text: "An order of a gift voucher ships by e-mail." },
      { text: "Returning an order is free." },
      { text: "Voucher codes are single use." },
    ];
    for (let start = 0; start < texts.length; start += 10) await train(token, configurationId, texts.slice(start, start + 10));
    const retrieval = createRetrieval(ctx.database.db, { budgets });
    const ask = async (question: string) =>
      (await retrieval.retrieve({ scope: systemScope, configurationId, question, limit: 3 })).map((hit) => hit.text);

    // "voucher" is in 2 chunks (within the budget): candidates by it, the chunk with "order" too ranks first.
    expect((await ask("order voucher"))[0]).toBe("An order of a gift voucher ships by e-mail.");
    // "parcel" (5 chunks) is over the candidate budget but under the reading one: chunks with all the words.
    const parcels = await ask("parcel tracking");
    expect(parcels).toHaveLength(3);
    for (const text of parcels) expect(text).toMatch(/tracking, parcel/);
    // "order" (11 chunks) and "ship" (10) are both over the reading budget: matches among the chunks read.
    expect(await ask("order ships")).toHaveLength(3);
    // "return" is in one chunk, typo and all.
    expect((await ask("retunring orders"))[0]).toBe("Returning an order is free.");
    // The same answers without the small budgets, as the assistant gets them.
    expect((await hitTexts(token, configurationId, "order voucher"))[0]).toBe("An order of a gift voucher ships by e-mail.");
  });
});
