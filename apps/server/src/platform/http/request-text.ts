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

/**
 * The dotted paths (as in validation errors: `rag_settings.example_questions.0`) of every string, and
 * every object key, holding a NUL or an unpaired surrogate. Walks with its own stack, so a deep value
 * costs no call depth.
 */
export function unsafeTextPaths(value: unknown, root = ""): string[] {
  const paths: string[] = [];
  // Last in, first out: children are pushed in reverse so that paths come out in document order.
  const pending: { value: unknown; path: string; unsafeKey?: boolean }[] = [{ value, path: root }];
  while (pending.length > 0 && paths.length < maxReportedFields) {
    const { value: current, path, unsafeKey } = pending.pop()!;
    const at = (key: string) => (path === "" ? key : `${path}.${key}`);
    if (unsafeKey || (typeof current === "string" && unsafeCharacter.test(current))) {
      paths.push(path);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], path: at(String(index)) });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        const unsafe = unsafeCharacter.test(key);
        pending.push({ value: child, path: at(unsafe ? printable(key) : key), unsafeKey: unsafe });
      }
    }
  }
  return paths;
}

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
    const paths = [request.params, request.query, headers, request.body].flatMap((part) => unsafeTextPaths(part));
    if (paths.length === 0) return done();
    const fields: ProblemField[] = paths.slice(0, maxReportedFields).map((path) => ({ path, message: unsafeTextMessage }));
    done(new DomainError("validation_failed", `${fields[0]!.path || "request"}: ${unsafeTextMessage}`, 400, fields));
  };
}
