#!/usr/bin/env node
/**
 * How long other users wait while one customer asks for the heaviest work the product does on their behalf:
 * the health check's latency while each job runs, against the same health check with nothing else running,
 * in the same run (PGlite, the demo data).
 *
 *   node bench/heavy-work.bench.mjs        # or: pnpm --filter @parley/bench bench:heavy
 *
 * Jobs, one after the other, by the signed-in demo customer (each run `BENCH_REPEATS` times, default 3):
 * - saving a FAQ of 20,000 rows (the most a FAQ holds) whose rows share their words, which is the worst
 *   case for matching; then the test screen's search with the FAQ (`includeFaq`) for the first time (the
 *   FAQ matcher is built) and again; then a visitor's message answered from that FAQ;
 * - scraping a 10 MB page (the fetch limit) of short paragraphs and reading a 10 MB sitemap of 85,000
 *   addresses, both served by a loopback site this bench starts (allowed through OUTBOUND_ALLOWED_HOSTS).
 * A second client asks `GET /api/health` every 10 ms throughout. Reported: the health check's p50 / p99 /
 * max alone, and per job its answer, its time and the health check's worst answer while it ran. Aim, as
 * for hostile bodies: no job makes the health check wait more than 10 × its p99 alone + 100 ms.
 *
 * Settings: BENCH_SECONDS (the health check alone, default 10), BENCH_REPEATS, BENCH_SKIP_BUILD=true.
 */
import { createServer } from "node:http";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { benchDir, buildServer, healthLatencies, log, percentile, seededRandom, signInAsDemoCustomer, startParley, stop } from "./processes.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const tenMegabytes = 10 * 1024 * 1024;

/** Parts joined until the text is just under `bytes`. */
function filled(open, close, part, bytes) {
  const parts = [open];
  let length = open.length + close.length;
  for (let index = 0; ; index++) {
    const next = part(index);
    if (length + next.length > bytes) break;
    parts.push(next);
    length += next.length;
  }
  parts.push(close);
  return parts.join("");
}

const bigPage = filled("<!doctype html><html><head><title>Everything</title></head><body>", "</body></html>", (i) => `<h2>Part ${i}</h2><p>Our shop ships parcel ${i} within two days, and returns are free.</p>\n`, tenMegabytes - 1024);
const bigSitemap = filled('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', "</urlset>", (i) => `<url><loc>https://shop.example/products/item-${i}</loc><lastmod>2026-01-01</lastmod></url>\n`, tenMegabytes - 1024);

/** 20,000 rows over a vocabulary of 25 shop words: every row shares words with every question. */
function bigFaq() {
  const words = "order shipping address refund invoice account password delivery parcel return payment card bank transfer voucher discount newsletter warranty store opening hours cancel change track status".split(" ");
  const random = seededRandom(7);
  const pick = (count) => Array.from({ length: count }, () => words[Math.floor(random() * words.length)] + (random() < 0.3 ? Math.floor(random() * 5000) : "")).join(" ");
  return Array.from({ length: 20_000 }, () => ({ question: `${pick(8)}?`, answer: pick(12) }));
}

async function startSite() {
  const server = createServer((request, response) => {
    if (request.url === "/big.html") response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(bigPage);
    else if (request.url === "/sitemap.xml") response.writeHead(200, { "content-type": "application/xml" }).end(bigSitemap);
    else response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, host: `127.0.0.1:${server.address().port}` };
}

async function call(base, token, method, path, body) {
  const started = performance.now();
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text };
}

async function main() {
  buildServer();
  const site = await startSite();
  const dataDir = await mkdtemp(join(tmpdir(), "parley-heavy-"));
  const parley = await startParley({ DATA_DIR: dataDir, OUTBOUND_ALLOWED_HOSTS: site.host });
  try {
    const base = `http://127.0.0.1:${parley.port}`;
    const token = await signInAsDemoCustomer(parley.port);
    const configurations = JSON.parse((await call(base, token, "GET", "/configurations/search?query=")).text);
    const configurationId = configurations.data[0]._id;
    const faq = bigFaq();

    log(`health alone, ${seconds} s …`);
    const alone = await healthLatencies(base, Date.now() + seconds * 1000);

    const jobs = [
      {
        name: "save a FAQ of 20,000 rows",
        run: () =>
          call(base, token, "POST", "/data/dataset", {
            configurationId,
            datasetName: "FAQ",
            datasetData: faq,
            datasetHeaders: [
              { text: "Question", value: "question" },
              { text: "Answer", value: "answer" },
            ],
          }),
      },
      { name: "search with the FAQ, first after the save (matcher built)", run: () => call(base, token, "POST", "/training/search_in_articles", { configurationId, searchText: "how do I change the shipping address of my order", includeFaq: true }) },
      { name: "search with the FAQ again", run: () => call(base, token, "POST", "/training/search_in_articles", { configurationId, searchText: "where is the refund for my invoice", includeFaq: true }) },
      { name: "a visitor's message answered from the FAQ", run: () => call(base, undefined, "POST", `/widget/${configurationId}/messages`, { message: "can I pay by bank transfer with a voucher" }) },
      { name: "scrape a 10 MB page", run: () => call(base, token, "POST", "/training/scrape_static_website", { tags: ["h2", "p"], url: `http://${site.host}/big.html` }) },
      { name: "read a 10 MB sitemap", run: () => call(base, token, "POST", "/training/scrape_sitemap", { url: `http://${site.host}/sitemap.xml` }) },
    ];

    const results = jobs.map(() => []);
    for (let round = 0; round < repeats; round++) {
      for (const [index, job] of jobs.entries()) {
        log(`round ${round + 1}: ${job.name} …`);
        const running = job.run();
        const health = await healthLatencies(base, running);
        const answer = await running;
        results[index].push({ ...answer, worstHealth: health.at(-1) ?? 0, healthAnswers: health.length });
      }
    }

    const aim = 10 * percentile(alone, 0.99) + 100;
    const worst = Math.max(...results.flat().map((result) => result.worstHealth));
    const lines = [
      `Heavy work — ${repeats} rounds, node ${process.version}, load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} CPUs`,
      "",
      `Health check alone: ${alone.length} answers, p50 ${percentile(alone, 0.5).toFixed(1)} ms, p99 ${percentile(alone, 0.99).toFixed(1)} ms, max ${alone.at(-1).toFixed(1)} ms.`,
      "",
      "| job | answers | time ms (each round) | health's worst answer meanwhile, ms (each round) |",
      "|---|---|---|---|",
      ...jobs.map((job, index) => {
        const rounds = results[index];
        const statuses = [...new Set(rounds.map((result) => result.status))].join(", ");
        return `| ${job.name} | ${statuses} | ${rounds.map((result) => result.ms.toFixed(0)).join(" / ")} | ${rounds.map((result) => result.worstHealth.toFixed(0)).join(" / ")} |`;
      }),
      "",
      `Aim: the health check's worst answer during any job ≤ 10 × p99 alone + 100 ms = ${aim.toFixed(0)} ms — ${worst <= aim ? "met" : `**missed** (${worst.toFixed(0)} ms)`}`,
    ];
    const report = lines.join("\n");
    process.stdout.write(`${report}\n`);
    await mkdir(join(benchDir, "results"), { recursive: true });
    await writeFile(join(benchDir, "results", "heavy-work.md"), `${report}\n`);
    const failed = results.flat().find((result) => result.status >= 400);
    if (failed) throw new Error(`a job was answered ${failed.status}: ${failed.text.slice(0, 300)}`);
  } finally {
    await stop(parley.child);
    site.server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  log(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
