/** Field schemas used by several forms. */
import "./yupLocale";
import { string } from "yup";
import { textTooLong, validationIssue } from "./messages";

/** The longest e-mail address there can be: RFC 5321 allows 256 characters in a path, brackets included. */
export const emailMaxLength = 254;

/** A required text; surrounding spaces are trimmed, so only spaces counts as empty. */
export function requiredText() {
  return string().trim().required(validationIssue("field_required"));
}

export function optionalText() {
  return string().trim().nullable();
}

export function requiredEmail() {
  return requiredText().email(validationIssue("invalid_email")).max(emailMaxLength, textTooLong(emailMaxLength));
}

/** An e-mail address that may be left empty. */
export function optionalEmail() {
  return optionalText().email(validationIssue("invalid_email")).max(emailMaxLength, textTooLong(emailMaxLength));
}
