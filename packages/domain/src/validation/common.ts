/** Field schemas used by several forms. */
import "./yupLocale";
import { string } from "yup";
import { validationIssue } from "./messages";

/** A required text; surrounding spaces are trimmed, so only spaces counts as empty. */
export function requiredText() {
  return string().trim().required(validationIssue("field_required"));
}

export function optionalText() {
  return string().trim().nullable();
}

export function requiredEmail() {
  return requiredText().email(validationIssue("invalid_email"));
}

/** An e-mail address that may be left empty. */
export function optionalEmail() {
  return optionalText().email(validationIssue("invalid_email"));
}
