import { fillPlaceholders } from "./placeholders";

/**
 * Why a customer's own outside service (their webshop, their WordPress site) could not be used, with what to check.
 * The server answers these English texts as the `message` of a 503 `service_unavailable` (or a 404
 * `no_webshop_credentials`); the portals recognise them (`catalogueMessageOf`) and show them in the user's language,
 * so the reason is never left in English beside a translated title.
 */
export const serviceReasons = {
  shop_host_not_found: "The shop's address was not found. Check the shop URL.",
  shop_connection_failed: "The shop could not be reached. Check the shop URL and that the shop is online.",
  shop_timeout: "The shop did not answer in time. Check that the shop is online and try again.",
  shop_response_too_large: "The shop's answer was too large. Index fewer products per page.",
  shop_too_many_redirects: "The shop's address redirects too often. Check the shop URL.",
  shop_response_invalid: "The shop did not answer in HTTP as expected. Check the shop URL.",
  shop_not_its_api: "The shop's address does not answer as its API. Check the shop URL.",
  shop_unreachable: "The shop could not be reached. Check the shop URL.",
  shopify_token_refused:
    "Shopify refused the access token. Check the Admin API access token of your Shopify app and save it again.",
  shopify_scope_missing: "The Shopify access token may not read products. Give your Shopify app the read_products scope.",
  shopify_store_not_found: "No Shopify store answers at this address. Check the shop URL (your-store.myshopify.com).",
  shopify_rate_limited: "Shopify is limiting the calls to this store. Try again in a minute.",
  shopify_status: "Shopify answered with status {status}. Check the shop URL and try again later.",
  shopify_not_admin_api: "The shop's address does not answer as Shopify's Admin API. Check the shop URL.",
  woocommerce_credentials_refused:
    "WooCommerce refused the consumer key and secret. Check them (WooCommerce › Settings › Advanced › REST API, with read access) and save them again.",
  woocommerce_not_found:
    "No WooCommerce REST API answers at this address. Check the shop URL (the address of the WordPress site).",
  woocommerce_status: "WooCommerce answered with status {status}. Check the shop URL and try again later.",
  woocommerce_not_rest_api: "The shop's address does not answer as WooCommerce's REST API. Check the shop URL.",
  webshop_credentials_unreadable: "The saved webshop credentials can no longer be read: save them again",
  webshop_credentials_other_type: "No {type} credentials found: the saved credentials are for {saved}",
  wordpress_no_rest_api: "The site's WordPress REST API did not answer",
} as const;

export type ServiceReasonKey = keyof typeof serviceReasons;

/** The English text of a reason, its `{placeholders}` filled. */
export function serviceReason(key: ServiceReasonKey, values: Record<string, string | number> = {}): string {
  return fillPlaceholders(serviceReasons[key], values);
}
