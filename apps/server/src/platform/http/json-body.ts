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

/**
 * How many object members (key-value pairs) one JSON body may hold. Parsing is the cost that cannot be
 * spread out: 480,000 distinct keys in 5 MB take V8 about 0.6 s to parse and as long again to validate,
 * all on the one thread that serves everyone. The largest body a portal sends, a FAQ of 20,000 rows of
 * five columns, has 100,000; a body with more is refused before it is parsed.
 */
export const maxJsonMembers = 100_000;

/**
 * How many values (array items and members, counted by their separating commas) one JSON body may hold:
 * 1.3 million short strings in 5 MB take 0.2–0.6 s to parse and validate. The same FAQ has about
 * 200,000 (a cell's key and value).
 */
export const maxJsonValues = 250_000;

/**
 * How many different key names one JSON body may use. What makes keys slow is their variety: V8 parses
 * 100,000 rows with the same four keys several times faster than 100,000 keys of different names, and
 * every unknown name is then removed one by one. No operation takes more than a few hundred names (a FAQ's
 * columns, a configuration's settings); 100,000 different ones held the server 0.2 s, 10,000 hold it
 * for milliseconds.
 */
export const maxJsonKeyNames = 10_000;

const openBrace = 0x7b;
const openBracket = 0x5b;
const quote = 0x22;
const colon = 0x3a;
const comma = 0x2c;
const backslash = 0x5c;

/** What is wrong with a JSON text's shape before it is parsed, if anything. */
export type JsonShapeFault = "too_deep" | "too_many_members" | "too_many_values" | "too_many_key_names";

export interface JsonShapeLimits {
  members: number;
  values: number;
  keyNames: number;
}

const unlimited: JsonShapeLimits = { members: Infinity, values: Infinity, keyNames: Infinity };

/** True when the quote at `at` is escaped (an odd number of backslashes before it). */
function escapedAt(text: string, at: number): boolean {
  let backslashes = 0;
  while (at - 1 - backslashes >= 0 && text.charCodeAt(at - 1 - backslashes) === backslash) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * One pass over a JSON text, outside strings: brackets and braces nesting deeper than `nestingLimit`,
 * more members (colons) than `limits.members`, more values (commas) than `limits.values`, or more
 * different key names (as written, escapes not decoded) than `limits.keyNames`. The regular
 * expression skips everything else natively and a string is jumped over to its closing quote, so 5 MB
 * scan in milliseconds. Malformed text is left to the parser to refuse.
 */
export function jsonShapeFault(
  text: string,
  nestingLimit: number,
  given: Partial<JsonShapeLimits> = {},
): JsonShapeFault | undefined {
  const limits = { ...unlimited, ...given };
  const structural = /[{}[\]":,]/g;
  let depth = 0;
  let members = 0;
  let values = 0;
  const keyNames = new Set<string>();
  // The last string's quotes: a colon after it makes it a key.
  let stringStart = -1;
  let stringEnd = -1;
  for (let match = structural.exec(text); match !== null; match = structural.exec(text)) {
    const code = text.charCodeAt(match.index);
    if (code === quote) {
      let end = text.indexOf('"', match.index + 1);
      while (end >= 0 && escapedAt(text, end)) end = text.indexOf('"', end + 1);
      if (end < 0) return undefined;
      stringStart = match.index;
      stringEnd = end;
      structural.lastIndex = end + 1;
    } else if (code === comma) {
      if (++values > limits.values) return "too_many_values";
    } else if (code === colon) {
      if (++members > limits.members) return "too_many_members";
      if (limits.keyNames !== Infinity && stringEnd >= 0) {
        keyNames.add(text.slice(stringStart + 1, stringEnd));
        if (keyNames.size > limits.keyNames) return "too_many_key_names";
      }
    } else if (code === openBrace || code === openBracket) {
      if (++depth > nestingLimit) return "too_deep";
    } else {
      depth--;
    }
  }
  return undefined;
}

/** True when brackets and braces outside strings nest deeper than `limit`. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  return jsonShapeFault(text, limit) === "too_deep";
}

/**
 * Replaces Fastify's JSON body parser by the same parser (prototype-poisoning checks, empty-body
 * and syntax errors as before) behind the nesting and member limits. Fastify's plain-text parser goes: no operation
 * takes text/plain, so such a body is refused as an unsupported media type (415, as the contract says)
 * rather than read as a string and refused by the schema (400).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    const fault = jsonShapeFault(text, maxJsonNesting, { members: maxJsonMembers, values: maxJsonValues, keyNames: maxJsonKeyNames });
    if (fault === "too_deep") {
      done(new DomainError("validation_failed", `The request body nests more than ${maxJsonNesting} levels deep`, 400), undefined);
      return;
    }
    if (fault) {
      const [limit, what] =
        fault === "too_many_members" ? [maxJsonMembers, "keys"] : fault === "too_many_key_names" ? [maxJsonKeyNames, "different key names"] : [maxJsonValues, "values"];
      done(new DomainError("payload_too_large", `The request body has more than ${limit.toLocaleString("en")} ${what}; send the data in smaller parts`, 413), undefined);
      return;
    }
    request.rawBody = text;
    parseJson(request, text, done);
  });
}
