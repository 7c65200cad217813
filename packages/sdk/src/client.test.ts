import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createParleyClient, type ParleyClientOptions } from "./client";
import { retryAfterSecondsOf, type ErrorCode } from "./result";
import { sessionIdStorageKey, type SessionStorageLike } from "./session";

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const goodToken = "good-token";

function problem(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return {
    status,
    type: "application/problem+json",
    body: JSON.stringify({ type: "about:blank", title: "Problem", status, code, message, ...extra }),
  };
}

function json(status: number, value: unknown) {
  return { status, type: "application/json", body: JSON.stringify(value) };
}

const customer = { _id: "c-1", name: "Bakkerij de Vries" };

/** Answers the way the contract says (paths under /api), and the odd ways real servers fail. */
async function answer(request: SeenRequest): Promise<{ status: number; type?: string; body?: string; headers?: Record<string, string> }> {
  const url = new URL(request.url, "http://loopback");
  const signedIn = request.headers.authorization === `Bearer ${goodToken}`;
  const route = `${request.method} ${url.pathname}`;
  if (route === "POST /api/login") {
    const { username, password } = JSON.parse(request.body.toString("utf8")) as Record<string, string>;
    // As the server's sign-in limit answers: the wait in whole seconds.
    if (password === "one-too-many") return { ...problem(429, "rate_limited", "Too many attempts, please wait a moment and try again"), headers: { "retry-after": "840" } };
    if (password !== "Demo!2345") return problem(401, "invalid_credentials", "Invalid login credentials");
    return json(200, {
      status: "success",
      token: goodToken,
      user: {
        id: "u-1",
        username,
        firstname: "Eva",
        lastname: "de Vries",
        email: username,
        role: "customer",
      },
      forceRefreshPassword: false,
      showWizard: false,
      showInstructions: true,
    });
  }
  if (route === "GET /bot/chatbot/settings/script") {
    const configurationId = url.searchParams.get("configuration_id") ?? "";
    return json(200, { status: "success", script: `window.parley=${JSON.stringify(configurationId)};` });
  }
  if (route === "GET /api/chatbot/settings/image/download") {
    return { status: 200, type: "image/png", body: pngBytes.toString("latin1") };
  }
  if (!signedIn) return problem(401, "authentication_required", "Authentication required");
  switch (route) {
    case "GET /api/customers":
      return json(200, { status: "success", data: [customer] });
    case "DELETE /api/customers/c-1":
      return { status: 204 };
    case "DELETE /api/customers/c-404":
      return problem(404, "not_found", "No data found");
    case "POST /api/customer/create_or_update":
      return problem(400, "validation_failed", "Invalid field", {
        errors: [{ path: "name", message: "This field is required" }],
      });
    case "POST /api/training/files/upload": {
      // Parse the body the way a server framework would, from the raw bytes and the content type.
      const form = await new Request("http://loopback/", {
        method: "POST",
        headers: { "content-type": request.headers["content-type"] ?? "" },
        body: request.body,
      }).formData();
      const file = form.get("file");
      if (!(file instanceof File)) return problem(400, "validation_failed", "Invalid field");
      return json(200, {
        status: "success",
        filename: file.name,
        message: `${file.type}|${await file.text()}|${String(form.get("configuration_id"))}`,
      });
    }
    case "GET /api/customer":
      switch (url.searchParams.get("_id")) {
        case "legacy-error":
          return json(500, { error: "Database is down" });
        case "detail-only":
          return json(503, { detail: "Maintenance until 10:00" });
        case "maintenance":
          return { ...json(503, { detail: "Maintenance" }), headers: { "retry-after": new Date(Date.now() + 90_000).toUTCString() } };
        case "html-error":
          return { status: 502, type: "text/html", body: "<h1>Bad gateway</h1>" };
        case "empty-error":
          return json(418, {});
        case "html-success":
          return { status: 200, type: "text/html", body: "<!doctype html><title>portal</title>" };
        default:
          return json(200, { status: "success", data: customer });
      }
  }
  return problem(404, "not_found", "No data found");
}

const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

let server: Server;
let origin: string;
const seen: SeenRequest[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(request);
      void answer(request).then(({ status, type, body, headers }) => {
        res.writeHead(status, { ...(type ? { "content-type": type } : {}), ...headers });
        res.end(body === undefined ? undefined : Buffer.from(body, type === "image/png" ? "latin1" : "utf8"));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

function memoryStorage(): SessionStorageLike & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

function client(overrides: Partial<ParleyClientOptions> = {}) {
  const api = `${origin}/api`;
  return createParleyClient({
    baseUrls: { configurationServer: api, chatServer: `${origin}/chat`, chatbotBackend: `${origin}/bot` },
    getToken: () => goodToken,
    ...overrides,
  });
}

describe("headers", () => {
  it("sends the bearer token from the token provider and JSON bodies", async () => {
    const result = await client().GET("/customers");
    expect(result).toEqual({ success: true, status: 200, data: { status: "success", data: [customer] } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${goodToken}`);
  });

  it("awaits an async token provider", async () => {
    const result = await client({ getToken: async () => goodToken }).GET("/customers");
    expect(result.success).toBe(true);
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${goodToken}`);
  });

  it("sends no token on a public call and the body as JSON", async () => {
    const result = await client().POST("/login", {
      body: { username: "customer@demo.test", password: "Demo!2345" },
    });
    expect(result.success && result.data.token).toBe(goodToken);
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]?.body.toString("utf8") ?? "")).toEqual({
      username: "customer@demo.test",
      password: "Demo!2345",
    });
  });

  it("keeps one X-Session-Id in the shared storage across clients", async () => {
    const storage = memoryStorage();
    const first = client({ storage });
    const second = client({ storage });
    await first.GET("/customers");
    await second.GET("/customers");
    expect(first.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.sessionId).toBe(first.sessionId);
    expect(storage.values.get(sessionIdStorageKey)).toBe(first.sessionId);
    expect(seen.map((request) => request.headers["x-session-id"])).toEqual([
      first.sessionId,
      first.sessionId,
    ]);
  });

  it("reuses an id already in storage", async () => {
    const storage = memoryStorage();
    storage.setItem(sessionIdStorageKey, "kept-from-last-visit");
    const api = client({ storage });
    await api.GET("/customers");
    expect(api.sessionId).toBe("kept-from-last-visit");
    expect(seen[0]?.headers["x-session-id"]).toBe("kept-from-last-visit");
  });

  it("keeps the id in memory without storage or when storage refuses", async () => {
    const refusing: SessionStorageLike = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const withoutStorage = client();
    const withRefusingStorage = client({ storage: refusing });
    await withoutStorage.GET("/customers");
    await withoutStorage.GET("/customers");
    await withRefusingStorage.GET("/customers");
    expect(withoutStorage.sessionId).not.toBe(withRefusingStorage.sessionId);
    expect(seen.map((request) => request.headers["x-session-id"])).toEqual([
      withoutStorage.sessionId,
      withoutStorage.sessionId,
      withRefusingStorage.sessionId,
    ]);
  });
});

describe("calls that need a token", () => {
  it("are not sent without one and answer 'Authentication required'", async () => {
    for (const getToken of [() => null, async () => undefined, () => ""]) {
      const result = await client({ getToken }).POST("/customer/create_or_update", { body: { name: "New" } });
      expect(result).toEqual({
        success: false,
        status: 0,
        code: "authentication_required",
        error: "Authentication required",
      });
    }
    const withoutProvider = await createParleyClient({
      baseUrls: { configurationServer: `${origin}/api`, chatServer: origin, chatbotBackend: origin },
    }).GET("/customers");
    expect(withoutProvider.success === false && withoutProvider.code).toBe("authentication_required");
    expect(seen).toEqual([]);
  });

  it("are sent with a token the caller passes in the headers", async () => {
    const result = await client({ getToken: () => null }).GET("/customers", {
      headers: { Authorization: `Bearer ${goodToken}` },
    });
    expect(result.success).toBe(true);
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${goodToken}`);
  });

  it("answer 'Services are offline' while their table cannot load, and load it on a later call", async () => {
    // A fresh client module whose table of the calls that need a token fails to load once (a dropped network).
    vi.resetModules();
    let loads = 0;
    vi.doMock("./generated/signedInOperations", async (importOriginal) => {
      loads += 1;
      if (loads === 1) throw new Error("network down");
      return importOriginal();
    });
    try {
      const { createParleyClient: freshClient } = await import("./client");
      const api = freshClient({
        baseUrls: { configurationServer: `${origin}/api`, chatServer: origin, chatbotBackend: origin },
        getToken: () => goodToken,
      });
      expect(await api.GET("/customers")).toEqual({
        success: false,
        status: 0,
        code: "services_offline",
        error: "Services are offline",
      });
      expect(seen).toEqual([]);
      expect((await api.GET("/customers")).success).toBe(true);
      expect(loads).toBe(2);
    } finally {
      vi.doUnmock("./generated/signedInOperations");
      vi.resetModules();
    }
  });

  it("still send public calls without a token", async () => {
    const result = await client({ getToken: () => null }).POST("/login", {
      body: { username: "customer@demo.test", password: "Demo!2345" },
    });
    expect(result.success).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

describe("answers", () => {
  it("read a problem: code, message and field errors", async () => {
    const result = await client().POST("/customer/create_or_update", { body: { name: "" } });
    expect(result).toEqual({
      success: false,
      status: 400,
      code: "validation_failed",
      error: "Invalid field",
      fields: [{ path: "name", message: "This field is required" }],
    });
  });

  it("read the server's message on a failed public call", async () => {
    const result = await client().POST("/login", {
      body: { username: "customer@demo.test", password: "wrong" },
    });
    expect(result).toEqual({
      success: false,
      status: 401,
      code: "invalid_credentials",
      error: "Invalid login credentials",
    });
  });

  it("say when a refused call may be tried again, from Retry-After in seconds or as a date", async () => {
    const refused = await client().POST("/login", { body: { username: "customer@demo.test", password: "one-too-many" } });
    expect(refused).toEqual({
      success: false,
      status: 429,
      code: "rate_limited",
      error: "Too many attempts, please wait a moment and try again",
      retryAfterSeconds: 840,
    });
    const maintenance = await client().GET("/customer", { params: { query: { _id: "maintenance" } } });
    expect(maintenance.success).toBe(false);
    // An HTTP date has whole seconds: 89 or 90 seconds from now, depending on when in the second it was written.
    expect(maintenance.success ? undefined : maintenance.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(maintenance.success ? undefined : maintenance.retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it("read Retry-After as the standard says, and ignore what it is not", () => {
    const now = Date.parse("2026-11-29T10:00:00Z");
    expect(retryAfterSecondsOf("120", now)).toBe(120);
    expect(retryAfterSecondsOf(" 0 ", now)).toBe(0);
    expect(retryAfterSecondsOf("Sun, 29 Nov 2026 10:01:30 GMT", now)).toBe(90);
    expect(retryAfterSecondsOf("Sun, 29 Nov 2026 09:00:00 GMT", now)).toBe(0);
    for (const junk of [null, undefined, "", "soon", "-5", "1.5"]) expect(retryAfterSecondsOf(junk, now)).toBeUndefined();
  });

  it("treat 204 as success without data", async () => {
    const result = await client().DELETE("/customers/{id}", { params: { path: { id: "c-1" } } });
    expect(result).toEqual({ success: true, status: 204, data: undefined });
    expect(seen[0]?.url).toBe("/api/customers/c-1");
  });

  it("pass query parameters", async () => {
    const result = await client().GET("/customer", { params: { query: { _id: "c-1" } } });
    expect(result).toEqual({ success: true, status: 200, data: { status: "success", data: customer } });
    expect(seen[0]?.url).toBe("/api/customer?_id=c-1");
  });

  it.each([
    ["legacy-error", 500, "unknown_error", "Database is down"],
    ["detail-only", 503, "unknown_error", "Maintenance until 10:00"],
    ["html-error", 502, "unknown_error", "Unknown error"],
    ["empty-error", 418, "unknown_error", "Unknown error"],
  ])("read a %s answer", async (id, status, code, error) => {
    const result = await client().GET("/customer", { params: { query: { _id: id } } });
    expect(result).toEqual({ success: false, status, code, error });
  });

  it("turn a success that is not JSON into a failure", async () => {
    const result = await client().GET("/customer", { params: { query: { _id: "html-success" } } });
    expect(result).toEqual({
      success: false,
      status: 200,
      code: "unexpected_response_format",
      error: "Unexpected response format",
    });
  });

  it("answer 'Services are offline' when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createParleyClient({
      baseUrls: {
        configurationServer: `http://127.0.0.1:${port}/api`,
        chatServer: `http://127.0.0.1:${port}`,
        chatbotBackend: `http://127.0.0.1:${port}`,
      },
      getToken: () => goodToken,
    });
    expect(await offline.GET("/customers")).toEqual({
      success: false,
      status: 0,
      code: "services_offline",
      error: "Services are offline",
    });
  });

  it("throw when the caller aborts, as fetch does", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(client().GET("/customers", { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("multipart calls", () => {
  it("send an object with a file as multipart form data", async () => {
    const file = new File(["Openingstijden: 9-17"], "faq.txt", { type: "text/plain" });
    const result = await client().POST("/training/files/upload", {
      body: { file, configuration_id: "cfg-1" },
    });
    expect(result).toEqual({
      success: true,
      status: 200,
      data: { status: "success", filename: "faq.txt", message: "text/plain|Openingstijden: 9-17|cfg-1" },
    });
    expect(seen[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("send a FormData as it is", async () => {
    const form = new FormData();
    form.append("file", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "manual.pdf");
    form.append("configuration_id", "cfg-2");
    const result = await client().POST("/training/files/upload", { body: form });
    expect(result.success && result.data.message).toBe("application/pdf|%PDF-1.4|cfg-2");
  });
});

describe("bases", () => {
  it("send the script call to the chatbot backend, without a token", async () => {
    const result = await client({ getToken: () => null }).GET("/chatbot/settings/script", {
      params: { query: { configuration_id: "cfg-1" } },
    });
    expect(result).toEqual({
      success: true,
      status: 200,
      data: { status: "success", script: 'window.parley="cfg-1";' },
    });
    expect(seen[0]?.url).toBe("/bot/chatbot/settings/script?configuration_id=cfg-1");
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers["x-session-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("read a file answer as a Blob", async () => {
    const result = await client().GET("/chatbot/settings/image/download", {
      params: { query: { configuration_id: "cfg-1", filename: "avatar.png" } },
    });
    if (!result.success) throw new Error(result.error);
    const blob: Blob = result.data;
    expect(blob.type).toBe("image/png");
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(pngBytes);
  });

  it("send a call to a forced base", async () => {
    await client().chatServer.GET("/customers");
    await client().chatbotBackend.GET("/customers");
    await client().configurationServer.GET("/customers");
    expect(seen.map((request) => request.url)).toEqual([
      "/chat/customers",
      "/bot/customers",
      "/api/customers",
    ]);
  });

  it("send every call to one base URL given as a string", async () => {
    const api = createParleyClient({ baseUrls: `${origin}/api`, getToken: () => goodToken });
    await api.GET("/customers");
    await api.GET("/chatbot/settings/script", { params: { query: { configuration_id: "cfg-1" } } });
    await api.chatServer.GET("/customers");
    expect(seen.map((request) => request.url)).toEqual([
      "/api/customers",
      "/api/chatbot/settings/script?configuration_id=cfg-1",
      "/api/customers",
    ]);
  });
});

// Compile-time checks of the public signatures (run by `pnpm typecheck`).
export async function typedSignatures() {
  const api = client();
  // @ts-expect-error `_id` is a required query parameter
  await api.GET("/customer");
  // @ts-expect-error not a path of the contract
  await api.GET("/no-such-path");
  const login = await api.POST("/login", { body: { username: "a@b.test", password: "x" } });
  if (login.success) {
    const token: string = login.data.token;
    return token;
  }
  // A failure's code is the contract's ErrorCode: a misspelt code does not compile.
  const code: ErrorCode = login.code;
  // @ts-expect-error not an error code of the contract
  if (login.code === "invalid_credential") return null;
  return code;
}
