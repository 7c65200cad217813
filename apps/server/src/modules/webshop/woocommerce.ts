import { serviceReason, serviceReasons, woocommerceMaxPageSize } from "@parley/domain";
import { createHmac, randomBytes } from "node:crypto";
import type { OutboundClient } from "../../platform/outbound/client";
import { getShopJson, headerNumber, shopUnavailable, type ShopAnswer } from "./client";
import { woocommerceProduct, type Product } from "./products";

/*
 * WooCommerce's REST API (`GET {shop}/wp-json/wc/v3/products?page=N&per_page=M`). Over https with HTTP Basic auth
 * of the consumer key and secret (WooCommerce also takes them as query parameters, which would put them in every
 * log on the way). Over plain http WooCommerce ignores Basic auth, which would send the secret in clear anyway,
 * and wants each request signed with one-legged OAuth 1.0a instead (the key, a timestamp, a single-use nonce and
 * an HMAC keyed by the secret, in the query). Totals come in `X-WP-Total` / `X-WP-TotalPages`; errors as `{code,
 * message, data: {status}}`, e.g. 401 `woocommerce_rest_cannot_view`, 401 `woocommerce_rest_authentication_error`
 * for a bad signature; a page past the last answers 400 `rest_post_invalid_page_number` (or, in newer versions,
 * an empty list).
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

/** RFC 3986 percent-encoding (`encodeURIComponent` leaves !'()* as they are), as PHP's rawurlencode. */
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/gu, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The query of a request signed with one-legged OAuth 1.0a as WooCommerce checks it (`WC_REST_Authentication::
 * check_oauth_signature`, which is RFC 5849's base string): every query and oauth_ parameter sorted by name, each
 * `name=value` encoded and encoded again as a whole, joined with an encoded "&" behind the method and the encoded
 * address; HMAC-SHA256 keyed by the secret and "&". WooCommerce refuses a timestamp more than 15 minutes old and a
 * nonce it has seen.
 */
export function oauthSignedQuery(
  address: string,
  parameters: Record<string, string>,
  credentials: { key: string; secret: string },
  now = Date.now(),
  nonce = randomBytes(16).toString("hex"),
): URLSearchParams {
  const all: Record<string, string> = {
    ...parameters,
    oauth_consumer_key: credentials.key,
    oauth_nonce: nonce,
    oauth_signature_method: "HMAC-SHA256",
    oauth_timestamp: String(Math.floor(now / 1000)),
  };
  const joined = Object.keys(all)
    .sort()
    .map((name) => rfc3986(`${rfc3986(name)}=${rfc3986(all[name]!)}`))
    .join("%26");
  const signature = createHmac("sha256", `${credentials.secret}&`).update(`GET&${rfc3986(address)}&${joined}`).digest("base64");
  return new URLSearchParams({ ...all, oauth_signature: signature });
}

const productsPath = "/wp-json/wc/v3/products";

/**
 * One products page: signed with OAuth over http, with Basic auth over https; an http address that redirected
 * to https (where the signature, made for http, cannot hold) is asked again at its https address with Basic auth.
 */
export async function woocommerceGet(outbound: OutboundClient, shop: WoocommerceCredentials, path: string, parameters: Record<string, string>): Promise<ShopAnswer> {
  const basic = (root: string) =>
    getShopJson(outbound, `${root}${path}?${new URLSearchParams(parameters)}`, {
      authorization: `Basic ${Buffer.from(`${shop.key}:${shop.secret}`, "utf8").toString("base64")}`,
    });
  if (!shop.root.startsWith("http:")) return basic(shop.root);
  const address = `${shop.root}${path}`;
  const answer = await getShopJson(outbound, `${address}?${oauthSignedQuery(address, parameters, shop)}`, {});
  const answered = new URL(answer.url);
  if (answer.status !== 401 || answered.protocol !== "https:" || !answered.pathname.endsWith(path)) return answer;
  return basic(`${answered.origin}${answered.pathname.slice(0, -path.length)}`);
}

const productsAnswer = (outbound: OutboundClient, shop: WoocommerceCredentials, parameters: Record<string, string>) =>
  woocommerceGet(outbound, shop, productsPath, parameters);

/** What a WooCommerce error answer means for the customer. */
export function woocommerceRefusal(answer: ShopAnswer) {
  const code = errorCode(answer.body);
  if (answer.status === 401 || answer.status === 403 || code === "woocommerce_rest_cannot_view" || code === "woocommerce_rest_authentication_error") {
    return shopUnavailable(serviceReasons.woocommerce_credentials_refused);
  }
  if (answer.status === 404 || code === "rest_no_route") {
    return shopUnavailable(serviceReasons.woocommerce_not_found);
  }
  return shopUnavailable(serviceReason("woocommerce_status", { status: answer.status }));
}

export async function woocommerceProducts(outbound: OutboundClient, shop: WoocommerceCredentials, page: number, perPage: number): Promise<WoocommercePage> {
  const size = Math.min(Math.max(Math.trunc(perPage), 1), woocommerceMaxPageSize);
  const answer = await productsAnswer(outbound, shop, { page: String(page), per_page: String(size) });
  const total = headerNumber(answer.headers, "x-wp-total");
  const totalPages = headerNumber(answer.headers, "x-wp-totalpages");
  if (answer.status === 400 && errorCode(answer.body) === "rest_post_invalid_page_number") {
    return { products: [], total: total ?? 0, totalPages: totalPages ?? 0, perPage: size, listed: false };
  }
  if (answer.status !== 200) throw woocommerceRefusal(answer);
  if (!Array.isArray(answer.body)) throw shopUnavailable(serviceReasons.woocommerce_not_rest_api);
  const products = answer.body.flatMap((entry) => woocommerceProduct(entry, shop.root) ?? []);
  const counted = total ?? (page - 1) * size + answer.body.length;
  return { products, total: counted, totalPages: totalPages ?? Math.ceil(counted / size), perPage: size, listed: total !== undefined && totalPages !== undefined };
}
