/*
 * Rules the portals need that packages/domain does not export yet; move them there when it does.
 */
/** An address is complete only when street, house number, postal code, city and country are present (spec 01 §3). */
export function isAddressComplete(customer: Record<string, unknown> | null | undefined): boolean {
  if (!customer) return false;
  return ["street", "houseNumber", "postalCode", "city", "country"].every((field) => {
    const value = customer[field];
    return typeof value === "string" ? value.trim() !== "" : value !== null && value !== undefined;
  });
}
