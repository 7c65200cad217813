#!/usr/bin/env node
/**
 * Website ingestion: Parley's scrape_static_website against a bare loop that only fetches the same pages
 * and parses them with cheerio, measured in the same run on the same machine (issue 13, "Tests and
 * benchmark" (1), the website part). Aim: the route at >= 30 % of the bare loop's pages per second.
 *
 *   node bench/ingestion-website.bench.mjs
 *
 * A fixture website runs in a process of its own on loopback (BENCH_PAGES pages of ~9 KB each:
 * navigation, header, footer, scripts, a cookie banner, headings, paragraphs, lists, relative links).
 * The built server (apps/server/dist, PGlite in a fresh DATA_DIR, OUTBOUND_ALLOWED_HOSTS set to the
 * fixture) is signed in to as the demo customer; the bench then
 *   - bare loop: each page with node:http over kept-alive connections, 4 at a time (the route's limit per
 *     host), cheerio.load, and the text of every h1-h3, p and li read;
 *   - route: POST /api/training/scrape_static_website with the same pages in batches of BENCH_BATCH URLs
 *     one after another, as the Data Training screen sends them, and once in batches of 100 (the most a
 *     call takes);
 * each first once unmeasured, then BENCH_ROUNDS times alternating; the median of the rounds is reported.
 *
 * Settings: BENCH_PAGES (500), BENCH_BATCH (10), BENCH_ROUNDS (5), BENCH_SKIP_BUILD=true (reuse dist).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "cheerio";
import { benchDir as here, buildServer, log, signInAsDemoCustomer, startParley, startProcess, stop } from "./processes.mjs";

const pageCount = Number(process.env.BENCH_PAGES ?? 500);
const batchSize = Number(process.env.BENCH_BATCH ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const tags = ["h1", "h2", "h3", "p", "li"];

/** The fixture website, in its own process so that serving it costs neither side of the comparison. */
function startWebsite() {
  const script = `
    import { createServer } from "node:http";
    const words = "bread sourdough oven flour butter morning bakery crust starter dough rye honey".split(" ");
    const sentence = (seed, length) =>
      Array.from({ length }, (_, index) => words[(seed * 7 + index * 3) % words.length]).join(" ") + ".";
    const page = (n) => \`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page \${n}</title>
      <style>\${"body { margin: 0 } ".repeat(40)}</style><script>\${"window.track && track(); ".repeat(40)}</script></head>
      <body><header><a href="/">Home</a><nav><ul>\${Array.from({ length: 20 }, (_, i) => \`<li><a href="/page/\${i}">Menu \${i}</a></li>\`).join("")}</ul></nav></header>
      <div class="cookie-banner"><p>We use cookies.</p></div>
      <main><h1>Page \${n}</h1>\${Array.from({ length: 6 }, (_, s) => \`<h2>Section \${n}.\${s}</h2>
        <p>\${sentence(n + s, 60)} <a href="../page/\${(n + s) % 50}">more</a></p><p>\${sentence(n * s + 1, 40)}</p>
        <ul><li>\${sentence(s, 8)}</li><li>\${sentence(s + 1, 8)}</li><li>\${sentence(n, 8)}</li></ul>\`).join("")}</main>
      <footer><p>© Bench Bakery</p>\${Array.from({ length: 10 }, (_, i) => \`<a href="/legal/\${i}">Legal \${i}</a>\`).join(" ")}</footer>
      </body></html>\`;
    const server = createServer((request, response) => {
      const match = /^\\/page\\/(\\d+)$/.exec(request.url);
      if (!match) return response.writeHead(404).end();
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(Number(match[1])));
    });
    server.listen(0, "127.0.0.1", () => console.log("listening on " + server.address().port));
    process.on("SIGTERM", () => server.close(() => process.exit(0)));
  `;
  return startProcess(process.execPath, ["--input-type=module", "-e", script], {}, /listening on (\d+)/, here);
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool(items, limit, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (queue.length > 0) await work(queue.shift());
    }),
  );
}

// The cheapest way Node fetches a page: node:http over kept-alive connections (fetch() costs more per page).
const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: keptAlive }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function bareLoop(urls) {
  let texts = 0;
  await pool(urls, 4, async (url) => {
    const $ = load(await get(url));
    $(tags.join(", ")).each((_index, element) => {
      if ($(element).text().trim() !== "") texts += 1;
    });
  });
  return texts;
}

async function throughRoute(port, token, urls, batch) {
  let texts = 0;
  for (let start = 0; start < urls.length; start += batch) {
    const response = await fetch(`http://127.0.0.1:${port}/api/training/scrape_static_website`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ tags, url: urls.slice(start, start + batch), filtered_classes: ["cookie-banner"] }),
    });
    const body = await response.json();
    if (!response.ok || body.failed.length > 0) throw new Error(`scrape failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    texts += body.components.length;
  }
  return texts;
}

async function timed(work) {
  const started = performance.now();
  const texts = await work();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, pagesPerSecond: pageCount / seconds, texts };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  buildServer();
  const website = await startWebsite();
  const origin = `http://127.0.0.1:${website.port}`;
  const urls = Array.from({ length: pageCount }, (_, index) => `${origin}/page/${index}`);
  const dataDir = await mkdtemp(join(tmpdir(), "parley-bench-ingestion-"));
  const parley = await startParley({ DATA_DIR: dataDir, OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${website.port}` });
  const scenarios = {
    bare: { label: "bare loop: node:http (keep-alive) + cheerio.load, 4 at a time", runs: [] },
    batched: { label: `route, batches of ${batchSize} (as the screen sends)`, runs: [] },
    full: { label: "route, batches of 100", runs: [] },
  };
  try {
    const token = await signInAsDemoCustomer(parley.port);
    const work = {
      bare: () => bareLoop(urls),
      batched: () => throughRoute(parley.port, token, urls, batchSize),
      full: () => throughRoute(parley.port, token, urls, 100),
    };
    log("Warming up …");
    for (const run of Object.values(work)) await run();
    for (let round = 1; round <= rounds; round += 1) {
      for (const [name, run] of Object.entries(work)) {
        const result = await timed(run);
        scenarios[name].runs.push(result);
        log(`round ${round} ${name}: ${result.pagesPerSecond.toFixed(1)} pages/s (${result.texts} texts)`);
      }
    }
  } finally {
    keptAlive.destroy();
    await stop(parley.child);
    await stop(website.child);
    await rm(dataDir, { recursive: true, force: true });
  }

  const bare = median(scenarios.bare.runs.map((run) => run.pagesPerSecond));
  const lines = [
    `Website ingestion, ${pageCount} pages, median of ${rounds} rounds; ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}, Node ${process.version}`,
    "",
    "| scenario | pages/s | vs bare loop | texts per round |",
    "|---|---:|---:|---:|",
    ...Object.values(scenarios).map(({ label, runs }) => {
      const pagesPerSecond = median(runs.map((run) => run.pagesPerSecond));
      return `| ${label} | ${pagesPerSecond.toFixed(1)} | ${((100 * pagesPerSecond) / bare).toFixed(1)} % | ${runs[0].texts} |`;
    }),
    "",
    "Aim (issue 13): the route at >= 30 % of the bare loop's pages per second.",
  ];
  const table = lines.join("\n");
  process.stdout.write(`${table}\n`);
  await mkdir(join(here, "results"), { recursive: true });
  await writeFile(join(here, "results", "ingestion-website.md"), `${table}\n`);
}

main().catch((error) => {
  log(error.stack ?? String(error));
  process.exit(1);
});
