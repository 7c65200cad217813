/** What the benchmarks share: child processes, the built server, signing in as the demo customer. */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const root = join(benchDir, "..");
export const serverDir = join(root, "apps", "server");

export function log(message) {
  process.stderr.write(`${message}\n`);
}

/** Starts a child process and resolves with its port once it prints one matching `portPattern`. */
export function startProcess(command, args, env, portPattern, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const onData = (chunk) => {
      output += chunk.toString();
      const match = portPattern.exec(output);
      if (match) {
        child.stdout.off("data", onData);
        child.stdout.resume();
        child.stderr.resume();
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`${command} exited with ${code} before listening:\n${output}`)));
  });
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Always rebuilt unless BENCH_SKIP_BUILD=true: a dist left over from before a change would measure the old code. */
export function buildServer() {
  if (process.env.BENCH_SKIP_BUILD === "true" && existsSync(join(serverDir, "dist", "server.js"))) return;
  log("Building @parley/server …");
  const build = spawnSync("pnpm", ["--filter", "@parley/server", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("build failed");
}

/** The built server on a free loopback port, quiet and without sign-in limits (one client address drives it). */
export function startParley(extraEnv) {
  return startProcess(
    process.execPath,
    ["dist/server.js"],
    { PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", DISABLE_RATE_LIMITS: "true", ...extraEnv },
    /API docs\s+http:\/\/localhost:(\d+)\/api/,
    serverDir,
  );
}

/** A bearer token of the seeded demo customer. */
export async function signInAsDemoCustomer(port) {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "customer@demo.test", password: "Demo!2345" }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** A seeded random number generator (mulberry32): the benches' texts are the same in every run. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `GET /api/health` every 10 ms, until `until` (a time in ms since the epoch) or until the promise `until`
 * settles; its latencies in ms, sorted.
 */
export async function healthLatencies(base, until) {
  let finished = false;
  if (typeof until !== "number") void until.finally(() => (finished = true));
  const latencies = [];
  while (typeof until === "number" ? Date.now() < until : !finished) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies.sort((a, b) => a - b);
}

/** The value at `share` (0..1) of sorted numbers. */
export const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
