/**
 * Adding and updating users (admin list, profile). A new user needs a password; an update may
 * leave it out to keep the current one.
 */
import { boolean, object, string, type InferType } from "yup";
import { languageCodes } from "../locale";
import { roles } from "../roles";
import { optionalText, requiredEmail, requiredText } from "./common";
import { textTooLongMessage, validationMessage } from "./messages";
import { isStrongPassword, passwordMaxLength, passwordTooWeakMessage } from "./password";

export const userStatuses = ["active", "inactive"] as const;
export type UserStatus = (typeof userStatuses)[number];

export const userSchema = object({
  id: string().nullable(),
  customerId: string().nullable(),
  username: requiredText(),
  firstname: requiredText(),
  lastname: requiredText(),
  email: requiredEmail(),
  password: string()
    .when("id", {
      is: (id: string | null | undefined) => !id,
      then: (schema) => schema.required(validationMessage("field_required")),
    })
    .max(passwordMaxLength, textTooLongMessage(passwordMaxLength))
    .test("strong-password", passwordTooWeakMessage, (value) => !value || isStrongPassword(value)),
  avatar: optionalText(),
  role: string()
    .required(validationMessage("field_required"))
    .oneOf(roles, validationMessage("invalid_field")),
  status: string().oneOf(userStatuses, validationMessage("invalid_field")).default("active"),
  showWizard: boolean(),
  showInstructions: boolean(),
  forceRefreshPassword: boolean(),
  languageCode: optionalText().oneOf([...languageCodes, null, undefined], validationMessage("invalid_field")),
});
export type UserInput = InferType<typeof userSchema>;
