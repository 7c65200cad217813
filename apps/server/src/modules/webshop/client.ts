import { DomainError, serviceReasons, type WebshopType } from "@parley/domain";
import type { IncomingHttpHeaders } from "node:http";
import type { OutboundClient } from "../../platform/outbound/client";
import { wordpressRootOf } from "../wordpress/client";

/*
 * What the WooCommerce and Shopify clients share: the shop's address as the customer typed it, made into the
 * root its API lives under, and one JSON call through the guarded outbound client with its failures said in
 * words that tell the customer what to do next.
 */

/** A shop's answer can hold up to 250 products with their HTML descriptions; more than this is no shop. */
export const maxShopAnswerBytes = 16 * 1024 * 1024;
/** Every call to a shop ends within this, so a slow shop cannot hold a request (or a page of indexing). */
export const shopRequestTimeoutMs = 15_000;

export interface ShopAnswer {
  /** The address that answered, after any redirects. */
  url: string;
  status: number;
  body: unknown;
  headers: IncomingHttpHeaders;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The shop could not be used: 503 `service_unavailable`, with what the customer should check. */
export function shopUnavailable(message: string): DomainError {
  return new DomainError("service_unavailable", message, 503);
}

/** Why the outbound client could not reach the shop, in the customer's words. */
const unreachable: Partial<Record<string, string>> = {
  url_host_not_found: serviceReasons.shop_host_not_found,
  url_connection_failed: serviceReasons.shop_connection_failed,
  url_timeout: serviceReasons.shop_timeout,
  url_response_too_large: serviceReasons.shop_response_too_large,
  url_too_many_redirects: serviceReasons.shop_too_many_redirects,
  url_response_invalid: serviceReasons.shop_response_invalid,
  url_content_type_not_accepted: serviceReasons.shop_not_its_api,
};

/**
 * A GET of the shop's API: the JSON answer whatever its status (the caller judges it). A refused address stays
 * the outbound client's 400; a shop that cannot be reached is 503 `service_unavailable`.
 */
export async function getShopJson(outbound: OutboundClient, url: string, headers: Record<string, string>): Promise<ShopAnswer> {
  try {
    const response = await outbound.fetch(url, { accept: ["application/json"], as: "text", maxBytes: maxShopAnswerBytes, headers, timeoutMs: shopRequestTimeoutMs });
    return { url: response.url, status: response.status, body: parseJson(response.text), headers: response.headers };
  } catch (error) {
    if (error instanceof DomainError && error.status !== 400) {
      const message = unreachable[error.code];
      const failure = shopUnavailable(message ?? serviceReasons.shop_unreachable);
      failure.cause = error;
      throw failure;
    }
    throw error;
  }
}

export function headerText(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function headerNumber(headers: IncomingHttpHeaders, name: string): number | undefined {
  const text = headerText(headers, name);
  if (text === undefined || !/^\s*\d+\s*$/u.test(text)) return undefined;
  return Number(text);
}

const myshopifyDomain = ".myshopify.com";

/**
 * The root of the shop's API at the address the customer typed: https when no scheme is given; for WooCommerce
 * the site's root (a shop may live under `/shop`) without a query, a fragment, a pasted `/wp-json/...` or a
 * trailing slash; for Shopify the shop's origin, `name` alone meaning `name.myshopify.com`, always https on
 * myshopify.com (its http answers only redirect). An address the outbound client would refuse is refused
 * here already (400).
 */
export function shopRoot(outbound: OutboundClient, type: WebshopType, text: string): string {
  let typed = text.trim();
  if (type === "Shopify" && /^[a-z0-9][a-z0-9-]*$/iu.test(typed)) typed = `${typed}${myshopifyDomain}`;
  if (!/^[a-z][a-z0-9+.-]*:\/\//iu.test(typed)) typed = `https://${typed}`;
  const url = outbound.check(typed);
  if (type === "Shopify") {
    const host = url.hostname.toLowerCase();
    return host.endsWith(myshopifyDomain) ? `https://${host}` : url.origin;
  }
  return wordpressRootOf(url);
}
