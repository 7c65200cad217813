/**
 * Worker entry: reads the text of one PDF (`workerData.bytes`) off the main thread, so that a heavy or
 * hostile PDF can be stopped (see `pdf-reader.ts`). Answers one message, a `PdfWorkerAnswer`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { pdfTextBlocks, UnreadablePdfError } from "./pdf-text";
import type { PdfWorkerAnswer } from "./pdf-reader";

const { bytes } = workerData as { bytes: Uint8Array };

async function answer(): Promise<PdfWorkerAnswer> {
  try {
    return { ok: true, blocks: await pdfTextBlocks(bytes) };
  } catch (error) {
    return { ok: false, reason: error instanceof UnreadablePdfError ? error.reason : "damaged" };
  }
}

parentPort?.postMessage(await answer());
