/**
 * A fetched page's text (`extractPageText`), a sitemap's addresses (`parseSitemap`) and what the onboarding
 * wizard reads of a site's pages (`readSite`), read off the main thread when the markup is large: parsing it costs about 0.1-0.6 ms a kilobyte here, so a 10 MB page held every other
 * request for seconds (a 10 MB sitemap for over one). Markup up to `inlinePageBytes` is read in place (a worker's
 * round trip would cost it more than it saves); larger markup goes, one at a time, to a worker thread kept for
 * the purpose, which is stopped and replaced when a reading takes longer than `pageParseTimeoutMs` or more memory
 * than `pageParseMemoryMb`.
 */
import type { Worker } from "node:worker_threads";
import { DomainError, type ErrorCode } from "@parley/domain";
import { outboundError } from "../../platform/outbound/client";
import { startWorker } from "../../platform/workers";
import { readingSize, readSite, type FetchedPage, type SiteReading, type SiteReadingKind, type SiteReadings } from "../onboarding/site-reading";
import { extractPageText, type ExtractOptions, type PageText } from "./html";
import { parseSitemap, type SitemapContent } from "./sitemap";

/** Pages up to this many UTF-16 units are read on the main thread (tens of milliseconds at most). */
export const inlinePageBytes = 128 * 1024;
export const pageParseTimeoutMs = 30_000;
export const pageParseMemoryMb = 512;

export type PageParseJob =
  | { kind: "page"; html: string; pageUrl: string; options: ExtractOptions }
  | { kind: "sitemap"; xml: string }
  | { kind: "site"; page: FetchedPage; reading: SiteReading };

type PageParseResult = { page: PageText } | { sitemap: SitemapContent } | { site: SiteReadings[SiteReadingKind]["gives"] };

export type PageParseRequest = PageParseJob & { id: number };

export type PageParseAnswer = ({ id: number } & PageParseResult) | { id: number; error: { code?: ErrorCode; status?: number; message: string } };

/** What a job gives: run in place or in the worker alike. */
export function runPageParseJob(job: PageParseJob): PageParseResult {
  switch (job.kind) {
    case "page":
      return { page: extractPageText(job.html, job.pageUrl, job.options) };
    case "sitemap":
      return { sitemap: parseSitemap(job.xml) };
    case "site":
      return { site: readSite(job.page, job.reading) };
  }
}

export interface PageParser {
  parse(html: string, pageUrl: string, options: ExtractOptions): Promise<PageText>;
  parseSitemap(xml: string): Promise<SitemapContent>;
  /** What the onboarding wizard reads of a fetched page (`onboarding/site-reading.ts`). */
  readSite<Reading extends SiteReading>(page: FetchedPage, reading: Reading): Promise<SiteReadings[Reading["kind"]]["gives"]>;
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

  function parseInWorker(job: PageParseJob): Promise<PageParseResult> {
    if (closed) return Promise.reject(new Error("The page parser was closed"));
    const thread = started();
    const id = nextId++;
    return new Promise((resolve, reject) => {
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
          if (!("error" in answer)) resolve(answer);
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
      thread.postMessage({ ...job, id } satisfies PageParseRequest);
    });
  }

  function run(job: PageParseJob, size: number): Promise<PageParseResult> {
    if (size <= inlineBytes) return Promise.resolve().then(() => runPageParseJob(job));
    const parsing = queue.then(() => parseInWorker(job));
    queue = parsing.catch(() => undefined);
    return parsing;
  }

  return {
    async parse(html, pageUrl, options) {
      const done = await run({ kind: "page", html, pageUrl, options }, html.length);
      if (!("page" in done)) throw new Error("The page parser answered a page with a sitemap");
      return done.page;
    },
    async parseSitemap(xml) {
      const done = await run({ kind: "sitemap", xml }, xml.length);
      if (!("sitemap" in done)) throw new Error("The page parser answered a sitemap with a page");
      return done.sitemap;
    },
    async readSite(page, reading) {
      const done = await run({ kind: "site", page, reading }, readingSize(page, reading));
      if (!("site" in done)) throw new Error("The page parser answered a site's reading with something else");
      // The worker ran the reading its kind names (`readSite`), so it gave what that kind gives.
      return done.site as never;
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
