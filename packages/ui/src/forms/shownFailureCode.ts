import type { i18n as I18n } from "i18next";
import { failureCode } from "../api/errors";

/** The catalogue code a failure is shown by: the messages have a text for every code (locale test); others show unknown_error. */
export function shownFailureCode(i18n: I18n, error: unknown): string {
  const code = failureCode(error);
  return i18n.exists(`errors.${code}`, { ns: "messages" }) ? code : "unknown_error";
}
