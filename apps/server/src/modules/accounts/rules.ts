/**
 * The account rules of @parley/domain as the server applies them: problems with the field at fault.
 */
import { DomainError, isStrongPassword, passwordTooWeakMessage, validationMessage } from "@parley/domain";

export function assertStrongPassword(password: string, path = "password"): void {
  if (isStrongPassword(password)) return;
  throw new DomainError("validation_failed", passwordTooWeakMessage, 400, [{ path, message: passwordTooWeakMessage }]);
}

export function assertPasswordsMatch(password: string, confirmation: string | undefined, path = "confirmPassword"): void {
  if (confirmation === undefined || confirmation === password) return;
  const message = validationMessage("passwords_do_not_match");
  throw new DomainError("passwords_do_not_match", message, 400, [{ path, message }]);
}
