import { serviceReason, serviceReasons, shopifyPageSize } from "@parley/domain";
import { setTimeout as sleep } from "node:timers/promises";
import type { OutboundClient } from "../../platform/outbound/client";
import { getShopJson, headerText, shopUnavailable, type ShopAnswer } from "./client";
import { shopifyProduct, type Product } from "./products";

/*
 * Shopify's Admin REST API (`GET https://{shop}/admin/api/2024-10/products.json?limit=250&vendor=X`) with the
 * header `X-Shopify-Access-Token`. Pages follow the `Link` header (`<…page_info=…>; rel="next"`); the count is
 * `/products/count.json` → `{"count": N}`. Errors are `{"errors": …}`: 401 for a wrong token, 403 for a token
 * without `read_products`, 429 with `Retry-After` when the shop's bucket (`X-Shopify-Shop-Api-Call-Limit`,
 * e.g. `39/40`) is full.
 */

export const shopifyApiVersion = "2024-10";
/** The longest `Retry-After` waited for (once); a shop asking for longer is answered as unavailable. */
export const maxRetryAfterMs = 10_000;
/** The pause before the next call when the shop's call bucket is nearly full. */
const bucketPauseMs = 500;
/** Pages read at most in one call (a shop whose `Link` never ends is not followed for ever). */
const maxPages = 100;

export interface ShopifyCredentials {
  root: string;
  token: string;
}

export function shopifyRefusal(answer: ShopAnswer) {
  if (answer.status === 401) {
    return shopUnavailable(serviceReasons.shopify_token_refused);
  }
  if (answer.status === 403) return shopUnavailable(serviceReasons.shopify_scope_missing);
  if (answer.status === 404) return shopUnavailable(serviceReasons.shopify_store_not_found);
  if (answer.status === 429) return shopUnavailable(serviceReasons.shopify_rate_limited);
  return shopUnavailable(serviceReason("shopify_status", { status: answer.status }));
}

/** Seconds (Shopify sends `2.0`) as milliseconds, when within the cap. */
function retryAfterMs(answer: ShopAnswer): number | undefined {
  const seconds = Number(headerText(answer.headers, "retry-after") ?? "1");
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  const ms = Math.ceil(seconds * 1000);
  return ms <= maxRetryAfterMs ? ms : undefined;
}

/** `39/40`: the bucket is nearly full, so the next call waits a little rather than earning a 429. */
function bucketNearlyFull(answer: ShopAnswer): boolean {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/u.exec(headerText(answer.headers, "x-shopify-shop-api-call-limit") ?? "");
  return match !== null && Number(match[2]) - Number(match[1]) <= 1;
}

/** The `rel="next"` address of a `Link` header, when it is on the shop's own origin. */
export function nextPageUrl(link: string | undefined, root: string): string | undefined {
  for (const part of (link ?? "").split(",")) {
    const match = /<([^>]+)>\s*;(.*)/u.exec(part.trim());
    if (!match || !/\brel\s*=\s*"?next"?/u.test(match[2]!)) continue;
    try {
      const url = new URL(match[1]!, root);
      return url.origin === new URL(root).origin ? url.href : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function createShopifyCaller(outbound: OutboundClient, shop: ShopifyCredentials) {
  const headers = { "x-shopify-access-token": shop.token };

  /** One call, waiting once for `Retry-After` on a 429 (within the cap). */
  async function get(url: string): Promise<ShopAnswer> {
    const answer = await getShopJson(outbound, url, headers);
    if (answer.status !== 429) return answer;
    const wait = retryAfterMs(answer);
    if (wait === undefined) throw shopifyRefusal(answer);
    await sleep(wait);
    return getShopJson(outbound, url, headers);
  }

  const api = (path: string, query: URLSearchParams) => `${shop.root}/admin/api/${shopifyApiVersion}/${path}${query.size > 0 ? `?${query}` : ""}`;
  const vendorQuery = (vendor: string | undefined, extra: Record<string, string> = {}) =>
    new URLSearchParams({ ...extra, ...(vendor ? { vendor } : {}) });

  return {
    /** The order named `#number` (any status), as Shopify has it; undefined when there is none. */
    async order(number: string): Promise<unknown> {
      const answer = await get(api("orders.json", new URLSearchParams({ name: number.replace(/^#/u, ""), status: "any", limit: "1" })));
      if (answer.status !== 200) throw shopifyRefusal(answer);
      const orders = (answer.body as { orders?: unknown } | undefined)?.orders;
      if (!Array.isArray(orders)) throw shopUnavailable(serviceReasons.shopify_not_admin_api);
      return orders[0];
    },

    async count(vendor?: string): Promise<number> {
      const answer = await get(api("products/count.json", vendorQuery(vendor)));
      if (answer.status !== 200) throw shopifyRefusal(answer);
      const count = (answer.body as { count?: unknown } | undefined)?.count;
      if (typeof count !== "number" || !Number.isSafeInteger(count)) throw shopUnavailable(serviceReasons.shopify_not_admin_api);
      return count;
    },

    /**
     * Every product (of the vendor, when given), page by page, at most `max`. `complete`: the shop listed no
     * further page, so the products are all it has (not cut at `max` or at the most pages read in one call).
     */
    async products(vendor: string | undefined, max: number): Promise<{ products: Product[]; complete: boolean }> {
      const found: Product[] = [];
      let url: string | undefined = api("products.json", vendorQuery(vendor, { limit: String(shopifyPageSize) }));
      for (let pages = 0; url !== undefined && found.length < max && pages < maxPages; pages += 1) {
        const answer = await get(url);
        if (answer.status !== 200) throw shopifyRefusal(answer);
        const entries = (answer.body as { products?: unknown } | undefined)?.products;
        if (!Array.isArray(entries)) throw shopUnavailable(serviceReasons.shopify_not_admin_api);
        for (const entry of entries) {
          const product = shopifyProduct(entry, shop.root);
          if (product) found.push(product);
        }
        url = entries.length > 0 ? nextPageUrl(headerText(answer.headers, "link"), shop.root) : undefined;
        if (url !== undefined && bucketNearlyFull(answer)) await sleep(bucketPauseMs);
      }
      return { products: found.slice(0, max), complete: url === undefined && found.length <= max };
    },
  };
}
