import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { selfSignedCertificate } from "../../test/certificates";
import { askWidget, createConfiguration } from "../../test/fixture";
import { guardLoopbackOnly } from "../../test/loopback-only";
import {
  shopifyInvalidToken,
  startTestShopify,
  startTestWoocommerce,
  type ShopifyProduct,
  type TestShopify,
  type TestWoocommerce,
  type WooProduct,
} from "../../test/webshops";
import { createSecretBox } from "../../platform/auth/sealed-secrets";
import { createOutboundClient } from "../../platform/outbound/client";
import { createConfigurationsService } from "../configurations/service";
import { createRetrieval } from "../knowledge/retrieval";
import { createKnowledgeService } from "../knowledge/service";
import { createWebshopService } from "./service";
import { nextPageUrl } from "./shopify";

// Whatever the product does, no connection of this file leaves loopback.
const guard = guardLoopbackOnly();

const wooProducts: WooProduct[] = [
  {
    id: 11,
    name: "Gluten free sourdough bread",
    price: "4.50",
    description: "<p>Baked with rice and buckwheat flour, <strong>no gluten</strong> at all.</p><script>alert('tracker')</script>",
    sku: "GF-SOUR",
    stock_quantity: 12,
    categories: ["Bread", "Gluten free"],
    tags: ["vegan"],
  },
  { id: 12, name: "Spelt loaf", price: "3.95", sku: "SPELT-1", stock_quantity: 4 },
  { id: 13, name: "Rye bread", price: "3.25", stock_quantity: 0, stock_status: "outofstock" },
  { id: 14, name: "Almond croissant", price: "2.10", categories: ["Pastry"], stock_quantity: 30 },
  { id: 15, name: "Apple pie", price: "12.00", categories: ["Pastry"], stock_quantity: 2 },
  ...Array.from({ length: 7 }, (_, index) => ({ id: 20 + index, name: `Filler bun ${index + 1}`, price: `1.${index}0`, stock_quantity: index })),
];

const jansen = "Bakkerij Jansen";

const shopifyProducts: ShopifyProduct[] = [
  { id: 501, title: "Jansen whole wheat", vendor: jansen, price: "3.10", tags: "wheat, daily" },
  { id: 502, title: "Jansen raisin bread", vendor: jansen, price: "3.60" },
  { id: 503, title: "Jansen gluten free buns", vendor: jansen, price: "5.20", inventory_quantity: 0 },
  { id: 504, title: "Someone else's cake", vendor: "Other Vendor", price: "9.99" },
];

let ctx: TestContext;
let woo: TestWoocommerce;
let slowShop: TestWoocommerce;
let secureWoo: TestWoocommerce;
let certificate: { key: string; cert: string };
let redirectToSecure: HttpServer & { origin: string };
let shopify: TestShopify;
// Shops whose products the re-indexing tests change between runs (set back before each test).
let syncWoo: TestWoocommerce;
let syncShopify: TestShopify;
let deadHost: string;
let token: string;
let customerId: string;
let otherToken: string;
let otherCustomerId: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  woo = await startTestWoocommerce(wooProducts);
  certificate = selfSignedCertificate();
  secureWoo = await startTestWoocommerce(wooProducts.slice(0, 2), undefined, 0, certificate);
  // A WordPress site that moved to https: its http address answers every request with a permanent redirect.
  const redirecting = createHttpServer((request, response) => response.writeHead(301, { location: `${secureWoo.origin}${request.url ?? "/"}` }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
  redirectToSecure = Object.assign(redirecting, { origin: `http://127.0.0.1:${(redirecting.address() as { port: number }).port}` });
  slowShop = await startTestWoocommerce(wooProducts.slice(0, 1));
  slowShop.hang = true;
  shopify = await startTestShopify([...shopifyProducts]);
  syncWoo = await startTestWoocommerce([...wooProducts]);
  syncShopify = await startTestShopify([...shopifyProducts]);
  deadHost = `127.0.0.1:${await freePort()}`;
  ctx = await createTestContext({
    chatLimits: false,
    outboundAllowedHosts: [woo.host, secureWoo.host, new URL(redirectToSecure.origin).host, slowShop.host, shopify.host, syncWoo.host, syncShopify.host, deadHost],
    outboundTrustedCertificates: [certificate.cert],
    // A name that resolves to loopback but is not allow-listed: refused like any other private address.
    dnsAnswers: new Map([["intranet.test", ["127.0.0.1"]]]),
    outboundResponseTimeoutMs: 1_500,
  });
  customerId = await ctx.createCustomer("Webshop customer");
  token = (await ctx.createUser({ role: "customer", customerId })).token;
  otherCustomerId = await ctx.createCustomer("Other customer");
  otherToken = (await ctx.createUser({ role: "customer", customerId: otherCustomerId })).token;
});
afterAll(async () => {
  await ctx?.close();
  await woo?.close();
  await slowShop?.close();
  await secureWoo?.close();
  redirectToSecure?.closeAllConnections();
  await new Promise((resolve) => (redirectToSecure ? redirectToSecure.close(resolve) : resolve(undefined)));
  await shopify?.close();
  await syncWoo?.close();
  await syncShopify?.close();
  guard.restore();
});
beforeEach(() => {
  woo.requests.length = 0;
  secureWoo.requests.length = 0;
  shopify.requests.length = 0;
  shopify.pageSize = 250;
  syncWoo.products = [...wooProducts];
  syncWoo.failingPages.clear();
  syncShopify.products = [...shopifyProducts];
  guard.clear();
});

async function newConfiguration(settings: Record<string, unknown> = {}) {
  const id = await createConfiguration(ctx.database.db, customerId, `shop-${Math.random().toString(36).slice(2, 8)}`);
  if (Object.keys(settings).length > 0) await ctx.database.db.query("UPDATE configurations SET settings = settings || $2::jsonb WHERE id = $1", [id, JSON.stringify(settings)]);
  return id;
}

async function call(operationId: string, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, as = token) {
  const response = await ctx.app.inject({ method, url: `/api${url}`, headers: bearer(as), ...(payload === undefined ? {} : { payload: payload as object }) });
  expectToMatchContract(operationId, response);
  return response;
}

const q = (value: string) => encodeURIComponent(value);
const saveCredentials = (body: Record<string, unknown>, as = token) => call("saveWebshopCredentials", "POST", "/webshop/webshopcredentials", body, as);
const exists = (id: string, as = token) => call("webshopCredentialsExist", "GET", `/webshop/webshopcredentials/exists?configurationId=${id}`, undefined, as);
const testConnection = (id: string, as = token) => call("testWebshopConnection", "GET", `/webshop/test?configurationId=${id}`, undefined, as);
const getSettings = (id: string, as = token) => call("getWebshopSettings", "GET", `/webshop/webshopsettings?configurationId=${id}`, undefined, as);
const saveSettings = (body: Record<string, unknown>, as = token) => call("saveWebshopSettings", "POST", "/webshop/webshopsettings", body, as);
const count = (id: string, as = token) => call("getIndexedProductsCount", "GET", `/webshop/indexedproductscount?configurationId=${id}`, undefined, as);
const indexWoo = (id: string, page: number, perPage: number, as = token) =>
  call("indexWoocommerceProducts", "GET", `/webshop/index_woocommerce_products?configurationId=${id}&page=${page}&per_page=${perPage}`, undefined, as);
const indexShopify = (id: string, vendor?: string, as = token) =>
  call("indexShopifyProducts", "GET", `/webshop/index_shopify_products?configurationId=${id}${vendor === undefined ? "" : `&selectedVendor=${q(vendor)}`}`, undefined, as);
const deleteAll = (id: string, as = token) => call("deleteAllProducts", "DELETE", `/webshop/delete_all_products?configurationId=${id}`, undefined, as);
const search = (id: string, query = "", as = token) => call("searchProducts", "GET", `/webshop/search_products?configurationId=${id}${query}`, undefined, as);

const wooCredentials = (configurationId: string, overrides: Record<string, unknown> = {}) => ({
  configurationId,
  webshopUrl: `${woo.origin}/`,
  webshopKey: woo.key,
  webshopSecret: woo.secret,
  webshoptType: "WooCommerce",
  ...overrides,
});
const shopifyCredentials = (configurationId: string, overrides: Record<string, unknown> = {}) => ({
  configurationId,
  webshopUrl: shopify.origin,
  webshopKey: shopify.token,
  webshopSecret: "",
  webshoptType: "Shopify",
  ...overrides,
});

async function wooConfiguration(settings: Record<string, unknown> = {}) {
  const id = await newConfiguration(settings);
  const saved = await saveCredentials(wooCredentials(id));
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

const productArticles = (configurationId: string) =>
  ctx.database.db.query<{ subject: string; url: string | null; text: string }>(
    "SELECT subject, url, text FROM knowledge_articles WHERE configuration_id = $1 AND kind = 'product' ORDER BY subject",
    [configurationId],
  );
const productRows = async (configurationId: string) =>
  Number((await ctx.database.db.query<{ n: string }>("SELECT count(*) AS n FROM webshop_products WHERE configuration_id = $1", [configurationId]))[0]!.n);

/** The service as the app builds it, but keeping at most `maxProducts` per configuration, and a new configuration to call it on. */
async function cappedService(maxProducts: number, allowedHosts: string[]) {
  const db = ctx.database.db;
  const knowledge = createKnowledgeService(db, { retrieval: createRetrieval(db, { vectors: "none" }) });
  const outbound = createOutboundClient({ allowedHosts });
  const service = createWebshopService(db, outbound, knowledge, { secrets: createSecretBox("another-server-secret-0123456789abcdef", "webshop credentials"), maxProducts });
  const { user } = await ctx.createUser({ role: "customer", customerId });
  const caller = { userId: user.id, role: "customer" as const, customerId, email: user.email, language: "en" };
  const id = await newConfiguration();
  const configuration = (await createConfigurationsService(db).visible(caller, id))!;
  return { service, caller, configuration, id };
}

describe("credentials", () => {
  it("saves them per configuration, says they exist with type and address, and never answers key or secret", async () => {
    const id = await newConfiguration();
    expect((await exists(id)).json()).toEqual({ status: "success", exists: false, webshopType: null, webshopUrl: null });
    const saved = await saveCredentials(wooCredentials(id, { webshopUrl: `${woo.origin}/wp-json/wc/v3/` }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(woo.key);
    const found = await exists(id);
    expect(found.json()).toEqual({ status: "success", exists: true, webshopType: "WooCommerce", webshopUrl: woo.origin });
    for (const response of [saved, found, await getSettings(id), await testConnection(id)]) {
      expect(response.body).not.toContain(woo.key);
      expect(response.body).not.toContain(woo.secret);
    }
    // Stored sealed: the database alone does not give them away.
    const [row] = await ctx.database.db.query<{ webshop_key: string; webshop_secret: string }>("SELECT webshop_key, webshop_secret FROM webshop_credentials WHERE configuration_id = $1", [id]);
    expect(row!.webshop_key).toMatch(/^v1:/);
    expect(`${row!.webshop_key} ${row!.webshop_secret}`).not.toContain(woo.key.slice(3));
    expect(`${row!.webshop_key} ${row!.webshop_secret}`).not.toContain(woo.secret.slice(3));
    // Another configuration has none.
    expect((await exists(await newConfiguration())).json()).toMatchObject({ exists: false });
  });

  it("makes a Shopify address the store's https origin, a bare name a myshopify.com store", async () => {
    const id = await newConfiguration();
    await saveCredentials(shopifyCredentials(id, { webshopUrl: "bakery-jansen" }));
    expect((await exists(id)).json()).toMatchObject({ webshopType: "Shopify", webshopUrl: "https://bakery-jansen.myshopify.com" });
    await saveCredentials(shopifyCredentials(id, { webshopUrl: "http://Bakery-Jansen.myshopify.com/admin/products?x=1" }));
    expect((await exists(id)).json()).toMatchObject({ webshopUrl: "https://bakery-jansen.myshopify.com" });
    expect(woo.requests).toEqual([]);
  });

  it("requires a key, and for WooCommerce a secret", async () => {
    const id = await newConfiguration();
    const noKey = await saveCredentials(wooCredentials(id, { webshopKey: "  " }));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: "validation_failed", message: "webshopKey: This field is required", errors: [{ path: "webshopKey", message: "This field is required" }] });
    const noSecret = await saveCredentials(wooCredentials(id, { webshopSecret: "" }));
    expect(noSecret.json()).toMatchObject({ code: "validation_failed", errors: [{ path: "webshopSecret" }] });
    expect((await saveCredentials(shopifyCredentials(id))).statusCode).toBe(200);
    expect((await exists(id)).json()).toMatchObject({ exists: true, webshopType: "Shopify" });
  });

  it("refuses private and metadata addresses with the outbound client's 400 and connects to none", async () => {
    const id = await newConfiguration();
    for (const url of ["http://169.254.169.254/", "http://10.0.0.8/", "http://[::1]/", "http://127.0.0.1/", "http://[::ffff:169.254.169.254]/"]) {
      const response = await saveCredentials(wooCredentials(id, { webshopUrl: url }));
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: "url_address_not_allowed" });
    }
    const ftp = await saveCredentials(wooCredentials(id, { webshopUrl: "ftp://shop.example/" }));
    expect(ftp.json()).toMatchObject({ code: "url_not_allowed" });
    expect((await exists(id)).json()).toMatchObject({ exists: false });
    // A name that resolves to a private address is refused when the shop is called.
    expect((await saveCredentials(wooCredentials(id, { webshopUrl: "http://intranet.test/" }))).statusCode).toBe(200);
    const refused = await testConnection(id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "url_address_not_allowed" });
    expect(guard.blocked).toEqual([]);
    expect(guard.connections.every((connection) => connection.startsWith("127.0.0.1:"))).toBe(true);
    expect(guard.connections.some((connection) => connection.endsWith(":80"))).toBe(false);
  });
});

describe("testing the connection", () => {
  it("answers WooCommerce's product count from X-WP-Total, asking a shop on http for one product with an OAuth 1.0a signature", async () => {
    const id = await wooConfiguration();
    const response = await testConnection(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: "success", total_count: wooProducts.length });
    expect(woo.requests).toHaveLength(1);
    const asked = new URL(woo.requests[0]!.path, woo.origin);
    expect(asked.pathname).toBe("/wp-json/wc/v3/products");
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ page: "1", per_page: "1", oauth_consumer_key: woo.key, oauth_signature_method: "HMAC-SHA256" });
    // Over plain http the secret never travels, neither as Basic auth (which WooCommerce ignores there) nor in the query.
    expect(woo.requests[0]!.headers.authorization).toBeUndefined();
    expect(woo.requests[0]!.path).not.toContain(woo.secret);
  });

  it("asks a shop on https with Basic auth, and one whose http address redirects to https there too", async () => {
    const id = await newConfiguration();
    expect((await saveCredentials(wooCredentials(id, { webshopUrl: secureWoo.origin }))).statusCode).toBe(200);
    const response = await testConnection(id);
    expect(response.json()).toEqual({ status: "success", total_count: 2 });
    expect(secureWoo.requests.map((request) => request.path)).toEqual(["/wp-json/wc/v3/products?page=1&per_page=1"]);
    expect(secureWoo.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${secureWoo.key}:${secureWoo.secret}`).toString("base64")}`);

    // A site that moved to https: the signature made for http cannot hold there, so the https address is asked with Basic auth.
    secureWoo.requests.length = 0;
    expect((await saveCredentials(wooCredentials(id, { webshopUrl: redirectToSecure.origin }))).statusCode).toBe(200);
    const moved = await indexWoo(id, 1, 10);
    expect(moved.json()).toEqual({ status: "success", indexed: 2, total_count: 2, total_pages: 1, removed: 0 });
    expect(secureWoo.requests).toHaveLength(2);
    expect(secureWoo.requests[0]!.path).toContain("oauth_signature=");
    expect(secureWoo.requests[0]!.headers.authorization).toBeUndefined();
    expect(secureWoo.requests[1]!.path).toBe("/wp-json/wc/v3/products?page=1&per_page=10");
    expect(secureWoo.requests[1]!.headers.authorization).toMatch(/^Basic /u);
  });

  it("signs each request anew, as WooCommerce refuses a nonce it has seen and a wrong signature", async () => {
    const id = await wooConfiguration();
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await testConnection(id)).statusCode).toBe(200);
    const nonces = woo.requests.map((request) => new URL(request.path, woo.origin).searchParams.get("oauth_nonce"));
    expect(new Set(nonces).size).toBe(3);
    // The shop answers a replayed request as WooCommerce does.
    const replayed = await fetch(`${woo.origin}${woo.requests[0]!.path}`);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: "woocommerce_rest_authentication_error", message: "Invalid nonce - nonce has already been used." });
  });

  it("answers Shopify's count.json, with the access token header", async () => {
    const id = await newConfiguration();
    await saveCredentials(shopifyCredentials(id));
    const response = await testConnection(id);
    expect(response.json()).toEqual({ status: "success", total_count: 4 });
    expect(shopify.requests.map((request) => request.path)).toEqual(["/admin/api/2024-10/products/count.json"]);
    expect(shopify.requests[0]!.headers["x-shopify-access-token"]).toBe(shopify.token);
  });

  it("answers 503 service_unavailable saying what to check when the shop refuses the credentials", async () => {
    const id = await wooConfiguration();
    await saveCredentials(wooCredentials(id, { webshopSecret: "cs_wrong" }));
    const woo401 = await testConnection(id);
    expect(woo401.statusCode).toBe(503);
    expect(woo401.json()).toMatchObject({ code: "service_unavailable", message: expect.stringContaining("consumer key and secret") });
    await saveCredentials(shopifyCredentials(id, { webshopKey: "shpat_wrong" }));
    const shopify401 = await testConnection(id);
    expect(shopify401.statusCode).toBe(503);
    expect(shopify401.json()).toMatchObject({ code: "service_unavailable", message: expect.stringContaining("access token") });
    expect(shopify401.body).not.toContain(shopifyInvalidToken);
  });

  it("answers 503 when the shop does not answer in time or cannot be reached", async () => {
    const id = await newConfiguration();
    await saveCredentials(wooCredentials(id, { webshopUrl: slowShop.origin }));
    const started = Date.now();
    const slow = await testConnection(id);
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ code: "service_unavailable", message: expect.stringContaining("did not answer in time") });
    expect(Date.now() - started).toBeLessThan(5_000);
    await saveCredentials(wooCredentials(id, { webshopUrl: `http://${deadHost}/` }));
    const dead = await testConnection(id);
    expect(dead.statusCode).toBe(503);
    expect(dead.json()).toMatchObject({ code: "service_unavailable", message: expect.stringContaining("could not be reached") });
  });

  it("answers 404 asking to save them again when the stored credentials cannot be opened (another server secret)", async () => {
    const id = await wooConfiguration();
    await ctx.database.db.query("UPDATE webshop_credentials SET webshop_key = $2 WHERE configuration_id = $1", [id, woo.key]);
    const response = await testConnection(id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "no_webshop_credentials", message: expect.stringContaining("save them again") });
    expect(woo.requests).toEqual([]);
  });

  it("answers 404 'No webshop credentials found' when none are saved", async () => {
    const id = await newConfiguration();
    for (const response of [await testConnection(id), await indexWoo(id, 1, 10), await indexShopify(id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "no_webshop_credentials", message: "No webshop credentials found" });
    }
  });
});

describe("indexing", () => {
  it("indexes WooCommerce one page per call, with the totals for the client's progress", async () => {
    const id = await wooConfiguration();
    const answers = [];
    for (const page of [1, 2, 3]) answers.push((await indexWoo(id, page, 5)).json());
    // The last page completes the index run: nothing was stored that the shop no longer has.
    expect(answers).toEqual([1, 2, 3].map((_, index) => ({ status: "success", indexed: index < 2 ? 5 : 2, total_count: 12, total_pages: 3, ...(index === 2 ? { removed: 0 } : {}) })));
    const pagesAsked = woo.requests.map((request) => new URL(request.path, woo.origin)).map((url) => `${url.pathname}?page=${url.searchParams.get("page")}&per_page=${url.searchParams.get("per_page")}`);
    expect(pagesAsked).toEqual([1, 2, 3].map((page) => `/wp-json/wc/v3/products?page=${page}&per_page=5`));
    expect(woo.requests.every((request) => request.path.includes("oauth_signature=") && request.headers.authorization === undefined)).toBe(true);
    expect((await count(id)).json()).toMatchObject({ status: "OK", count: 12 });
    // Past the last page: nothing more, nothing wrong.
    expect((await indexWoo(id, 4, 5)).json()).toEqual({ status: "success", indexed: 0, total_count: 12, total_pages: 3 });
    // Again: the same products are updated, not added.
    expect((await indexWoo(id, 1, 100)).json()).toMatchObject({ indexed: 12 });
    expect(await productRows(id)).toBe(12);
    expect(await productArticles(id)).toHaveLength(12);
  });

  it("stores each product as the contract's Product: plain text without scripts, numbers, stock, categories, link", async () => {
    const id = await wooConfiguration();
    await indexWoo(id, 1, 1);
    const listing = (await search(id)).json() as { items: Record<string, unknown>[] };
    expect(listing.items[0]).toMatchObject({
      productId: "11",
      name: "Gluten free sourdough bread",
      description: "Baked with rice and buckwheat flour, no gluten at all.",
      price: 4.5,
      regular_price: 4.5,
      stock_quantity: 12,
      in_stock: true,
      sku: "GF-SOUR",
      category: ["Bread", "Gluten free"],
      tags: ["vegan"],
      url: `${woo.origin}/product/gluten-free-sourdough-bread/`,
      images: [`${woo.origin}/wp-content/uploads/gluten-free-sourdough-bread.jpg`],
      dimensions: { length: "30", width: "12", height: "10" },
      attributes: [{ name: "Size", options: ["800 g"] }],
      rating: 4.5,
      rating_count: 2,
      metadata: { origin: "Utrecht" },
    });
    expect(JSON.stringify(listing.items[0])).not.toContain("tracker");
  });

  it("indexes a Shopify vendor's products through every Link page, waiting once for Retry-After", async () => {
    const id = await newConfiguration();
    await saveCredentials(shopifyCredentials(id));
    shopify.pageSize = 2;
    shopify.throttleNextPage = "1.0";
    const started = Date.now();
    const response = await indexShopify(id, jansen);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: "success", total_count: 3, removed: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    const paths = shopify.requests.map((request) => request.path);
    expect(paths[0]).toBe(`/admin/api/2024-10/products.json?limit=250&vendor=${q(jansen).replace(/%20/g, "+")}`);
    // The second page once throttled (429), then again after Retry-After: only limit and page_info.
    expect(paths).toHaveLength(3);
    expect(paths[1]).toMatch(/^\/admin\/api\/2024-10\/products\.json\?limit=250&page_info=/);
    expect(paths[2]).toBe(paths[1]);
    expect(shopify.requests.every((request) => request.headers["x-shopify-access-token"] === shopify.token)).toBe(true);
    const listing = (await search(id, "&sortBy=name")).json() as { items: { name: string; url: string; in_stock: boolean; tags: string[] }[]; total: number };
    expect(listing.total).toBe(3);
    expect(listing.items.map((item) => item.name)).toEqual(["Jansen gluten free buns", "Jansen raisin bread", "Jansen whole wheat"]);
    expect(listing.items[2]).toMatchObject({ url: `${shopify.origin}/products/jansen-whole-wheat`, tags: ["wheat", "daily"], in_stock: true });
    expect(listing.items[0]!.in_stock).toBe(false);
  });

  it("takes the settings' vendor when the call names none, and follows no Link to another origin", async () => {
    const id = await newConfiguration();
    await saveCredentials(shopifyCredentials(id));
    await saveSettings({ configurationId: id, webshopSettings: { selectedWebshop: "Shopify", selectedOptions: [], selectedVendor: "Other Vendor" } });
    expect((await indexShopify(id)).json()).toEqual({ status: "success", total_count: 1, removed: 0 });
    expect(shopify.requests[0]!.path).toContain("vendor=Other+Vendor");
    const root = "https://bakery.myshopify.com";
    expect(nextPageUrl(`<${root}/admin/api/2024-10/products.json?page_info=a>; rel="previous", <${root}/admin/api/2024-10/products.json?page_info=b>; rel="next"`, root)).toBe(
      `${root}/admin/api/2024-10/products.json?page_info=b`,
    );
    expect(nextPageUrl('<https://evil.example/steal?page_info=b>; rel="next"', root)).toBeUndefined();
    expect(nextPageUrl('<https://bakery.myshopify.com/x>; rel="previous"', root)).toBeUndefined();
  });

  it("answers 503 when Shopify refuses the token while indexing, and 404 for credentials of the other shop type", async () => {
    const id = await newConfiguration();
    await saveCredentials(shopifyCredentials(id, { webshopKey: "shpat_wrong" }));
    const refused = await indexShopify(id, jansen);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: "service_unavailable" });
    const wrongType = await indexWoo(id, 1, 10);
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json()).toMatchObject({ code: "no_webshop_credentials" });
    expect(await productRows(id)).toBe(0);
  });

  it("keeps at most the configuration's cap of products: new ones past it are left out, known ones still updated", async () => {
    const { service, caller, configuration, id } = await cappedService(3, [woo.host]);
    await service.saveCredentials(caller, configuration, wooCredentials(id) as never);
    expect(await service.indexWoocommerce(caller, configuration, { page: 1, per_page: 2 })).toMatchObject({ indexed: 2 });
    expect(await service.indexWoocommerce(caller, configuration, { page: 1, per_page: 5 })).toMatchObject({ indexed: 3, total_count: 12 });
    expect(await productRows(id)).toBe(3);
    expect((await service.indexWoocommerce(caller, configuration, { page: 2, per_page: 5 })).indexed).toBe(0);
    expect((await service.indexWoocommerce(caller, configuration, { page: 1, per_page: 5 })).indexed).toBe(3);
    expect(await productArticles(id)).toHaveLength(3);
  });

  it("two index calls at once store each product once", async () => {
    const id = await wooConfiguration();
    const answers = await Promise.all([indexWoo(id, 1, 100), indexWoo(id, 1, 100), indexWoo(id, 2, 5)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await productRows(id)).toBe(12);
    const articles = await productArticles(id);
    expect(articles).toHaveLength(12);
    expect(new Set(articles.map((article) => article.subject)).size).toBe(12);
    const doubled = await ctx.database.db.query(
      "SELECT article_id FROM knowledge_chunks WHERE configuration_id = $1 GROUP BY article_id, position HAVING count(*) > 1",
      [id],
    );
    expect(doubled).toEqual([]);
  });

  it("reads the fields the settings choose", async () => {
    const id = await wooConfiguration();
    const saved = await saveSettings({ configurationId: id, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["price", "stock_quantity", "price"], selectedVendor: null } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getSettings(id)).json()).toEqual({ status: "success", settings: { selectedWebshop: "WooCommerce", selectedOptions: ["price", "stock_quantity"], selectedVendor: null } });
    await indexWoo(id, 1, 1);
    expect((await productArticles(id))[0]).toMatchObject({ subject: "Gluten free sourdough bread", text: "Gluten free sourdough bread\nPrice: 4.5\nStock: 12" });
    // Other fields chosen: indexing again rewrites the product's one article.
    await saveSettings({ configurationId: id, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["sku"], selectedVendor: null } });
    await indexWoo(id, 1, 1);
    const articles = await productArticles(id);
    expect(articles.map((article) => article.text)).toEqual(["Gluten free sourdough bread\nSKU: GF-SOUR"]);
  });
});

describe("counting, searching and deleting", () => {
  it("counts WARN when nothing is indexed and OK when products are", async () => {
    const id = await wooConfiguration();
    expect((await count(id)).json()).toMatchObject({ status: "WARN", count: 0 });
    await indexWoo(id, 1, 3);
    expect((await count(id)).json()).toMatchObject({ status: "OK", count: 3 });
  });

  it("searches any case over name, sku, description, category and tags, sorts by whitelisted fields and pages", async () => {
    const id = await wooConfiguration();
    await indexWoo(id, 1, 100);
    const names = async (query: string) => ((await search(id, query)).json() as { items: { name: string }[] }).items.map((item) => item.name);
    expect(await names("&search=GLUTEN")).toEqual(["Gluten free sourdough bread"]);
    expect(await names("&search=gf-sour")).toEqual(["Gluten free sourdough bread"]);
    expect(await names("&search=buckwheat")).toEqual(["Gluten free sourdough bread"]);
    expect(await names("&search=pastry")).toEqual(["Almond croissant", "Apple pie"]);
    expect(await names("&search=VEGAN")).toEqual(["Gluten free sourdough bread"]);
    // LIKE's wildcards are text here.
    expect(await names(`&search=${q("50%")}`)).toEqual([]);
    expect((await search(id, `&search=${q("_")}`)).json()).toMatchObject({ total: 12 });
    expect((await names("&sortBy=-price")).slice(0, 2)).toEqual(["Apple pie", "Gluten free sourdough bread"]);
    expect((await names("&sortBy=price"))[0]).toBe("Filler bun 1");
    expect((await names("&sortBy=-stock_quantity"))[0]).toBe("Almond croissant");
    const second = (await search(id, "&page=2&itemsPerPage=10&sortBy=name")).json();
    expect(second).toMatchObject({ status: "success", total: 12 });
    expect(second.items.map((item: { name: string }) => item.name)).toEqual(["Rye bread", "Spelt loaf"]);
    const bad = await search(id, "&sortBy=search_text");
    expect(bad.statusCode).toBe(400);
    expect((await search(id, "&itemsPerPage=7")).statusCode).toBe(400);
  });

  it("deletes every product and the assistant's knowledge of them, and nothing else", async () => {
    const id = await wooConfiguration();
    const typed = await call("createArticle", "POST", "/training/create_article", { configurationId: id, text: "A typed article about sourdough starters.", source: "manual" });
    expect(typed.statusCode).toBe(200);
    await indexWoo(id, 1, 100);
    expect(await productArticles(id)).toHaveLength(12);
    const removed = await deleteAll(id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ status: "success", deleted: 12 });
    expect(await productArticles(id)).toEqual([]);
    expect((await count(id)).json()).toMatchObject({ status: "WARN", count: 0 });
    const left = await ctx.database.db.query<{ kind: string }>("SELECT kind FROM knowledge_articles WHERE configuration_id = $1", [id]);
    expect(left.map((row) => row.kind)).toEqual(["typed"]);
    const hits = (await call("searchInArticles", "POST", "/training/search_in_articles", { configurationId: id, searchText: "gluten free sourdough bread" })).json();
    expect(JSON.stringify(hits)).not.toContain("Gluten free sourdough bread");
    expect((await deleteAll(id)).json()).toMatchObject({ deleted: 0 });
  });
});

describe("the assistant", () => {
  it("answers a visitor from an indexed product, with the product as its source", async () => {
    const id = await wooConfiguration({ language: "en", rag_enabled: true, include_manual_dataset: false });
    expect((await indexWoo(id, 1, 100)).json()).toMatchObject({ indexed: 12 });
    const response = await ctx.app.inject({ method: "POST", url: `/api/widget/${id}/messages`, payload: { message: "Do you have gluten free bread?" } });
    expectToMatchContract("sendWidgetMessage", response);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json().reply as { content: string; sources: { kind: string; title: string; url: string | null }[] };
    expect(reply.content).toContain("Gluten free sourdough bread");
    expect(reply.content).toContain("4.5");
    expect(reply.sources[0]).toEqual({ kind: "product", title: "Gluten free sourdough bread", url: `${woo.origin}/product/gluten-free-sourdough-bread/` });
  });
});

describe("re-indexing mirrors the shop", () => {
  const sourdough = "Gluten free sourdough bread";
  const discontinue = (shop: TestWoocommerce, ...ids: number[]) => {
    shop.products = shop.products.filter((product) => !ids.includes(product.id));
  };
  const syncWooConfiguration = async (settings: Record<string, unknown> = {}, as = token) => {
    const id = as === token ? await newConfiguration(settings) : await createConfiguration(ctx.database.db, otherCustomerId, `shop-${Math.random().toString(36).slice(2, 8)}`);
    const saved = await saveCredentials(wooCredentials(id, { webshopUrl: syncWoo.origin }), as);
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  };
  const indexPages = async (id: string, pages: number[], perPage: number, as = token) => {
    const answers = [];
    for (const page of pages) {
      const response = await indexWoo(id, page, perPage, as);
      expect(response.statusCode, response.body).toBe(200);
      answers.push(response.json() as { indexed: number; total_pages: number; removed?: number });
    }
    return answers;
  };
  const storedIds = async (id: string) =>
    (await ctx.database.db.query<{ product_id: string; webshop_type: string }>("SELECT product_id, webshop_type FROM webshop_products WHERE configuration_id = $1", [id]))
      .map((row) => `${row.webshop_type === "Shopify" ? "S" : "W"}${row.product_id}`)
      .sort();
  const wooIds = (...ids: number[]) => wooProducts.map((product) => product.id).filter((id) => !ids.includes(id)).map((id) => `W${id}`).sort();
  const subjects = async (id: string) => (await productArticles(id)).map((article) => article.subject);

  it("removes a product the shop no longer has once every page was read: its row, its article, and the assistant's knowledge of it", async () => {
    const id = await syncWooConfiguration({ language: "en", rag_enabled: true, include_manual_dataset: false });
    await indexPages(id, [1, 2, 3], 5);
    expect((await askWidget(ctx, id, "Do you have gluten free bread?")).sources[0]).toMatchObject({ kind: "product", title: sourdough });

    discontinue(syncWoo, 11, 14);
    const answers = await indexPages(id, [1, 2], 5);
    expect(answers[0]).not.toHaveProperty("removed");
    expect(answers[1]).toMatchObject({ indexed: 5, total_pages: 2, removed: 2 });
    expect(await storedIds(id)).toEqual(wooIds(11, 14));
    expect(await subjects(id)).not.toContain(sourdough);
    expect(await subjects(id)).not.toContain("Almond croissant");
    expect(await subjects(id)).toHaveLength(10);
    const reply = await askWidget(ctx, id, "Do you have gluten free sourdough bread?");
    expect(reply.content).not.toContain(sourdough);
    expect(reply.sources.map((source) => source.title)).not.toContain(sourdough);
    const chunks = await ctx.database.db.query("SELECT 1 FROM knowledge_chunks WHERE configuration_id = $1 AND text ILIKE '%sourdough%'", [id]);
    expect(chunks).toEqual([]);
    const listed = (await search(id, "&search=sourdough")).json() as { total: number };
    expect(listed.total).toBe(0);
  });

  it("removes nothing when a run stops halfway or a page fails, and completes once the failed page is read again, in any order", async () => {
    const id = await syncWooConfiguration();
    await indexPages(id, [1, 2, 3], 5);
    discontinue(syncWoo, 12);

    // Stopped after page 1 of 3: a run that never completes removes nothing.
    expect((await indexPages(id, [1], 5))[0]).not.toHaveProperty("removed");
    expect(await storedIds(id)).toEqual(wooIds());

    // A new run; page 2 fails, page 3 comes first.
    syncWoo.failingPages.add(2);
    expect((await indexPages(id, [1, 3], 5)).map((answer) => answer.removed)).toEqual([undefined, undefined]);
    expect((await indexWoo(id, 2, 5)).statusCode).toBe(503);
    expect(await storedIds(id)).toEqual(wooIds());

    // Page 2 read again completes the run; reading it once more removes nothing again.
    syncWoo.failingPages.clear();
    expect((await indexPages(id, [2], 5))[0]).toMatchObject({ removed: 1 });
    expect(await storedIds(id)).toEqual(wooIds(12));
    expect(await subjects(id)).not.toContain("Spelt loaf");
    expect((await indexPages(id, [2, 3], 5)).map((answer) => answer.removed)).toEqual([undefined, undefined]);
    expect(await productRows(id)).toBe(11);
  });

  it("counts only the pages of the run's page size, and no run when the shop's count changed meanwhile", async () => {
    const id = await syncWooConfiguration();
    await indexPages(id, [1, 2, 3], 5);
    discontinue(syncWoo, 13);
    // Pages 2 and 3 of another size do not complete the run page 1 started.
    await indexPages(id, [1], 5);
    expect((await indexPages(id, [2, 3], 4)).map((answer) => answer.removed)).toEqual([undefined, undefined]);
    // A product gone after page 1 was read: the shop's total changed, the rest of the run is not counted.
    expect((await indexPages(id, [1], 5))[0]).not.toHaveProperty("removed");
    discontinue(syncWoo, 20);
    expect((await indexPages(id, [2, 3], 5)).map((answer) => answer.removed)).toEqual([undefined, undefined]);
    expect(await productRows(id)).toBe(12);
    // Read whole again, both go.
    expect((await indexPages(id, [1], 100))[0]).toMatchObject({ indexed: 10, removed: 2 });
    expect(await storedIds(id)).toEqual(wooIds(13, 20));
  });

  it("keeps an article that a product still in the shop, or a typed article, holds too", async () => {
    const id = await syncWooConfiguration();
    await saveSettings({ configurationId: id, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["price"], selectedVendor: null } });
    // Spelt loaf's text was typed in as an article before; the twins' texts are the same, so they share one article.
    const typed = await call("createArticle", "POST", "/training/create_article", { configurationId: id, text: "Spelt loaf\nPrice: 3.95", source: "manual" });
    expect(typed.statusCode, typed.body).toBe(200);
    syncWoo.products = [...wooProducts, { id: 30, name: "Twin loaf", price: "2.00" }, { id: 31, name: "Twin loaf", price: "2.00" }];
    await indexPages(id, [1], 100);
    discontinue(syncWoo, 12, 31);
    expect((await indexPages(id, [1], 100))[0]).toMatchObject({ removed: 2 });
    expect(await storedIds(id)).toEqual([...wooIds(12), "W30"].sort());
    const [twin] = await ctx.database.db.query<{ article_id: string | null; subject: string | null }>(
      "SELECT p.article_id, a.subject FROM webshop_products p LEFT JOIN knowledge_articles a ON a.id = p.article_id WHERE p.configuration_id = $1 AND p.product_id = '30'",
      [id],
    );
    expect(twin).toMatchObject({ subject: "Twin loaf" });
    const left = await ctx.database.db.query<{ kind: string }>("SELECT kind FROM knowledge_articles WHERE configuration_id = $1 AND text = $2", [id, "Spelt loaf\nPrice: 3.95"]);
    expect(left.map((row) => row.kind)).toEqual(["typed"]);
  });

  it("removes every WooCommerce product when the shop answers that it has none, and nothing when it does not answer", async () => {
    const id = await syncWooConfiguration();
    await indexPages(id, [1], 100);
    syncWoo.failingPages.add(1);
    expect((await indexWoo(id, 1, 100)).statusCode).toBe(503);
    expect(await productRows(id)).toBe(12);
    syncWoo.failingPages.clear();
    syncWoo.products = [];
    expect((await indexPages(id, [1], 100))[0]).toEqual({ status: "success", indexed: 0, total_count: 0, total_pages: 0, removed: 12 });
    expect(await productRows(id)).toBe(0);
    expect(await productArticles(id)).toEqual([]);
  });

  it("leaves the other shop type's products and another customer's products alone", async () => {
    const id = await syncWooConfiguration();
    const theirs = await syncWooConfiguration({}, otherToken);
    await indexPages(theirs, [1], 100, otherToken);
    // Shopify products indexed before the configuration switched to WooCommerce.
    await saveCredentials(shopifyCredentials(id, { webshopUrl: syncShopify.origin }));
    expect((await indexShopify(id)).json()).toMatchObject({ total_count: 4, removed: 0 });
    await saveCredentials(wooCredentials(id, { webshopUrl: syncWoo.origin }));
    await indexPages(id, [1], 100);

    discontinue(syncWoo, 11);
    expect((await indexPages(id, [1], 100))[0]).toMatchObject({ removed: 1 });
    expect(await storedIds(id)).toEqual([...wooIds(11), "S501", "S502", "S503", "S504"].sort());
    expect(await subjects(id)).toContain("Jansen whole wheat");
    expect(await storedIds(theirs)).toEqual(wooIds());
    expect(await subjects(theirs)).toContain(sourdough);

    // And a Shopify run leaves the WooCommerce products.
    syncShopify.products = shopifyProducts.filter((product) => product.id !== 501);
    await saveCredentials(shopifyCredentials(id, { webshopUrl: syncShopify.origin }));
    expect((await indexShopify(id)).json()).toEqual({ status: "success", total_count: 3, removed: 1 });
    expect(await storedIds(id)).toEqual([...wooIds(11), "S502", "S503", "S504"].sort());
    expect(await subjects(id)).not.toContain("Jansen whole wheat");
  });

  it("removes a Shopify product only within the vendor asked for", async () => {
    const id = await newConfiguration();
    await saveCredentials(shopifyCredentials(id, { webshopUrl: syncShopify.origin }));
    expect((await indexShopify(id)).json()).toMatchObject({ total_count: 4, removed: 0 });
    syncShopify.products = shopifyProducts.filter((product) => product.id !== 502 && product.id !== 504);
    expect((await indexShopify(id, jansen)).json()).toEqual({ status: "success", total_count: 2, removed: 1 });
    // The other vendor's cake, gone from the shop too, was not asked about.
    expect(await storedIds(id)).toEqual(["S501", "S503", "S504"]);
    expect((await indexShopify(id)).json()).toEqual({ status: "success", total_count: 2, removed: 1 });
    expect(await storedIds(id)).toEqual(["S501", "S503"]);
    expect(await subjects(id)).toEqual(["Jansen gluten free buns", "Jansen whole wheat"]);
  });

  it("removes no Shopify product when the read stopped at the configuration's cap", async () => {
    const { service, caller, configuration, id } = await cappedService(3, [syncShopify.host]);
    await service.saveCredentials(caller, configuration, shopifyCredentials(id, { webshopUrl: syncShopify.origin }) as never);
    syncShopify.pageSize = 2;
    expect(await service.indexShopify(caller, configuration, { selectedVendor: jansen })).toEqual({ status: "success", total_count: 3, removed: 0 });
    // Four products now: the read stops at three, so what is gone cannot be told.
    syncShopify.products = [...shopifyProducts.filter((product) => product.id !== 503), { id: 505, title: "Jansen rye", vendor: jansen, price: "3.00" }, { id: 506, title: "Jansen spelt", vendor: jansen, price: "3.20" }];
    expect(await service.indexShopify(caller, configuration, { selectedVendor: jansen })).toEqual({ status: "success", total_count: 2 });
    expect(await storedIds(id)).toEqual(["S501", "S502", "S503"]);
    // Exactly the cap, all listed: complete.
    syncShopify.products = shopifyProducts.filter((product) => product.id !== 503);
    expect(await service.indexShopify(caller, configuration, { selectedVendor: jansen })).toEqual({ status: "success", total_count: 2, removed: 1 });
    expect(await storedIds(id)).toEqual(["S501", "S502"]);
  });
});

describe("tenancy and bad input", () => {
  it("answers 404 for another customer's configuration in every operation, and changes nothing there", async () => {
    const id = await wooConfiguration();
    await indexWoo(id, 1, 2);
    woo.requests.length = 0;
    const answers = [
      await getSettings(id, otherToken),
      await saveSettings({ configurationId: id, webshopSettings: { selectedWebshop: "Shopify", selectedOptions: [] } }, otherToken),
      await saveCredentials(wooCredentials(id, { webshopKey: "ck_theirs" }), otherToken),
      await exists(id, otherToken),
      await testConnection(id, otherToken),
      await count(id, otherToken),
      await indexWoo(id, 1, 10, otherToken),
      await indexShopify(id, jansen, otherToken),
      await deleteAll(id, otherToken),
      await search(id, "", otherToken),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.body).not.toContain("Gluten");
      expect(answer.body).not.toContain(woo.origin);
    }
    expect(woo.requests).toEqual([]);
    expect((await getSettings(id)).json()).toEqual({ status: "success", settings: null });
    expect((await count(id)).json()).toMatchObject({ count: 2 });
    expect((await testConnection(id)).json()).toMatchObject({ status: "success" });
    expect(woo.requests[0]!.path).toContain(`oauth_consumer_key=${woo.key}`);
    expect((await count("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: `/api/webshop/indexedproductscount?configurationId=${id}` })).statusCode).toBe(401);
  });

  it("answers wrong types, NUL and huge strings with 4xx, never 5xx", async () => {
    const id = await wooConfiguration();
    const requests: [string, "GET" | "POST" | "DELETE", string, unknown?][] = [
      ["indexWoocommerceProducts", "GET", `/webshop/index_woocommerce_products?configurationId=${id}&page=zero`],
      ["indexWoocommerceProducts", "GET", `/webshop/index_woocommerce_products?configurationId=${id}&per_page=500`],
      ["searchProducts", "GET", `/webshop/search_products?configurationId=${id}&search=${"x".repeat(300)}`],
      ["searchProducts", "GET", `/webshop/search_products?configurationId=${id}&search=a%00b`],
      ["indexShopifyProducts", "GET", `/webshop/index_shopify_products?configurationId=${id}&selectedVendor=${"v".repeat(201)}`],
      ["getWebshopSettings", "GET", `/webshop/webshopsettings?configurationId=${"1".repeat(65)}`],
      ["saveWebshopCredentials", "POST", "/webshop/webshopcredentials", wooCredentials(id, { webshoptType: "Magento" })],
      ["saveWebshopCredentials", "POST", "/webshop/webshopcredentials", wooCredentials(id, { webshopKey: 12345 })],
      ["saveWebshopCredentials", "POST", "/webshop/webshopcredentials", wooCredentials(id, { webshopKey: "ck\u0000x" })],
      ["saveWebshopCredentials", "POST", "/webshop/webshopcredentials", wooCredentials(id, { webshopUrl: `${woo.origin}/${"a".repeat(3000)}` })],
      ["saveWebshopCredentials", "POST", "/webshop/webshopcredentials", wooCredentials(id, { webshopUrl: "not a url" })],
      ["saveWebshopCredentials", "POST", "/webshop/webshopcredentials", wooCredentials(id, { webshopSecret: ["cs"] })],
      ["saveWebshopSettings", "POST", "/webshop/webshopsettings", { configurationId: id, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: "all" } }],
      ["saveWebshopSettings", "POST", "/webshop/webshopsettings", { configurationId: id, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["a\u0000"] } }],
      ["saveWebshopSettings", "POST", "/webshop/webshopsettings", { configurationId: id, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["x".repeat(201)] } }],
      ["saveWebshopSettings", "POST", "/webshop/webshopsettings", { configurationId: id, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: Array.from({ length: 200_000 }, () => "name") } }],
    ];
    for (const [operationId, method, url, payload] of requests) {
      const response = await call(operationId, method, url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload ?? null).slice(0, 200)} ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const tooLarge = await call("saveWebshopSettings", "POST", "/webshop/webshopsettings", {
      configurationId: id,
      webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["name"], selectedVendor: "v".repeat(6 * 1024 * 1024) },
    });
    expect(tooLarge.statusCode).toBe(413);
    // The stored credentials are still the good ones.
    expect((await testConnection(id)).json()).toMatchObject({ total_count: 12 });
  });
});
