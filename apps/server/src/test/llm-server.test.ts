/**
 * The loopback Chat Completions server, spoken to with plain fetch: the provider's tests rely on it
 * answering in OpenAI's wire format, so that format is checked here without the SDK in between.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openAiErrors, startLlmServer, type LlmServer } from "./llm-server";

const server: LlmServer = await startLlmServer();
afterAll(() => server.close());
beforeEach(() => server.reset());

const chat = (
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${server.apiKey}` },
  path = "/v1/chat/completions",
) =>
  fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const question = { model: "gpt-4o", messages: [{ role: "user", content: "Where is my parcel?" }] };

/** The `data:` payloads of a server-sent-event body, in order. */
function events(body: string): string[] {
  return body
    .split("\n\n")
    .filter(Boolean)
    .map((event) => event.replace(/^data: /, ""));
}

describe("the loopback LLM server", () => {
  it("answers a chat completion as JSON with OpenAI's fields and headers, and records the request", async () => {
    const response = await chat({ ...question, temperature: 0.1 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.headers.get("x-ratelimit-remaining-requests")).toBe("499");
    expect(response.headers.get("openai-processing-ms")).toBe("42");
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      object: "chat.completion",
      model: "gpt-4o-2024-08-06",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "Echo: Where is my parcel?" },
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage: { completion_tokens: 5 },
    });
    expect(answer.id).toMatch(/^chatcmpl-/);
    expect(typeof answer.created).toBe("number");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      body: { ...question, temperature: 0.1 },
    });
    await expect(server.requests[0]!.ended).resolves.toBe("answered");
  });

  it("streams server-sent events: a role chunk, the content deltas, a finish chunk, the usage chunk when asked, then [DONE]", async () => {
    server.reply({ chunks: ["Your", " parcel", " left"] });
    const response = await chat({ ...question, stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const payloads = events(await response.text());
    expect(payloads.at(-1)).toBe("[DONE]");
    const chunks = payloads
      .slice(0, -1)
      .map(
        (payload) =>
          JSON.parse(payload) as {
            object: string;
            choices: { delta: unknown; finish_reason: unknown }[];
            usage: unknown;
          },
      );
    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk")).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta ?? null)).toEqual([
      { role: "assistant", content: "", refusal: null },
      { content: "Your" },
      { content: " parcel" },
      { content: " left" },
      {},
      null,
    ]);
    expect(chunks[4]!.choices[0]!.finish_reason).toBe("stop");
    expect(chunks[5]!.usage).toMatchObject({ completion_tokens: 3 });
    expect(server.requests[0]!.chunksSent).toBe(3);
  });

  it("refuses a wrong or missing key with OpenAI's 401 bodies, masking the key it was given", async () => {
    const wrong = await chat(question, { authorization: "Bearer sk-wrong-key-000011112222" });
    expect(wrong.status).toBe(401);
    const body = (await wrong.json()) as { error: { code: string; type: string; message: string } };
    expect(body.error).toMatchObject({ code: "invalid_api_key", type: "invalid_request_error" });
    expect(body.error.message).toContain("sk-*");
    expect(body.error.message).not.toContain("sk-wrong-key-000011112222");
    const missing = await chat(question, {});
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /didn't provide an API key/,
    );
  });

  it("answers Azure's deployment path with the api-key header and an api-version, and records the deployment", async () => {
    const azure = (query: string, headers: Record<string, string>) =>
      chat(question, headers, `/openai/deployments/parley-gpt4o/chat/completions${query}`);
    expect((await azure("?api-version=2024-10-21", { "api-key": server.apiKey })).status).toBe(200);
    expect(server.requests[0]).toMatchObject({
      deployment: "parley-gpt4o",
      query: { "api-version": "2024-10-21" },
    });
    expect((await azure("", { "api-key": server.apiKey })).status).toBe(404);
    expect(
      (await azure("?api-version=2024-10-21", { authorization: `Bearer ${server.apiKey}` })).status,
    ).toBe(401);
  });

  it("sends scripted errors with their status, headers and body, queued replies first", async () => {
    server.queue({ error: openAiErrors.rateLimited(3) }, { error: openAiErrors.serverError(503) });
    const limited = await chat(question);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limit_exceeded");
    expect((await chat(question)).status).toBe(503);
    expect((await chat(question)).status).toBe(200);
  });

  it("drops the connection after the asked number of chunks", async () => {
    server.reply({ dropConnectionAfterChunks: 2, chunks: ["a", "b", "c"] });
    const response = await chat({ ...question, stream: true });
    await expect(response.text()).rejects.toThrow();
    await expect(server.requests[0]!.ended).resolves.toBe("dropped-by-server");
    expect(server.requests[0]!.chunksSent).toBe(2);
  });

  it("holds a hanging request open until the client gives up, and sees it close", async () => {
    server.reply({ hang: true });
    const request = fetch(`${server.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(question),
      signal: AbortSignal.timeout(200),
    });
    await expect(request).rejects.toThrow(/abort|timeout/i);
    await expect(server.requests[0]!.ended).resolves.toBe("closed-by-client");
  });
});
