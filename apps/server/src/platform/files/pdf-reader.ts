import type { TextBlock } from "@parley/domain";
import { UnreadablePdfError } from "./pdf-text";
import { startWorker } from "../workers";

export type PdfWorkerAnswer = { ok: true; blocks: TextBlock[] } | { ok: false; reason: UnreadablePdfError["reason"] };

/** What reading one PDF may take: a few MB of upload can unpack to gigabytes, or take minutes. */
export interface PdfReadLimits {
  /** Memory the reading may add to the process (unpacked streams, parsed pages). */
  memoryBytes: number;
  timeoutMs: number;
}

export const defaultPdfReadLimits: PdfReadLimits = { memoryBytes: 512 * 1024 * 1024, timeoutMs: 30_000 };

/** Reading the PDF went past a limit of `PdfReadLimits`; it was stopped. */
export class PdfTooLargeError extends Error {
  constructor(readonly limit: "memory" | "time") {
    super(limit === "memory" ? "The PDF unpacks to more data than can be read" : "The PDF takes too long to read");
    this.name = "PdfTooLargeError";
  }
}

// How often the memory of a reading is looked at. Unpacking a stream grows its buffer by doubling, at a
// few hundred MB a second, so a look this often stops a bomb within a doubling or two of the limit.
const memoryCheckMs = 20;

// One PDF at a time: the memory a reading adds is measured for the whole process, and the machine's
// cores stay free for requests.
let queue: Promise<unknown> = Promise.resolve();

function readInWorker(bytes: Uint8Array, limits: PdfReadLimits): Promise<TextBlock[]> {
  return new Promise((resolve, reject) => {
    const baseline = process.memoryUsage.rss();
    const worker = startWorker(import.meta.url, "pdf-worker", {
      workerData: { bytes },
      resourceLimits: { maxOldGenerationSizeMb: Math.ceil(limits.memoryBytes / (1024 * 1024)) },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const watch = setInterval(() => {
      // The resident size of the whole process: a worker's buffers are not in this thread's own counts.
      if (process.memoryUsage.rss() - baseline > limits.memoryBytes) finish(() => reject(new PdfTooLargeError("memory")));
    }, memoryCheckMs);
    const timer = setTimeout(() => finish(() => reject(new PdfTooLargeError("time"))), limits.timeoutMs);
    worker.once("message", (answer: PdfWorkerAnswer) =>
      finish(() => (answer.ok ? resolve(answer.blocks) : reject(new UnreadablePdfError(answer.reason, undefined)))),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      finish(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new PdfTooLargeError("memory") : new UnreadablePdfError("damaged", error))),
    );
    worker.once("exit", () => finish(() => reject(new UnreadablePdfError("damaged", new Error("The PDF reader stopped without an answer")))));
  });
}

/**
 * The text of a PDF as headings and paragraphs (see `pdfTextBlocks`), read in a worker thread that is
 * stopped when it adds more than `limits.memoryBytes` to the process or runs longer than
 * `limits.timeoutMs` (`PdfTooLargeError`). Throws `UnreadablePdfError` for a damaged or encrypted PDF.
 */
export function readPdfText(bytes: Uint8Array, limits: PdfReadLimits = defaultPdfReadLimits): Promise<TextBlock[]> {
  const reading = queue.then(() => readInWorker(bytes, limits));
  queue = reading.catch(() => undefined);
  return reading;
}
