/** The customer form's values: every text as a string (empty when unset), as the inputs hold them. */
import type { CustomerDraft } from "./editor";
import type { CustomerInput } from "./hooks";

export const customerTextFields = [
  "name",
  "companyName",
  "contactPerson",
  "contactPersonPhone",
  "contactPersonEmail",
  "street",
  "houseNumber",
  "addition",
  "postalCode",
  "city",
  "country",
  "language",
  "timezone",
  "taxId",
] as const;
export type CustomerTextField = (typeof customerTextFields)[number];

/** `taxExempt` stays null (unset) until the box is ticked or cleared, so an untouched box is no change. */
export type CustomerFormValues = Record<CustomerTextField, string> & { taxExempt: boolean | null };

export function toFormValues(customer: CustomerDraft): CustomerFormValues {
  const texts = Object.fromEntries(customerTextFields.map((field) => [field, customer[field] ?? ""])) as Record<CustomerTextField, string>;
  return { ...texts, taxExempt: customer.taxExempt ?? null };
}

/** What is sent: texts trimmed, an empty one as null (unset), so an untouched field is no change. */
export function toCustomerInput(values: CustomerFormValues, id: string | null): CustomerInput {
  const texts = Object.fromEntries(customerTextFields.map((field) => [field, values[field].trim() === "" ? null : values[field].trim()]));
  return { ...texts, name: values.name.trim(), taxExempt: values.taxExempt, ...(id ? { _id: id } : {}) };
}
