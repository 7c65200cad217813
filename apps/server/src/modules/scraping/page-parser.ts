/**
 * A fetched page's text (`extractPageText`), read off the main thread when the page is large: parsing HTML
 * costs about half a millisecond a kilobyte here, so a 10 MB page held every other request for seconds. Pages
 * up to `inlinePageBytes` are read in place (a worker's round trip would cost them more than it saves); larger
 * ones go, one at a time, to a worker thread kept for the purpose, which is stopped and replaced when a page
 * takes longer than `pageParseTimeoutMs` or more memory than `pageParseMemoryMb`.
 */
import type { Worker } from "node:worker_threads";
import { DomainError, type ErrorCode } from "@parley/domain";
import { outboundError } from "../../platform/outbound/client";
import { startWorker } from "../../platform/workers";
import { extractPageText, type ExtractOptions, type PageText } from "./html";

/** Pages up to this many UTF-16 units are read on the main thread (tens of milliseconds at most). */
export const inlinePageBytes = 128 * 1024;
export const pageParseTimeoutMs = 30_000;
export const pageParseMemoryMb = 512;

export interface PageParseRequest {
  id: number;
  html: string;
  pageUrl: string;
  options: ExtractOptions;
}

export type PageParseAnswer =
  | { id: number; page: PageText }
  | { id: number; error: { code?: ErrorCode; status?: number; message: string } };

export interface PageParser {
  parse(html: string, pageUrl: string, options: ExtractOptions): Promise<PageText>;
  close(): Promise<void>;
}

/** A page whose reading went past a limit: reported as one too complex to read, as a too deeply nested one is. */
function tooMuch(): DomainError {
  return outboundError("url_page_too_complex");
}

export function createPageParser(limits: { inlineBytes?: number; timeoutMs?: number; memoryMb?: number } = {}): PageParser {
  const inlineBytes = limits.inlineBytes ?? inlinePageBytes;
  const timeoutMs = limits.timeoutMs ?? pageParseTimeoutMs;
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 0;
  // One page at a time in the worker: the next waits for the one before it.
  let queue: Promise<unknown> = Promise.resolve();

  function started(): Worker {
    if (worker) return worker;
    const thread = startWorker(import.meta.url, "page-worker", { resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb ?? pageParseMemoryMb } });
    thread.unref();
    thread.on("exit", () => {
      if (worker === thread) worker = undefined;
    });
    worker = thread;
    return thread;
  }

  function parseInWorker(request: Omit<PageParseRequest, "id">): Promise<PageText> {
    if (closed) return Promise.reject(new Error("The page parser was closed"));
    const thread = started();
    const id = nextId++;
    return new Promise<PageText>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        thread.off("message", onMessage);
        thread.off("error", onError);
        thread.off("exit", onExit);
        thread.unref();
        outcome();
      };
      const stop = () => {
        if (worker === thread) worker = undefined;
        void thread.terminate();
      };
      const onMessage = (answer: PageParseAnswer) => {
        if (answer.id !== id) return;
        finish(() => {
          if ("page" in answer) resolve(answer.page);
          else if (answer.error.code) reject(new DomainError(answer.error.code, answer.error.message, answer.error.status));
          else reject(new Error(`The page could not be read: ${answer.error.message}`));
        });
      };
      // Out of memory, or a crash: the worker is gone; the next page starts a new one.
      const onError = (error: Error & { code?: string }) => finish(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooMuch() : error));
      const onExit = () => finish(() => reject(tooMuch()));
      const timer = setTimeout(() => finish(() => (stop(), reject(tooMuch()))), timeoutMs);
      thread.on("message", onMessage);
      thread.once("error", onError);
      thread.once("exit", onExit);
      thread.ref();
      thread.postMessage({ id, ...request } satisfies PageParseRequest);
    });
  }

  return {
    parse(html, pageUrl, options) {
      if (html.length <= inlineBytes) return Promise.resolve().then(() => extractPageText(html, pageUrl, options));
      const parsing = queue.then(() => parseInWorker({ html, pageUrl, options }));
      queue = parsing.catch(() => undefined);
      return parsing;
    },
    async close() {
      closed = true;
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

let shared: PageParser | undefined;

/** The process's page parser (its worker, started with the first large page, does not keep the process alive). */
export function sharedPageParser(): PageParser {
  shared ??= createPageParser();
  return shared;
}
