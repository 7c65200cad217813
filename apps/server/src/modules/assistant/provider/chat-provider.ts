/**
 * The assistant's one way to a language model: Chat Completions through the official `openai` SDK, against
 * OpenAI, any server speaking its API (LLM_BASE_URL), or Azure OpenAI for configurations with
 * use_azure_openai. The provider is chosen by the operator, not typed by a user, so it is called directly
 * rather than through the guarded outbound client.
 *
 * Every failure comes out as a ProviderError whose `kind` says what the caller can do about it, with a
 * message fit for the logs: the API key is never in it.
 */
import { randomUUID } from "node:crypto";
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AzureOpenAI,
  OpenAIError,
  type ClientOptions,
} from "openai";
import type { ChatCompletionCreateParamsBase } from "openai/resources/chat/completions";
import { defaultAuxiliaryTimeoutMs } from "./settings";
import type {
  AzureOpenAiSettings,
  OpenAiCompatibleSettings,
  ProviderSettings,
  ProviderTimeouts,
} from "./settings";

/** A function the model asked to call, with its arguments as the JSON text the model wrote. */
export interface ChatToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ChatToolCall[] }
  /** What a called function gave back, for the call with `toolCallId`. */
  | { role: "tool"; toolCallId: string; content: string };

/** A function the model may call: its name, what it does and its parameters as a JSON schema. */
export interface ChatTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  /** The configuration's model name (`gpt-4o-default`), mapped through LLM_MODELS or AZURE_OPENAI_DEPLOYMENTS. */
  model: string;
  messages: ChatMessage[];
  temperature: number;
  topP: number;
  maxTokens: number;
  /** The configuration's use_azure_openai. */
  azure?: boolean;
  /** Functions the model may call instead of answering (the configuration's AI functions). */
  tools?: ChatTool[];
  /** Stream the answer token by token; by default it streams when `onDelta` is given. */
  stream?: boolean;
  /** The caller giving up (the visitor left): the request is cancelled and the signal's reason is thrown. */
  signal?: AbortSignal;
  /**
   * A short question asked before the answer (language, monitor, URL search): it gets the auxiliary time limit,
   * since the visitor's turn waits for it and the turn goes on without its result.
   */
  auxiliary?: boolean;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatAnswer {
  text: string;
  /** The model that answered, as the provider names it (`gpt-4o-2024-08-06`). */
  model: string;
  /** `stop`, or `length` when max_tokens cut the answer, or `content_filter`. */
  finishReason?: string;
  usage?: ChatUsage;
  /** The provider's `x-request-id`, for its support. */
  requestId?: string;
  /** The functions the model asked to call (`finishReason` `tool_calls`), in its order. */
  toolCalls?: ChatToolCall[];
}

export interface ChatProvider {
  /** Streamed, `onDelta` receives each piece of content as soon as it arrives; otherwise the whole text once. */
  complete(request: ChatRequest, onDelta?: (text: string) => void): Promise<ChatAnswer>;
}

/**
 * What went wrong, as the caller acts on it: `timeout` (no answer in time), `rate_limited` (try later),
 * `quota_exceeded` (the account needs money), `unauthorized` (the key is wrong), `bad_request` (this request
 * cannot work, e.g. too long for the model), `unavailable` (not configured, unreachable, failing or cut off).
 */
export type ProviderErrorKind =
  "timeout" | "rate_limited" | "quota_exceeded" | "unauthorized" | "bad_request" | "unavailable";

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    details: { status?: number; requestId?: string; providerCode?: string } = {},
  ) {
    super(message);
    this.name = "ProviderError";
    this.status = details.status;
    this.requestId = details.requestId;
    this.providerCode = details.providerCode;
  }

  /** The provider's HTTP status when it answered one. */
  readonly status?: number;
  readonly requestId?: string;
  /** The provider's error code, e.g. `context_length_exceeded`. */
  readonly providerCode?: string;
}

export function isProviderConfigured(settings: ProviderSettings, options: { azure?: boolean } = {}): boolean {
  return options.azure ? settings.azure !== undefined : settings.openai !== undefined;
}

/** One configured provider: its client, made once, and how it names models. */
interface Target {
  client: OpenAI;
  /** For messages: `the LLM provider at api.openai.com` or `Azure OpenAI at acme.openai.azure.com`. */
  label: string;
  apiKey?: string;
  timeouts: ProviderTimeouts;
  providerModel(model: string): string;
}

function parseRetryDelayMs(headers: Headers): number | undefined {
  const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (!Number.isNaN(milliseconds)) return milliseconds;
  const retryAfter = headers.get("retry-after");
  if (!retryAfter) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  return Number.isNaN(seconds) ? Date.parse(retryAfter) - Date.now() : seconds * 1000;
}

function isQuotaRefusal(body: string): boolean {
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; type?: unknown } }).error;
    return error?.code === "insufficient_quota" || error?.type === "insufficient_quota";
  } catch {
    return false;
  }
}

/**
 * The SDK retries every 429, but an exhausted quota is a 429 too and does not pass by waiting, and a
 * `retry-after` longer than the whole-request limit could only end in a timeout. Such answers get the SDK's
 * own `x-should-retry: false`, so they fail at once with what the provider said.
 */
/**
 * A request's own header naming it to the fetch below, which counts the SDK's attempts of it (a retry is one
 * more) and does not send the header on.
 */
const attemptHeader = "x-parley-attempt-of";
const attemptsOf = new Map<string, number>();

function fetchMarkingHopelessRetries(timeoutMs: number): ClientOptions["fetch"] {
  return async (input, given) => {
    let init = given;
    const sent = new Headers(given?.headers);
    const of = sent.get(attemptHeader);
    if (of !== null) {
      sent.delete(attemptHeader);
      attemptsOf.set(of, (attemptsOf.get(of) ?? 0) + 1);
      init = { ...given, headers: sent };
    }
    const response = await fetch(input, init);
    if (response.status !== 429 || response.headers.has("x-should-retry")) return response;
    const body = await response.text();
    const headers = new Headers(response.headers);
    if (isQuotaRefusal(body) || (parseRetryDelayMs(headers) ?? 0) >= timeoutMs)
      headers.set("x-should-retry", "false");
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

function clientOptions(timeouts: ProviderTimeouts): Omit<ClientOptions, "provider"> {
  return {
    // One retry for what may pass (connection failures, 408, 409, 429, 5xx); the SDK never retries 400/401/403/404.
    maxRetries: 1,
    // The SDK's limit covers one attempt until the headers; complete() holds the whole-request limit itself.
    timeout: timeouts.timeoutMs,
    fetch: fetchMarkingHopelessRetries(timeouts.timeoutMs),
    // Explicit, so the SDK does not pick these up from OPENAI_* variables of the environment.
    organization: null,
    project: null,
    webhookSecret: null,
    logLevel: "warn",
  };
}

function openAiTarget(settings: OpenAiCompatibleSettings): Target {
  const client = new OpenAI({
    ...clientOptions(settings),
    baseURL: settings.baseUrl,
    // The SDK insists on a key; a server without keys (Ollama) gets no Authorization header at all.
    apiKey: settings.apiKey ?? "no-key",
    ...(settings.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
  return {
    client,
    label: `the LLM provider at ${new URL(settings.baseUrl).host}`,
    apiKey: settings.apiKey,
    timeouts: settings,
    providerModel: (model) => settings.models[model] ?? model,
  };
}

function azureTarget(settings: AzureOpenAiSettings): Target {
  // The deployment travels as the body's `model`; the SDK moves it into the path, /openai/deployments/{it}/….
  const client = new AzureOpenAI({
    ...clientOptions(settings),
    endpoint: settings.endpoint,
    apiKey: settings.apiKey,
    apiVersion: settings.apiVersion,
  });
  return {
    client,
    label: `Azure OpenAI at ${new URL(settings.endpoint).host}`,
    apiKey: settings.apiKey,
    timeouts: settings,
    providerModel: (model) => settings.deployments[model] ?? model,
  };
}

/** Keys, and OpenAI's masked echo of a wrong one (`sk-ab***wxyz`), out of a text bound for the logs. */
function redact(text: string, apiKey: string | undefined): string {
  const withoutKey = apiKey ? text.split(apiKey).join("[key]") : text;
  return withoutKey.replace(/\bsk-[\w*.-]+/g, "[key]");
}

function kindOf(error: APIError): ProviderErrorKind {
  if (error instanceof APIConnectionTimeoutError) return "timeout";
  if (error instanceof APIConnectionError) return "unavailable";
  const status = error.status;
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429)
    return error.code === "insufficient_quota" || error.type === "insufficient_quota"
      ? "quota_exceeded"
      : "rate_limited";
  if (status === 408) return "timeout";
  if (status !== undefined && status >= 400 && status < 500 && status !== 409) return "bad_request";
  // 409, 5xx, and an error event inside a stream (no status).
  return "unavailable";
}

const kindDescriptions: Record<ProviderErrorKind, string> = {
  timeout: "did not answer in time",
  rate_limited: "is rate limiting us",
  quota_exceeded: "refused: the account's quota is used up",
  unauthorized: "refused the API key",
  bad_request: "refused the request",
  unavailable: "failed",
};

function providerErrorFrom(error: unknown, target: Target, requestId: string | undefined): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof APIError) {
    const kind = kindOf(error);
    const code = typeof error.code === "string" ? error.code : undefined;
    // A refused key's message is only about the key: nothing in it is worth the risk of logging it.
    const detail =
      kind === "unauthorized"
        ? error.status
          ? String(error.status)
          : ""
        : redact(error.message, target.apiKey);
    return new ProviderError(
      kind,
      `${target.label} ${kindDescriptions[kind]}${detail ? `: ${detail}` : ""}`,
      {
        status: error.status,
        requestId: error.requestID ?? requestId,
        providerCode: code,
      },
    );
  }
  // What the SDK passes through untouched: the connection cut mid-stream (undici's "terminated"), an
  // unreadable event, the SDK's own complaints.
  const reason =
    error instanceof Error
      ? error.cause instanceof Error
        ? `${error.message} (${error.cause.message})`
        : error.message
      : String(error);
  const detail =
    error instanceof OpenAIError || error instanceof Error ? redact(reason, target.apiKey) : "unknown error";
  return new ProviderError("unavailable", `${target.label} failed: ${detail}`, { requestId });
}

/**
 * `work`, or the signal's reason as soon as it aborts: the SDK sleeps before its retry without looking at
 * the signal, and the caller should not wait for that.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // After an abort, work still settles (rejected); that is expected and handled here.
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): ChatUsage | undefined {
  return usage
    ? {
        promptTokens: usage.prompt_tokens,
        completionTokens: usage.completion_tokens,
        totalTokens: usage.total_tokens,
      }
    : undefined;
}

/** A message as the Chat Completions API takes it. */
function wireMessage(message: ChatMessage): OpenAI.ChatCompletionMessageParam {
  if (message.role === "tool") return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
  if (message.role === "assistant" && message.toolCalls?.length) {
    return {
      role: "assistant",
      content: message.content || null,
      tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: "function" as const, function: { name: call.name, arguments: call.arguments } })),
    };
  }
  return { role: message.role, content: message.content };
}

export function createChatProvider(settings: ProviderSettings): ChatProvider {
  const openai = settings.openai && openAiTarget(settings.openai);
  const azure = settings.azure && azureTarget(settings.azure);

  function targetFor(request: ChatRequest): Target {
    if (request.azure) {
      if (!azure)
        throw new ProviderError(
          "unavailable",
          "The configuration uses Azure OpenAI, but AZURE_OPENAI_ENDPOINT is not set",
        );
      return azure;
    }
    if (!openai)
      throw new ProviderError("unavailable", "No LLM provider is configured: LLM_BASE_URL is not set");
    return openai;
  }

  return {
    async complete(request, onDelta) {
      const target = targetFor(request);
      const stream = request.stream ?? onDelta !== undefined;
      const { firstTokenTimeoutMs } = target.timeouts;
      const timeoutMs = request.auxiliary
        ? Math.min(target.timeouts.auxiliaryTimeoutMs ?? defaultAuxiliaryTimeoutMs, target.timeouts.timeoutMs)
        : target.timeouts.timeoutMs;

      // Our own limits, told apart from the caller's abort by `expired`.
      const limits = new AbortController();
      let expired: string | undefined;
      const expire = (what: string) => () => {
        expired ??= what;
        limits.abort(new Error(what));
      };
      const requestTimer = setTimeout(expire(`no complete answer within ${timeoutMs} ms`), timeoutMs);
      let firstTokenTimer = stream
        ? setTimeout(expire(`no first token within ${firstTokenTimeoutMs} ms`), firstTokenTimeoutMs)
        : undefined;
      const signal = request.signal ? AbortSignal.any([limits.signal, request.signal]) : limits.signal;

      let requestId: string | undefined;
      let callbackFailed = false;
      let delivered = false;
      const attemptKey = randomUUID();
      const requestOptions = { signal, headers: { [attemptHeader]: attemptKey } };
      const deliver = (text: string) => {
        delivered = true;
        try {
          onDelta?.(text);
        } catch (error) {
          callbackFailed = true;
          throw error;
        }
      };

      const params: ChatCompletionCreateParamsBase = {
        model: target.providerModel(request.model),
        messages: request.messages.map(wireMessage),
        temperature: request.temperature,
        top_p: request.topP,
        max_tokens: request.maxTokens,
        ...(request.tools?.length
          ? { tools: request.tools.map((tool) => ({ type: "function" as const, function: tool })), tool_choice: "auto" as const }
          : {}),
      };

      async function answerWhole(): Promise<ChatAnswer> {
        const { data, request_id } = await target.client.chat.completions
          .create({ ...params, stream: false }, requestOptions)
          .withResponse();
        requestId = request_id ?? undefined;
        const choice = data.choices[0];
        const text = choice?.message.content ?? "";
        if (text) deliver(text);
        const toolCalls = (choice?.message.tool_calls ?? []).flatMap((call) =>
          call.type === "function" ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }] : [],
        );
        return {
          text,
          model: data.model,
          finishReason: choice?.finish_reason,
          usage: usageOf(data.usage),
          requestId,
          ...(toolCalls.length > 0 ? { toolCalls } : {}),
        };
      }

      async function answerStreamed(retry = false): Promise<ChatAnswer> {
        const { data: chunks, request_id } = await target.client.chat.completions
          .create({ ...params, stream: true, stream_options: { include_usage: true } }, retry ? { ...requestOptions, maxRetries: 0 } : requestOptions)
          .withResponse();
        requestId = request_id ?? undefined;
        let text = "";
        let model = params.model;
        let finishReason: string | undefined;
        let usage: ChatUsage | undefined;
        // A call's id and name come in its first piece, its arguments in pieces after it, by `index`.
        const toolCalls: ChatToolCall[] = [];
        for await (const chunk of chunks) {
          if (chunk.model) model = chunk.model;
          usage = usageOf(chunk.usage) ?? usage;
          const choice = chunk.choices[0];
          for (const piece of choice?.delta?.tool_calls ?? []) {
            clearTimeout(firstTokenTimer);
            firstTokenTimer = undefined;
            const call = (toolCalls[piece.index] ??= { id: "", name: "", arguments: "" });
            if (piece.id) call.id = piece.id;
            if (piece.function?.name) call.name += piece.function.name;
            if (piece.function?.arguments) call.arguments += piece.function.arguments;
          }
          const content = choice?.delta?.content;
          if (content) {
            clearTimeout(firstTokenTimer);
            firstTokenTimer = undefined;
            text += content;
            deliver(content);
          }
          if (choice?.finish_reason) finishReason = choice.finish_reason;
        }
        // The SDK ends a stream quietly when it is aborted; a partial answer must not pass for a whole one.
        signal.throwIfAborted();
        if (!finishReason)
          throw new ProviderError(
            "unavailable",
            `${target.label} ended the stream before the answer was complete`,
            { requestId },
          );
        const called = toolCalls.filter((call) => call && call.name !== "");
        return { text, model, finishReason, usage, requestId, ...(called.length > 0 ? { toolCalls: called } : {}) };
      }

      try {
        try {
          return await untilAborted(stream ? answerStreamed() : answerWhole(), signal);
        } catch (error) {
          // A stream that broke before its first token (the connection cut after the headers, or ended with no
          // answer) is a failed connection as far as the visitor can tell: it gets the one retry, unless the SDK
          // made it already. Once a token was shown, a second answer would not follow on from it: no retry.
          const retryable = stream && !delivered && !signal.aborted && !(error instanceof APIError) && (attemptsOf.get(attemptKey) ?? 0) < 2;
          if (!retryable) throw error;
          return await untilAborted(answerStreamed(true), signal);
        }
      } catch (error) {
        if (callbackFailed) throw error;
        if (request.signal?.aborted) throw request.signal.reason;
        if (expired)
          throw new ProviderError("timeout", `${target.label} did not answer in time: ${expired}`, {
            requestId,
          });
        throw providerErrorFrom(error, target, requestId);
      } finally {
        attemptsOf.delete(attemptKey);
        clearTimeout(requestTimer);
        clearTimeout(firstTokenTimer);
      }
    },
  };
}
