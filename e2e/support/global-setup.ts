import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

const repoRoot = resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealthy(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/auth/methods`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not become healthy in 90 s:\n${output()}`);
}

/**
 * Starts the built product the way the quick start does (`node apps/server/dist/server.js`, embedded
 * database seeded with the demo accounts) on a free port with a fresh data directory.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  // Ports for the training and the onboarding journeys' fixture websites and the webshop journey's shop (two
  // files run at a time), the only addresses the outbound client may reach.
  const fixturePort = await freePort();
  const onboardingPort = await freePort();
  const webshopPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "parley-e2e-"));
  const resultsDir = join(repoRoot, "e2e/test-results");
  // Screenshots of this run only.
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  for (const build of [
    "apps/server/dist/server.js",
    "apps/customer-portal/dist/index.html",
    "apps/admin-portal/dist/index.html",
  ]) {
    if (!existsSync(join(repoRoot, build))) {
      process.stderr.write(
        `e2e: ${build} is missing; build first (pnpm turbo run build --filter=@parley/e2e...)\n`,
      );
    }
  }
  // The server serves the portal files present when it starts; a rebuild during the run breaks the pages.
  const portalIndexes = ["apps/customer-portal/dist/index.html", "apps/admin-portal/dist/index.html"].map(
    (file) => join(repoRoot, file),
  );
  const builtAt = () =>
    portalIndexes.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)).join(",");
  const buildsAtStart = builtAt();
  let log = "";
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["apps/server/dist/server.js"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      // Links in e-mails (password reset) point at this run's origin.
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      // The embedded defaults of the quick start: PGlite and the dev mailbox, no Google sign-in.
      SMTP_URL: "",
      DATABASE_URL: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      JWT_SECRET: "",
      LOG_LEVEL: "warn",
      // Every journey signs in from 127.0.0.1, two files at a time; the per-account limits stay as shipped.
      SIGN_INS_PER_MINUTE_PER_ADDRESS: "300",
      OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${fixturePort},127.0.0.1:${onboardingPort},127.0.0.1:${webshopPort}`,
      // As `pnpm start` runs it: production would switch the dev mailbox off.
      NODE_ENV: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealthy(baseUrl, server, () => log);
  project.provide("baseUrl", baseUrl);
  project.provide("fixturePort", fixturePort);
  project.provide("onboardingPort", onboardingPort);
  project.provide("webshopPort", webshopPort);
  return async () => {
    if (builtAt() !== buildsAtStart) {
      process.stderr.write(
        "e2e: a portal was rebuilt during the run; the started server kept serving the old file list, so failures may come from that. Run again.\n",
      );
    }
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    fixturePort: number;
    onboardingPort: number;
    /** The loopback WooCommerce shop of the webshop journey. */
    webshopPort: number;
  }
}
