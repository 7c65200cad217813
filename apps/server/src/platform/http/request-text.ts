import { DomainError } from "@parley/domain";
import type { FastifyRequest, preValidationHookHandler } from "fastify";
import { maxReportedFields, type ProblemField } from "./problem";

// PostgreSQL cannot store NUL in text (the query fails), and an unpaired UTF-16 surrogate has no
// UTF-8 form (it is silently turned into U+FFFD, or fails inside jsonb). Neither is ever typed by a
// person, so such text is refused at the door instead of in every place that stores or mails it.
// eslint-disable-next-line no-control-regex -- NUL is one of the two things this pattern exists to find.
const unsafeCharacter = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unsafeTextMessage = "Contains a character that is not allowed (NUL or an unpaired surrogate)";

/** A path segment fit to show back: the offending characters themselves are replaced. */
function printable(segment: string): string {
  return segment.replace(new RegExp(unsafeCharacter.source, "g"), "\uFFFD");
}

/** Where a value sits, as a chain to its parent: a path's text is built only for a value that is reported. */
type Place = { key: string; parent: Place | undefined } | undefined;

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

/**
 * The dotted paths (as in validation errors: `rag_settings.example_questions.0`) of every string, and
 * every object key, holding a NUL or an unpaired surrogate. Walks with its own stack, so a deep value
 * costs no call depth, and skips numbers, booleans and null without a stack entry.
 */
export function unsafeTextPaths(value: unknown, root = ""): string[] {
  const paths: string[] = [];
  const rootPlace: Place = root === "" ? undefined : { key: root, parent: undefined };
  // Last in, first out: children are pushed in reverse so that paths come out in document order.
  const pending: { value: unknown; place: Place; unsafeKey?: boolean }[] = [{ value, place: rootPlace }];
  const visit = (child: unknown, place: Place, unsafeKey: boolean) => {
    if (unsafeKey || typeof child === "string" || (child !== null && typeof child === "object")) pending.push({ value: child, place, unsafeKey });
  };
  while (pending.length > 0 && paths.length < maxReportedFields) {
    const { value: current, place, unsafeKey } = pending.pop()!;
    if (unsafeKey || (typeof current === "string" && unsafeCharacter.test(current))) {
      paths.push(pathOf(place));
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) visit(current[index], { key: String(index), parent: place }, false);
    } else if (current !== null && typeof current === "object") {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        const unsafe = unsafeCharacter.test(key);
        visit((current as Record<string, unknown>)[key], { key: unsafe ? printable(key) : key, parent: place }, unsafe);
      }
    }
  }
  return paths;
}

/**
 * Whether a JSON text can hold such text at all: JSON must escape NUL (`\u0000`), and a UTF-8 body
 * decodes to no lone surrogate, so only an escape of NUL or of a surrogate, or a surrogate pair written
 * as is (then the walk tells paired from unpaired), can. Most bodies have neither, and skip the walk.
 */
const mayHoldUnsafeText = /\\u(?:0000|[dD][89a-fA-F])|[\uD800-\uDFFF]/;

/**
 * Refuses a request whose body, query, path parameters or declared headers hold such text, with 400
 * `validation_failed` naming each field. Runs before the contract's validation, so no handler, query
 * or e-mail ever sees it.
 */
export function refuseUnsafeText(headerNames: readonly string[]): preValidationHookHandler {
  // A callback hook, not an async one: it runs on every call, the widget's hot configuration read too.
  return (request: FastifyRequest, _reply, done) => {
    const headers: Record<string, unknown> = {};
    for (const name of headerNames) headers[name] = request.headers[name];
    const body = typeof request.rawBody === "string" && !mayHoldUnsafeText.test(request.rawBody) ? undefined : request.body;
    const paths = [request.params, request.query, headers, body].flatMap((part) => unsafeTextPaths(part));
    if (paths.length === 0) return done();
    const fields: ProblemField[] = paths.slice(0, maxReportedFields).map((path) => ({ path, message: unsafeTextMessage }));
    done(new DomainError("validation_failed", `${fields[0]!.path || "request"}: ${unsafeTextMessage}`, 400, fields));
  };
}
