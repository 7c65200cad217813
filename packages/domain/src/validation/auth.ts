/**
 * Sign-in, registration and password forms (spec 01 §5), shared by the portals and the server.
 */
import { object, string, type InferType } from "yup";
import { isWellFormedOneTimeCode } from "../auth";
import { languageCodes } from "../locale";
import { requiredEmail, requiredText } from "./common";
import { textTooLongMessage, validationMessage } from "./messages";
import { passwordConfirmationSchema, passwordMaxLength, passwordSchema } from "./password";

export const loginSchema = object({
  username: requiredText(),
  password: string()
    .required(validationMessage("field_required"))
    .max(passwordMaxLength, textTooLongMessage(passwordMaxLength)),
});
export type LoginInput = InferType<typeof loginSchema>;

export const registrationSchema = object({
  firstname: requiredText(),
  lastname: requiredText(),
  email: requiredEmail(),
  password: passwordSchema(),
  confirmPassword: passwordConfirmationSchema(),
  languageCode: string()
    .required(validationMessage("language_required"))
    .oneOf(languageCodes, validationMessage("language_required")),
});
export type RegistrationInput = InferType<typeof registrationSchema>;

export const validateOtpSchema = object({
  email: requiredEmail(),
  otp: string()
    .required(validationMessage("field_required"))
    .test(
      "one-time-code",
      validationMessage("invalid_otp"),
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

/** The reset call: the new password with the token from the e-mailed link. */
export const resetPasswordSchema = newPasswordSchema.shape({
  token: requiredText(),
});
export type ResetPasswordInput = InferType<typeof resetPasswordSchema>;
