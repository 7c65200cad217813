/**
 * Where the assistant's answers come from, read once from the environment at start (README.md beside this
 * file has the table). Each variable:
 *
 * - `LLM_BASE_URL`: an OpenAI-compatible Chat Completions API, the base naming the version
 *   (`https://api.openai.com/v1`, `http://localhost:11434/v1` for Ollama). Unset: no provider at all.
 * - `LLM_API_KEY`: sent as `Authorization: Bearer …`. Unset: no Authorization header (Ollama needs none).
 * - `LLM_MODELS`: the configuration's model names mapped to the provider's, `name=model` pairs separated by
 *   commas; default `gpt-4o-default=gpt-4o,gpt-4o-mini-default=gpt-4o-mini`. A name not in the map is sent as it is.
 * - `LLM_TIMEOUT_MS`: the whole request, retry included, until the last token (default 30000).
 * - `LLM_FIRST_TOKEN_TIMEOUT_MS`: how long a streamed answer may take to send its first token (default 15000).
 * - `LLM_AUXILIARY_TIMEOUT_MS`: the whole of a short question asked before the answer (the message's language,
 *   the live monitor's verdict, the URL search), which the visitor waits for (default 5000, at most LLM_TIMEOUT_MS).
 * - `AZURE_OPENAI_ENDPOINT`: `https://{resource}.openai.azure.com`, for configurations with use_azure_openai.
 *   Unset: no Azure.
 * - `AZURE_OPENAI_API_KEY`: sent as the `api-key` header; required with the endpoint.
 * - `AZURE_OPENAI_API_VERSION`: the `api-version` query parameter (default 2024-10-21, a GA version).
 * - `AZURE_OPENAI_DEPLOYMENTS`: model names mapped to deployment names, the syntax of LLM_MODELS and the same
 *   default (deployments are commonly named after their model).
 *
 * A value that cannot be right (a URL that is not http(s), a pair without `=`, a timeout that is not a
 * positive whole number) stops the start with a message naming the variable, rather than failing each answer.
 */

export interface ProviderTimeouts {
  /** The whole request: connecting, a retry, and streaming to the last token. */
  timeoutMs: number;
  /** A streamed answer's first content token; non-streamed requests have the whole-request limit only. */
  firstTokenTimeoutMs: number;
  /**
   * The whole of an auxiliary request (language, monitor, URL search): each holds up the visitor's turn, and a
   * failed one only costs its refinement. Default 5000; never more than `timeoutMs`.
   */
  auxiliaryTimeoutMs?: number;
}

/** OpenAI itself or any server speaking its Chat Completions API (Ollama, vLLM, LiteLLM…). */
export interface OpenAiCompatibleSettings extends ProviderTimeouts {
  baseUrl: string;
  apiKey?: string;
  /** Configuration model name → the provider's model. */
  models: Record<string, string>;
}

export interface AzureOpenAiSettings extends ProviderTimeouts {
  endpoint: string;
  apiKey: string;
  apiVersion: string;
  /** Configuration model name → Azure deployment name. */
  deployments: Record<string, string>;
}

/** Either part is absent when it is not configured. */
export interface ProviderSettings {
  openai?: OpenAiCompatibleSettings;
  azure?: AzureOpenAiSettings;
}

export const defaultModelMap = "gpt-4o-default=gpt-4o,gpt-4o-mini-default=gpt-4o-mini";
export const defaultAzureApiVersion = "2024-10-21";
const defaultTimeoutMs = 30_000;
const defaultFirstTokenTimeoutMs = 15_000;
export const defaultAuxiliaryTimeoutMs = 5_000;

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== "" ? value.trim() : undefined;
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`${name} must be an http(s) URL, got ${value}`);
  return value;
}

/** `a=b,c=d` as `{ a: "b", c: "d" }`. */
export function parseNameMap(name: string, value: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const entry of value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [from, to, ...rest] = entry.split("=").map((part) => part.trim());
    if (!from || !to || rest.length > 0)
      throw new Error(`${name} takes name=model pairs separated by commas, got "${entry}"`);
    map[from] = to;
  }
  return map;
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  const given = nonEmpty(value);
  if (given === undefined) return fallback;
  const parsed = Number(given);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive number of milliseconds, got ${given}`);
  return parsed;
}

export function providerSettingsFromEnv(env: NodeJS.ProcessEnv): ProviderSettings {
  const timeouts: ProviderTimeouts = {
    timeoutMs: milliseconds("LLM_TIMEOUT_MS", env.LLM_TIMEOUT_MS, defaultTimeoutMs),
    firstTokenTimeoutMs: milliseconds(
      "LLM_FIRST_TOKEN_TIMEOUT_MS",
      env.LLM_FIRST_TOKEN_TIMEOUT_MS,
      defaultFirstTokenTimeoutMs,
    ),
    auxiliaryTimeoutMs: milliseconds("LLM_AUXILIARY_TIMEOUT_MS", env.LLM_AUXILIARY_TIMEOUT_MS, defaultAuxiliaryTimeoutMs),
  };
  const settings: ProviderSettings = {};

  const baseUrl = nonEmpty(env.LLM_BASE_URL);
  if (baseUrl) {
    settings.openai = {
      baseUrl: httpUrl("LLM_BASE_URL", baseUrl),
      apiKey: nonEmpty(env.LLM_API_KEY),
      models: parseNameMap("LLM_MODELS", nonEmpty(env.LLM_MODELS) ?? defaultModelMap),
      ...timeouts,
    };
  }

  const endpoint = nonEmpty(env.AZURE_OPENAI_ENDPOINT);
  if (endpoint) {
    const apiKey = nonEmpty(env.AZURE_OPENAI_API_KEY);
    if (!apiKey) throw new Error("AZURE_OPENAI_API_KEY is required when AZURE_OPENAI_ENDPOINT is set");
    settings.azure = {
      endpoint: httpUrl("AZURE_OPENAI_ENDPOINT", endpoint),
      apiKey,
      apiVersion: nonEmpty(env.AZURE_OPENAI_API_VERSION) ?? defaultAzureApiVersion,
      deployments: parseNameMap(
        "AZURE_OPENAI_DEPLOYMENTS",
        nonEmpty(env.AZURE_OPENAI_DEPLOYMENTS) ?? defaultModelMap,
      ),
      ...timeouts,
    };
  }
  return settings;
}
