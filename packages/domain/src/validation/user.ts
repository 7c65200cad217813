/**
 * Adding and updating users (admin list, profile). A new user needs a password; an update may
 * leave it out to keep the current one.
 */
import "./yupLocale";
import { boolean, object, string, type InferType } from "yup";
import { languageCodes } from "../locale";
import { roles } from "../roles";
import { emailMaxLength, optionalText, requiredEmail, requiredText } from "./common";
import { textTooLong, validationIssue } from "./messages";
import { isStrongPassword, passwordMaxLength, passwordTooWeak } from "./password";

export const userStatuses = ["active", "inactive"] as const;
export type UserStatus = (typeof userStatuses)[number];

/** The longest text each user field takes, as the contract's UserInput says. */
export const userMaxLengths = {
  username: 254,
  firstname: 100,
  lastname: 100,
  email: emailMaxLength,
  password: passwordMaxLength,
} as const;

export const userSchema = object({
  id: string().nullable(),
  // Only an admin belongs to no customer: a customer's user without one would sign in to an empty portal.
  customerId: string()
    .nullable()
    .when("role", {
      is: (role: string | undefined) => role !== undefined && role !== "admin",
      then: (schema) => schema.required(validationIssue("customer_required")),
    }),
  username: requiredText(userMaxLengths.username),
  firstname: requiredText(userMaxLengths.firstname),
  lastname: requiredText(userMaxLengths.lastname),
  email: requiredEmail(),
  password: string()
    .when("id", {
      is: (id: string | null | undefined) => !id,
      then: (schema) => schema.required(validationIssue("field_required")),
    })
    .max(passwordMaxLength, textTooLong(passwordMaxLength))
    .test("strong-password", passwordTooWeak, (value) => !value || isStrongPassword(value)),
  avatar: optionalText(),
  role: string()
    .required(validationIssue("field_required"))
    .oneOf(roles, validationIssue("invalid_field")),
  status: string().oneOf(userStatuses, validationIssue("invalid_field")).default("active"),
  showWizard: boolean(),
  showInstructions: boolean(),
  forceRefreshPassword: boolean(),
  languageCode: optionalText().oneOf([...languageCodes, null, undefined], validationIssue("invalid_field")),
});
export type UserInput = InferType<typeof userSchema>;
