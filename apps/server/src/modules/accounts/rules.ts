/**
 * The account rules of @parley/domain as the server applies them: problems with the field at fault.
 */
import { DomainError, errorMessages, isStrongPassword, passwordTooWeakMessage, validationMessage } from "@parley/domain";

export function assertStrongPassword(password: string, path = "password"): void {
  if (isStrongPassword(password)) return;
  throw new DomainError("validation_failed", passwordTooWeakMessage, 400, [{ path, message: passwordTooWeakMessage }]);
}

export function assertPasswordsMatch(password: string, confirmation: string | undefined, path = "confirmPassword"): void {
  if (confirmation === undefined || confirmation === password) return;
  const message = validationMessage("passwords_do_not_match");
  throw new DomainError("passwords_do_not_match", message, 400, [{ path, message }]);
}

/**
 * Names are stored trimmed, so one of spaces only would be stored empty (a user listed, or greeted in an
 * e-mail, without a name): 'This field is required' for each, as for an empty one.
 */
export function assertNamesGiven(names: Record<string, string>): void {
  const blank = Object.keys(names).filter((field) => names[field]!.trim() === "");
  if (blank.length === 0) return;
  const message = errorMessages.field_required;
  throw new DomainError("validation_failed", `${blank[0]}: ${message}`, 400, blank.map((path) => ({ path, message })));
}
