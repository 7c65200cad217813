import type { FormikHelpers } from "formik";
import { ApiError } from "../api/errors";

/** A validation failure by key, as the domain's `ValidationIssue` (read here without loading the domain's texts). */
export interface FieldIssue {
  key: string;
  values?: Record<string, string | number>;
  /** The line (from 1) of a list field, one entry a line, whose entry fails. */
  line?: number;
}

/**
 * A field's failure as formik holds it. formik types it as text, but the domain's yup schemas fail with
 * issues (key and values, through yup's setLocale), and server failures put a key: both are read here.
 */
export function fieldIssueOf(error: unknown): FieldIssue | undefined {
  if (typeof error === "string" && error !== "") return { key: error };
  // A list's entries fail one by one: formik holds an array with the failures at the failing entries' places.
  if (Array.isArray(error)) {
    for (const [index, entry] of error.entries()) {
      const issue = fieldIssueOf(entry);
      if (issue) return { ...issue, line: index + 1 };
    }
    return undefined;
  }
  if (typeof error === "object" && error !== null && "key" in error && typeof error.key === "string") {
    const values = "values" in error && typeof error.values === "object" && error.values !== null ? { ...error.values } : undefined;
    return { key: error.key, values };
  }
  return undefined;
}

/** Problem codes that name what is wrong with a field; any other field failure reads "Invalid field". */
const fieldKeyOfCode: Partial<Record<string, string>> = {
  passwords_do_not_match: "passwords_do_not_match",
  invalid_otp: "invalid_otp",
  language_required: "language_required",
};

/**
 * Marks the fields a server failure names, by the problem's code; with `issueOfMessage` (serverReason.ts's
 * `catalogueIssueOf`), a field whose message is one of the validation texts shows that text in the user's
 * language. The sign-in pages go without it, so they do not load the catalogue's texts.
 */
export function applyFieldErrors<T>(
  error: unknown,
  helpers: Pick<FormikHelpers<T>, "setFieldError" | "setFieldTouched">,
  issueOfMessage?: (message: string) => FieldIssue | undefined,
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  const key = fieldKeyOfCode[error.code] ?? "invalid_field";
  for (const field of error.fields) {
    const name = field.path.replace(/^\/?(body\/)?/, "").replace(/\//g, ".");
    if (!name) continue;
    void helpers.setFieldTouched(name, true, false);
    const issue: FieldIssue | string = issueOfMessage?.(field.message) ?? key;
    // formik types a field's error as text; the fields read issues too (fieldIssueOf above).
    helpers.setFieldError(name, issue as string);
  }
}

/**
 * Whether a field's failure says again what the failed call's alert already says (a wrong one-time code
 * is both the alert and the code field's failure): the field is then only marked, its text left out.
 */
export function repeatsCallFailure(fieldError: unknown, callError: unknown): boolean {
  if (!(callError instanceof ApiError) || !callError.fields?.length) return false;
  const issue = fieldIssueOf(fieldError);
  return issue !== undefined && issue.key === fieldKeyOfCode[callError.code];
}
