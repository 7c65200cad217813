#!/usr/bin/env node
/**
 * Parley API server against a bare Fastify hello-world, measured in the same run on the same machine.
 *
 *   node bench/server.bench.mjs            # PGlite, and PostgreSQL when reachable
 *
 * Scenarios (autocannon, 50 connections): `GET /api/configuration` with a bearer token (token check,
 * user lookup, scoped configuration read) and `POST /api/login` (argon2id verify, JWT sign). Each is
 * reported as requests per second relative to the hello-world, with p50/p99 latency. The server runs
 * from its build (apps/server/dist), with LOG_LEVEL=warn and DISABLE_RATE_LIMITS=true so one client
 * address can drive it. Aims (issue 4): configuration reads at >= 40 % of hello-world on PostgreSQL,
 * >= 20 % on PGlite, p99 under 50 ms.
 *
 * Settings: BENCH_DURATION (seconds per scenario, default 10), BENCH_WARMUP (unmeasured seconds before
 * each scenario, default 3), BENCH_CONNECTIONS (50), BENCH_SKIP_BUILD=true
 * (use the existing apps/server/dist instead of rebuilding it),
 * BENCH_DATABASE_URL (a PostgreSQL server where a throwaway database is created;
 * default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { benchDir as here, buildServer, log, serverDir, signInAsDemoCustomer, startParley, startProcess, stop } from "./processes.mjs";
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function startHelloWorld() {
  const script = `
    import Fastify from "fastify";
    const app = Fastify({ logger: false });
    app.get("/", async () => ({ hello: "world" }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    console.log("listening on " + app.server.address().port);
    process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
  `;
  return startProcess(process.execPath, ["--input-type=module", "-e", script], {}, /listening on (\d+)/, here);
}

async function run(name, options) {
  // Every scenario first runs unmeasured, so each server is measured with its code optimised by V8
  // rather than while it is still being compiled (which costs the larger server more).
  await autocannon({ connections, duration: warmup, ...options });
  const result = await autocannon({ connections, duration, ...options });
  const ok = result["2xx"];
  const bad = result.non2xx + result.errors + result.timeouts;
  if (ok === 0 || bad > 0.01 * (ok + bad)) {
    throw new Error(`${name}: ${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: ok };
}

async function signIn(port) {
  const token = await signInAsDemoCustomer(port);
  const search = await fetch(`http://127.0.0.1:${port}/api/configurations/search`, { headers: { authorization: `Bearer ${token}` } });
  const [configuration] = (await search.json()).data;
  return { token, configurationId: configuration._id };
}

async function measureParley(label, port) {
  const { token, configurationId } = await signIn(port);
  const base = `http://127.0.0.1:${port}`;
  const configurationRead = await run(`${label} GET /api/configuration`, {
    url: `${base}/api/configuration?configuration_id=${configurationId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const login = await run(`${label} POST /api/login`, {
    url: `${base}/api/login`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "customer@demo.test", password: "Demo!2345" }),
  });
  return [configurationRead, login];
}

function postgresReachable() {
  const probe = spawnSync("pg_isready", ["-d", postgresUrl, "-q"]);
  return probe.status === 0;
}

async function main() {
  buildServer();

  // The baseline is measured before and after the server runs and averaged, so a machine whose load
  // changes during the run (shared CI runners) skews the ratios less.
  const measureHello = async (label) => {
    const hello = await startHelloWorld();
    try {
      return await run(label, { url: `http://127.0.0.1:${hello.port}/` });
    } finally {
      await stop(hello.child);
    }
  };
  const rows = [];
  const helloBefore = await measureHello("hello-world GET / (before)");
  log(`hello-world: ${helloBefore.rps.toFixed(0)} req/s`);

  const parleyRows = [];
  const dataDir = await mkdtemp(join(tmpdir(), "parley-bench-"));
  try {
    log("Parley on PGlite …");
    const pglite = await startParley({ DATA_DIR: dataDir });
    try {
      parleyRows.push(...(await measureParley("PGlite", pglite.port)));
    } finally {
      await stop(pglite.child);
    }

    if (postgresReachable()) {
      log("Parley on PostgreSQL …");
      const { default: pg } = await import(join(serverDir, "node_modules", "pg", "lib", "index.js"));
      const database = `parley_bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${database}`;
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, JWT_SECRET: "bench-secret-0123456789-0123456789-0123456789" };
      try {
        const seed = spawnSync(process.execPath, ["dist/seed.js"], { cwd: serverDir, env: { ...process.env, ...env }, encoding: "utf8" });
        if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`);
        const postgres = await startParley(env);
        try {
          parleyRows.push(...(await measureParley("PostgreSQL", postgres.port)));
        } finally {
          await stop(postgres.child);
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    } else {
      log(`PostgreSQL at ${postgresUrl} is not reachable; measured PGlite only.`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const helloAfter = await measureHello("hello-world GET / (after)");
  const baseline = (helloBefore.rps + helloAfter.rps) / 2;
  rows.push(helloBefore, helloAfter, ...parleyRows);
  for (const row of rows) row.ratio = row.rps / baseline;

  const lines = [
    `Parley server benchmark — ${connections} connections, ${duration} s per scenario after ${warmup} s of warm-up, node ${process.version},`,
    `load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} CPUs; ratios against the mean hello-world`,
    "",
    "| scenario | req/s | vs hello-world | p50 ms | p99 ms |",
    "|---|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.ratio * 100).toFixed(1)} % | ${r.p50} | ${r.p99} |`),
  ];
  const report = lines.join("\n");
  process.stdout.write(`${report}\n`);
  await mkdir(join(here, "results"), { recursive: true });
  await writeFile(join(here, "results", "server.md"), `${report}\n`);
}

main().catch((error) => {
  log(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
