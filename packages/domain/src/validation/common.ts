/** Field schemas used by several forms. */
import "./yupLocale";
import { string } from "yup";
import { textTooLong, validationIssue } from "./messages";

/** The longest e-mail address there can be: RFC 5321 allows 256 characters in a path, brackets included. */
export const emailMaxLength = 254;

/** A required text of at most `max` characters when given; surrounding spaces are trimmed, so only spaces counts as empty. */
export function requiredText(max?: number) {
  const schema = string().trim().required(validationIssue("field_required"));
  return max === undefined ? schema : schema.max(max, textTooLong(max));
}

/** A text that may be left empty, of at most `max` characters when given. */
export function optionalText(max?: number) {
  const schema = string().trim().nullable();
  return max === undefined ? schema : schema.max(max, textTooLong(max));
}

export function requiredEmail() {
  return requiredText().email(validationIssue("invalid_email")).max(emailMaxLength, textTooLong(emailMaxLength));
}

/** An e-mail address that may be left empty. */
export function optionalEmail() {
  return optionalText().email(validationIssue("invalid_email")).max(emailMaxLength, textTooLong(emailMaxLength));
}

/** A phone number: digits with the usual separators (spaces, dashes, dots, brackets, a leading +), 6 to 15 digits (E.164). */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s()./-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 15;
}

/** A phone number that may be left empty. */
export function optionalPhone() {
  return optionalText().test("phone", validationIssue("invalid_phone"), (value) => !value || isPhoneNumber(value));
}
