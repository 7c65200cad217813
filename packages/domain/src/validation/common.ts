/** Field schemas used by several forms. */
import { string } from "yup";
import { validationMessage } from "./messages";

/** A required text; surrounding spaces are trimmed, so only spaces counts as empty. */
export function requiredText() {
  return string().trim().required(validationMessage("field_required"));
}

export function optionalText() {
  return string().trim().nullable();
}

export function requiredEmail() {
  return requiredText().email(validationMessage("invalid_email"));
}

/** An e-mail address that may be left empty. */
export function optionalEmail() {
  return optionalText().email(validationMessage("invalid_email"));
}
