/**
 * Customer details (spec 01 §3, §5): the save form, and the address that must be complete before
 * any subscription action.
 */
import "./yupLocale";
import { boolean, object, string, type InferType } from "yup";
import { DomainError } from "../errors";
import { countryCodes, languageCodes } from "../locale";
import { optionalEmail, optionalPhone, optionalText, requiredText } from "./common";
import { missingAddressFields, type AddressLike } from "../address";
import { validationIssue, validationMessage } from "./messages";

/** Throws `customer_details_incomplete` (with the missing fields) before a subscription action. */
export function assertCustomerDetailsComplete(customer: AddressLike | null | undefined): void {
  const missing = missingAddressFields(customer);
  if (missing.length > 0) {
    throw new DomainError(
      "customer_details_incomplete",
      undefined,
      400,
      missing.map((path) => ({ path, message: validationMessage("field_required") })),
    );
  }
}

const optionalChoice = (choices: readonly string[]) =>
  optionalText()
    .transform((value: string | null | undefined) => (value === "" ? null : value))
    .oneOf([...choices, null, undefined], validationIssue("invalid_field"));

export const customerSchema = object({
  _id: string().nullable(),
  name: requiredText(),
  companyName: optionalText(),
  contactPerson: optionalText(),
  contactPersonPhone: optionalPhone(),
  contactPersonEmail: optionalEmail(),
  street: optionalText(),
  houseNumber: optionalText(),
  addition: optionalText(),
  postalCode: optionalText(),
  city: optionalText(),
  country: optionalChoice(countryCodes),
  stripe_customer_id: optionalText(),
  language: optionalChoice(languageCodes),
  timezone: optionalText(),
  taxExempt: boolean().nullable(),
  taxId: optionalText(),
});
export type CustomerInput = InferType<typeof customerSchema>;

/** The address part required before subscribing. */
export const customerAddressSchema = object({
  street: requiredText(),
  houseNumber: requiredText(),
  postalCode: requiredText(),
  city: requiredText(),
  country: requiredText().oneOf(countryCodes, validationIssue("invalid_field")),
});
