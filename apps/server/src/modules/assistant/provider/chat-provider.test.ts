/**
 * The provider through the official SDK against a loopback server that answers as OpenAI and Azure do:
 * what goes over the wire, streaming as it arrives, which failures are retried, the time limits, and how
 * each failure is reported. Limits are a few hundred milliseconds so the file runs in seconds.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openAiErrors, startLlmServer, type LlmServer } from "../../../test/llm-server";
import {
  createChatProvider,
  isProviderConfigured,
  ProviderError,
  type ChatRequest,
  type ProviderErrorKind,
} from "./chat-provider";
import { providerSettingsFromEnv } from "./settings";

const server: LlmServer = await startLlmServer();
afterAll(() => server.close());
beforeEach(() => server.reset());

function providerWith(env: NodeJS.ProcessEnv = {}) {
  return createChatProvider(
    providerSettingsFromEnv({
      LLM_BASE_URL: server.baseUrl,
      LLM_API_KEY: server.apiKey,
      AZURE_OPENAI_ENDPOINT: server.origin,
      AZURE_OPENAI_API_KEY: server.apiKey,
      AZURE_OPENAI_DEPLOYMENTS: "gpt-4o-default=parley-gpt4o,gpt-4o-mini-default=parley-mini",
      LLM_TIMEOUT_MS: "3000",
      LLM_FIRST_TOKEN_TIMEOUT_MS: "2000",
      ...env,
    }),
  );
}

const provider = providerWith();

const request: ChatRequest = {
  model: "gpt-4o-default",
  messages: [
    { role: "system", content: "You answer questions about Acme Bakery." },
    { role: "user", content: "Do you open on Sundays?" },
    { role: "assistant", content: "Yes, from 9 to 13." },
    { role: "user", content: "And on Mondays?" },
  ],
  temperature: 0.1,
  topP: 0.1,
  maxTokens: 1500,
};

/** The ProviderError a promise rejects with (fails the test when it resolves or throws something else). */
async function failureOf(answer: Promise<unknown>): Promise<ProviderError> {
  const error = await answer.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("settings from the environment", () => {
  it("configures nothing without LLM_BASE_URL and AZURE_OPENAI_ENDPOINT, and fills in the documented defaults", () => {
    expect(providerSettingsFromEnv({})).toEqual({});
    expect(isProviderConfigured({})).toBe(false);
    const settings = providerSettingsFromEnv({
      LLM_BASE_URL: "http://localhost:11434/v1",
      AZURE_OPENAI_ENDPOINT: "https://acme.openai.azure.com",
      AZURE_OPENAI_API_KEY: "azure-key",
    });
    expect(settings.openai).toEqual({
      baseUrl: "http://localhost:11434/v1",
      apiKey: undefined,
      models: { "gpt-4o-default": "gpt-4o", "gpt-4o-mini-default": "gpt-4o-mini" },
      timeoutMs: 30_000,
      firstTokenTimeoutMs: 15_000,
      auxiliaryTimeoutMs: 5_000,
    });
    expect(settings.azure).toMatchObject({
      apiVersion: "2024-10-21",
      deployments: { "gpt-4o-default": "gpt-4o" },
    });
    expect(isProviderConfigured(settings)).toBe(true);
    expect(isProviderConfigured(settings, { azure: true })).toBe(true);
    expect(isProviderConfigured({ openai: settings.openai }, { azure: true })).toBe(false);
  });

  it("stops the start on a value that cannot be right, naming the variable", () => {
    expect(() => providerSettingsFromEnv({ LLM_BASE_URL: "api.openai.com" })).toThrow(/LLM_BASE_URL/);
    expect(() =>
      providerSettingsFromEnv({ LLM_BASE_URL: server.baseUrl, LLM_MODELS: "gpt-4o-default" }),
    ).toThrow(/LLM_MODELS/);
    expect(() => providerSettingsFromEnv({ LLM_TIMEOUT_MS: "30s" })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => providerSettingsFromEnv({ LLM_AUXILIARY_TIMEOUT_MS: "soon" })).toThrow(/LLM_AUXILIARY_TIMEOUT_MS/);
    expect(() => providerSettingsFromEnv({ AZURE_OPENAI_ENDPOINT: "https://acme.openai.azure.com" })).toThrow(
      /AZURE_OPENAI_API_KEY/,
    );
  });
});

describe("a chat completion", () => {
  it("sends the mapped model, the sampling settings and the messages in order with the Bearer key, and returns the answer", async () => {
    const answer = await provider.complete(request);
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    expect(sent.body).toEqual({
      model: "gpt-4o",
      messages: request.messages,
      temperature: 0.1,
      top_p: 0.1,
      max_tokens: 1500,
      stream: false,
    });
    expect(answer).toMatchObject({
      text: "Echo: And on Mondays?",
      model: "gpt-4o-2024-08-06",
      finishReason: "stop",
      usage: { completionTokens: 4 },
    });
    expect(answer.requestId).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it("passes a model name that LLM_MODELS does not map as it is", async () => {
    await providerWith({ LLM_MODELS: "gpt-4o-default=llama3.1" }).complete({
      ...request,
      model: "gpt-4o-mini-default",
    });
    expect(server.requests[0]!.body.model).toBe("gpt-4o-mini-default");
  });

  it("sends no Authorization header when LLM_API_KEY is unset, as keyless servers (Ollama) expect", async () => {
    const failure = await failureOf(providerWith({ LLM_API_KEY: "" }).complete(request));
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(failure.kind).toBe("unauthorized");
  });

  it("goes to Azure's deployment path with the api-version and the api-key header when the configuration uses Azure", async () => {
    const answer = await provider.complete({ ...request, model: "gpt-4o-mini-default", azure: true });
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/openai/deployments/parley-mini/chat/completions");
    expect(sent.query).toEqual({ "api-version": "2024-10-21" });
    expect(sent.headers["api-key"]).toBe(server.apiKey);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: "parley-mini", temperature: 0.1, top_p: 0.1, max_tokens: 1500 });
    expect(answer.text).toBe("Echo: And on Mondays?");
  });

  it("fails as unavailable, without a request, when the configuration uses Azure and Azure is not configured", async () => {
    const failure = await failureOf(
      providerWith({ AZURE_OPENAI_ENDPOINT: "" }).complete({ ...request, azure: true }),
    );
    expect(failure.kind).toBe("unavailable");
    expect(failure.message).toMatch(/AZURE_OPENAI_ENDPOINT/);
    expect(server.requests).toHaveLength(0);
  });
});

describe("streaming", () => {
  it("hands each delta on in order as it arrives, before the server has sent the rest", async () => {
    let firstDelta!: () => void;
    const firstDeltaSeen = new Promise<void>((resolve) => (firstDelta = resolve));
    // The server holds chunk 1 until the first delta reached the caller (or gives up after 2 s).
    server.reply({
      chunks: ["On", " Mondays", " we", " are", " closed."],
      delayMs: 5,
      beforeChunk: (index) =>
        index === 1
          ? Promise.race([firstDeltaSeen, new Promise<void>((resolve) => setTimeout(resolve, 2000))])
          : Promise.resolve(),
    });
    const deltas: { text: string; chunksSentByServer: number }[] = [];
    const answer = await provider.complete(request, (text) => {
      deltas.push({ text, chunksSentByServer: server.requests[0]!.chunksSent });
      firstDelta();
    });
    expect(deltas.map((delta) => delta.text)).toEqual(["On", " Mondays", " we", " are", " closed."]);
    expect(deltas[0]!.chunksSentByServer).toBe(1);
    expect(server.requests[0]!.body).toMatchObject({
      model: "gpt-4o",
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 1500,
    });
    expect(answer).toMatchObject({
      text: "On Mondays we are closed.",
      model: "gpt-4o-2024-08-06",
      finishReason: "stop",
      usage: { completionTokens: 5 },
    });
    expect(answer.requestId).toMatch(/^req_/);
  });

  it("streams from Azure the same way", async () => {
    const deltas: string[] = [];
    const answer = await provider.complete({ ...request, azure: true }, (text) => deltas.push(text));
    expect(server.requests[0]!.deployment).toBe("parley-gpt4o");
    expect(deltas.join("")).toBe("Echo: And on Mondays?");
    expect(answer.text).toBe("Echo: And on Mondays?");
  });

  it("fails as unavailable when the connection drops mid-stream, without passing the partial text off as an answer", async () => {
    server.reply({ dropConnectionAfterChunks: 2, chunks: ["On", " Mondays", " we", " are", " closed."] });
    const deltas: string[] = [];
    const failure = await failureOf(provider.complete(request, (text) => deltas.push(text)));
    expect(failure.kind).toBe("unavailable");
    expect(failure.requestId).toMatch(/^req_/);
    expect(deltas).toEqual(["On", " Mondays"]);
    expect(server.requests).toHaveLength(1);
  });
});

describe("retries", () => {
  it("retries a stream cut before its first token once, and only once", async () => {
    server.queue({ dropConnectionAfterChunks: 0 });
    const deltas: string[] = [];
    const answer = await provider.complete(request, (text) => deltas.push(text));
    expect(server.requests).toHaveLength(2);
    expect(deltas.join("")).toBe("Echo: And on Mondays?");
    expect(answer.text).toBe("Echo: And on Mondays?");
    expect(server.requests.map((sent) => sent.headers["x-parley-attempt-of"])).toEqual([undefined, undefined]);

    server.reset();
    server.reply({ dropConnectionAfterChunks: 0 });
    expect((await failureOf(provider.complete(request, () => undefined))).kind).toBe("unavailable");
    expect(server.requests).toHaveLength(2);

    // The SDK's retry of a 503 was the one retry: a cut stream after it fails.
    server.reset();
    server.queue({ error: openAiErrors.serverError(503) }, { dropConnectionAfterChunks: 0 });
    expect((await failureOf(provider.complete(request, () => undefined))).kind).toBe("unavailable");
    expect(server.requests).toHaveLength(2);
  });

  it("retries a 503 once and returns the answer of the second attempt", async () => {
    server.queue({ error: openAiErrors.serverError(503) });
    const answer = await provider.complete(request);
    expect(server.requests).toHaveLength(2);
    expect(answer.text).toBe("Echo: And on Mondays?");
  });

  it("retries a 429 rate limit once after its retry-after, streaming or not", async () => {
    server.queue({ error: openAiErrors.rateLimited(0) });
    await provider.complete(request);
    expect(server.requests).toHaveLength(2);
    server.reset();
    server.queue({ error: openAiErrors.rateLimited(0) });
    const deltas: string[] = [];
    await provider.complete(request, (text) => deltas.push(text));
    expect(server.requests).toHaveLength(2);
    expect(deltas.join("")).toBe("Echo: And on Mondays?");
  });

  it("gives up after one retry, with the status and request id of the last answer", async () => {
    server.reply({ error: openAiErrors.serverError(502) });
    const failure = await failureOf(provider.complete(request));
    expect(server.requests).toHaveLength(2);
    expect(failure).toMatchObject({ kind: "unavailable", status: 502 });
    expect(failure.requestId).toMatch(/^req_/);
  });

  it.each<[string, () => void, ProviderErrorKind, number, string | undefined]>([
    [
      "a wrong key (401)",
      () => server.reply({ error: openAiErrors.invalidApiKey("sk-other-key-77778888") }),
      "unauthorized",
      401,
      "invalid_api_key",
    ],
    [
      "a context too long (400)",
      () => server.reply({ error: openAiErrors.contextLengthExceeded() }),
      "bad_request",
      400,
      "context_length_exceeded",
    ],
    [
      "an exhausted quota (429 insufficient_quota)",
      () => server.reply({ error: openAiErrors.insufficientQuota() }),
      "quota_exceeded",
      429,
      "insufficient_quota",
    ],
    [
      "a rate limit that lasts longer than the request may (429, retry-after 60)",
      () => server.reply({ error: openAiErrors.rateLimited(60) }),
      "rate_limited",
      429,
      "rate_limit_exceeded",
    ],
  ])("does not retry %s", async (_case, script, kind, status, providerCode) => {
    script();
    const failure = await failureOf(provider.complete(request));
    expect(server.requests).toHaveLength(1);
    expect(failure).toMatchObject({ kind, status, providerCode });
    expect(failure.requestId).toMatch(/^req_/);
  });
});

describe("time limits", () => {
  it("gives up on a server that never answers after LLM_TIMEOUT_MS and closes the connection", async () => {
    server.reply({ hang: true });
    const started = Date.now();
    const failure = await failureOf(providerWith({ LLM_TIMEOUT_MS: "300" }).complete(request));
    expect(failure.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    for (const sent of server.requests) await expect(sent.ended).resolves.toBe("closed-by-client");
  });

  it("holds LLM_TIMEOUT_MS over a slow stream too, not only until the headers", async () => {
    server.reply({ chunks: ["One", " word", " every", " half", " second"], delayMs: 500 });
    const deltas: string[] = [];
    const failure = await failureOf(
      providerWith({ LLM_TIMEOUT_MS: "700" }).complete(request, (text) => deltas.push(text)),
    );
    expect(failure.kind).toBe("timeout");
    expect(deltas.length).toBeLessThan(5);
    await expect(server.requests[0]!.ended).resolves.toBe("closed-by-client");
  });

  it("gives up when the first token takes longer than LLM_FIRST_TOKEN_TIMEOUT_MS, though the headers came at once", async () => {
    server.reply({ chunks: ["Too", " late"], firstTokenDelayMs: 3000 });
    const started = Date.now();
    const failure = await failureOf(
      providerWith({ LLM_FIRST_TOKEN_TIMEOUT_MS: "250", LLM_TIMEOUT_MS: "5000" }).complete(
        request,
        () => undefined,
      ),
    );
    expect(failure.kind).toBe("timeout");
    expect(failure.message).toMatch(/first token/);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(server.requests[0]!.ended).resolves.toBe("closed-by-client");
  });

  it("gives an auxiliary request LLM_AUXILIARY_TIMEOUT_MS, never more than LLM_TIMEOUT_MS", async () => {
    server.reply({ hang: true });
    const timed = async (env: NodeJS.ProcessEnv) => {
      const started = Date.now();
      const failure = await failureOf(providerWith(env).complete({ ...request, auxiliary: true }));
      expect(failure.kind).toBe("timeout");
      return Date.now() - started;
    };
    expect(await timed({ LLM_AUXILIARY_TIMEOUT_MS: "200", LLM_TIMEOUT_MS: "5000" })).toBeLessThan(1500);
    expect(await timed({ LLM_AUXILIARY_TIMEOUT_MS: "5000", LLM_TIMEOUT_MS: "300" })).toBeLessThan(1500);
  });

  it("lets a stream run past LLM_FIRST_TOKEN_TIMEOUT_MS once its first token came", async () => {
    server.reply({ chunks: ["Slow", " but", " steady"], delayMs: 150 });
    const answer = await providerWith({ LLM_FIRST_TOKEN_TIMEOUT_MS: "200" }).complete(
      request,
      () => undefined,
    );
    expect(answer.text).toBe("Slow but steady");
  });

  it("cancels the request when the caller's signal aborts, throwing the caller's reason", async () => {
    server.reply({ hang: true });
    const caller = new AbortController();
    const answer = provider.complete({ ...request, signal: caller.signal });
    setTimeout(() => caller.abort(new Error("the visitor left")), 100);
    await expect(answer).rejects.toThrow("the visitor left");
    await expect(server.requests[0]!.ended).resolves.toBe("closed-by-client");
  });
});

describe("error messages", () => {
  it("never contain the API key, whatever the provider echoes", async () => {
    const wrongKey = "sk-wrong-parley-key-55556666QXZW";
    const failures = [await failureOf(providerWith({ LLM_API_KEY: wrongKey }).complete(request))];
    // Providers that echo the key, masked the way OpenAI masks it or in full, in the body of other errors.
    const masked = openAiErrors.invalidApiKey(server.apiKey).body;
    const inFull = {
      error: {
        message: `Bad request for key ${server.apiKey}`,
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    };
    server.queue(
      { error: { status: 400, body: masked } },
      { error: { status: 400, body: inFull } },
      { error: { status: 400, body: inFull } },
    );
    failures.push(await failureOf(provider.complete(request)));
    failures.push(await failureOf(provider.complete(request)));
    failures.push(await failureOf(provider.complete({ ...request, azure: true })));
    expect(failures.map((failure) => failure.kind)).toEqual([
      "unauthorized",
      "bad_request",
      "bad_request",
      "bad_request",
    ]);
    for (const failure of failures) {
      const logged = `${failure.message} ${JSON.stringify(failure)} ${String(failure.stack)}`;
      expect(logged).not.toContain(wrongKey);
      expect(logged).not.toContain("QXZW");
      expect(logged).not.toContain(server.apiKey);
      expect(logged).not.toContain(server.apiKey.slice(-4));
    }
  });
});

describe("functions the model may call", () => {
  const tools = [{ name: "get_order_status", description: "Look up an order.", parameters: { type: "object", properties: { order_number: { type: "string" } }, required: ["order_number"] } }];

  it("offers them as tools and reads the calls, whole or streamed in pieces", async () => {
    for (const stream of [false, true]) {
      server.reset();
      server.queue({ toolCalls: [{ name: "get_order_status", arguments: '{"order_number":"#1001-Ä"}' }, { name: "get_order_status", arguments: '{"order_number":"7"}' }] });
      const answer = await provider.complete({ ...request, tools, stream }, stream ? () => undefined : undefined);
      expect(answer.finishReason).toBe("tool_calls");
      expect(answer.text).toBe("");
      expect(answer.toolCalls?.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
        ["get_order_status", { order_number: "#1001-Ä" }],
        ["get_order_status", { order_number: "7" }],
      ]);
      expect(answer.toolCalls?.every((call) => call.id.startsWith("call_"))).toBe(true);
      expect(server.requests[0]!.body.tools).toEqual([{ type: "function", function: tools[0] }]);
      expect(server.requests[0]!.body.tool_choice).toBe("auto");
    }
  });

  it("sends the calls and their results back in the Chat Completions shape, and offers nothing when given no tools", async () => {
    await provider.complete({
      ...request,
      messages: [
        { role: "user", content: "Where is order 7?" },
        { role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "get_order_status", arguments: '{"order_number":"7"}' }] },
        { role: "tool", toolCallId: "call_1", content: '{"status":"shipped"}' },
      ],
    });
    const body = server.requests[0]!.body;
    expect(body.tools).toBeUndefined();
    expect(body.tool_choice).toBeUndefined();
    expect(body.messages).toEqual([
      { role: "user", content: "Where is order 7?" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_order_status", arguments: '{"order_number":"7"}' } }] },
      { role: "tool", tool_call_id: "call_1", content: '{"status":"shipped"}' },
    ]);
  });
});
