/** Field schemas used by several forms. */
import { string } from "yup";
import { textTooLongMessage, validationMessage } from "./messages";

/** The longest e-mail address there can be: RFC 5321 allows 256 characters in a path, brackets included. */
export const emailMaxLength = 254;

/** A required text; surrounding spaces are trimmed, so only spaces counts as empty. */
export function requiredText() {
  return string().trim().required(validationMessage("field_required"));
}

export function optionalText() {
  return string().trim().nullable();
}

export function requiredEmail() {
  return requiredText()
    .email(validationMessage("invalid_email"))
    .max(emailMaxLength, textTooLongMessage(emailMaxLength));
}

/** An e-mail address that may be left empty. */
export function optionalEmail() {
  return optionalText()
    .email(validationMessage("invalid_email"))
    .max(emailMaxLength, textTooLongMessage(emailMaxLength));
}
