import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback server that answers the Chat Completions API as OpenAI does, so the provider is tested through
 * the official SDK and real HTTP rather than a mock: `POST /v1/chat/completions` with `Authorization: Bearer`,
 * and Azure's `POST /openai/deployments/{deployment}/chat/completions?api-version=…` with `api-key`. JSON
 * answers and server-sent-event streams have OpenAI's shapes (role chunk, content deltas, a finish chunk, a
 * usage chunk when `stream_options.include_usage` asks for it, `data: [DONE]`), its response headers and its
 * error bodies. Each test scripts the replies; every request is recorded.
 */

export interface RecordedLlmRequest {
  method: string;
  /** The path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (`{}` when it was not JSON). */
  body: ChatCompletionBody;
  /** Azure's deployment from the path; undefined on the OpenAI path. */
  deployment?: string;
  /** Content chunks written to the stream so far (role, finish and usage chunks not counted). */
  chunksSent: number;
  /** Settles when the response is over: answered in full, dropped by the script, or closed by the client first. */
  ended: Promise<"answered" | "dropped-by-server" | "closed-by-client">;
}

export interface ChatCompletionBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  [field: string]: unknown;
}

export interface LlmErrorReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What to answer; the request's `stream` flag decides between a JSON answer and a stream, as with the real API. */
export type LlmReply =
  | { text: string; finishReason?: "stop" | "length" | "content_filter" }
  | {
      chunks: string[];
      /** Pause between content chunks. */
      delayMs?: number;
      /** Pause after the headers and the role chunk, before the first content chunk. */
      firstTokenDelayMs?: number;
      /** Awaited before content chunk `index` is written: lets a test hold the rest of a stream back. */
      beforeChunk?: (index: number) => Promise<void>;
    }
  | { error: LlmErrorReply }
  /**
   * The model calls functions instead of answering (`finish_reason: "tool_calls"`, content null): as one
   * message, or streamed as OpenAI streams them (the id and name first, then the arguments in pieces).
   */
  | { toolCalls: { name: string; arguments: string }[] }
  /** Accepts the request and never answers (not even headers). */
  | { hang: true }
  /** Streams the role chunk and `n` content chunks, then destroys the socket without a finish chunk or [DONE]. */
  | { dropConnectionAfterChunks: number; chunks?: string[] };

export type LlmReplyHandler = (request: RecordedLlmRequest) => LlmReply | Promise<LlmReply>;

export interface LlmServer {
  /** `http://127.0.0.1:port`: Azure's endpoint. */
  origin: string;
  /** `http://127.0.0.1:port/v1`: LLM_BASE_URL. */
  baseUrl: string;
  /** The key it accepts, as a Bearer token on /v1 and as `api-key` on Azure's path. */
  apiKey: string;
  /** Every request received, in order, including the refused ones. */
  requests: RecordedLlmRequest[];
  /** How every request is answered from now on (after the queued replies). */
  reply(reply: LlmReply | LlmReplyHandler): void;
  /** Replies used once each, in order, before the standing one. */
  queue(...replies: LlmReply[]): void;
  /** Forgets requests, queued replies and the standing reply (back to the echo). */
  reset(): void;
  close(): Promise<void>;
}

/** The error bodies and headers OpenAI sends, for `{ error: … }` replies. */
export const openAiErrors = {
  invalidApiKey(key: string): LlmErrorReply {
    const masked = key.length > 8 ? `${key.slice(0, 3)}${"*".repeat(key.length - 7)}${key.slice(-4)}` : "***";
    return {
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      },
    };
  },
  rateLimited(retryAfterSeconds = 1): LlmErrorReply {
    return {
      status: 429,
      headers: {
        "retry-after": String(retryAfterSeconds),
        "x-ratelimit-limit-requests": "500",
        "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": `${retryAfterSeconds}s`,
      },
      body: {
        error: {
          message:
            "Rate limit reached for gpt-4o in organization org-parleytest on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms. Visit https://platform.openai.com/account/rate-limits to learn more.",
          type: "requests",
          param: null,
          code: "rate_limit_exceeded",
        },
      },
    };
  },
  // OpenAI answers an exhausted quota with 429 as well; only the code tells it from a rate limit.
  insufficientQuota(): LlmErrorReply {
    return {
      status: 429,
      body: {
        error: {
          message:
            "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
          type: "insufficient_quota",
          param: null,
          code: "insufficient_quota",
        },
      },
    };
  },
  contextLengthExceeded(): LlmErrorReply {
    return {
      status: 400,
      body: {
        error: {
          message:
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
          type: "invalid_request_error",
          param: "messages",
          code: "context_length_exceeded",
        },
      },
    };
  },
  serverError(status: 500 | 502 | 503 = 500, headers: Record<string, string> = {}): LlmErrorReply {
    const messages = {
      500: "The server had an error while processing your request. Sorry about that!",
      502: "Bad gateway.",
      503: "The engine is currently overloaded, please try again later",
    };
    return {
      status,
      headers,
      body: {
        error: {
          message: messages[status],
          type: status === 500 ? "server_error" : "service_unavailable",
          param: null,
          code: null,
        },
      },
    };
  },
};

/** OpenAI answers with a dated snapshot of the model asked for. */
const snapshots: Record<string, string> = {
  "gpt-4o": "gpt-4o-2024-08-06",
  "gpt-4o-mini": "gpt-4o-mini-2024-07-18",
};

const azurePath = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Splits an answer into stream chunks the way a model emits tokens: each word with its leading space. */
function asChunks(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [text];
}

function echo(request: RecordedLlmRequest): LlmReply {
  const lastUser = [...(request.body.messages ?? [])].reverse().find((message) => message.role === "user");
  return { text: `Echo: ${lastUser?.content ?? ""}` };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

export async function startLlmServer(options: { apiKey?: string } = {}): Promise<LlmServer> {
  const apiKey = options.apiKey ?? "sk-test-parley-key-0123456789QRST";
  const requests: RecordedLlmRequest[] = [];
  const queued: LlmReply[] = [];
  let standing: LlmReply | LlmReplyHandler = echo;

  const replyTo = (request: RecordedLlmRequest): LlmReply | Promise<LlmReply> => {
    const next = queued.shift() ?? standing;
    return typeof next === "function" ? next(request) : next;
  };

  async function answer(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? "/", "http://loopback");
    const deployment = azurePath.exec(url.pathname)?.[1];
    const raw = await bodyOf(incoming);
    let body: ChatCompletionBody = {};
    let parsed = true;
    try {
      body = JSON.parse(raw) as ChatCompletionBody;
    } catch {
      parsed = false;
    }

    let outcome: "answered" | "dropped-by-server" | "closed-by-client" | undefined;
    const recorded: RecordedLlmRequest = {
      method: incoming.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      body,
      deployment: deployment === undefined ? undefined : decodeURIComponent(deployment),
      chunksSent: 0,
      ended: new Promise((resolve) =>
        response.once("close", () =>
          resolve(outcome ?? (response.writableFinished ? "answered" : "closed-by-client")),
        ),
      ),
    };
    requests.push(recorded);

    const requestId = `req_${randomBytes(16).toString("hex")}`;
    const commonHeaders: Record<string, string> = deployment
      ? {
          "x-request-id": requestId,
          "apim-request-id": randomBytes(16).toString("hex"),
          "x-ms-region": "West Europe",
        }
      : {
          "x-request-id": requestId,
          "openai-organization": "org-parleytest",
          "openai-processing-ms": "42",
          "openai-version": "2020-10-01",
          "x-ratelimit-limit-requests": "500",
          "x-ratelimit-limit-tokens": "30000",
          "x-ratelimit-remaining-requests": "499",
          "x-ratelimit-remaining-tokens": "29000",
          "x-ratelimit-reset-requests": "120ms",
          "x-ratelimit-reset-tokens": "2ms",
        };
    const sendJson = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...commonHeaders, ...headers });
      response.end(JSON.stringify(payload));
    };
    const invalidRequest = (status: number, message: string, param: string | null = null) =>
      sendJson(status, { error: { message, type: "invalid_request_error", param, code: null } });

    // Route and authentication, in the order the real services check them.
    if (incoming.method !== "POST" || (url.pathname !== "/v1/chat/completions" && deployment === undefined)) {
      invalidRequest(404, `Invalid URL (${incoming.method} ${url.pathname})`);
      return;
    }
    if (deployment !== undefined) {
      if (!url.searchParams.get("api-version")) {
        sendJson(404, { error: { code: "404", message: "Resource not found" } });
        return;
      }
      if (incoming.headers["api-key"] !== apiKey) {
        sendJson(401, {
          error: {
            code: "401",
            message:
              "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.",
          },
        });
        return;
      }
    } else {
      const presented = (incoming.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      if (presented !== apiKey) {
        const refusal = presented
          ? openAiErrors.invalidApiKey(presented)
          : {
              status: 401,
              body: {
                error: {
                  message:
                    "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
                  type: "invalid_request_error",
                  param: null,
                  code: null,
                },
              },
            };
        sendJson(refusal.status, refusal.body);
        return;
      }
    }
    if (!parsed) {
      invalidRequest(
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      );
      return;
    }
    if (typeof body.model !== "string" || body.model === "") {
      invalidRequest(400, "you must provide a model parameter");
      return;
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      invalidRequest(400, "[] is too short - 'messages'", "messages");
      return;
    }

    const reply = await replyTo(recorded);
    if ("hang" in reply) return;
    if ("error" in reply) {
      sendJson(reply.error.status, reply.error.body, reply.error.headers);
      return;
    }

    const chunks =
      "text" in reply
        ? asChunks(reply.text)
        : "toolCalls" in reply
          ? []
          : (reply.chunks ?? asChunks("This answer is cut off before its end"));
    const text = chunks.join("");
    const finishReason = "text" in reply ? (reply.finishReason ?? "stop") : "stop";
    const model = deployment !== undefined ? "gpt-4o-2024-08-06" : (snapshots[body.model] ?? body.model);
    const id = `chatcmpl-${randomBytes(15).toString("base64url")}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = (body.messages ?? []).reduce(
      (sum, message) => sum + wordCount(String(message.content)) + 4,
      3,
    );
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: wordCount(text),
      total_tokens: promptTokens + wordCount(text),
    };

    const includeUsage = body.stream_options?.include_usage === true;
    const chunkOf = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        system_fingerprint: "fp_parley",
        choices,
        ...(includeUsage ? { usage: null } : {}),
        ...extra,
      })}\n\n`;
    const delta = (content: Record<string, unknown>, finish: string | null = null) =>
      chunkOf([{ index: 0, delta: content, logprobs: null, finish_reason: finish }]);
    /** A whole (not streamed) answer: one choice with its message. */
    function sendCompletion(message: Record<string, unknown>, finish: string) {
      sendJson(200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
        usage,
        system_fingerprint: "fp_parley",
      });
    }
    function sendToolCalls(calls: { name: string; arguments: string }[]) {
      const withIds = calls.map((call) => ({ ...call, id: `call_${randomBytes(12).toString("base64url")}` }));
      if (!body.stream) {
        sendCompletion(
          { role: "assistant", content: null, refusal: null, tool_calls: withIds.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } })) },
          "tool_calls",
        );
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...commonHeaders });
      response.write(delta({ role: "assistant", content: null, refusal: null }));
      for (const [index, call] of withIds.entries()) {
        response.write(delta({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
        for (const piece of call.arguments.match(/[\s\S]{1,8}/g) ?? []) response.write(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
      response.write(delta({}, "tool_calls"));
      if (includeUsage) response.write(chunkOf([], { usage }));
      response.end("data: [DONE]\n\n");
    }

    if ("toolCalls" in reply) {
      sendToolCalls(reply.toolCalls);
      return;
    }

    if (!body.stream) {
      sendCompletion({ role: "assistant", content: text, refusal: null }, finishReason);
      return;
    }

    const clientGone = () => response.destroyed;
    // Resolves once the bytes are handed to the socket, so a drop that follows cannot swallow them.
    const send = (event: string) => new Promise<void>((resolve) => response.write(event, () => resolve()));

    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      ...commonHeaders,
    });
    await send(delta({ role: "assistant", content: "", refusal: null }));

    const dropAfter = "dropConnectionAfterChunks" in reply ? reply.dropConnectionAfterChunks : undefined;
    const timing = "chunks" in reply && !("dropConnectionAfterChunks" in reply) ? reply : undefined;
    for (const [index, content] of chunks.entries()) {
      if (index === dropAfter) {
        outcome = "dropped-by-server";
        response.socket?.destroy();
        return;
      }
      const pause = index === 0 ? timing?.firstTokenDelayMs : timing?.delayMs;
      if (pause) await sleep(pause);
      await timing?.beforeChunk?.(index);
      if (clientGone()) return;
      recorded.chunksSent++;
      await send(delta({ content }));
    }
    if (dropAfter !== undefined) {
      outcome = "dropped-by-server";
      response.socket?.destroy();
      return;
    }
    response.write(delta({}, finishReason));
    if (includeUsage) response.write(chunkOf([], { usage }));
    response.end("data: [DONE]\n\n");
  }

  // A script that throws (a test's handler) cuts the connection rather than leaving the request waiting.
  const server = createServer(
    (incoming, response) => void answer(incoming, response).catch(() => response.destroy()),
  );

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    baseUrl: `${origin}/v1`,
    apiKey,
    requests,
    reply(reply) {
      standing = reply;
    },
    queue(...replies) {
      queued.push(...replies);
    },
    reset() {
      requests.length = 0;
      queued.length = 0;
      standing = echo;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Hanging requests would keep close() waiting forever.
      server.closeAllConnections();
      await closed;
    },
  };
}
