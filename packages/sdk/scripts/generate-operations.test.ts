import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./generate-operations.mjs", import.meta.url));
const run = promisify(execFile);

const problem = { "application/problem+json": { schema: { type: "object" } } };
const contract = {
  openapi: "3.1.0",
  info: { title: "generator fixture", version: "0" },
  security: [{ bearerAuth: [] }],
  paths: {
    "/login": {
      post: {
        operationId: "login",
        security: [],
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
        responses: {
          "200": { description: "ok", content: { "application/json": {} } },
          "401": { content: problem },
        },
      },
    },
    "/files/upload": {
      post: {
        operationId: "upload",
        requestBody: { $ref: "#/components/requestBodies/Upload" },
        responses: { "200": { $ref: "#/components/responses/Ok" } },
      },
    },
    "/orders/cancel": {
      post: {
        operationId: "cancel",
        requestBody: { content: { "application/x-www-form-urlencoded": { schema: { type: "object" } } } },
        responses: { "204": { description: "done" } },
      },
    },
    "/search": {
      get: {
        operationId: "search",
        security: [{}, { bearerAuth: [] }],
        responses: { "200": { description: "ok", content: { "application/json": {} } } },
      },
    },
    "/script": {
      "x-base": "chatbotBackend",
      get: {
        operationId: "script",
        security: [],
        responses: { "200": { content: { "text/javascript": {} } } },
      },
    },
    "/image": {
      get: { operationId: "image", responses: { "200": { content: { "image/png": {} } } } },
    },
  },
  components: {
    requestBodies: { Upload: { content: { "multipart/form-data": { schema: { type: "object" } } } } },
    responses: { Ok: { description: "ok", content: { "application/json": {} } } },
  },
};

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "parley-sdk-operations-"));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function generate(document: unknown, ...flags: string[]) {
  const input = join(directory, "openapi.json");
  await writeFile(input, JSON.stringify(document));
  await run(process.execPath, [script, "--input", input, "--output", directory, ...flags]);
  const publicTable = await readFile(join(directory, "publicOperations.ts"), "utf8");
  const signedInTable = await readFile(join(directory, "signedInOperations.ts"), "utf8");
  return { publicTable, signedInTable, text: publicTable + signedInTable };
}

function row(text: string, key: string) {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`  ${JSON.stringify(key)}:`));
  if (!line) throw new Error(`no row for ${key}`);
  // The row's value is a JS object literal with bare keys; quote them to read it as JSON.
  return JSON.parse(line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1).replace(/(\w+):/g, '"$1":'));
}

// Each case starts the script as a process (twice here); generous for a loaded two-core machine.
describe("generate-operations", { timeout: 30_000 }, () => {
  it("classifies token, base, request body and answer per operation", async () => {
    const { text } = await generate(contract);
    expect(row(text, "POST /login")).toEqual({
      operationId: "login",
      auth: "none",
      base: "configurationServer",
      requestBody: "json",
      response: "json",
    });
    expect(row(text, "POST /files/upload")).toMatchObject({ auth: "required", requestBody: "multipart" });
    expect(row(text, "POST /orders/cancel")).toMatchObject({ requestBody: "form", response: "json" });
    expect(row(text, "GET /search")).toMatchObject({ auth: "optional", requestBody: "none" });
    expect(row(text, "GET /script")).toMatchObject({
      auth: "none",
      base: "chatbotBackend",
      response: "text",
    });
    expect(row(text, "GET /image")).toMatchObject({ response: "blob" });
    expect(text.startsWith("// GENERATED")).toBe(true);
  });

  it("puts the calls that need a token in a table of their own", async () => {
    const { publicTable, signedInTable } = await generate(contract);
    expect(row(publicTable, "POST /login")).toMatchObject({ auth: "none" });
    expect(row(publicTable, "GET /search")).toMatchObject({ auth: "optional" });
    expect(row(signedInTable, "POST /files/upload")).toMatchObject({ auth: "required" });
    expect(() => row(publicTable, "POST /files/upload")).toThrow();
    expect(() => row(signedInTable, "POST /login")).toThrow();
  });

  it("fails --check when a file is stale, passes when both are current", async () => {
    await generate(contract);
    const check = () =>
      run(process.execPath, [script, "--input", join(directory, "openapi.json"), "--output", directory, "--check"]);
    await expect(check()).resolves.toBeDefined();
    await writeFile(join(directory, "signedInOperations.ts"), "// edited by hand\n");
    await expect(check()).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("signedInOperations.ts is stale"),
    });
  });

  it("refuses a base the client does not have", async () => {
    const wrongBase = { ...contract, paths: { "/x": { get: { "x-base": "elsewhere", responses: {} } } } };
    await expect(generate(wrongBase)).rejects.toMatchObject({
      stderr: expect.stringContaining(
        "x-base must be one of configurationServer, chatServer, chatbotBackend",
      ),
    });
  });
});
