import { DomainError } from "@parley/domain";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** A JSON body exactly as sent, for what is signed over it (the payment webhook). */
    rawBody?: string;
  }
}

/**
 * How deeply arrays and objects may nest in a JSON body. The contract's deepest request is a few
 * levels; a value thousands of levels deep only serves to exhaust the stack of whatever walks it
 * (validation, jsonb, logging), so it is refused before it is parsed.
 */
export const maxJsonNesting = 64;

const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;
const quote = 0x22;
const backslash = 0x5c;

/** True when brackets and braces outside strings nest deeper than `limit`; one pass, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index++;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (code === openBrace || code === openBracket) {
      if (++depth > limit) return true;
    } else if (code === closeBrace || code === closeBracket) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser by the same parser (prototype-poisoning checks, empty-body
 * and syntax errors as before) behind the nesting limit. Fastify's plain-text parser goes: no operation
 * takes text/plain, so such a body is refused as an unsupported media type (415, as the contract says)
 * rather than read as a string and refused by the schema (400).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, maxJsonNesting)) {
      done(new DomainError("validation_failed", `The request body nests more than ${maxJsonNesting} levels deep`, 400), undefined);
      return;
    }
    request.rawBody = text;
    parseJson(request, text, done);
  });
}
