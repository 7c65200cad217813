/**
 * Sends every operation the server registers malformed input, as every role: wrong types, missing and
 * unknown fields, NUL and unpaired surrogates, 1 MB texts, values thousands of levels deep, bodies of
 * other media types or over the size limit, ids that are no uuid or another tenant's, pages and counts
 * out of range or no number, path steps. No answer may be a 5xx or a status the contract does not declare
 * for the operation, every body must match the contract, and an unknown property must never come back. Requests are drawn from the contract with a seeded
 * random source (FUZZ_SEED picks another sequence); a failure prints each offending request.
 */
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { listOperations, loadContract, type ContractOperation, type JsonSchema } from "./platform/http/contract";
import { defaultRateLimits, type RateLimitSettings } from "./platform/http/rate-limits";
import { contractMismatch, createTestContext } from "./test/context";
import { isIdName, resolveSchema, sampleValue, seededRandom, seedOf, type Random, type SamplePool } from "./test/contract-samples";
import { createRoleFixture, type RoleFixture } from "./test/fixture";
import { guardLoopbackOnly } from "./test/loopback-only";

// Operations that fetch a URL (scraping) get fuzzed URLs: no connection may leave loopback, whatever
// they do. The test context's outbound client resolves no names, so no DNS query leaves either.
const guard = guardLoopbackOnly();
import { guidePdf, multipartBody, type FormPart } from "./test/files";

const seed = Number(process.env.FUZZ_SEED ?? 20_250_601);
const contract = loadContract();
const contractOperations = new Map(listOperations(contract).map((op) => [op.operationId, op]));

// The sign-in limits would answer most requests 429 before they reach a handler; the fuzzer wants the handlers.
const lots = { max: 1_000_000, window: 60_000 };
const unlimited: RateLimitSettings = {
  login: {
    address: lots,
    accountAtAddress: lots,
    accountSlowdown: { ...defaultRateLimits.login.accountSlowdown, after: 1_000_000 },
  },
  oneTimeCode: { address: lots, account: lots },
  registration: { address: lots, account: lots },
  passwordReset: { address: lots, account: lots },
  passwordChange: lots,
  contactPremium: lots,
  onboardingUrlCheck: lots,
  activateProduct: lots,
};

// The embedded mailer, so the dev mailbox operations answer too and no e-mail leaves the process; Google
// sign-in configured (503 otherwise), with endpoints nothing listens on: no fuzzed state is ever valid.
const ctx = await createTestContext({
  mail: "outbox",
  rateLimits: unlimited,
  google: {
    clientId: "fuzz-client",
    clientSecret: "fuzz-secret",
    redirectUrl: "http://portal.test/api/auth/google/callback",
    authUrl: "https://accounts.example.test/o/oauth2/v2/auth",
    tokenUrl: "http://127.0.0.1:9/token",
    userInfoUrl: "http://127.0.0.1:9/userinfo",
  },
});
afterAll(async () => {
  await ctx.close();
  guard.restore();
});

/**
 * A 502 is the far side failing (a fuzzed URL's host is found nowhere), not the server: allowed where
 * the contract declares it, with the outbound client's codes only.
 */
const upstreamCodes = new Set([
  "url_host_not_found",
  "url_connection_failed",
  "url_timeout",
  "url_too_many_redirects",
  "url_response_too_large",
  "url_content_type_not_accepted",
  "url_response_invalid",
  "url_page_too_complex",
  "url_status_not_ok",
  "unexpected_response_format",
  "no_scrape_data",
]);
function isUpstreamFailure(statusCode: number, body: string): boolean {
  if (statusCode !== 502) return false;
  try {
    return upstreamCodes.has((JSON.parse(body) as { code?: string }).code ?? "");
  } catch {
    return false;
  }
}

type Actor = "admin" | "customer" | "customer_so" | "none" | "forged token";
const signedInActors = ["admin", "customer", "customer_so"] as const;
const actors: readonly Actor[] = [...signedInActors, "none", "forged token"];

/** One request as parts, so that any part can be spoiled before it is sent. */
interface Draft {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** JSON to send, a form's parts (multipart/form-data), or the exact text with its content type (or none). */
  body?: { json: unknown } | { form: FormPart[] } | { text: string; contentType?: string };
}

interface Probe {
  label: string;
  actor: Actor;
  draft: Draft;
  /** Text that must not appear in the answer (an unknown property's value). */
  mustNotEcho?: string;
}

const megabyteText = "x".repeat(1_100_000);
const deepObjectText = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
const deepArrayText = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
const deepMarker = "\u0001deep\u0001";

const hostileValues: readonly [string, unknown][] = [
  ["NUL", "fuzz\u0000text"],
  ["lone high surrogate", "fuzz\uD800"],
  ["lone low surrogate", "\uDC00fuzz"],
  ["1 MB text", megabyteText],
  ["empty text", ""],
  ["number", 12_345],
  ["negative fraction", -1.5],
  ["huge number", 1e308],
  ["boolean", true],
  ["null", null],
  ["object", { nested: "x" }],
  ["array", ["x", 1]],
  ["deep value", deepMarker],
];

/** Query and path texts a page, a count or an id is often sent as by mistake: out of range, no number, a path step. */
const parameterTexts: readonly [string, string][] = [
  ["negative", "-1"],
  ["zero", "0"],
  ["fraction", "1.5"],
  ["huge number", "1e308"],
  ["beyond any integer", "99999999999999999999"],
  ["NaN", "NaN"],
  ["letters", "abc"],
  ["a parent step", ".."],
  ["letters beyond ASCII", "Ünïcode😀\u202e"],
];

/** JSON bodies (sent as application/json) that no operation accepts as they are. */
const malformedJsonBodies: readonly [string, string][] = [
  ["an empty object", "{}"],
  ["an array body", "[{}]"],
  ["a null body", "null"],
  ["a string body", '"text"'],
  ["a number body", "42"],
  ["invalid JSON", '{"name":'],
  ["an empty JSON body", ""],
  ["a __proto__ key", '{"__proto__":{"polluted":true}}'],
  ["a constructor.prototype key", '{"constructor":{"prototype":{"polluted":true}}}'],
  ["an object 20 000 levels deep", deepObjectText],
  ["an array 200 000 levels deep", deepArrayText],
  ["a 6 MB body", JSON.stringify({ text: "x".repeat(6 * 1024 * 1024) })],
];

/** Bodies of media types the contract does not take, or said to be none. */
const otherMediaTypes: readonly [string, string, string | undefined][] = [
  ["JSON said to be UTF-16", "{}", "application/json; charset=utf-16"],
  ["plain text", "hello", "text/plain"],
  ["HTML", "<p>hello</p>", "text/html"],
  ["XML", "<a/>", "application/xml"],
  ["a form", "a=b&c=d", "application/x-www-form-urlencoded"],
  ["multipart", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', "multipart/form-data; boundary=x"],
  ["a vendor JSON type", "{}", "application/vnd.api+json"],
  ["a malformed content type", "{}", "json/ /;;"],
  ["a body without a content type", '{"a":1}', undefined],
];

/** Percent-encoding that keeps an unpaired surrogate as its three (invalid) UTF-8 bytes. */
function percentEncode(text: string): string {
  let encoded = "";
  for (const character of text) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}

function asParameterText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function injectOptions(op: ContractOperation, probe: Probe, fixture: RoleFixture): InjectOptions {
  const { draft, actor } = probe;
  const path = op.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => percentEncode(draft.path[name] ?? ""));
  const query = Object.entries(draft.query)
    .flatMap(([name, value]) => [value].flat().map((item) => `${percentEncode(name)}=${percentEncode(item)}`))
    .join("&");
  const headers: Record<string, string> = { ...draft.headers };
  if (actor === "forged token") headers.authorization = "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged";
  else if (actor !== "none") headers.authorization = `Bearer ${fixture.tokens[actor]}`;
  let payload: string | undefined;
  if (draft.body && "json" in draft.body) {
    payload = JSON.stringify(draft.body.json).replace(JSON.stringify(deepMarker), deepObjectText);
    headers["content-type"] = "application/json";
  } else if (draft.body && "form" in draft.body) {
    const form = multipartBody(draft.body.form);
    Object.assign(headers, form.headers);
    return { method: op.method.toUpperCase() as "GET", url: `/api${path}${query ? `?${query}` : ""}`, headers, payload: form.payload };
  } else if (draft.body) {
    payload = draft.body.text;
    if (draft.body.contentType !== undefined) headers["content-type"] = draft.body.contentType;
  }
  return { method: op.method.toUpperCase() as "GET", url: `/api${path}${query ? `?${query}` : ""}`, headers, payload };
}

function samplePool(random: Random, fixture: RoleFixture): SamplePool {
  let emails = 0;
  const { own, other, users, otherUser } = fixture;
  return {
    random,
    ids: [
      own.admin.customerId,
      own.admin.configurationId,
      own.customer_so.customerId,
      own.customer_so.configurationId,
      users.admin.id,
      users.customer.id,
      users.customer_so.id,
      other.customerId,
      other.configurationId,
      otherUser.id,
      random.uuid(),
      "not-a-uuid",
    ],
    tokens: [fixture.tokens.admin, fixture.tokens.customer, fixture.tokens.customer_so, "not-a-token"],
    emails: [users.admin.email, users.customer.email, users.customer_so.email, otherUser.email],
    freshEmail: () => `fuzz-${fixture.unique}-${(emails += 1)}@example.test`,
  };
}

/** A request a client following the contract could send. */
function sampleDraft(op: ContractOperation, pool: SamplePool): Draft {
  const draft: Draft = { path: {}, query: {}, headers: {} };
  for (const parameter of op.parameters) {
    if (parameter.in === "cookie" || (!parameter.required && parameter.in !== "path" && pool.random.chance(0.4))) continue;
    const value = asParameterText(sampleValue(contract, parameter.schema ?? {}, parameter.name, pool));
    if (parameter.in === "path") draft.path[parameter.name] = value;
    else if (parameter.in === "query") draft.query[parameter.name] = value;
    else if (parameter.in === "header") draft.headers[parameter.name.toLowerCase()] = value;
  }
  const json = op.requestBody?.content?.["application/json"]?.schema;
  if (json) draft.body = { json: sampleValue(contract, json, "", pool) };
  const form = formSchema(op);
  if (form) {
    const properties = Object.entries((form.properties as Record<string, JsonSchema> | undefined) ?? {});
    draft.body = {
      form: properties.map(([name, schema]) =>
        schema.format === "binary"
          ? pool.random.chance(0.5)
            ? { name, value: guidePdf(), filename: "guide.pdf", contentType: "application/pdf" }
            : { name, value: Buffer.from("Delivery takes one day.", "utf8"), filename: "delivery.txt", contentType: "text/plain" }
          : { name, value: asParameterText(sampleValue(contract, schema, name, pool)) },
      ),
    };
  }
  return draft;
}

/** The schema of a `multipart/form-data` body, for operations that take one. */
function formSchema(op: ContractOperation): JsonSchema | undefined {
  return op.requestBody?.content?.["multipart/form-data"]?.schema;
}

/** Where the strings inside a value are (as key and index segments), to spoil one deep inside. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => stringPaths(child, [...path, key]));
  return [];
}

function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}

function probesFor(op: ContractOperation, random: Random, fixture: RoleFixture): Probe[] {
  const pool = samplePool(random, fixture);
  const probes: Probe[] = actors.map((actor) => ({ label: "as the contract says", actor, draft: sampleDraft(op, pool) }));
  const spoiled = (label: string, change: (draft: Draft) => void, extra: Partial<Probe> = {}) => {
    const draft = sampleDraft(op, pool);
    change(draft);
    // Mostly signed in: without a valid token a protected operation answers 401 before it reads anything.
    const actor = random.chance(0.85) ? random.pick(signedInActors) : random.pick(actors);
    probes.push({ label, actor, draft, ...extra });
  };
  const badIds: [string, string][] = [
    ["an id that is no uuid", "not-a-uuid"],
    ["another tenant's customer id", fixture.other.customerId],
    ["another tenant's configuration id", fixture.other.configurationId],
    ["another tenant's user id", fixture.otherUser.id],
    ["an unknown uuid", random.uuid()],
    ["an upper-case id", fixture.own.admin.configurationId.toUpperCase()],
    ["an over-long id", "a".repeat(101)],
  ];

  for (const parameter of op.parameters) {
    if (parameter.in === "cookie") continue;
    const name = parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name;
    const place = parameter.in as "path" | "query" | "header";
    const part = place === "header" ? "headers" : place;
    const values: [string, string][] = [
      ...hostileValues.filter(([, value]) => typeof value === "string" && value !== deepMarker).map(([label, value]) => [label, value as string] as [string, string]),
      ...(place === "header" ? [] : parameterTexts),
      ...(isIdName(name) || place === "path" ? badIds : []),
    ];
    for (const [label, value] of values) spoiled(`${place} ${name}: ${label}`, (draft) => (draft[part][name] = value));
    if (place === "query") {
      spoiled(`query ${name}: repeated`, (draft) => (draft.query[name] = ["one", "two"]));
      spoiled(`query ${name}: left out`, (draft) => delete draft.query[name]);
    }
  }
  spoiled("an unknown query parameter holding NUL", (draft) => (draft.query.zz_unknown = "\u0000"));
  spoiled("an over-long X-Session-Id", (draft) => (draft.headers["x-session-id"] = "s".repeat(10_000)));

  const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
  if (bodySchema) {
    const resolved = resolveSchema(contract, bodySchema, random);
    const fields = Object.keys((resolved.properties as Record<string, JsonSchema> | undefined) ?? {});
    const withField = (field: string, value: unknown) => (draft: Draft) => {
      const json = draft.body && "json" in draft.body ? draft.body.json : {};
      draft.body = { json: { ...(json as object), [field]: value } };
    };
    for (const field of fields) {
      for (const [label, value] of hostileValues) spoiled(`body ${field}: ${label}`, withField(field, value));
      if (isIdName(field)) for (const [label, value] of badIds) spoiled(`body ${field}: ${label}`, withField(field, value));
      spoiled(`body ${field}: left out`, (draft) => {
        if (draft.body && "json" in draft.body) delete (draft.body.json as Record<string, unknown>)[field];
      });
    }
    for (const [label, value] of hostileValues.slice(0, 4)) {
      spoiled(`a string deep inside the body: ${label}`, (draft) => {
        const json = draft.body && "json" in draft.body ? draft.body.json : {};
        const paths = stringPaths(json);
        if (paths.length > 0) draft.body = { json: withValueAt(json, random.pick(paths), value) };
      });
    }
    const echoMarker = `echo-me-${random.uuid()}`;
    spoiled("an unknown property", withField("zz_unknown_property", echoMarker), { mustNotEcho: echoMarker });
    spoiled("an unknown nested property", (draft) => {
      const json = draft.body && "json" in draft.body ? (draft.body.json as Record<string, unknown>) : {};
      const nested = Object.entries(json).find(([, value]) => value && typeof value === "object" && !Array.isArray(value));
      draft.body = { json: nested ? { ...json, [nested[0]]: { ...(nested[1] as object), zz_unknown: echoMarker } } : json };
    }, { mustNotEcho: echoMarker });
  }

  if (formSchema(op)) {
    const partsOf = (draft: Draft) => (draft.body && "form" in draft.body ? draft.body.form : []);
    const withPart = (name: string, change: (part: FormPart) => FormPart | FormPart[]) => (draft: Draft) => {
      draft.body = { form: partsOf(draft).flatMap((part) => (part.name === name ? change(part) : [part])) };
    };
    for (const part of partsOf(sampleDraft(op, pool))) {
      const { name } = part;
      const textValues = hostileValues.filter(([, value]) => typeof value === "string" && value !== deepMarker) as [string, string][];
      for (const [label, value] of [...textValues, ...(isIdName(name) ? badIds : [])]) {
        spoiled(`form ${name}: ${label}`, withPart(name, (original) => ({ ...original, value: original.filename === undefined ? value : Buffer.from(value) })));
      }
      spoiled(`form ${name}: left out`, withPart(name, () => []));
      spoiled(`form ${name}: sent twice`, withPart(name, (original) => [original, original]));
      if (part.filename === undefined) {
        spoiled(`form ${name}: a file`, withPart(name, (original) => ({ ...original, value: Buffer.from(String(original.value)), filename: "x.txt" })));
      } else {
        spoiled(`form ${name}: text`, withPart(name, (original) => ({ name: original.name, value: "not a file" })));
        for (const filename of ["../../etc/passwd.txt", "a\u0000.pdf", "setup.exe", "x".repeat(300) + ".txt", ""]) {
          spoiled(`form ${name}: named ${JSON.stringify(filename.slice(0, 20))}`, withPart(name, (original) => ({ ...original, filename })));
        }
        spoiled(`form ${name}: a program named .pdf`, withPart(name, (original) => ({ ...original, value: Buffer.from("MZ\u0090\u0000binary", "latin1"), filename: "a.pdf" })));
        spoiled(`form ${name}: over 10 MB`, withPart(name, (original) => ({ ...original, value: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), filename: "big.txt" })));
      }
    }
    const echoMarker = `echo-me-${random.uuid()}`;
    spoiled("an unknown form part", (draft) => (draft.body = { form: [...partsOf(draft), { name: "zz_unknown", value: echoMarker }] }), { mustNotEcho: echoMarker });
    spoiled("an unknown file part", (draft) => (draft.body = { form: [...partsOf(draft), { name: "zz_file", value: Buffer.from(echoMarker), filename: "zz.txt" }] }), { mustNotEcho: echoMarker });
    spoiled("a part named __proto__", (draft) => (draft.body = { form: [...partsOf(draft), { name: "__proto__", value: "x" }] }));
  }

  for (const [label, text] of malformedJsonBodies) spoiled(`body: ${label}`, (draft) => (draft.body = { text, contentType: "application/json" }));
  for (const [label, text, contentType] of otherMediaTypes) spoiled(`body: ${label}`, (draft) => (draft.body = { text, contentType }));
  return probes;
}

/**
 * Faults found by this test in code another change owns, reported there; each probe it matches is
 * left out until that change lands, so the rest keeps being checked. Remove an entry with its fix.
 */
// Long enough for a 6 MB body on a slow machine; a request that takes longer has hung.
const answerTimeoutMs = 10_000;

function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T | "no answer"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"no answer">((resolve) => (timer = setTimeout(() => resolve("no answer"), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describeRequest(options: InjectOptions): string {
  const body = typeof options.payload === "string" ? options.payload : "";
  const shown = body.length > 160 ? `${body.slice(0, 160)}… (${body.length} characters)` : body;
  const url = String(options.url);
  return `${options.method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url} ${JSON.stringify({ ...options.headers, authorization: undefined })} ${JSON.stringify(shown)}`;
}

describe(`fuzzing every operation the server registers (FUZZ_SEED=${seed})`, () => {
  it("covers every registered operation from the contract", () => {
    expect(ctx.app.operations.length).toBeGreaterThan(30);
    expect(ctx.app.operations.filter((op) => !contractOperations.has(op.operationId))).toEqual([]);
  });

  it.each(ctx.app.operations.map((op) => op.operationId))("%s answers only what the contract declares, never 5xx", async (operationId) => {
    const op = contractOperations.get(operationId)!;
    const fixture = await createRoleFixture(ctx);
    const random = seededRandom(seedOf(operationId, seed));
    const failures: string[] = [];
    for (const probe of probesFor(op, random, fixture)) {
      const options = injectOptions(op, probe, fixture);
      const response = await answerWithin(ctx.app.inject(options), answerTimeoutMs);
      if (response === "no answer") {
        failures.push(`[${probe.label}] as ${probe.actor}: ${describeRequest(options)}\n    → no answer within ${answerTimeoutMs} ms`);
        break;
      }
      const problems = [
        response.statusCode >= 500 && !isUpstreamFailure(response.statusCode, response.body) ? `answered ${response.statusCode}` : null,
        contractMismatch(operationId, response),
        probe.mustNotEcho && response.body.includes(probe.mustNotEcho) ? "echoed the unknown property back" : null,
      ].filter((problem) => problem !== null);
      if (problems.length > 0) {
        failures.push(`[${probe.label}] as ${probe.actor}: ${describeRequest(options)}\n    → ${response.statusCode} ${problems.join("; ").slice(0, 600)}`);
      }
    }
    expect(({} as Record<string, unknown>).polluted, "Object.prototype was polluted").toBeUndefined();
    expect(guard.blocked, "connections off the machine").toEqual([]);
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
