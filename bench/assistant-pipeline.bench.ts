/**
 * The assistant pipeline's own cost (issue 14, "Answer quality and speed", second point): a visitor message
 * over HTTP through the whole pipeline — quota, language, history, retrieval over 10,000 chunks and the FAQ,
 * prompt, an instant provider, sanitising, storing — beside a bare hello-world POST answered by Fastify in the
 * same process and measured by the same client in the same run; and how soon a streamed token reaches the
 * visitor's socket after the provider wrote it.
 *
 *   pnpm --filter @parley/bench bench:pipeline      # PGlite, then PostgreSQL when reachable
 *
 * Aims: pipeline p95 under 50 ms; first token at the visitor within 20 ms (p95) of the provider sending it.
 * Settings: BENCH_CHUNKS (10000), BENCH_MESSAGES (300 measured per scenario, after 30 unmeasured),
 * BENCH_DATABASE_URL (PostgreSQL; default postgres://postgres@127.0.0.1:5432/test; `none` skips it).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import pg from "pg";
import { io } from "socket.io-client";
import { insertArticle, storeChunks } from "../apps/server/src/modules/knowledge/repository";
import { contentHashOf } from "../apps/server/src/modules/knowledge/service";
import { saveDataset } from "../apps/server/src/modules/datasets/repository";
import { systemScope } from "../apps/server/src/modules/tenancy";
import { createTestContext, type TestContext } from "../apps/server/src/test/context";
import { createConfiguration } from "../apps/server/src/test/fixture";
import { startLlmServer, type LlmServer } from "../apps/server/src/test/llm-server";
import { seededRandom } from "./processes.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const totalChunks = Number(process.env.BENCH_CHUNKS ?? 10_000);
const measured = Number(process.env.BENCH_MESSAGES ?? 300);
const warmup = 30;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const log = (message: string) => process.stderr.write(`${message}\n`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function faqRows(): Promise<{ question: string; answer: string }[]> {
  const csv = await readFile(join(here, "..", "..", "shared", "data", "faq-eval", "webshop-faq.csv"), "utf8");
  const rows: { question: string; answer: string }[] = [];
  // intent,question,"answer" — the answer is quoted and may hold commas.
  for (const line of csv.split(/\r?\n/).slice(1)) {
    const match = /^[^,]*,([^,]*),"?(.*?)"?$/.exec(line);
    if (match) rows.push({ question: match[1]!, answer: match[2]!.replace(/""/g, '"') });
  }
  return rows;
}

async function fill(ctx: TestContext): Promise<string> {
  const db = ctx.database.db;
  const customerId = await ctx.createCustomer("Bench Shop");
  const configurationId = await createConfiguration(db, customerId, "bench-pipeline");
  await db.query("UPDATE configurations SET message_limit = 0, settings = settings || $2::jsonb WHERE id = $1", [
    configurationId,
    JSON.stringify({ language: "en", rag_enabled: true, include_manual_dataset: true, use_input_history: true, input_history_count: 3 }),
  ]);
  await saveDataset(db, systemScope, configurationId, "FAQ", await faqRows(), [
    { text: "Question", value: "question" },
    { text: "Answer", value: "answer" },
  ]);
  const random = seededRandom(20_261_125);
  const vocabulary = (
    "order delivery return refund payment shipping invoice account password product price store customer service support " +
    "warranty size colour stock discount voucher parcel address opening hours contact email phone days week month business " +
    "cancel change exchange repair guarantee battery charger cable screen the of and to in is you that it for on are with"
  ).split(" ");
  const sentence = (words: number) => Array.from({ length: words }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(" ");
  const chunksPerArticle = 10;
  for (let index = 0; index < totalChunks / chunksPerArticle; index += 1) {
    const chunks = Array.from({ length: chunksPerArticle }, (_, position) => `${sentence(60)} ${index}-${position}`);
    const text = chunks.join(" ");
    const stored = await insertArticle(db, systemScope, configurationId, {
      kind: "typed",
      source: "bench",
      subject: `Article ${index}`,
      url: `https://shop.example/articles/${index}`,
      text,
      contentHash: contentHashOf(text),
      wordCount: chunks.length * 60,
      splitLength: 61,
      splitOverlap: 0,
    });
    await storeChunks(
      db,
      configurationId,
      "english",
      [
        {
          article: stored!.article,
          contentHash: contentHashOf(text),
          chunks: chunks.map((chunk, position) => ({ position, text: chunk, contentHash: contentHashOf(chunk), embedding: null })),
        },
      ],
      null,
      false,
    );
  }
  return configurationId;
}

const questions = [
  "how long does delivery take to my address",
  "can i get a refund for a broken charger",
  "where do i find the invoice of my order",
  "I want to change my password",
  "is there a discount voucher this week",
  "wat zijn jullie openingstijden",
];

async function timePosts(url: string, bodies: () => unknown, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(bodies()) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

interface Figures {
  database: string;
  helloP50: number;
  helloP95: number;
  pipelineP50: number;
  pipelineP95: number;
  pipelineP99: number;
  firstTokenP50: number;
  firstTokenP95: number;
}

async function run(database: "pglite" | "postgres", llm: LlmServer): Promise<Figures> {
  process.env.PARLEY_TEST_DATABASE = database;
  if (database === "postgres") process.env.TEST_DATABASE_URL = postgresUrl;
  const ctx = await createTestContext({
    chatLimits: false,
    llm: { openai: { baseUrl: llm.baseUrl, apiKey: llm.apiKey, models: {}, timeoutMs: 10_000, firstTokenTimeoutMs: 10_000 } },
  });
  const hello = Fastify();
  hello.post("/hello", async () => ({ status: "success", hello: "world" }));
  try {
    log(`${database}: filling ${totalChunks} chunks`);
    const configurationId = await fill(ctx);
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    await hello.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/hello`;
    const messagesUrl = `${base}/api/widget/${configurationId}/messages`;

    // Conversations of a few turns each, so history is read as it is in real use.
    let turn = 0;
    let sessionId: string | null = null;
    const nextBody = () => {
      turn += 1;
      if (turn % 5 === 0) sessionId = null;
      return { session_id: sessionId, message: questions[turn % questions.length] };
    };
    const remember = async () => {
      const response = await fetch(messagesUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(nextBody()) });
      sessionId = ((await response.json()) as { session_id: string }).session_id;
    };
    llm.reply({ text: "<p>Thanks for asking.</p>" });
    await remember();
    await timePosts(helloUrl, () => ({ message: "warm" }), warmup);
    await timePosts(messagesUrl, nextBody, warmup);
    // Alternating blocks, so a slow moment of the machine falls on both.
    const helloTimes: number[] = [];
    const pipelineTimes: number[] = [];
    for (let block = 0; block < 10; block += 1) {
      helloTimes.push(...(await timePosts(helloUrl, () => ({ session_id: null, message: "how long does delivery take" }), measured / 10)));
      pipelineTimes.push(...(await timePosts(messagesUrl, nextBody, measured / 10)));
    }

    // First token: the provider notes when it writes the first content chunk; the visitor when it arrives.
    let sentAt = 0;
    llm.reply({
      chunks: ["Hello", " there", "."],
      beforeChunk: async (index) => {
        if (index === 0) sentAt = performance.now();
      },
    });
    const socket = io(`${base}/chat`, { path: "/socket.io", transports: ["websocket"], query: { configuration_id: configurationId } });
    await new Promise((resolve) => socket.once("session", resolve));
    const firstTokens: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const arrived = new Promise<number>((resolve) => {
        const onMessage = (payload: { delta?: string; done: boolean }) => {
          if (!payload.done && payload.delta) {
            socket.off("assistant_message", onMessage);
            resolve(performance.now());
          }
        };
        socket.on("assistant_message", onMessage);
      });
      const done = new Promise((resolve) => {
        const onDone = (payload: { done: boolean }) => {
          if (payload.done) {
            socket.off("assistant_message", onDone);
            resolve(undefined);
          }
        };
        socket.on("assistant_message", onDone);
      });
      await socket.emitWithAck("visitor_message", { message: questions[i % questions.length], client_message_id: `ft-${i}` });
      const at = await arrived;
      await done;
      if (i >= 10) firstTokens.push(at - sentAt);
    }
    socket.disconnect();

    return {
      database,
      helloP50: percentile(helloTimes, 50),
      helloP95: percentile(helloTimes, 95),
      pipelineP50: percentile(pipelineTimes, 50),
      pipelineP95: percentile(pipelineTimes, 95),
      pipelineP99: percentile(pipelineTimes, 99),
      firstTokenP50: percentile(firstTokens, 50),
      firstTokenP95: percentile(firstTokens, 95),
    };
  } finally {
    await hello.close();
    await ctx.close();
  }
}

async function postgresReachable(): Promise<boolean> {
  if (postgresUrl === "none") return false;
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    log(`PostgreSQL not reachable at ${postgresUrl}; PGlite only`);
    return false;
  }
}

const llm = await startLlmServer();
const results: Figures[] = [];
try {
  results.push(await run("pglite", llm));
  if (await postgresReachable()) results.push(await run("postgres", llm));
} finally {
  await llm.close();
}

const ms = (value: number) => value.toFixed(1);
const lines = [
  `Assistant pipeline, ${totalChunks} chunks + 27 FAQ rows, instant provider, ${measured} messages per scenario; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
  "",
  "| database | hello-world p50 / p95 | pipeline p50 / p95 / p99 | pipeline p95 aim < 50 ms | first token p50 / p95 | first token aim < 20 ms |",
  "|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.database} | ${ms(r.helloP50)} / ${ms(r.helloP95)} ms | ${ms(r.pipelineP50)} / ${ms(r.pipelineP95)} / ${ms(r.pipelineP99)} ms | ${r.pipelineP95 < 50 ? "met" : "missed"} | ${ms(r.firstTokenP50)} / ${ms(r.firstTokenP95)} ms | ${r.firstTokenP95 < 20 ? "met" : "missed"} |`,
  ),
];
process.stdout.write(`${lines.join("\n")}\n`);
await mkdir(join(here, "results"), { recursive: true });
await writeFile(join(here, "results", "assistant-pipeline.md"), `${lines.join("\n")}\n`);
process.exit(0);
