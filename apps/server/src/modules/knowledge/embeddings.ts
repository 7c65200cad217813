/**
 * Embeddings from an OpenAI-compatible API (`POST {EMBEDDINGS_BASE_URL}/embeddings`, the base naming the
 * version, as in `https://api.openai.com/v1`). The provider is set by the operator, not typed by a user, so
 * it is called directly rather than through the guarded outbound client.
 */

export interface EmbeddingSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /**
   * Where the model's similarity of a visitor's question and a FAQ row begins and ends saying "related" (see
   * the FAQ matcher's `SimilarityScale`); `EMBEDDINGS_FAQ_SCALE=0.3,0.5` by default.
   */
  faqScale?: { unrelated: number; related: number };
  /** Per request; the provider is skipped (and retrieval goes on without vectors) when it does not answer. */
  timeoutMs?: number;
}

export interface Embedder {
  readonly model: string;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

/** The provider refused or failed; `status` is its HTTP status when it answered. */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "EmbeddingError";
  }
}

export function embeddingSettingsFromEnv(env: NodeJS.ProcessEnv): EmbeddingSettings | undefined {
  const baseUrl = env.EMBEDDINGS_BASE_URL?.trim();
  const apiKey = env.EMBEDDINGS_API_KEY?.trim();
  const model = env.EMBEDDINGS_MODEL?.trim();
  if (!baseUrl || !apiKey || !model) return undefined;
  return { baseUrl, apiKey, model, faqScale: faqScaleOf(env.EMBEDDINGS_FAQ_SCALE) };
}

/**
 * Similarities of unrelated short texts reach about 0.3 with OpenAI's text-embedding-3 models, and a question
 * and its paraphrase are above 0.5; another model may need other values.
 */
export const defaultFaqScale = { unrelated: 0.3, related: 0.5 };

/** `"0.3,0.5"` → the scale; anything else (unset, malformed, not 0 ≤ unrelated < related ≤ 1) → the default. */
export function faqScaleOf(value: string | undefined): { unrelated: number; related: number } {
  const [unrelated, related] = (value ?? "").split(",").map((part) => Number(part.trim()));
  const valid = value !== undefined && Number.isFinite(unrelated) && Number.isFinite(related) && unrelated! >= 0 && unrelated! < related! && related! <= 1;
  return valid ? { unrelated: unrelated!, related: related! } : defaultFaqScale;
}

/**
 * An embedder that remembers the vectors of recent single texts (a visitor's question) and asks once for a text
 * already being asked for: a question is embedded for the FAQ rows and for the articles in the same turn, one
 * request. Requests of several texts (FAQ rows, chunks being indexed) pass through: callers keep those.
 */
export function cachingEmbedder(embedder: Embedder, maxTexts = 500): Embedder {
  const known = new Map<string, Promise<number[][]>>();
  return {
    model: embedder.model,
    embed(texts) {
      if (texts.length !== 1) return embedder.embed(texts);
      const text = texts[0]!;
      const vector = known.get(text) ?? embedder.embed(texts);
      // A Map iterates in insertion order: re-inserting makes the text the most recently used, the first key the least.
      known.delete(text);
      known.set(text, vector);
      if (known.size > maxTexts) known.delete(known.keys().next().value!);
      // A failed request is forgotten, so the next turn asks again.
      vector.catch(() => {
        if (known.get(text) === vector) known.delete(text);
      });
      return vector;
    },
  };
}

// OpenAI takes up to 2048 inputs per request; smaller batches keep each request short.
const batchSize = 64;

function unitLength(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

interface EmbeddingAnswer {
  data?: { index?: unknown; embedding?: unknown }[];
  error?: { message?: unknown };
}

export function createEmbedder(settings: EmbeddingSettings): Embedder {
  const endpoint = new URL("embeddings", settings.baseUrl.endsWith("/") ? settings.baseUrl : `${settings.baseUrl}/`);
  const timeoutMs = settings.timeoutMs ?? 20_000;

  async function embedBatch(texts: string[]): Promise<number[][]> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${settings.apiKey}` },
        body: JSON.stringify({ model: settings.model, input: texts, encoding_format: "float" }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new EmbeddingError(`The embedding provider did not answer: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as EmbeddingAnswer;
    if (!response.ok) {
      const detail = typeof answer.error?.message === "string" ? `: ${answer.error.message}` : "";
      throw new EmbeddingError(`The embedding provider answered ${response.status}${detail}`, response.status);
    }
    const vectors: number[][] = [];
    for (const item of answer.data ?? []) {
      const vector = item.embedding;
      if (typeof item.index !== "number" || !Array.isArray(vector) || !vector.every((value) => typeof value === "number")) {
        throw new EmbeddingError("The embedding provider answered an unexpected format");
      }
      vectors[item.index] = unitLength(vector as number[]);
    }
    if (vectors.length !== texts.length || vectors.some((vector) => vector === undefined)) {
      throw new EmbeddingError("The embedding provider did not answer one vector per text");
    }
    return vectors;
  }

  return {
    model: settings.model,
    async embed(texts) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) vectors.push(...(await embedBatch(texts.slice(start, start + batchSize))));
      return vectors;
    },
  };
}
