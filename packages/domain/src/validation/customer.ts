/**
 * Customer details (spec 01 §3, §5): the save form, and the address that must be complete before
 * any subscription action.
 */
import "./yupLocale";
import { boolean, object, string, type InferType } from "yup";
import { DomainError } from "../errors";
import { countryCodes, languageCodes } from "../locale";
import { emailMaxLength, optionalEmail, optionalPhone, optionalText, requiredText } from "./common";
import { missingAddressFields, type AddressLike } from "../address";
import { textTooLong, validationIssue, validationMessage } from "./messages";

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

/**
 * Fields only provider staff set: whether the customer pays VAT (a customer who could tick it would pay 21 %
 * less at checkout) and the customer's record at the payment provider. A customer's own save keeps them as
 * stored, as it keeps a configuration's product and limit.
 */
export const providerOnlyCustomerFields = ["taxExempt", "stripe_customer_id"] as const;

/** The longest text each customer field takes, as the contract's CustomerInput says. */
export const customerMaxLengths = {
  name: 200,
  companyName: 200,
  contactPerson: 100,
  contactPersonPhone: 64,
  contactPersonEmail: emailMaxLength,
  street: 100,
  houseNumber: 20,
  addition: 20,
  postalCode: 20,
  city: 100,
  stripe_customer_id: 255,
  timezone: 64,
  taxId: 64,
} as const;
const max = customerMaxLengths;

/** Empty, or starting with a digit or letter: 12, 12a, 12-14, s/n; not "-5" or "!!!!". */
const houseNumberPattern = /^[\p{L}\p{N}]/u;
/** Letters, digits, spaces and hyphens, starting with a letter or digit: 1011 AB, SW1A 1AA, 12345-6789, D02 X285. */
const postalCodePattern = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

const optionalMatching = (maxLength: number, pattern: RegExp, issue: ReturnType<typeof validationIssue>) =>
  optionalText(maxLength).test("pattern", issue, (value) => value === null || value === undefined || value === "" || pattern.test(value));

export const customerSchema = object({
  _id: string().nullable(),
  name: requiredText(max.name),
  companyName: optionalText(max.companyName),
  contactPerson: optionalText(max.contactPerson),
  contactPersonPhone: optionalPhone().max(max.contactPersonPhone, textTooLong(max.contactPersonPhone)),
  contactPersonEmail: optionalEmail(),
  street: optionalText(max.street),
  houseNumber: optionalMatching(max.houseNumber, houseNumberPattern, validationIssue("invalid_house_number")),
  addition: optionalText(max.addition),
  postalCode: optionalMatching(max.postalCode, postalCodePattern, validationIssue("invalid_postal_code")),
  city: optionalText(max.city),
  country: optionalChoice(countryCodes),
  stripe_customer_id: optionalText(max.stripe_customer_id),
  language: optionalChoice(languageCodes),
  timezone: optionalText(max.timezone),
  taxExempt: boolean().nullable(),
  taxId: optionalText(max.taxId),
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
