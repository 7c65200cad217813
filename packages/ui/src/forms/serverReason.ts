import { catalogueMessageOf, isValidationMessageKey } from "@parley/domain/validation/messages";
import type { i18n as I18n, TFunction } from "i18next";
import { ApiError } from "../api/errors";
import type { FieldIssue } from "./fieldIssues";

/** Where each catalogue's texts are in the `messages` namespace. */
const catalogueSection = { error: "errors", validation: "validation", reason: "reasons" } as const;

/** A server's message in the user's language when it is a catalogue text, else in the server's own words. */
export function translatedServerMessage(t: TFunction, i18n: I18n, message: string): string {
  const entry = catalogueMessageOf(message);
  if (!entry) return message;
  const key = `${catalogueSection[entry.kind]}.${entry.key}`;
  return i18n.exists(key, { ns: "messages" }) ? t(`messages:${key}`, entry.values) : message;
}

/**
 * What the server said about a failure beyond its code: the messages of the fields it refused, or the problem's
 * own reason when it says more than the code's catalogue text (which the alert's title already shows).
 */
export function serverReasons(t: TFunction, i18n: I18n, error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status === 0) return [];
  if (error.fields?.length) return [...new Set(error.fields.map((field) => translatedServerMessage(t, i18n, field.message)))];
  const message = error.message.trim();
  if (message === "") return [];
  const entry = catalogueMessageOf(message);
  if (entry?.kind === "error" && entry.key === error.code) return [];
  return [translatedServerMessage(t, i18n, message)];
}

/** The server's reasons as one line of an alert ("The server said: …"), or null when it said nothing more. */
export function serverReasonLine(t: TFunction, i18n: I18n, error: unknown): string | null {
  const reasons = serverReasons(t, i18n, error);
  return reasons.length ? t("messages:serverReason", { reason: reasons.join(" ") }) : null;
}

/** A server's field message as the form's issue, when it is one of the validation texts (for `applyFieldErrors`). */
export function catalogueIssueOf(message: string): FieldIssue | undefined {
  const said = catalogueMessageOf(message);
  return said && isValidationMessageKey(said.key) ? { key: said.key, values: said.values } : undefined;
}
