import { cleanArticleText, defaultProductAnswerFields } from "@parley/domain";
import type { Schemas } from "../../platform/http/contract-types";
import { contentText } from "../wordpress/client";

/*
 * A shop's product as the contract's Product: the WooCommerce REST API's and the Shopify Admin API's JSON read
 * defensively (a plugin's odd field is dropped, not trusted), HTML made plain text without scripts, NUL and
 * other control characters removed, every string and list capped; and the text the assistant reads of it.
 */

export type Product = Schemas["Product"];

const caps = { name: 500, short: 200, description: 20_000, url: 2_048, list: 50, metadata: 50 };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Text as the knowledge store keeps it (NUL, other control characters and unpaired surrogates removed, NFC),
 * capped; empty when no letter or digit is left.
 */
export function cleanText(value: string, max: number): string {
  try {
    return cleanArticleText(value).slice(0, max).trim();
  } catch {
    return "";
  }
}

function text(value: unknown, max: number = caps.short): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const cleaned = cleanText(value, max);
  return cleaned === "" ? null : cleaned;
}

/** `"4.50"` or `4.5` as a number; `""`, `null` and anything else as null. */
function amount(value: unknown): number | null {
  const parsed = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

function integer(value: unknown): number | null {
  const parsed = amount(value);
  return parsed !== null && Number.isSafeInteger(Math.trunc(parsed)) ? Math.trunc(parsed) : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, caps.list) : [];
}

function texts(value: unknown, pick: (entry: unknown) => unknown = (entry) => entry): string[] {
  return list(value).flatMap((entry) => {
    const found = text(pick(entry));
    return found === null ? [] : [found];
  });
}

const field = (key: string) => (entry: unknown) => (isObject(entry) ? entry[key] : undefined);

function httpUrl(value: unknown): string | null {
  const found = text(value, caps.url);
  if (found === null) return null;
  try {
    const url = new URL(found);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function plain(html: unknown, base: string): string | null {
  if (typeof html !== "string" || html.trim() === "") return null;
  const found = cleanText(contentText(cleanText(html, caps.description * 4), base), caps.description);
  return found === "" ? null : found;
}

/** A date-time with its offset: WooCommerce's `_gmt` fields have none and are UTC. */
function utcDate(value: unknown): string | null {
  const found = text(value);
  if (found === null || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/u.test(found)) return null;
  return /(Z|[+-]\d{2}:\d{2})$/u.test(found) ? found : `${found}Z`;
}

function salePercentage(regular: number | null, sale: number | null): number | null {
  if (regular === null || sale === null || regular <= 0 || sale >= regular) return null;
  return Math.round(((regular - sale) / regular) * 100);
}

/** Meta data as `key: value`, without WordPress's private keys (`_…`), capped. */
function metadataOf(value: unknown): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const entry of list(value).slice(0, caps.metadata)) {
    const key = text(field("key")(entry));
    if (key === null || key.startsWith("_")) continue;
    const raw = field("value")(entry);
    const found = typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean" ? text(String(raw), 1_000) : null;
    if (found !== null) metadata[key] = found;
  }
  return metadata;
}

/** A WooCommerce product (`GET /wp-json/wc/v3/products`), or undefined when the entry is none. */
export function woocommerceProduct(entry: unknown, shop: string): Product | undefined {
  if (!isObject(entry) || integer(entry.id) === null) return undefined;
  const url = httpUrl(entry.permalink);
  const regular = amount(entry.regular_price);
  const sale = amount(entry.sale_price);
  const dimensions = isObject(entry.dimensions) ? entry.dimensions : undefined;
  return {
    productId: String(integer(entry.id)),
    name: text(entry.name, caps.name) ?? `Product ${String(integer(entry.id))}`,
    description: plain(entry.description, url ?? shop) ?? plain(entry.short_description, url ?? shop),
    tags: texts(entry.tags, field("name")),
    price: amount(entry.price),
    regular_price: regular,
    stock_quantity: integer(entry.stock_quantity),
    in_stock: entry.stock_status === "instock",
    weight: text(entry.weight),
    images: list(entry.images).flatMap((image) => httpUrl(field("src")(image)) ?? []),
    url,
    attributes: list(entry.attributes).flatMap((attribute) => {
      const name = text(field("name")(attribute));
      return name === null ? [] : [{ name, options: texts(field("options")(attribute)) }];
    }),
    dimensions: dimensions
      ? { length: text(dimensions.length) ?? "", width: text(dimensions.width) ?? "", height: text(dimensions.height) ?? "" }
      : null,
    category: texts(entry.categories, field("name")),
    rating: amount(entry.average_rating),
    rating_count: integer(entry.rating_count) ?? 0,
    reviews: [],
    variations: list(entry.variations).flatMap((id) => (integer(id) === null ? [] : [{ id: String(integer(id)) }])),
    backorders: text(entry.backorders),
    shipping_class: text(entry.shipping_class),
    cross_sell_ids: texts(entry.cross_sell_ids),
    upsell_ids: texts(entry.upsell_ids),
    sku: text(entry.sku),
    date_on_sale_from: utcDate(entry.date_on_sale_from_gmt),
    date_on_sale_to: utcDate(entry.date_on_sale_to_gmt),
    sale_percentage: salePercentage(regular, sale),
    metadata: metadataOf(entry.meta_data),
    downloads: list(entry.downloads).flatMap((download) => {
      const file = httpUrl(field("file")(download));
      return file === null ? [] : [{ name: text(field("name")(download)) ?? file, file }];
    }),
    external_url: httpUrl(entry.external_url),
    grouped_products: texts(entry.grouped_products),
  };
}

/** A Shopify product (`GET /admin/api/2024-10/products.json`), or undefined when the entry is none. */
export function shopifyProduct(entry: unknown, shop: string): Product | undefined {
  if (!isObject(entry) || integer(entry.id) === null) return undefined;
  const variants = list(entry.variants).filter(isObject);
  const first = variants[0];
  const handle = text(entry.handle);
  const url = handle === null ? null : `${shop}/products/${encodeURIComponent(handle)}`;
  const price = amount(first?.price);
  const compareAt = amount(first?.compare_at_price);
  const quantities = variants.flatMap((variant) => integer(variant.inventory_quantity) ?? []);
  const stock = quantities.length > 0 ? quantities.reduce((sum, quantity) => sum + Math.max(quantity, 0), 0) : null;
  const weight = amount(first?.weight);
  const optionNames = list(entry.options).map((option) => text(field("name")(option)));
  const vendor = text(entry.vendor);
  const productType = text(entry.product_type);
  return {
    productId: String(integer(entry.id)),
    name: text(entry.title, caps.name) ?? `Product ${String(integer(entry.id))}`,
    description: plain(entry.body_html, url ?? shop),
    tags: typeof entry.tags === "string" ? entry.tags.split(",").flatMap((tag) => text(tag) ?? []).slice(0, caps.list) : texts(entry.tags),
    price,
    regular_price: compareAt ?? price,
    stock_quantity: stock,
    in_stock: stock === null ? true : stock > 0,
    weight: weight === null ? null : `${weight} ${text(first?.weight_unit) ?? ""}`.trim(),
    images: list(entry.images).flatMap((image) => httpUrl(field("src")(image)) ?? []),
    url,
    attributes: list(entry.options).flatMap((option) => {
      const name = text(field("name")(option));
      return name === null ? [] : [{ name, options: texts(field("values")(option)) }];
    }),
    dimensions: null,
    category: productType === null ? [] : [productType],
    rating: null,
    rating_count: 0,
    reviews: [],
    variations: variants.flatMap((variant) => {
      const id = integer(variant.id);
      if (id === null) return [];
      const attributes: Record<string, string> = {};
      ["option1", "option2", "option3"].forEach((key, index) => {
        const value = text(variant[key]);
        if (value !== null) attributes[optionNames[index] ?? key] = value;
      });
      return [{ id: String(id), sku: text(variant.sku), price: amount(variant.price), attributes }];
    }),
    backorders: null,
    shipping_class: null,
    cross_sell_ids: [],
    upsell_ids: [],
    sku: text(first?.sku),
    date_on_sale_from: null,
    date_on_sale_to: null,
    sale_percentage: salePercentage(compareAt, price),
    metadata: vendor === null ? {} : { vendor },
    downloads: [],
    external_url: null,
    grouped_products: [],
  };
}

/** What the product search reads: name, sku, description, categories and tags, lower-cased. */
export function searchTextOf(product: Product): string {
  return [product.name, product.sku ?? "", product.description ?? "", ...(product.category ?? []), ...(product.tags ?? [])].join("\n").toLowerCase();
}

const labels: Record<string, string> = {
  description: "Description",
  price: "Price",
  regular_price: "Regular price",
  in_stock: "In stock",
  stock_quantity: "Stock",
  category: "Category",
  tags: "Tags",
  sku: "SKU",
  weight: "Weight",
  url: "Link",
  rating: "Rating",
  rating_count: "Ratings",
  backorders: "Backorders",
  shipping_class: "Shipping class",
  sale_percentage: "Discount (%)",
  date_on_sale_from: "On sale from",
  date_on_sale_to: "On sale until",
  external_url: "External link",
};

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => (isObject(item) && typeof item.name === "string" ? `${item.name}${Array.isArray(item.options) ? `: ${item.options.join(", ")}` : ""}` : valueText(item)))
      .filter((item) => item !== "")
      .join("; ");
  }
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, item]) => `${key} ${valueText(item)}`.trim())
      .filter((item) => item !== "")
      .join(", ");
  }
  return "";
}

/**
 * The text the assistant finds a product by and answers from: its name, then each chosen field that has a
 * value (`selectedOptions` of the settings; the domain's default fields when none are chosen), one a line.
 */
export function knowledgeTextOf(product: Product, options: readonly string[]): string {
  const chosen = options.length > 0 ? options : defaultProductAnswerFields;
  const lines = [product.name];
  for (const option of new Set(chosen)) {
    if (option === "name" || option === "productId" || !Object.hasOwn(product, option)) continue;
    const value = valueText((product as Record<string, unknown>)[option]);
    if (value !== "") lines.push(`${labels[option] ?? option.replace(/_/gu, " ")}: ${value}`);
  }
  return lines.join("\n");
}
