/**
 * Password rules (spec 01 §5): at least 8 characters with an uppercase letter, a lowercase letter,
 * a digit and a special character; a confirmation must match.
 */
import { string } from "yup";
import { textTooLongMessage, validationMessage } from "./messages";

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

export const passwordTooWeakMessage = validationMessage("password_too_weak", { min: passwordMinLength });

/** A required new password that meets every requirement. */
export function passwordSchema() {
  return string()
    .required(validationMessage("field_required"))
    .max(passwordMaxLength, textTooLongMessage(passwordMaxLength))
    .test(
      "strong-password",
      passwordTooWeakMessage,
      (value) => value === undefined || isStrongPassword(value),
    );
}

/** A required confirmation equal to the sibling field `field`. */
export function passwordConfirmationSchema(field = "password") {
  return (
    string()
      .required(validationMessage("field_required"))
      // A custom test rather than oneOf(ref): yup runs oneOf before required, which would answer an
      // empty confirmation with "Passwords do not match" instead of "This field is required".
      .test("passwords-match", validationMessage("passwords_do_not_match"), function matches(value) {
        return !value || value === (this.parent as Record<string, unknown>)[field];
      })
  );
}
