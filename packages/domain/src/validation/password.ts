/**
 * Password rules (spec 01 §5): at least 8 characters with an uppercase letter, a lowercase letter,
 * a digit and a special character; a confirmation must match.
 */
import "./yupLocale";
import { string } from "yup";
import { textTooLong, validationIssue, validationMessage } from "./messages";

export const passwordMinLength = 8;
/** Room for any passphrase or generated password, while hashing and storing one stays cheap. */
export const passwordMaxLength = 128;

export const passwordRequirements = {
  uppercase: /\p{Lu}/u,
  lowercase: /\p{Ll}/u,
  digit: /\p{Nd}/u,
  special: /[^\p{L}\p{N}\s]/u,
} as const;
export type PasswordRequirement = keyof typeof passwordRequirements | "length";

/** The requirements a password still misses (empty when it is strong enough). */
export function missingPasswordRequirements(password: string): PasswordRequirement[] {
  const missing: PasswordRequirement[] = [];
  if ([...password].length < passwordMinLength) missing.push("length");
  for (const [name, pattern] of Object.entries(passwordRequirements)) {
    if (!pattern.test(password)) missing.push(name as PasswordRequirement);
  }
  return missing;
}

export function isStrongPassword(password: string): boolean {
  return missingPasswordRequirements(password).length === 0;
}

export const passwordTooWeak = validationIssue("password_too_weak", { min: passwordMinLength });
/** The English text, for the server's own checks. */
export const passwordTooWeakMessage = validationMessage(passwordTooWeak.key, passwordTooWeak.values);

/** A required new password that meets every requirement. */
export function passwordSchema() {
  return string()
    .required(validationIssue("field_required"))
    .max(passwordMaxLength, textTooLong(passwordMaxLength))
    .test(
      "strong-password",
      passwordTooWeak,
      (value) => value === undefined || isStrongPassword(value),
    );
}

/** A required confirmation equal to the sibling field `field`. */
export function passwordConfirmationSchema(field = "password") {
  return (
    string()
      .required(validationIssue("field_required"))
      // A custom test rather than oneOf(ref): yup runs oneOf before required, which would answer an
      // empty confirmation with "Passwords do not match" instead of "This field is required".
      .test("passwords-match", validationIssue("passwords_do_not_match"), function matches(value) {
        return !value || value === (this.parent as Record<string, unknown>)[field];
      })
  );
}
