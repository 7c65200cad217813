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
/** WooCommerce's own cap on `per_page`. */
export const woocommerceMaxPageSize = 100;
/** Shopify's cap on `limit`: the most products one page of its Admin API holds. */
export const shopifyPageSize = 250;

/**
 * Product fields (the contract's Product names) a shop owner can let the assistant answer from: the
 * settings' `selectedOptions`. The product's id is always kept; these are what the owner chooses.
 */
export const productAnswerFields = [
  "name",
  "description",
  "price",
  "regular_price",
  "sale_percentage",
  "stock_quantity",
  "in_stock",
  "sku",
  "category",
  "tags",
  "url",
  "images",
  "attributes",
  "variations",
  "dimensions",
  "weight",
  "rating",
  "reviews",
  "shipping_class",
  "backorders",
] as const;
export type ProductAnswerField = (typeof productAnswerFields)[number];

/** What the assistant answers from until the owner chooses (the portal's first choice too): what a shopper asks first. */
export const defaultProductAnswerFields: readonly ProductAnswerField[] = ["name", "description", "price", "stock_quantity", "in_stock", "category", "tags", "sku", "attributes", "url"];

export function isProductAnswerField(value: unknown): value is ProductAnswerField {
  return typeof value === "string" && (productAnswerFields as readonly string[]).includes(value);
}

/** WooCommerce products indexed per call when the portal indexes a shop page by page, and when a call names none (the contract allows up to 100). */
export const woocommerceIndexPageSize = 50;

/** The pages of `perPage` products a shop of `totalProducts` products is indexed in. */
export function woocommercePageCount(totalProducts: number, perPage: number = woocommerceIndexPageSize): number {
  return Math.ceil(Math.max(0, totalProducts) / perPage);
}
