/**
 * Sign-in, registration and password forms (spec 01 §5), shared by the portals and the server.
 */
import "./yupLocale";
import { object, string, type InferType } from "yup";
import { isWellFormedOneTimeCode } from "../auth";
import { languageCodes } from "../locale";
import { requiredEmail, requiredText } from "./common";
import { textTooLong, validationIssue } from "./messages";
import { passwordConfirmationSchema, passwordMaxLength, passwordSchema } from "./password";

export const loginSchema = object({
  // The username is the account's e-mail address (the contract's `login`), so a malformed one is refused before it is sent.
  username: requiredEmail(),
  password: string()
    .required(validationIssue("field_required"))
    .max(passwordMaxLength, textTooLong(passwordMaxLength)),
});
export type LoginInput = InferType<typeof loginSchema>;

export const registrationSchema = object({
  firstname: requiredText(),
  lastname: requiredText(),
  email: requiredEmail(),
  password: passwordSchema(),
  confirmPassword: passwordConfirmationSchema(),
  languageCode: string()
    .required(validationIssue("language_required"))
    .oneOf(languageCodes, validationIssue("language_required")),
});
export type RegistrationInput = InferType<typeof registrationSchema>;

export const validateOtpSchema = object({
  email: requiredEmail(),
  otp: string()
    .required(validationIssue("field_required"))
    .test(
      "one-time-code",
      validationIssue("invalid_otp"),
      (value) => value === undefined || isWellFormedOneTimeCode(value),
    ),
});
export type ValidateOtpInput = InferType<typeof validateOtpSchema>;

export const forgotPasswordSchema = object({
  email: requiredEmail(),
});
export type ForgotPasswordInput = InferType<typeof forgotPasswordSchema>;

/** The new-password form (reset and forced refresh). */
export const newPasswordSchema = object({
  password: passwordSchema(),
  confirmPassword: passwordConfirmationSchema(),
});
export type NewPasswordInput = InferType<typeof newPasswordSchema>;

/**
 * A signed-in user's own change: the current password proves it is the owner at the keyboard (the server
 * checks it); a new password equal to it changes nothing and is refused before it is sent.
 */
export const changePasswordSchema = newPasswordSchema.shape({
  currentPassword: string()
    .required(validationIssue("field_required"))
    .max(passwordMaxLength, textTooLong(passwordMaxLength)),
  password: passwordSchema().test(
    "differs-from-current",
    validationIssue("password_unchanged"),
    function differsFromCurrent(value) {
      return value === undefined || value !== this.parent.currentPassword;
    },
  ),
});
export type ChangePasswordInput = InferType<typeof changePasswordSchema>;

/** The reset call: the new password with the token from the e-mailed link. */
export const resetPasswordSchema = newPasswordSchema.shape({
  token: requiredText(),
});
export type ResetPasswordInput = InferType<typeof resetPasswordSchema>;
