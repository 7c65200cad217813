import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback server that answers like OpenAI's `POST /v1/embeddings`: the same body, headers and error bodies
 * (404 for another path, 401 invalid_api_key, 429 rate_limit_exceeded with `retry-after`). Its "model" puts the
 * words of one meaning on one axis (plus a small constant on every axis), so a question can share no word with
 * a text and still be near it. Every answered request is recorded.
 */

export interface RecordedEmbeddingRequest {
  authorization?: string;
  contentType?: string;
  body: { model?: string; input?: string[]; encoding_format?: string };
}

export interface EmbeddingsServer {
  /** The API base, `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  apiKey: string;
  received: RecordedEmbeddingRequest[];
  /** While true, every request is answered 429. */
  rateLimited: boolean;
  /** While true, every request is answered 500 as OpenAI answers a server error. */
  failing: boolean;
  /** The vector the server gives a text (before the client scales it to unit length). */
  embeddingOf(text: string): number[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

/** `meanings`: lists of words that share an axis; letters outside a–z (accents too) split words. */
export async function startEmbeddingsServer(meanings: readonly (readonly string[])[], apiKey = "sk-test-0123456789"): Promise<EmbeddingsServer> {
  const embeddingOf = (text: string): number[] => {
    const vector = meanings.map(() => 0.01);
    for (const word of text.toLowerCase().split(/[^a-z]+/)) {
      const axis = meanings.findIndex((words) => words.includes(word));
      if (axis >= 0) vector[axis]! += 1;
    }
    return vector;
  };
  const state: EmbeddingsServer = {
    baseUrl: "",
    apiKey,
    received: [],
    rateLimited: false,
    failing: false,
    embeddingOf,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer(async (request, response) => {
    const raw = await bodyOf(request);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", "x-request-id": `req_${state.received.length}`, ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "POST" || request.url !== "/v1/embeddings") {
      send(404, { error: { message: `Invalid URL (${request.method} ${request.url})`, type: "invalid_request_error", param: null, code: null } });
      return;
    }
    const key = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (key !== apiKey) {
      send(401, {
        error: {
          message: `Incorrect API key provided: ${key.slice(0, 3)}***. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      });
      return;
    }
    if (state.rateLimited) {
      send(
        429,
        { error: { message: "Rate limit reached for text-embedding-3-small on requests per min (RPM): Limit 3000.", type: "requests", param: null, code: "rate_limit_exceeded" } },
        { "retry-after": "1", "x-ratelimit-limit-requests": "3000", "x-ratelimit-remaining-requests": "0" },
      );
      return;
    }
    if (state.failing) {
      send(500, { error: { message: "The server had an error while processing your request. Sorry about that!", type: "server_error", param: null, code: null } });
      return;
    }
    const body = JSON.parse(raw) as RecordedEmbeddingRequest["body"];
    state.received.push({ authorization: request.headers.authorization, contentType: request.headers["content-type"], body });
    const inputs = body.input ?? [];
    send(
      200,
      {
        object: "list",
        data: inputs.map((input, index) => ({ object: "embedding", index, embedding: embeddingOf(input) })),
        model: body.model,
        usage: { prompt_tokens: inputs.length * 8, total_tokens: inputs.length * 8 },
      },
      { "openai-model": String(body.model), "openai-processing-ms": "12" },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
