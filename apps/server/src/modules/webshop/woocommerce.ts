import { woocommerceMaxPageSize } from "@parley/domain";
import type { OutboundClient } from "../../platform/outbound/client";
import { getShopJson, headerNumber, shopUnavailable, type ShopAnswer } from "./client";
import { woocommerceProduct, type Product } from "./products";

/*
 * WooCommerce's REST API (`GET {shop}/wp-json/wc/v3/products?page=N&per_page=M`), with HTTP Basic auth of the
 * consumer key and secret (WooCommerce also takes them as query parameters, which would put them in every log
 * on the way). Totals come in `X-WP-Total` / `X-WP-TotalPages`; errors as `{code, message, data: {status}}`,
 * e.g. 401 `woocommerce_rest_cannot_view`; a page past the last answers 400 `rest_post_invalid_page_number`
 * (or, in newer versions, an empty list).
 */

export interface WoocommerceCredentials {
  root: string;
  key: string;
  secret: string;
}

export interface WoocommercePage {
  products: Product[];
  total: number;
  totalPages: number;
  /** The page size asked for, within WooCommerce's bounds. */
  perPage: number;
  /**
   * The shop listed the page and told its totals (`X-WP-Total`, `X-WP-TotalPages`): only then can an index run
   * count on having seen every product once it has read pages 1 to `totalPages`.
   */
  listed: boolean;
}

function errorCode(body: unknown): string | undefined {
  return body !== null && typeof body === "object" && typeof (body as { code?: unknown }).code === "string" ? (body as { code: string }).code : undefined;
}

/** What a WooCommerce error answer means for the customer. */
function refusal(answer: ShopAnswer, root: string) {
  const code = errorCode(answer.body);
  if (answer.status === 401 || answer.status === 403 || code === "woocommerce_rest_cannot_view" || code === "woocommerce_rest_authentication_error") {
    // WooCommerce takes a key by Basic auth over https only (plain http wants OAuth 1.0a signatures).
    const overHttp = root.startsWith("http:") ? " WooCommerce accepts them over https only: use the shop's https address." : "";
    return shopUnavailable(
      `WooCommerce refused the consumer key and secret. Check them (WooCommerce › Settings › Advanced › REST API, with read access) and save them again.${overHttp}`,
    );
  }
  if (answer.status === 404 || code === "rest_no_route") {
    return shopUnavailable("No WooCommerce REST API answers at this address. Check the shop URL (the address of the WordPress site).");
  }
  return shopUnavailable(`WooCommerce answered with status ${answer.status}. Check the shop URL and try again later.`);
}

export async function woocommerceProducts(outbound: OutboundClient, shop: WoocommerceCredentials, page: number, perPage: number): Promise<WoocommercePage> {
  const size = Math.min(Math.max(Math.trunc(perPage), 1), woocommerceMaxPageSize);
  const query = new URLSearchParams({ page: String(page), per_page: String(size) });
  const authorization = `Basic ${Buffer.from(`${shop.key}:${shop.secret}`, "utf8").toString("base64")}`;
  const answer = await getShopJson(outbound, `${shop.root}/wp-json/wc/v3/products?${query}`, { authorization });
  const total = headerNumber(answer.headers, "x-wp-total");
  const totalPages = headerNumber(answer.headers, "x-wp-totalpages");
  if (answer.status === 400 && errorCode(answer.body) === "rest_post_invalid_page_number") {
    return { products: [], total: total ?? 0, totalPages: totalPages ?? 0, perPage: size, listed: false };
  }
  if (answer.status !== 200) throw refusal(answer, shop.root);
  if (!Array.isArray(answer.body)) throw shopUnavailable("The shop's address does not answer as WooCommerce's REST API. Check the shop URL.");
  const products = answer.body.flatMap((entry) => woocommerceProduct(entry, shop.root) ?? []);
  const counted = total ?? (page - 1) * size + answer.body.length;
  return { products, total: counted, totalPages: totalPages ?? Math.ceil(counted / size), perPage: size, listed: total !== undefined && totalPages !== undefined };
}
