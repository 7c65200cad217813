import type { components } from "./generated/api";

/**
 * A failure's machine-readable code: one of the contract's `ErrorCode`s (the server's, and the client's own
 * `authentication_required`, `services_offline`, `unknown_error` and `unexpected_response_format`).
 */
export type ErrorCode = components["schemas"]["ErrorCode"];

/** A field failure of a `validation_failed` answer (the problem's `errors`). */
export interface FieldError {
  path: string;
  message: string;
}

export interface ApiSuccess<T> {
  success: true;
  status: number;
  data: T;
}

export interface ApiFailure {
  success: false;
  /** The HTTP status, or 0 when nothing was answered (not sent, or the network failed). */
  status: number;
  /**
   * The problem's `code`, or a code of the client itself. A server newer than this client may send a code
   * the union does not list yet: keep a `default` branch.
   */
  code: ErrorCode;
  /** The server's human text (problem `message`, or `error`, or `detail`), else 'Unknown error'. */
  error: string;
  fields?: FieldError[];
  /**
   * Seconds until a refused call may be tried again, from the answer's `Retry-After` (a 429 `rate_limited` after
   * too many attempts, a 503): a client can say when, not just "later". Absent when the answer did not say.
   */
  retryAfterSeconds?: number;
}

/** What every call of the client answers; it never throws for an HTTP or network failure. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

// The client's own failures. These texts match the catalogue in @parley/domain; the SDK may not import it
// (it depends on nothing of ours but the contract), so they are repeated here.
export const clientFailures = {
  authenticationRequired: {
    success: false,
    status: 0,
    code: "authentication_required",
    error: "Authentication required",
  },
  servicesOffline: { success: false, status: 0, code: "services_offline", error: "Services are offline" },
} as const satisfies Record<string, ApiFailure>;

export const unknownErrorCode = "unknown_error" satisfies ErrorCode;
export const unknownErrorText = "Unknown error";
export const unexpectedResponseCode = "unexpected_response_format" satisfies ErrorCode;
export const unexpectedResponseText = "Unexpected response format";

/**
 * `Retry-After` in whole seconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable. A date already past is 0.
 */
export function retryAfterSecondsOf(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim() ?? "";
  if (/^\d+$/.test(text)) return Number(text);
  // Every HTTP date form starts with the day's name; Date.parse alone would read "1.5" or "-5" as dates.
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Reads a failure answer: a problem body, an `{ error }` body, or anything else; `headers` for its `Retry-After`. */
export function failureFromBody(status: number, body: unknown, headers?: Headers): ApiFailure {
  const record = isRecord(body) ? body : {};
  const failure: ApiFailure = {
    success: false,
    status,
    // Passed on as the server wrote it (see `ApiFailure.code`).
    code: (nonEmptyString(record.code) as ErrorCode | undefined) ?? unknownErrorCode,
    error:
      nonEmptyString(record.message) ??
      nonEmptyString(record.error) ??
      nonEmptyString(record.detail) ??
      unknownErrorText,
  };
  const fields = fieldErrors(record.errors);
  if (fields.length > 0) failure.fields = fields;
  const retryAfterSeconds = retryAfterSecondsOf(headers?.get("retry-after"));
  if (retryAfterSeconds !== undefined) failure.retryAfterSeconds = retryAfterSeconds;
  return failure;
}

// Problems list `errors` as `[{ path, message }]`; some answers (registration) may key messages by field.
function fieldErrors(errors: unknown): FieldError[] {
  if (Array.isArray(errors)) {
    return errors.flatMap((entry) =>
      isRecord(entry) && typeof entry.path === "string" && typeof entry.message === "string"
        ? [{ path: entry.path, message: entry.message }]
        : [],
    );
  }
  if (isRecord(errors)) {
    return Object.entries(errors).flatMap(([path, message]) =>
      typeof message === "string" ? [{ path, message }] : [],
    );
  }
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
