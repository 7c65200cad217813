#!/usr/bin/env node
/**
 * Typed-article ingestion: Parley's createArticles (store and index in one call) against a bare loop that only inserts the
 * same texts with their full-text vectors into a scratch table, measured in the same run against the same
 * PostgreSQL server (issue 13, "Tests and benchmark" (1), the article part). Aim: the API at >= 30 % of the
 * bare loop's articles per second.
 *
 *   node bench/ingestion-articles.bench.mjs
 *
 * BENCH_ARTICLES distinct English texts of 80-400 words (generated deterministically) are split into
 * batches of 10. The built server (apps/server/dist) runs on a throwaway PostgreSQL database (created,
 * seeded, dropped at the end), LOG_LEVEL=warn, DISABLE_RATE_LIMITS=true, no embedding provider; the bench
 * signs in as admin@demo.test and creates a configuration per round. BENCH_CONCURRENCY workers (4) each
 * take the next batch and
 *   - API: one POST /api/training/create_articles with its 10 texts ({configurationId, articles: [{text,
 *     source: "manual", subject}, …]}), which stores and indexes them in one transaction; a second API row
 *     does the same with batches of BENCH_LARGE_BATCH (100) texts, also 4 in flight;
 *   - bare loop: INSERT INTO a scratch table (id, subject, text, tsvector) VALUES (..., to_tsvector('english',
 *     text)) for each of its 10 texts, over its own pg connection, in the same database.
 * So both sides have 4 requests/statements in flight. Each side runs once unmeasured (BENCH_WARMUP articles),
 * then BENCH_ROUNDS times alternating; the median round is reported, with p95 of the per-batch times. After
 * each API round the configuration is checked to hold all its articles, indexed (GET /api/training/articles).
 *
 * Settings: BENCH_ARTICLES (1000), BENCH_ROUNDS (3), BENCH_WARMUP (200), BENCH_CONCURRENCY (4), BENCH_LARGE_BATCH (100),
 * BENCH_SKIP_BUILD=true (reuse dist), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SERVER_DATABASE=pglite (the server on PGlite in its DATA_DIR instead of the throwaway PostgreSQL
 * database; the bare loop stays on PostgreSQL, which PGlite cannot be reached from outside the server).
 * Prints MISSED under the table when the aim is not met; exits non-zero only on errors.
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { benchDir as here, buildServer, log, serverDir, startParley, stop, seededRandom } from "./processes.mjs";

const articleCount = Number(process.env.BENCH_ARTICLES ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmupCount = Number(process.env.BENCH_WARMUP ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
// A diagnostic: with n > 1, worker w writes into configuration w % n (one configuration's indexing is serialised).
const configurationCount = Number(process.env.BENCH_CONFIGURATIONS ?? 1);
const batchSize = 10; // the most index_article takes, and the batches of the bare loop and the first API row
const largeBatchSize = Number(process.env.BENCH_LARGE_BATCH ?? 100); // the most create_articles takes
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const serverDatabase = process.env.BENCH_SERVER_DATABASE === "pglite" ? "pglite" : "postgres";

// ---------------------------------------------------------------------------------------------------------
// Deterministic English texts: a shop's help articles, 80-400 words each, every one distinct.


const topics = ["delivery", "returns", "opening hours", "gift cards", "allergens", "subscriptions", "payments", "wholesale orders", "catering", "loyalty points", "store pickup", "custom cakes"];
const products = ["sourdough loaf", "rye bread", "croissant", "cinnamon roll", "birthday cake", "gluten-free muffin", "baguette", "apple pie", "espresso beans", "granola jar", "chocolate tart", "seeded rolls"];
const places = ["Amsterdam", "Utrecht", "Rotterdam", "the city centre", "the north branch", "our online shop", "the market stall", "the harbour shop"];
const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const templates = [
  (r, p) => `Orders for the ${p(products)} placed before ${2 + Math.floor(r() * 9)} pm are delivered the next working day in ${p(places)}.`,
  (r, p) => `If your ${p(products)} arrives damaged, send us a photo within ${1 + Math.floor(r() * 13)} days and we will replace it or refund the full amount.`,
  (r, p) => `On ${p(days)} the shop in ${p(places)} opens at ${6 + Math.floor(r() * 4)} am and closes at ${5 + Math.floor(r() * 4)} pm.`,
  (r, p) => `Our ${p(products)} contains wheat, milk and eggs, and it is baked in a kitchen that also handles nuts and sesame.`,
  (r, p) => `You can pause or cancel a subscription for the ${p(products)} at any time from your account page, without any extra costs.`,
  (r, _p) => `We accept cards, iDEAL and cash at the counter; invoices for business customers are payable within ${14 + Math.floor(r() * 17)} days.`,
  (r, p) => `Gift cards are valid for ${1 + Math.floor(r() * 3)} years and can be used in ${p(places)} as well as in our online shop.`,
  (r, p) => `For catering we need your order at least ${2 + Math.floor(r() * 6)} days in advance, and we deliver trays of ${p(products)} from ${p(days)} to ${p(days)}.`,
  (r, p) => `Every euro you spend earns ${1 + Math.floor(r() * 4)} loyalty points, and ${50 + Math.floor(r() * 10) * 10} points buy a free ${p(products)}.`,
  (r, p) => `Pickup orders wait for you at the counter in ${p(places)} until closing time on the day you chose.`,
  (r, p) => `A custom cake needs a deposit of ${10 + Math.floor(r() * 40)} euros, and changes to the design are possible until ${p(days)} before the party.`,
  (r, p) => `Our bakers start at ${2 + Math.floor(r() * 3)} in the morning so that the ${p(products)} is fresh when the doors open.`,
  (r, p) => `Please keep the ${p(products)} in a cool, dry place and eat it within ${1 + Math.floor(r() * 5)} days, or freeze it for up to a month.`,
  (r, p) => `Wholesale customers in ${p(places)} receive a price list every ${p(days)} and can order by phone or through the portal.`,
  (r, _p) => `When a delivery is late, our team contacts you by email and offers a discount of ${5 + Math.floor(r() * 4) * 5} percent on your next order.`,
];

function articleTexts(count, salt) {
  return Array.from({ length: count }, (_, n) => {
    const r = seededRandom((n + 1) * 7919 + salt * 104729);
    const pick = (list) => list[Math.floor(r() * list.length)];
    const target = 110 + Math.floor(r() * 291); // over by at most one sentence, dropped past 400 words
    const topic = pick(topics);
    const sentences = [`This is help article number ${n + 1} about ${topic}, for customers of ${pick(places)}.`];
    let words = sentences[0].split(" ").length;
    while (words < target) {
      const sentence = pick(templates)(r, pick);
      sentences.push(sentence);
      words += sentence.split(" ").length;
    }
    if (words > 400) sentences.pop();
    return { subject: `${topic[0].toUpperCase()}${topic.slice(1)} (${n + 1})`, text: sentences.join(" ") };
  });
}

// ---------------------------------------------------------------------------------------------------------

function batchesOf(items, size) {
  const batches = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** Runs `work(batch, worker)` over the batches, `concurrency` workers at a time; returns per-batch milliseconds. */
async function inBatches(items, work, size = batchSize) {
  const queue = batchesOf(items, size);
  const times = [];
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (queue.length > 0) {
        const batch = queue.shift();
        const started = performance.now();
        await work(batch, worker);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

async function api(port, token, method, path, body) {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function signInAsAdmin(port) {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin@demo.test", password: "Demo!2345" }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

async function newConfiguration(port, token, name) {
  const saved = await api(port, token, "POST", "/configuration/create_or_update", { name });
  const id = saved.inserted_id ?? saved.data?._id;
  if (!id) throw new Error(`no configuration id in ${JSON.stringify(saved).slice(0, 300)}`);
  return id;
}

/** One createArticles call per batch, storing and indexing its texts. */
async function throughApi(port, token, configurationIds, articles, size) {
  return inBatches(
    articles,
    async (batch, worker) => {
      const configurationId = configurationIds[worker % configurationIds.length];
      const entries = batch.map(({ text, subject }) => ({ text, source: "manual", subject }));
      const answer = await api(port, token, "POST", "/training/create_articles", { configurationId, articles: entries });
      if (answer.created !== batch.length || answer.indexed !== batch.length || answer.failed !== 0) {
        throw new Error(`create_articles: ${JSON.stringify({ ...answer, articles: undefined }).slice(0, 300)}`);
      }
    },
    size,
  );
}

async function verify(port, token, configurationIds, expected) {
  let total = 0;
  let indexed = 0;
  for (const configurationId of configurationIds) {
    const { articles } = await api(port, token, "GET", `/training/articles?_id=${configurationId}`);
    total += articles.length;
    indexed += articles.filter((article) => article.indexed).length;
  }
  if (total !== expected || indexed !== expected) {
    throw new Error(`configurations ${configurationIds.join(", ")}: ${total} articles, ${indexed} indexed, expected ${expected}`);
  }
  return indexed;
}

/** One INSERT with to_tsvector('english', text) per text, each worker over its own connection. */
async function bareLoop(clients, table, articles) {
  await clients[0].query(`TRUNCATE ${table}`);
  return inBatches(articles, async (batch, worker) => {
    for (const { text, subject } of batch) {
      await clients[worker].query(`INSERT INTO ${table} (subject, text, search_vector) VALUES ($1, $2, to_tsvector('english', $2))`, [subject, text]);
    }
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function timed(work) {
  const started = performance.now();
  const batchTimes = await work();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, articlesPerSecond: articleCount / seconds, p95: percentile(batchTimes, 95), p50: percentile(batchTimes, 50) };
}

async function main() {
  buildServer();
  const probe = spawnSync("pg_isready", ["-d", postgresUrl, "-q"]);
  if (probe.status !== 0) throw new Error(`PostgreSQL at ${postgresUrl} is not reachable; this bench needs it (the bare loop cannot reach PGlite)`);
  const loadBefore = loadavg()[0];

  const database = `parley_bench_articles_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), "parley-bench-articles-"));
  const env = {
    DATABASE_URL: serverDatabase === "pglite" ? "" : url.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-0123456789-0123456789-0123456789",
    EMBEDDINGS_BASE_URL: "",
    EMBEDDINGS_API_KEY: "",
    EMBEDDINGS_MODEL: "",
  };
  const clients = Array.from({ length: concurrency }, () => new pg.Client({ connectionString: url.toString() }));
  const table = "bench_bare.articles";
  let parley;
  const runs = { bare: [], api: [], apiLarge: [] };
  const articles = articleTexts(articleCount, 1);
  const words = articles.map(({ text }) => text.split(/\s+/).length);
  try {
    const seed = spawnSync(process.execPath, ["dist/seed.js"], { cwd: serverDir, env: { ...process.env, ...env }, encoding: "utf8" });
    if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`);
    parley = await startParley(env);
    for (const client of clients) await client.connect();
    await clients[0].query(
      `CREATE SCHEMA bench_bare; CREATE TABLE ${table} (id bigserial PRIMARY KEY, subject text, text text NOT NULL, search_vector tsvector NOT NULL)`,
    );
    const token = await signInAsAdmin(parley.port);

    log(`Warming up (${warmupCount} articles each) …`);
    const warmup = articleTexts(warmupCount, 2);
    await throughApi(parley.port, token, [await newConfiguration(parley.port, token, "bench articles warm-up")], warmup, batchSize);
    await throughApi(parley.port, token, [await newConfiguration(parley.port, token, "bench articles warm-up, large")], articleTexts(warmupCount, 3), largeBatchSize);
    await bareLoop(clients, table, warmup);

    for (let round = 1; round <= rounds; round += 1) {
      const bare = await timed(() => bareLoop(clients, table, articles));
      const { rows } = await clients[0].query(`SELECT count(*)::int AS n FROM ${table}`);
      if (rows[0].n !== articleCount) throw new Error(`bare loop: ${rows[0].n} rows, expected ${articleCount}`);
      runs.bare.push(bare);
      log(`round ${round} bare: ${bare.articlesPerSecond.toFixed(1)} articles/s, p95 per batch ${bare.p95.toFixed(1)} ms`);

      for (const [key, size] of [["api", batchSize], ["apiLarge", largeBatchSize]]) {
        const configurationIds = [];
        for (let n = 1; n <= configurationCount; n += 1) configurationIds.push(await newConfiguration(parley.port, token, `bench articles round ${round}.${n} by ${size}`));
        const viaApi = await timed(() => throughApi(parley.port, token, configurationIds, articles, size));
        viaApi.verified = await verify(parley.port, token, configurationIds, articleCount);
        runs[key].push(viaApi);
        log(`round ${round} api by ${size}: ${viaApi.articlesPerSecond.toFixed(1)} articles/s, p95 per batch ${viaApi.p95.toFixed(1)} ms (${viaApi.verified} indexed)`);
      }
    }
  } finally {
    for (const client of clients) await client.end().catch(() => {});
    if (parley) await stop(parley.child);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }

  const pick = (list) => {
    const middle = median(list.map((run) => run.articlesPerSecond));
    return list.find((run) => run.articlesPerSecond === middle);
  };
  const bare = pick(runs.bare);
  const viaApi = pick(runs.api);
  const viaApiLarge = pick(runs.apiLarge);
  const ratio = viaApi.articlesPerSecond / bare.articlesPerSecond;
  const ratioLarge = viaApiLarge.articlesPerSecond / bare.articlesPerSecond;
  const lines = [
    `Typed-article ingestion, ${articleCount} articles (${Math.min(...words)}-${Math.max(...words)} words, ${(words.reduce((a, b) => a + b, 0) / words.length).toFixed(0)} on average), ` +
      `batches of ${batchSize}, ${concurrency} in flight${configurationCount > 1 ? ` into ${configurationCount} configurations` : ""}, ${serverDatabase === "pglite" ? "server on PGlite, bare loop on PostgreSQL" : "PostgreSQL"}, median of ${rounds} rounds; ${cpus().length} CPUs, ` +
      `load ${loadBefore.toFixed(2)} before / ${loadavg()[0].toFixed(2)} after, Node ${process.version}`,
    "",
    "| scenario | articles/s | vs bare loop | p50 per batch | p95 per batch | rounds (articles/s) |",
    "|---|---:|---:|---:|---:|---|",
    `| bare loop: INSERT … to_tsvector('english', text), one per text | ${bare.articlesPerSecond.toFixed(1)} | 100 % | ${bare.p50.toFixed(1)} ms | ${bare.p95.toFixed(1)} ms | ${runs.bare.map((run) => run.articlesPerSecond.toFixed(0)).join(", ")} |`,
    `| API: create_articles, ${batchSize} a call (stored and indexed) | ${viaApi.articlesPerSecond.toFixed(1)} | ${(100 * ratio).toFixed(1)} % | ${viaApi.p50.toFixed(1)} ms | ${viaApi.p95.toFixed(1)} ms | ${runs.api.map((run) => run.articlesPerSecond.toFixed(0)).join(", ")} |`,
    `| API: create_articles, ${largeBatchSize} a call (p50/p95 per call of ${largeBatchSize}) | ${viaApiLarge.articlesPerSecond.toFixed(1)} | ${(100 * ratioLarge).toFixed(1)} % | ${viaApiLarge.p50.toFixed(1)} ms | ${viaApiLarge.p95.toFixed(1)} ms | ${runs.apiLarge.map((run) => run.articlesPerSecond.toFixed(0)).join(", ")} |`,
    "",
    `Verified: every API round's ${configurationCount > 1 ? "configurations" : "configuration"} held ${articleCount} articles, all indexed.`,
    `Aim (issue 13): the API at >= 30 % of the bare loop's articles per second — by ${batchSize}: ${ratio >= 0.3 ? "met" : "MISSED"} (${(100 * ratio).toFixed(1)} %); by ${largeBatchSize}: ${ratioLarge >= 0.3 ? "met" : "MISSED"} (${(100 * ratioLarge).toFixed(1)} %).`,
  ];
  const table_ = lines.join("\n");
  process.stdout.write(`${table_}\n`);
  await mkdir(join(here, "results"), { recursive: true });
  await writeFile(join(here, "results", "ingestion-articles.md"), `${table_}\n`);
}

main().catch((error) => {
  log(error.stack ?? String(error));
  process.exit(1);
});
