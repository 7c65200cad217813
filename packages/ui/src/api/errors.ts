import type { ErrorCode } from "@parley/domain/errors";
import en from "../locales/en.json";

export interface FieldError {
  path: string;
  message: string;
}

/** A failed API call as React Query sees it; components branch on `code`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The SDK's normalised answer (interfaces.md), repeated structurally so pure code needs no SDK. */
export type ApiResultLike<T> =
  | { success: true; status: number; data: T }
  | { success: false; status: number; code: string; error: string; fields?: FieldError[] };

export function unwrap<T>(result: ApiResultLike<T>): T {
  if (result.success) return result.data;
  throw new ApiError(result.code, result.error, result.status, result.fields);
}

/** The catalogue code to show for any thrown value; unknown codes fall back to `unknown_error`. */
export function errorCodeOf(error: unknown): ErrorCode {
  const code = error instanceof ApiError ? error.code : "unexpected_error";
  if (error instanceof ApiError && error.status === 0 && code !== "authentication_required") return "services_offline";
  // The English locale has a text for every catalogue code (checked by the locale tests).
  return code in en.errors ? (code as ErrorCode) : "unknown_error";
}
