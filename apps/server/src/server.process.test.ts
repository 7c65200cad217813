/**
 * The real process (src/server.ts): starts on the embedded database with demo data, answers, and on
 * SIGTERM finishes the requests it is running before it exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverPackageRoot } from "./platform/paths";

let child: ChildProcess;
let dataDir: string;
let port = 0;
let output = "";

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "parley-process-"));
  child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: serverPackageRoot(),
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", SMTP_URL: "", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /customer portal\s+http:\/\/localhost:(\d+)\//.exec(output);
      if (match) {
        clearInterval(timer);
        port = Number(match[1]);
        resolve();
      }
    }, 100);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

describe("server process", () => {
  it("prints the URLs and demo accounts, and drains running requests on SIGTERM", async () => {
    expect(output).toContain("/api/docs");
    expect(output).toContain("customer@demo.test");
    expect(output).toContain("Demo!2345");
    // A newcomer opens what it prints: every address answers (none is a bare API prefix that says 404).
    const printed = [...output.matchAll(/^\s{2}[a-zA-Z ]+?\s{2,}(http:\/\/localhost:\d+\S*)/gm)].map((match) => match[1]!);
    expect(printed.length).toBeGreaterThanOrEqual(4);
    for (const address of printed) expect([address, (await fetch(address.replace("localhost", "127.0.0.1"))).status]).toEqual([address, 200]);

    const login = () =>
      fetch(`http://127.0.0.1:${port}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "customer@demo.test", password: "Demo!2345" }),
      }).then((response) => response.status);
    expect(await login()).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // Password checks take a while (argon2id), so these are still running when the signal arrives.
    const received = () => output.split("\n").filter((line) => line.includes('"msg":"incoming request"')).length;
    const before = received();
    const running = Array.from({ length: 6 }, login);
    // Signal once the server has read all six requests (it logs each as it starts on it).
    while (received() < before + 6) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill("SIGTERM");
    expect(await Promise.all(running)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await exited).toBe(0);
    expect(output).toContain("closing: finishing running requests");
  });
});
