import { DomainError, errorMessages, type ErrorCode } from "@parley/domain";
import type { preValidationHookHandler } from "fastify";
import { ownField } from "./contract";

/**
 * Checks run before the contract's schema, for failures the spec names in its own words (spec 02 §8:
 * 'No WordPress URL provided.', 'Missing configuration ID or filename'), which the schema would answer
 * as `validation_failed`.
 */
function fieldOf(part: "query" | "body", request: { query: unknown; body: unknown }, field: string): { present: boolean; value: unknown } {
  const container = part === "query" ? request.query : request.body;
  // A body that is no object at all is the schema's to refuse.
  if (typeof container !== "object" || container === null || Array.isArray(container)) return { present: false, value: undefined };
  return { present: true, value: ownField(container, field) };
}

/** The field left out, null or blank answers `code` (400). */
export function requires(part: "query" | "body", field: string, code: ErrorCode): preValidationHookHandler {
  return async (request) => {
    const { present, value } = fieldOf(part, request, field);
    if (!present) return;
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))
      throw new DomainError(code, undefined, 400, [{ path: field, message: errorMessages[code] }]);
  };
}

/** A list field holding more than `max` entries answers `code` (400). */
export function atMostItems(part: "query" | "body", field: string, max: number, code: ErrorCode): preValidationHookHandler {
  return async (request) => {
    const { value } = fieldOf(part, request, field);
    if (Array.isArray(value) && value.length > max) throw new DomainError(code, undefined, 400, [{ path: field, message: errorMessages[code] }]);
  };
}
