/**
 * Knowledge retrieval over 100,000 chunks of one configuration, beside the same query's bare SQL in the
 * same run (issue 13, "Benchmark" (2)).
 *
 *   pnpm --filter @parley/bench bench:retrieval      # PGlite, and PostgreSQL when reachable
 *
 * The store is filled through the server's own repository (`storeChunks`, the statement indexing uses), so
 * the chunks, their search vectors and the vocabulary are what production holds. Each question is answered
 * by `retrieve()` (scope check and language lookup, the fused statement, hits turned into objects) and by
 * the fused statement alone sent straight to the database (`retrievalSql`, same parameters), alternating,
 * after a warm-up. Aim: retrieve() p95 within 1.5 times the bare SQL's p95, and under 50 ms.
 *
 * Settings: BENCH_KEEP_SCHEMA / BENCH_KEEP_PGLITE (keep the filled PostgreSQL schema / PGlite folder and reuse it
 * on the next run, for studying plans), BENCH_CHUNKS (100000), BENCH_WORDS_PER_CHUNK (60), BENCH_ROUNDS (measured rounds over the
 * questions, 5), BENCH_DATABASE_URL (PostgreSQL where a throwaway schema is made; default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_DATABASE_URL=none skips it), BENCH_ONLY (pglite or postgres).
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { DatabaseHandle } from "../apps/server/src/platform/db/db";
import { migrate } from "../apps/server/src/platform/db/migrate";
import { openPglite } from "../apps/server/src/platform/db/pglite";
import { openPostgres } from "../apps/server/src/platform/db/postgres";
import { insertArticle, storeChunks } from "../apps/server/src/modules/knowledge/repository";
import { candidatesPerSignal, createRetrieval, retrievalSql } from "../apps/server/src/modules/knowledge/retrieval";
import { contentHashOf } from "../apps/server/src/modules/knowledge/service";
import { systemScope } from "../apps/server/src/modules/tenancy";
import { createConfiguration } from "../apps/server/src/test/fixture";

const here = dirname(fileURLToPath(import.meta.url));
const totalChunks = Number(process.env.BENCH_CHUNKS ?? 100_000);
const wordsPerChunk = Number(process.env.BENCH_WORDS_PER_CHUNK ?? 60);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const chunksPerArticle = 10;

const log = (message: string) => process.stderr.write(`${message}\n`);

// A seeded source, so every run (and both databases) holds the same text.
let state = 20_261_123;
function random(): number {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
}

// English-looking vocabulary: common words often, a long tail of made-up product words rarely (Zipf-like).
const common = (
  "the of and to in is you that it for on are with as be this at by from or your we can our will an all " +
  "order delivery return refund payment shipping invoice account password product price store customer " +
  "service support warranty size colour stock discount voucher parcel address opening hours contact email " +
  "phone days week month business cancel change exchange repair guarantee battery charger cable screen"
).split(" ");
const syllables = ["ka", "lo", "mi", "ner", "tas", "vo", "qui", "zen", "por", "tel", "dra", "fin", "gul", "hex", "jor", "wyn"];
const tail = Array.from({ length: 30_000 }, () => {
  const length = 2 + Math.floor(random() * 3);
  return Array.from({ length }, () => syllables[Math.floor(random() * syllables.length)]).join("");
});

function word(): string {
  if (random() < 0.6) return common[Math.floor(random() ** 2 * common.length)]!;
  return tail[Math.floor(random() ** 3 * tail.length)]!;
}

const sentence = (count: number) => Array.from({ length: count }, word).join(" ");

// Questions: common words, rare words, and both with a typo (a letter dropped).
const typo = (text: string) => text.replace(/(\w{4,})/, (whole) => whole.slice(0, 2) + whole.slice(3));
const questions = Array.from({ length: 40 }, (_, index) => {
  const question = sentence(2 + (index % 4));
  return index % 3 === 0 ? typo(question) : question;
});

async function openPostgresBench(): Promise<DatabaseHandle | undefined> {
  if (postgresUrl === "none") return undefined;
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    log(`PostgreSQL not reachable at ${postgresUrl}; PGlite only`);
    return undefined;
  }
  // BENCH_KEEP_SCHEMA keeps (and on the next run reuses) a filled schema, for studying plans with psql.
  const kept = process.env.BENCH_KEEP_SCHEMA;
  const schema = kept ?? `bench_${randomBytes(5).toString("hex")}`;
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.end();
  const handle = await openPostgres({ connectionString: postgresUrl, schema, max: 4 });
  if (kept) return handle;
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

async function fill(handle: DatabaseHandle): Promise<string> {
  const filled = await handle.db.query<{ id: string }>("SELECT id FROM configurations WHERE name = 'bench-retrieval'");
  if (filled[0]) return filled[0].id;
  const customer = await handle.db.query<{ id: string }>("INSERT INTO customers (name) VALUES ('Bench Co') RETURNING id");
  const configurationId = await createConfiguration(handle.db, customer[0]!.id, "bench-retrieval");
  // A second configuration with the same kind of text: every query must leave it out.
  const neighbour = await createConfiguration(handle.db, customer[0]!.id, "bench-neighbour");
  state = 20_261_123;
  const started = performance.now();
  const articles = totalChunks / chunksPerArticle;
  for (let index = 0; index < articles + articles / 10; index += 1) {
    const target = index < articles ? configurationId : neighbour;
    const chunks = Array.from({ length: chunksPerArticle }, (_, position) => `${sentence(wordsPerChunk)} ${index}-${position}`);
    const text = chunks.join(" ");
    const stored = await insertArticle(handle.db, systemScope, target, {
      kind: "typed",
      source: "bench",
      subject: null,
      url: null,
      text,
      contentHash: contentHashOf(text),
      wordCount: chunks.length * wordsPerChunk,
      splitLength: wordsPerChunk + 1,
      splitOverlap: 0,
    });
    const article = stored!.article;
    await storeChunks(
      handle.db,
      target,
      "english",
      [
        {
          article,
          contentHash: contentHashOf(article.text),
          chunks: chunks.map((chunk, position) => ({ position, text: chunk, contentHash: contentHashOf(chunk), embedding: null })),
        },
      ],
      null,
      false,
    );
    if (index % 1000 === 999) log(`  ${handle.kind}: ${(index + 1) * chunksPerArticle} chunks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await handle.db.exec("ANALYZE");
  return configurationId;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

interface Figures {
  database: string;
  chunks: number;
  retrieve: { p50: number; p95: number };
  bare: { p50: number; p95: number };
  plain: { p50: number; p95: number };
  ratio: number;
  hitsPerQuestion: number;
}

async function measure(handle: DatabaseHandle): Promise<Figures> {
  log(`${handle.kind}: filling ${totalChunks} chunks of ${wordsPerChunk} words`);
  await migrate(handle);
  const configurationId = await fill(handle);
  const retrieval = createRetrieval(handle.db);
  const sql = retrievalSql("none");
  const bare = (question: string) => handle.db.query(sql, [configurationId, "english", question, candidatesPerSignal, 10]);
  const retrieve = (question: string) => retrieval.retrieve({ scope: systemScope, configurationId, question, limit: 10 });
  // For scale, not for the aim: the query one would write first (all words, ranked), without typos or fusion.
  const plain = (question: string) =>
    handle.db.query(
      `SELECT id, text FROM knowledge_chunks WHERE configuration_id = $1 AND search_vector @@ plainto_tsquery('english', $2)
        ORDER BY ts_rank_cd(search_vector, plainto_tsquery('english', $2), 1) DESC LIMIT 10`,
      [configurationId, question],
    );

  for (const question of questions) {
    await retrieve(question);
    await bare(question);
    await plain(question);
  }
  const times = { retrieve: [] as number[], bare: [] as number[], plain: [] as number[] };
  let hits = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const question of questions) {
      // Alternating which goes first, so neither always meets a warmer cache.
      const order = round % 2 === 0 ? (["retrieve", "bare", "plain"] as const) : (["plain", "bare", "retrieve"] as const);
      for (const which of order) {
        const start = performance.now();
        const rows = which === "retrieve" ? await retrieve(question) : which === "bare" ? await bare(question) : await plain(question);
        times[which].push(performance.now() - start);
        if (which === "retrieve") hits += rows.length;
      }
    }
  }
  const figures = {
    database: handle.kind,
    chunks: totalChunks,
    retrieve: { p50: percentile(times.retrieve, 0.5), p95: percentile(times.retrieve, 0.95) },
    bare: { p50: percentile(times.bare, 0.5), p95: percentile(times.bare, 0.95) },
    plain: { p50: percentile(times.plain, 0.5), p95: percentile(times.plain, 0.95) },
    ratio: percentile(times.retrieve, 0.95) / percentile(times.bare, 0.95),
    hitsPerQuestion: hits / (rounds * questions.length),
  };
  log(`${handle.kind}: retrieve p95 ${figures.retrieve.p95.toFixed(1)} ms, bare SQL p95 ${figures.bare.p95.toFixed(1)} ms`);
  return figures;
}

const results: Figures[] = [];
const only = process.env.BENCH_ONLY;
if (only !== "postgres") {
  // BENCH_KEEP_PGLITE names a folder that keeps (and on the next run reuses) the filled embedded database.
  const pglite = await openPglite(process.env.BENCH_KEEP_PGLITE, { transactionTimeoutMs: 60_000 });
  try {
    results.push(await measure(pglite));
  } finally {
    await pglite.close();
  }
}
const postgres = only === "pglite" ? undefined : await openPostgresBench();
if (postgres) {
  try {
    results.push(await measure(postgres));
  } finally {
    await postgres.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const table = [
  `Retrieval over ${totalChunks} chunks of ${wordsPerChunk} words, ${questions.length} questions × ${rounds} rounds; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
  "",
  "| database | retrieve() p50 | retrieve() p95 | bare SQL p50 | bare SQL p95 | p95 ratio | hits/question | aim | plain FTS p50 / p95 |",
  "|---|---:|---:|---:|---:|---:|---:|---|---:|",
  ...results.map(
    (r) =>
      `| ${r.database} | ${ms(r.retrieve.p50)} | ${ms(r.retrieve.p95)} | ${ms(r.bare.p50)} | ${ms(r.bare.p95)} | ${r.ratio.toFixed(2)} | ${r.hitsPerQuestion.toFixed(1)} | ${
        r.ratio <= 1.5 && r.retrieve.p95 < 50 ? "met" : "missed"
      } | ${ms(r.plain.p50)} / ${ms(r.plain.p95)} |`,
  ),
].join("\n");
process.stdout.write(`${table}\n`);
await mkdir(join(here, "results"), { recursive: true });
await writeFile(join(here, "results", "retrieval.md"), `${table}\n`);
