/**
 * What to do next after a failed call, by its catalogue code. Apart from the alert that shows it, so that a toast
 * can say it without loading the alert.
 */
import type { TFunction } from "i18next";
import { ApiError } from "../api/errors";

/** Codes with a specific "what to do next"; every other code gets the general advice. */
const codesWithHelp = new Set([
  "invalid_credentials",
  "account_inactive",
  "account_exists",
  "invalid_otp",
  "password_reset_failed",
  "rate_limited",
  "services_offline",
  "service_unavailable",
  "invalid_token",
  "token_validation_failed",
  "authentication_required",
  "validation_failed",
  "image_upload_failed",
]);

export function errorHelpKey(code: string): string {
  return codesWithHelp.has(code) ? `errorHelp.${code}` : "errorHelp.default";
}

/** A wait in the reader's words and largest fitting unit, rounded up: "in 14 minutes", "over 2 uur". */
export function retryWhen(seconds: number, language: string): string {
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < 60 ? [Math.max(1, seconds), "second"] : seconds < 3600 ? [Math.ceil(seconds / 60), "minute"] : [Math.ceil(seconds / 3600), "hour"];
  return new Intl.RelativeTimeFormat(language, { numeric: "always" }).format(value, unit);
}

/**
 * What to do next after a failure shown by `code` (the messages namespace's `t`): when a refusal for too many
 * attempts says how long to wait (`Retry-After`), that wait — a sign-in locked for 15 minutes would otherwise
 * say "wait a minute" and be refused again; else the code's general advice.
 */
export function failureHelpText(t: TFunction, language: string, error: unknown, code: string): string {
  const wait = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  if (code === "rate_limited" && wait !== undefined && wait > 0) return t("errorHelp.rate_limited_in", { when: retryWhen(wait, language) });
  return t(errorHelpKey(code));
}
