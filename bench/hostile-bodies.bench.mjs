#!/usr/bin/env node
/**
 * How long other users wait while one client sends the largest bodies the server accepts, shaped to cost
 * the most to parse and check: the health check's latency while such bodies arrive one after another,
 * against the same health check with nobody sending them, in the same run.
 *
 *   node bench/hostile-bodies.bench.mjs        # or: pnpm --filter @parley/bench bench:hostile
 *
 * Bodies, each sent in turn by one client (a signed-in customer for the 5 MB ones, anyone for sign-in):
 * a 5 MB object of distinct keys, just under the key limit with long keys, 5 MB of one-character array
 * items, of short strings, of small objects with distinct keys, 64 kB (the public limit) of keys to the
 * sign-in. A second client asks `GET /api/health` every 10 ms and records how long each answer took.
 * Reported: the health check's p50 / p99 / max alone and under the bodies, their ratio, and each body's
 * answer and time. Aim: the worst health answer under the bodies stays within 10× the p99 alone plus
 * 100 ms, i.e. no body holds the server for more than about a tenth of a second.
 *
 * Settings: BENCH_SECONDS (per phase, default 10), BENCH_SKIP_BUILD=true (use the existing build).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { benchDir, buildServer, healthLatencies, log, percentile, signInAsDemoCustomer, startParley, stop } from "./processes.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const megabytes = 5 * 1024 * 1024;

/** Items joined until the text is just under `bytes`. */
function fill(open, close, item, bytes) {
  const items = [];
  let length = open.length + close.length;
  for (let index = 0; ; index++) {
    const next = item(index);
    if (length + next.length + 1 > bytes) break;
    items.push(next);
    length += next.length + 1;
  }
  return open + items.join(",") + close;
}

const bodies = [
  { name: "5 MB object of distinct keys", path: "/api/training/urls/save", text: fill("{", "}", (i) => `"k${i}":1`, megabytes - 1024) },
  { name: "100,000 long distinct keys", path: "/api/training/urls/save", text: `{${Array.from({ length: 99_990 }, (_, i) => `"key-number-${i}-${"x".repeat(30)}":1`).join(",")}}` },
  { name: "5 MB of one-digit items", path: "/api/contact-premium", text: `{"selectedFeatures":${fill("[", "]", () => "1", megabytes - 1024)}}` },
  { name: "5 MB of short strings", path: "/api/contact-premium", text: `{"selectedFeatures":${fill("[", "]", () => '"a"', megabytes - 1024)}}` },
  { name: "5 MB of one-key objects", path: "/api/data/dataset", text: `{"datasetData":${fill("[", "]", (i) => `{"q${i}":"a"}`, megabytes - 1024)}}` },
  { name: "64 kB of keys to the sign-in", path: "/api/login", text: fill("{", "}", (i) => `"k${i}":1`, 64 * 1024 - 16), anonymous: true },
];

const summary = (sorted) => ({ p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1), count: sorted.length });

async function main() {
  buildServer();
  const dataDir = await mkdtemp(join(tmpdir(), "parley-hostile-"));
  const parley = await startParley({ DATA_DIR: dataDir });
  try {
    const base = `http://127.0.0.1:${parley.port}`;
    const token = await signInAsDemoCustomer(parley.port);
    // Warm-up: every body once, and health checks, unmeasured.
    for (const body of bodies) await send(base, token, body);
    await healthLatencies(base, Date.now() + 1000);

    log(`health alone, ${seconds} s …`);
    const alone = summary(await healthLatencies(base, Date.now() + seconds * 1000));

    log(`health while the bodies arrive, ${seconds} s …`);
    const sent = new Map(bodies.map((body) => [body.name, []]));
    const until = Date.now() + seconds * 1000;
    const attacker = (async () => {
      while (Date.now() < until) for (const body of bodies) sent.get(body.name).push(await send(base, token, body));
    })();
    const underBodies = summary(await healthLatencies(base, until));
    await attacker;

    const aim = 10 * alone.p99 + 100;
    const lines = [
      `Hostile bodies — ${seconds} s per phase, node ${process.version}, load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} CPUs`,
      "",
      "| health check | answers | p50 ms | p99 ms | max ms |",
      "|---|---:|---:|---:|---:|",
      `| alone | ${alone.count} | ${alone.p50.toFixed(1)} | ${alone.p99.toFixed(1)} | ${alone.max.toFixed(1)} |`,
      `| while the bodies arrive | ${underBodies.count} | ${underBodies.p50.toFixed(1)} | ${underBodies.p99.toFixed(1)} | ${underBodies.max.toFixed(1)} |`,
      `| ratio | | ${(underBodies.p50 / alone.p50).toFixed(1)}× | ${(underBodies.p99 / alone.p99).toFixed(1)}× | |`,
      "",
      `Aim: max under the bodies ≤ 10 × p99 alone + 100 ms = ${aim.toFixed(0)} ms — ${underBodies.max <= aim ? "met" : "**missed**"}`,
      "",
      "| body | bytes | answers | median ms | max ms |",
      "|---|---:|---|---:|---:|",
      ...bodies.map((body) => {
        const results = sent.get(body.name);
        const times = results.map((result) => result.ms).sort((a, b) => a - b);
        const statuses = [...new Set(results.map((result) => result.status))].join(", ");
        return `| ${body.name} | ${body.text.length.toLocaleString("en")} | ${statuses} (${results.length}) | ${percentile(times, 0.5)?.toFixed(0) ?? "—"} | ${times.at(-1)?.toFixed(0) ?? "—"} |`;
      }),
    ];
    const report = lines.join("\n");
    process.stdout.write(`${report}\n`);
    await mkdir(join(benchDir, "results"), { recursive: true });
    await writeFile(join(benchDir, "results", "hostile-bodies.md"), `${report}\n`);
    if (results5xx(sent)) throw new Error("a body was answered with a 5xx");
  } finally {
    await stop(parley.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function send(base, token, body) {
  const started = performance.now();
  const response = await fetch(`${base}${body.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(body.anonymous ? {} : { authorization: `Bearer ${token}` }) },
    body: body.text,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

function results5xx(sent) {
  return [...sent.values()].some((results) => results.some((result) => result.status >= 500));
}

main().catch((error) => {
  log(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
