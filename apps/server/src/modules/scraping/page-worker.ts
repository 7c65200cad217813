/**
 * Worker entry: reads large fetched pages and sitemaps off the main thread (see `page-parser.ts`), one
 * `PageParseRequest` at a time, answering each with a `PageParseAnswer`.
 */
import { parentPort } from "node:worker_threads";
import { DomainError } from "@parley/domain";
import { runPageParseJob, type PageParseAnswer, type PageParseRequest } from "./page-parser";

parentPort?.on("message", (request: PageParseRequest) => {
  let answer: PageParseAnswer;
  try {
    answer = { id: request.id, ...runPageParseJob(request) };
  } catch (error) {
    answer =
      error instanceof DomainError
        ? { id: request.id, error: { code: error.code, status: error.status, message: error.message } }
        : { id: request.id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  parentPort?.postMessage(answer);
});
