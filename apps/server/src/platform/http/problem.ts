import { DomainError, errorMessages, passwordTooWeakMessage, textTooLongMessage, validationMessage, type ErrorCode } from "@parley/domain";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { DatabaseUnavailableError } from "../db/db";
import { apiSecurityHeaders } from "./security-headers";

export interface ProblemField {
  path: string;
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  message: string;
  detail?: string;
  errors?: ProblemField[];
}

export function problem(status: number, code: ErrorCode, message?: string, errors?: ProblemField[]): Problem {
  return {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    code,
    message: message ?? errorMessages[code],
    // A list full of faults (20,000 bad URLs) needs no answer of 20,000 fields.
    ...(errors && errors.length > 0 ? { errors: errors.slice(0, maxReportedFields) } : {}),
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type("application/problem+json").send(body);
}

interface AjvLikeError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The most fields a 400 lists: enough for a form to point at; a body full of faults needs no complete list. */
export const maxReportedFields = 20;

/** The name of the field a failure is about: the missing one, or the last step of its path. */
function fieldName(error: AjvLikeError): string {
  const missing = error.params?.missingProperty;
  if (error.keyword === "required" && typeof missing === "string") return missing;
  return (error.instancePath ?? "").split("/").pop() ?? "";
}

/**
 * The words the domain says for a rule the contract's schema checks as well (spec 01 §5), so that a
 * password, an e-mail address or a language is refused alike by the form, the schema and the service.
 */
function ruleMessage(error: AjvLikeError): string | undefined {
  const field = fieldName(error);
  if (field === "password" && error.keyword === "minLength") return passwordTooWeakMessage;
  if (field === "languageCode" && (error.keyword === "required" || error.keyword === "enum")) return errorMessages.language_required;
  if (error.keyword === "format" && error.params?.format === "email") return validationMessage("invalid_email");
  if (error.keyword === "format" && error.params?.format === "date") return validationMessage("invalid_date");
  if (error.keyword === "format" && error.params?.format === "uri") return validationMessage("invalid_url");
  const limit = typeof error.params?.limit === "number" ? error.params.limit : undefined;
  if (limit !== undefined && error.keyword === "maxItems") return validationMessage("too_many_entries", { max: limit });
  if (limit !== undefined && limit > 1 && error.keyword === "minItems") return validationMessage("too_few_entries", { min: limit });
  // A number out of its range (a limit, a page); ajv's "must be <= 2147483647" is the same fact in a formula.
  if (limit !== undefined && error.keyword === "minimum") return validationMessage("number_at_least_value", { min: limit });
  if (limit !== undefined && error.keyword === "maximum") return validationMessage("number_at_most_value", { max: limit });
  return undefined;
}

/** The catalogue's words where there are some, so that the portals can translate them. */
function fieldMessage(error: AjvLikeError): string {
  const rule = ruleMessage(error);
  if (rule !== undefined) return rule;
  // A blank text where one is needed is a field left empty: 'This field is required', as the forms say.
  if (error.keyword === "required" || ((error.keyword === "minLength" || error.keyword === "minItems") && error.params?.limit === 1)) {
    return errorMessages.field_required;
  }
  if (error.keyword === "additionalProperties") return "Unknown field";
  if (error.keyword === "maxLength" && typeof error.params?.limit === "number") return textTooLongMessage(error.params.limit);
  // "must be equal to one of the allowed values" leaves the caller guessing; a short list is said (page sizes 10, 25, 50, 100).
  const accepted = error.keyword === "enum" ? acceptedBy(error) : undefined;
  if (accepted && accepted.length > 0 && accepted.length <= maxListedValues) return `must be one of: ${accepted.join(", ")}`;
  return error.message ?? errorMessages.validation_failed;
}

/** The most allowed values a 400 lists for a field; a longer list is left to the contract. */
const maxListedValues = 20;

/** What one failed branch of a oneOf/anyOf would have taken: its allowed values, or its type. */
function acceptedBy(error: AjvLikeError): string[] | undefined {
  if (error.keyword === "enum" && Array.isArray(error.params?.allowedValues)) return error.params.allowedValues.map((value) => JSON.stringify(value));
  if (error.keyword === "const" && error.params && "allowedValue" in error.params) return [JSON.stringify(error.params.allowedValue)];
  if (error.keyword === "type") {
    const types = ([] as unknown[]).concat(error.params?.type);
    return types.filter((type): type is string => typeof type === "string").map((type) => (type === "null" ? "null" : `a ${type}`));
  }
  return undefined;
}

/**
 * Ajv reports a value that fits none of a oneOf/anyOf's branches three times over ("must be equal to one of the
 * allowed values", "must be null", "must match exactly one schema in oneOf"). The branches' values and types are
 * said once instead ("must be one of: 1, -1, null"); what a branch says beyond them (a length, a pattern) stays.
 */
function collapseAlternatives(errors: readonly AjvLikeError[]): AjvLikeError[] {
  const alternatives = new Set(errors.filter((error) => error.keyword === "oneOf" || error.keyword === "anyOf").map((error) => error.instancePath ?? ""));
  if (alternatives.size === 0) return [...errors];
  const merged = new Map<string, { error: AjvLikeError; accepted: string[] }>();
  const result: AjvLikeError[] = [];
  for (const error of errors) {
    const at = error.instancePath ?? "";
    if (!alternatives.has(at)) {
      result.push(error);
      continue;
    }
    const accepted = acceptedBy(error);
    if (accepted) {
      const earlier = merged.get(at);
      if (earlier) earlier.accepted.push(...accepted);
      else {
        const entry = { error: { instancePath: at, keyword: "oneOf", message: "" }, accepted: [...accepted] };
        merged.set(at, entry);
        result.push(entry.error);
      }
    } else if ((error.keyword !== "oneOf" && error.keyword !== "anyOf") || !errors.some((other) => other !== error && (other.instancePath ?? "") === at && other.keyword !== error.keyword)) {
      result.push(error);
    }
  }
  const summaries = new Set<AjvLikeError>();
  for (const { error, accepted } of merged.values()) {
    const said = [...new Set(accepted)];
    error.message = said.length === 1 ? `must be ${said[0]}` : `must be one of: ${said.join(", ")}`;
    summaries.add(error);
  }
  // A value of a branch's type that breaks that branch's own rule (too long, no match) is told that rule only.
  const ruleBroken = new Set(
    result.filter((error) => !summaries.has(error) && error.keyword !== "oneOf" && error.keyword !== "anyOf" && alternatives.has(error.instancePath ?? "")).map((error) => error.instancePath ?? ""),
  );
  return result.filter((error) => !(summaries.has(error) && ruleBroken.has(error.instancePath ?? "")));
}

/** Turns Ajv's errors into field paths a form can point at: `contactPersonEmail.email`, `_id`. */
export function validationFields(errors: readonly AjvLikeError[]): ProblemField[] {
  const fields: ProblemField[] = [];
  const seen = new Set<string>();
  for (const error of collapseAlternatives(errors)) {
    // An if/then/else failure only repeats the failures of its branch, which are listed themselves.
    if (error.keyword === "if") continue;
    const segments = (error.instancePath ?? "")
      .split("/")
      .filter(Boolean)
      .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
    const missing = error.params?.missingProperty;
    if (error.keyword === "required" && typeof missing === "string") segments.push(missing);
    const extra = error.params?.additionalProperty;
    if (error.keyword === "additionalProperties" && typeof extra === "string") segments.push(extra);
    const path = segments.join(".");
    const message = fieldMessage(error);
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ path, message });
  }
  return fields;
}

/**
 * The one-line message of a validation failure: its first field and that field's words, as a 400 says it
 * (`message: Use at most 4000 characters`); a failure of the whole value is named by `root`.
 */
export function validationSummary(fields: readonly ProblemField[], root = "request"): string {
  const first = fields[0];
  return first ? `${first.path || root}: ${first.message}` : errorMessages.validation_failed;
}

function codeForClientStatus(status: number): ErrorCode {
  if (status === 401) return "authentication_required";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 413) return "payload_too_large";
  if (status === 429) return "rate_limited";
  return "validation_failed";
}

/** A byte count as people read it: 5 MB, 64 kB. */
function readableBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} kB`;
}

/** Fastify's refusals of a body, in words that say what to send instead. */
function clientErrorMessage(error: Partial<FastifyError>, request: FastifyRequest): string | undefined {
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) return "The request body is not valid JSON";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "The request body is empty: send a JSON object, or no Content-Type header without a body";
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    const sent = String(request.headers["content-type"] ?? "none").split(";")[0]!.trim().slice(0, 100);
    return `Unsupported Media Type: ${sent}, expected application/json`;
  }
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    const limit = request.routeOptions.bodyLimit;
    return `The request body is too large: this operation takes at most ${readableBytes(limit)}; send the data in smaller parts`;
  }
  return undefined;
}

/**
 * The server's one error handler. Domain errors keep their code and status; request validation gives
 * 400 with the fields at fault; anything unexpected is logged and answered 500 without internals.
 */
export function toProblem(error: unknown, request: FastifyRequest): Problem {
  if (error instanceof DomainError) {
    // A failure that names its fields but only the catalogue's "Invalid field" as its message says its first field instead.
    const generic = error.code === "validation_failed" && error.message === errorMessages.validation_failed && error.fields && error.fields.length > 0;
    return problem(error.status, error.code, generic ? validationSummary(error.fields!) : error.message, error.fields);
  }
  if (error instanceof DatabaseUnavailableError) {
    request.log.error({ err: error.cause }, "database unavailable");
    return problem(503, "service_unavailable");
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: AjvLikeError[] };
  if (Array.isArray(fastifyError.validation)) {
    const fields = validationFields(fastifyError.validation);
    return problem(400, "validation_failed", validationSummary(fields), fields);
  }
  const gone = vanishedReference(error);
  if (gone) return problem(404, "not_found", gone);
  const status = typeof fastifyError.statusCode === "number" ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large) carry safe messages; the
    // common ones are said with what to send instead.
    return problem(status, codeForClientStatus(status), clientErrorMessage(fastifyError, request) ?? fastifyError.message);
  }
  request.log.error({ err: error }, "unexpected error");
  return problem(500, "unexpected_error");
}

/**
 * Fastify's router refuses some URLs before any route or hook runs: a path that is no valid
 * percent-encoding, and a path parameter longer than the router keeps (414). Both are invalid requests
 * like any other: 400 `validation_failed` as a problem body with the API's headers.
 */
export function sendRouterProblem(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.headers(apiSecurityHeaders);
  if (error.code === "FST_ERR_BAD_URL") return sendProblem(reply, problem(400, "validation_failed", "The address is not a valid URL"));
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return sendProblem(reply, problem(400, "validation_failed", "A path parameter is too long"));
  return sendProblem(reply, toProblem(error, request));
}

/**
 * Node refuses some requests before Fastify sees them: a request line and headers over its 16 kB limit
 * (431; a query with a long text is one), and a request that is no valid HTTP. Like the router's
 * refusals above, they are invalid requests: 400 `validation_failed` as a problem body with the API's
 * headers, then the connection closes. A request that took too long to arrive keeps its 408.
 */
export function sendClientErrorProblem(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  if (socket.writable) {
    const body = timedOut
      ? problem(408, "validation_failed", "The request took too long to arrive")
      : problem(400, "validation_failed", error.code === "HPE_HEADER_OVERFLOW" ? "The address or the headers are too long" : "The request is not valid HTTP");
    const text = JSON.stringify(body);
    const headers = Object.entries({ ...apiSecurityHeaders, "content-type": "application/problem+json; charset=utf-8", "content-length": String(Buffer.byteLength(text)), connection: "close" })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`HTTP/1.1 ${body.status} ${body.title}\r\n${headers}\r\n${text}`);
  }
  socket.destroy(error);
}

/**
 * A write naming a row that a request at the same time deleted (a user or configuration added to a
 * customer being deleted): the foreign key refuses it after the lookup before it passed. That row is
 * gone, as a 404 says; a delete refused by a row still referring to it is not this case.
 */
export function vanishedReference(error: unknown): string | undefined {
  const { code, constraint, detail } = (error ?? {}) as { code?: unknown; constraint?: unknown; detail?: unknown };
  if (code !== "23503" || typeof detail !== "string" || !detail.includes("is not present in table")) return undefined;
  return typeof constraint === "string" && constraint.endsWith("_customer_id_fkey") ? "No such customer" : errorMessages.no_data_found;
}
