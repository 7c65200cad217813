import type { FormikHelpers } from "formik";
import { ApiError } from "../api/errors";

/** Puts the server's per-field validation messages on the matching form fields. */
export function applyFieldErrors<T>(error: unknown, helpers: Pick<FormikHelpers<T>, "setFieldError" | "setFieldTouched">): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const field of error.fields) {
    const name = field.path.replace(/^\/?(body\/)?/, "").replace(/\//g, ".");
    if (!name) continue;
    void helpers.setFieldTouched(name, true, false);
    helpers.setFieldError(name, field.message);
  }
}
