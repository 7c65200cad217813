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

/** Products one configuration keeps at most; a shop with more has its first ones indexed. */
export const maxIndexedProductsPerConfiguration = 10_000;
/** Products a WooCommerce page holds by default, and WooCommerce's own cap on `per_page`. */
export const woocommercePageSize = 10;
export const woocommerceMaxPageSize = 100;
/** Shopify's cap on `limit`: the most products one page of its Admin API holds. */
export const shopifyPageSize = 250;

/** The product fields the assistant reads when the settings choose none. */
export const defaultProductOptions = ["name", "description", "price", "regular_price", "in_stock", "stock_quantity", "category", "tags", "sku", "attributes"] as const;
