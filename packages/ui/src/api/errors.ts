import type { ApiResult, FieldError } from "@parley/sdk";

export type { FieldError };

/** A failed API call as React Query sees it; components branch on `code`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: FieldError[],
    /** Seconds until the call may be tried again, where the server said (`Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The data of a successful call; a failure throws an ApiError with the problem's code. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.success) return result.data;
  throw new ApiError(result.code, result.error, result.status, result.fields, result.retryAfterSeconds);
}

/** The code a failure shows: the problem's, `services_offline` when no server answered, else `unexpected_error`. */
export function failureCode(error: unknown): string {
  if (!(error instanceof ApiError)) return "unexpected_error";
  if (error.status === 0 && error.code !== "authentication_required") return "services_offline";
  return error.code;
}
