import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

/*
 * Loopback webshops that answer as the real APIs do, for the webshop module's tests.
 *
 * WooCommerce (REST API v3): `GET /wp-json/wc/v3/products?page=N&per_page=M`, authenticated as
 * `WC_REST_Authentication` does: over https by HTTP Basic auth of the consumer key and secret; over plain http Basic
 * auth is ignored and the request must carry a one-legged OAuth 1.0a signature in its query (HMAC-SHA1 or -SHA256,
 * a timestamp at most 15 minutes old, a nonce not seen before; 401 `woocommerce_rest_authentication_error` with
 * WooCommerce's words when one of them is wrong); a JSON array with `X-WP-Total` and `X-WP-TotalPages`; 401
 * `woocommerce_rest_cannot_view` without any credentials; 400 `rest_invalid_param` for a `per_page` above 100; an
 * empty array past the last page.
 *
 * Shopify (Admin REST API 2024-10): `GET /admin/api/2024-10/products.json?limit=&vendor=` and
 * `/products/count.json` with `X-Shopify-Access-Token`; pages linked by the `Link` header (`page_info`, after
 * which only `limit` may be given); `X-Shopify-Shop-Api-Call-Limit` on every answer; 401 `{"errors": "[API]
 * Invalid API key or access token …"}`; 429 with `Retry-After` when the bucket is full.
 */

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
}

interface TestShop {
  origin: string;
  /** `host:port`, for OUTBOUND_ALLOWED_HOSTS. */
  host: string;
  requests: RecordedRequest[];
  /** Answers nothing to requests until this is false again (a shop that hangs). */
  hang: boolean;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(body));

/** `port` 0 picks a free one; a browser journey passes the one port its server may fetch from. */
async function startShop(
  handle: (request: IncomingMessage, response: ServerResponse, url: URL, origin: string) => void,
  port = 0,
  tls?: { key: string; cert: string },
): Promise<TestShop> {
  let origin = "";
  const hanging: ServerResponse[] = [];
  const shop: TestShop = {
    origin: "",
    host: "",
    requests: [],
    hang: false,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  const listener: RequestListener = (request, response) => {
    shop.requests.push({ path: request.url ?? "", headers: request.headers });
    if (shop.hang) {
      hanging.push(response);
      return;
    }
    handle(request, response, new URL(request.url ?? "/", origin), origin);
  };
  const server = tls ? createHttpsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as AddressInfo).port;
  origin = `${tls ? "https" : "http"}://127.0.0.1:${listening}`;
  shop.origin = origin;
  shop.host = `127.0.0.1:${listening}`;
  return shop;
}

export interface WooProduct {
  id: number;
  name: string;
  price: string;
  description?: string;
  sku?: string;
  stock_quantity?: number | null;
  stock_status?: "instock" | "outofstock" | "onbackorder";
  categories?: string[];
  tags?: string[];
}

export interface TestWoocommerce extends TestShop {
  /** The shop's products, read at every call: a test may replace them between calls (a product discontinued). */
  products: WooProduct[];
  key: string;
  secret: string;
  /** Pages that answer 500 `internal_server_error`, as a shop failing halfway through a listing does. */
  failingPages: Set<number>;
  /** Orders by id, as `GET /wp-json/wc/v3/orders/{id}` answers them (WooCommerce's fields). */
  orders: Map<number, Record<string, unknown>>;
}

/** A product as WooCommerce's REST API answers it, every field the product module reads included. */
function wooProductJson(product: WooProduct, origin: string) {
  const slug = product.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    id: product.id,
    name: product.name,
    slug,
    permalink: `${origin}/product/${slug}/`,
    type: "simple",
    status: "publish",
    description: product.description ?? `<p>${product.name}</p>`,
    short_description: "",
    sku: product.sku ?? `SKU-${product.id}`,
    price: product.price,
    regular_price: product.price,
    sale_price: "",
    date_on_sale_from: null,
    date_on_sale_from_gmt: null,
    date_on_sale_to: null,
    date_on_sale_to_gmt: null,
    on_sale: false,
    external_url: "",
    downloads: [],
    stock_quantity: product.stock_quantity ?? null,
    stock_status: product.stock_status ?? "instock",
    backorders: "no",
    weight: "0.8",
    dimensions: { length: "30", width: "12", height: "10" },
    shipping_class: "",
    upsell_ids: [],
    cross_sell_ids: [],
    average_rating: "4.50",
    rating_count: 2,
    categories: (product.categories ?? ["Bread"]).map((name, index) => ({ id: index + 15, name, slug: name.toLowerCase() })),
    tags: (product.tags ?? []).map((name, index) => ({ id: index + 30, name, slug: name.toLowerCase() })),
    images: [{ id: 7, src: `${origin}/wp-content/uploads/${slug}.jpg`, name: slug, alt: product.name }],
    attributes: [{ id: 1, name: "Size", position: 0, visible: true, variation: false, options: ["800 g"] }],
    variations: [],
    grouped_products: [],
    meta_data: [
      { id: 1, key: "_private_field", value: "hidden" },
      { id: 2, key: "origin", value: "Utrecht" },
    ],
  };
}

/** PHP's rawurlencode, which WooCommerce's `wc_rest_urlencode_rfc3986` is. */
const rawurlencode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/gu, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

const oauthParameters = ["oauth_consumer_key", "oauth_timestamp", "oauth_nonce", "oauth_signature", "oauth_signature_method"] as const;

/**
 * `WC_REST_Authentication::perform_oauth_authentication` for one consumer: undefined when the request is signed
 * right, else WooCommerce's refusal; `null` when it carries no OAuth parameter at all (not authenticated).
 */
function oauthRefusal(url: URL, origin: string, credentials: { key: string; secret: string }, seenNonces: Set<string>, now: number): string | undefined | null {
  const params = Object.fromEntries(url.searchParams);
  if (!oauthParameters.some((name) => name in params)) return null;
  const missing = oauthParameters.find((name) => !(name in params));
  if (missing) return `${missing} parameter is missing`;
  if (params.oauth_consumer_key !== credentials.key) return "Consumer key is invalid.";
  const timestamp = Number(params.oauth_timestamp);
  if (!Number.isInteger(timestamp) || timestamp < now / 1000 - 15 * 60) return "Invalid timestamp.";
  if (seenNonces.has(params.oauth_nonce!)) return "Invalid nonce - nonce has already been used.";
  const algorithm = { "HMAC-SHA1": "sha1", "HMAC-SHA256": "sha256" }[params.oauth_signature_method!];
  if (!algorithm) return "Invalid signature - signature method is invalid.";
  const provided = params.oauth_signature!;
  delete params.oauth_signature;
  const queryString = Object.keys(params)
    .sort()
    .map((name) => rawurlencode(`${rawurlencode(name)}=${rawurlencode(params[name]!)}`))
    .join("%26");
  const stringToSign = `GET&${rawurlencode(`${origin}${url.pathname}`)}&${queryString}`;
  const signature = createHmac(algorithm, `${credentials.secret}&`).update(stringToSign).digest("base64");
  if (signature !== provided) return "Invalid signature - provided signature does not match.";
  seenNonces.add(params.oauth_nonce!);
  return undefined;
}

export async function startTestWoocommerce(
  products: WooProduct[],
  credentials = { key: "ck_test_0123456789", secret: "cs_test_9876543210" },
  port = 0,
  /** Served over https with this certificate (the test's outbound client must trust it). */
  tls?: { key: string; cert: string },
): Promise<TestWoocommerce> {
  const basic = `Basic ${Buffer.from(`${credentials.key}:${credentials.secret}`).toString("base64")}`;
  const seenNonces = new Set<string>();
  const shop = (await startShop((request, response, url, origin) => {
    const orderId = /^\/wp-json\/wc\/v3\/orders\/(\d+)$/.exec(url.pathname)?.[1];
    if (url.pathname !== "/wp-json/wc/v3/products" && orderId === undefined) {
      return json(response, 404, { code: "rest_no_route", message: "No route was found matching the URL and request method.", data: { status: 404 } });
    }
    // Basic auth counts over https only; then (or when it was not given) the OAuth signature.
    if (!(tls && request.headers.authorization === basic)) {
      const refused = oauthRefusal(url, origin, woo, seenNonces, Date.now());
      if (refused === null) {
        return json(response, 401, { code: "woocommerce_rest_cannot_view", message: "Sorry, you cannot list resources.", data: { status: 401 } });
      }
      if (refused !== undefined) return json(response, 401, { code: "woocommerce_rest_authentication_error", message: refused, data: { status: 401 } });
    }
    if (orderId !== undefined) {
      const order = woo.orders.get(Number(orderId));
      return order ? json(response, 200, order) : json(response, 404, { code: "woocommerce_rest_shop_order_invalid_id", message: "Invalid ID.", data: { status: 404 } });
    }
    const perPage = Number(url.searchParams.get("per_page") ?? "10");
    const page = Number(url.searchParams.get("page") ?? "1");
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return json(response, 400, {
        code: "rest_invalid_param",
        message: "Invalid parameter(s): per_page",
        data: { status: 400, params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" } },
      });
    }
    if (woo.failingPages.has(page)) {
      return json(response, 500, { code: "internal_server_error", message: "There has been a critical error on this website.", data: { status: 500 } });
    }
    const all = woo.products;
    const slice = all.slice((page - 1) * perPage, page * perPage).map((product) => wooProductJson(product, origin));
    return json(response, 200, slice, { "x-wp-total": String(all.length), "x-wp-totalpages": String(Math.ceil(all.length / perPage)) });
  }, port, tls)) as TestWoocommerce;
  const woo = Object.assign(shop, { products, ...credentials, failingPages: new Set<number>(), orders: new Map<number, Record<string, unknown>>() });
  return woo;
}

export interface ShopifyProduct {
  id: number;
  title: string;
  vendor: string;
  price: string;
  body_html?: string;
  product_type?: string;
  tags?: string;
  inventory_quantity?: number;
}

export interface TestShopify extends TestShop {
  /** The shop's products, read at every call: a test may replace them between calls (a product discontinued). */
  products: ShopifyProduct[];
  token: string;
  /** Products a page holds at most whatever `limit` asks (a test's small pages; Shopify's is `limit`). */
  pageSize: number;
  /** The next call to products.json with `page_info` answers 429 with this `Retry-After` (seconds). */
  throttleNextPage: string | undefined;
  /** The shop's orders as `orders.json` answers them (Shopify's order fields a test needs). */
  orders: ShopifyOrder[];
}

/** An order in the Admin API's shape (the fields read by the order lookup). */
export interface ShopifyOrder {
  id: number;
  name: string;
  email: string | null;
  created_at: string;
  cancelled_at: string | null;
  financial_status: string;
  fulfillment_status: string | null;
  total_price: string;
  currency: string;
  line_items: { id: number; name: string; quantity: number; price: string }[];
  fulfillments: { id: number; status: string; tracking_company: string | null; tracking_number: string | null; tracking_url: string | null }[];
}

export const shopifyInvalidToken = "[API] Invalid API key or access token (unrecognized login or wrong password)";

function shopifyProductJson(product: ShopifyProduct) {
  const handle = product.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    id: product.id,
    title: product.title,
    body_html: product.body_html ?? `<p>${product.title}</p>`,
    vendor: product.vendor,
    product_type: product.product_type ?? "Bread",
    created_at: "2026-01-01T09:00:00+01:00",
    handle,
    updated_at: "2026-01-01T09:00:00+01:00",
    published_at: "2026-01-01T09:00:00+01:00",
    status: "active",
    tags: product.tags ?? "",
    variants: [
      {
        id: product.id * 10 + 1,
        product_id: product.id,
        title: "Default Title",
        price: product.price,
        compare_at_price: null,
        sku: `SH-${product.id}`,
        inventory_quantity: product.inventory_quantity ?? 5,
        weight: 0.8,
        weight_unit: "kg",
        option1: "Default Title",
        option2: null,
        option3: null,
      },
    ],
    options: [{ id: product.id * 10 + 2, product_id: product.id, name: "Title", position: 1, values: ["Default Title"] }],
    images: [{ id: product.id * 10 + 3, product_id: product.id, src: `https://cdn.shopify.com/s/files/1/${handle}.jpg`, alt: null }],
    image: null,
  };
}

export async function startTestShopify(products: ShopifyProduct[], token = "shpat_test_0123456789abcdef"): Promise<TestShopify> {
  let calls = 0;
  const shop = (await startShop((request, response, url, origin) => {
    calls += 1;
    const limitHeader = { "x-shopify-shop-api-call-limit": `${Math.min(calls, 40)}/40` };
    if (request.headers["x-shopify-access-token"] !== shopify.token) return json(response, 401, { errors: shopifyInvalidToken });
    const base = "/admin/api/2024-10";
    const vendorOf = (vendor: string | null) => shopify.products.filter((product) => vendor === null || product.vendor === vendor);
    if (url.pathname === `${base}/orders.json`) {
      // Shopify's `name` filter matches the order's name with or without its "#".
      const name = (url.searchParams.get("name") ?? "").replace(/^#/, "");
      const found = shopify.orders.filter((order) => name === "" || order.name.replace(/^#/, "") === name);
      return json(response, 200, { orders: found.slice(0, Number(url.searchParams.get("limit") ?? "50")) }, limitHeader);
    }
    if (url.pathname === `${base}/products/count.json`) return json(response, 200, { count: vendorOf(url.searchParams.get("vendor")).length }, limitHeader);
    if (url.pathname !== `${base}/products.json`) return json(response, 404, { errors: "Not Found" }, limitHeader);
    const limit = Math.min(Number(url.searchParams.get("limit") ?? "50"), 250);
    const pageInfo = url.searchParams.get("page_info");
    let cursor = { vendor: url.searchParams.get("vendor"), offset: 0 };
    if (pageInfo !== null) {
      if (shopify.throttleNextPage !== undefined) {
        const retryAfter = shopify.throttleNextPage;
        shopify.throttleNextPage = undefined;
        return json(response, 429, { errors: "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service." }, { ...limitHeader, "retry-after": retryAfter });
      }
      if ([...url.searchParams.keys()].some((key) => key !== "page_info" && key !== "limit")) {
        return json(response, 400, { errors: { page_info: "page_info cannot be combined with other parameters" } }, limitHeader);
      }
      cursor = JSON.parse(Buffer.from(pageInfo, "base64url").toString("utf8")) as typeof cursor;
    }
    const chosen = vendorOf(cursor.vendor);
    const size = Math.min(limit, shopify.pageSize);
    const page = chosen.slice(cursor.offset, cursor.offset + size);
    const link = (offset: number, rel: string) =>
      `<${origin}${base}/products.json?limit=${limit}&page_info=${Buffer.from(JSON.stringify({ vendor: cursor.vendor, offset })).toString("base64url")}>; rel="${rel}"`;
    const links = [
      ...(cursor.offset > 0 ? [link(Math.max(cursor.offset - size, 0), "previous")] : []),
      ...(cursor.offset + size < chosen.length ? [link(cursor.offset + size, "next")] : []),
    ];
    return json(response, 200, { products: page.map(shopifyProductJson) }, { ...limitHeader, ...(links.length > 0 ? { link: links.join(", ") } : {}) });
  })) as TestShopify;
  const shopify = Object.assign(shop, { products, token, pageSize: 250, throttleNextPage: undefined as string | undefined, orders: [] as ShopifyOrder[] });
  return shopify;
}
