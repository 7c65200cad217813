/**
 * A customer's address is complete when street, house number, postal code, city and country are all
 * present (spec 01 §3); subscription actions need it (spec 01 §5).
 */

export const addressFields = ["street", "houseNumber", "postalCode", "city", "country"] as const;
export type AddressField = (typeof addressFields)[number];

export type AddressLike = Partial<Record<AddressField, string | null | undefined>>;

/** Address fields that are missing or blank. */
export function missingAddressFields(customer: AddressLike | null | undefined): AddressField[] {
  return addressFields.filter((field) => (customer?.[field] ?? "").trim() === "");
}

/** Complete only when street, house number, postal code, city and country are all present. */
export function isAddressComplete(customer: AddressLike | null | undefined): boolean {
  return missingAddressFields(customer).length === 0;
}
