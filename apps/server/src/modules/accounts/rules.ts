/**
 * Account rules the server needs from @parley/domain.
 * TODO(domain): move to packages/domain once it exports them (one-time code and reset-link lifetimes,
 * the password policy); until then they are written here, once.
 */
import { DomainError } from "@parley/domain";

export const oneTimeCodeDigits = 6;
export const oneTimeCodeValidMinutes = 10;
export const oneTimeCodeMaxAttempts = 5;
export const passwordResetValidMinutes = 60;
export const passwordMinLength = 8;

/** Spec 01 §5: at least 8 characters, one uppercase, one lowercase, one digit, one special character. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < passwordMinLength) problems.push(`at least ${passwordMinLength} characters`);
  if (!/[A-Z]/.test(password)) problems.push("an uppercase letter");
  if (!/[a-z]/.test(password)) problems.push("a lowercase letter");
  if (!/[0-9]/.test(password)) problems.push("a digit");
  if (!/[^A-Za-z0-9]/.test(password)) problems.push("a special character");
  return problems;
}

export function assertStrongPassword(password: string, path = "password"): void {
  const problems = passwordProblems(password);
  if (problems.length === 0) return;
  const message = `The password needs ${problems.join(", ")}`;
  throw new DomainError("validation_failed", message, 400, [{ path, message }]);
}

export function assertPasswordsMatch(password: string, confirmation: string | undefined, path = "confirmPassword"): void {
  if (confirmation === undefined || confirmation === password) return;
  throw new DomainError("passwords_do_not_match", undefined, 400, [{ path, message: "Passwords do not match" }]);
}
