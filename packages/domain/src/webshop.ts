/**
 * Webshops products are indexed from (spec 01 §3, spec 02 §7.8).
 */

export const webshopTypes = ["WooCommerce", "Shopify"] as const;
export type WebshopType = (typeof webshopTypes)[number];

export function isWebshopType(value: unknown): value is WebshopType {
  return typeof value === "string" && (webshopTypes as readonly string[]).includes(value);
}

/** WooCommerce is indexed page by page; Shopify by vendor. */
export function indexingModeFor(type: WebshopType): "paged" | "by_vendor" {
  return type === "WooCommerce" ? "paged" : "by_vendor";
}

/** The indexed-products count answers OK when some products are indexed and WARN when none are. */
export function indexedProductsStatus(count: number): "OK" | "WARN" {
  return count > 0 ? "OK" : "WARN";
}
