/**
 * A shop owner's webshop, through the admin's Data Training screen: connect a WooCommerce shop (a loopback
 * server that answers as WooCommerce's REST API does), test the connection, index its products page by page,
 * find one in the indexed products, and the assistant answers a visitor from it with the product as its
 * source; the e-commerce dashboard then shows the shop; again in Dutch and dark.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestWoocommerce, type TestWoocommerce } from "../../apps/server/src/test/webshops";
import { api, apiSignIn, demoAccounts, expectAccessible, newPage, snap, snapOnFailure, type StoredSession, useBrowser } from "../support/browser";

const journey = "webshop";
const credentials = { key: "ck_e2e_0123456789abcdef", secret: "cs_e2e_fedcba9876543210" };

describe("a WooCommerce shop on the Data Training screen", () => {
  const browser = useBrowser();
  let shop: TestWoocommerce;
  let admin: StoredSession;
  let configuration: { _id: string; name: string };

  beforeAll(async () => {
    shop = await startTestWoocommerce(
      [
        { id: 101, name: "Gluten free sourdough bread", price: "4.50", description: "<p>A sourdough loaf baked without gluten, from buckwheat and rice flour.</p>", sku: "GF-SD-800", stock_quantity: 12, categories: ["Bread"], tags: ["gluten free"] },
        { id: 102, name: "Rye bread", price: "3.95", description: "<p>Dark Frisian rye, slowly baked.</p>", sku: "RYE-600", stock_quantity: 0, stock_status: "outofstock", categories: ["Bread"] },
        { id: 103, name: "Butter croissant", price: "1.75", description: "<p>Flaky French croissant with Normandy butter.</p>", sku: "CR-1", stock_quantity: 40, categories: ["Pastry"] },
      ],
      credentials,
      inject("webshopPort"),
    );
    admin = await apiSignIn(demoAccounts.admin);
    const name = `webshop-${Date.now()}`;
    // Knowledge retrieval on, as an admin sets it under AI settings (new configurations start without it).
    const created = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name, rag_enabled: true }, admin.token);
    expect(created.status).toBe(200);
    configuration = { _id: created.data.inserted_id, name };
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("connects, tests, indexes and lists the products, and the assistant answers from one", { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser(), { session: admin, localStorage: { "parley.selectedConfiguration": JSON.stringify(configuration) } });
    snapOnFailure(page, journey, "connect");
    await page.goto("/admin/settings/datatraining");
    await page.getByRole("tab", { name: "Webshop" }).click();

    // Connect: the type, the address and the REST API keys.
    const form = page.getByRole("form", { name: "Webshop connection" });
    await form.getByText("WooCommerce", { exact: true }).click();
    await form.getByLabel("Shop address").fill(shop.origin);
    await form.getByLabel("Consumer key").fill(credentials.key);
    await form.getByLabel("Consumer secret").fill(credentials.secret);
    await snap(page, journey, "1-connect");
    await form.getByRole("button", { name: "Save credentials" }).click();
    await page.getByText("Connected to WooCommerce").first().waitFor();
    // The keys are never shown back.
    expect(await page.content()).not.toContain(credentials.secret);

    await page.getByRole("button", { name: "Test connection" }).click();
    await page.getByText("The shop answered: 3 products").waitFor({ timeout: 30_000 });

    // Index: WooCommerce page by page, with progress.
    await page.getByRole("button", { name: "Index WooCommerce products" }).click();
    await page.getByText("3 of 3 products indexed.").waitFor({ timeout: 60_000 });
    // The shop (on plain http) was read with the key and an OAuth 1.0a signature, as WooCommerce requires there; the secret never travelled.
    expect(shop.requests.some((request) => request.path.startsWith("/wp-json/wc/v3/products") && request.path.includes(`oauth_consumer_key=${credentials.key}`))).toBe(true);
    expect(shop.requests.every((request) => request.headers.authorization === undefined && !request.path.includes(credentials.secret))).toBe(true);

    // The indexed products: three, searchable.
    const products = page.getByTestId("webshop-products");
    await products.getByTestId("webshop-count").getByText(/3/).waitFor({ timeout: 30_000 });
    await products.getByText("Rye bread").waitFor();
    await products.getByRole("searchbox").or(products.getByRole("textbox")).first().fill("gluten");
    await products.getByText("Gluten free sourdough bread").waitFor();
    await expect.poll(() => products.getByText("Butter croissant").count()).toBe(0);
    await snap(page, journey, "2-indexed");
    await expectAccessible(page);

    // A visitor asks; the assistant answers from the product, which it names as its source.
    const asked = await api<{ reply: { content: string; sources: { kind: string; title: string; url: string | null }[] } }>(
      "POST",
      `/widget/${configuration._id}/messages`,
      { message: "Do you sell gluten free bread?" },
    );
    expect(asked.status).toBe(200);
    expect(asked.data.reply.content).toContain("sourdough");
    expect(asked.data.reply.sources[0]).toMatchObject({ kind: "product", title: "Gluten free sourdough bread" });

    // The e-commerce dashboard shows the connected shop and its products.
    await page.goto("/admin/dashboard/ecommerce");
    const connection = page.getByRole("region", { name: "Connection" });
    await connection.getByText("WooCommerce").first().waitFor({ timeout: 30_000 });
    await page.getByText("Butter croissant").first().waitFor();
    await snap(page, journey, "3-ecommerce-dashboard");
    await context.close();
  });

  it("reads in Dutch and dark", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser(), {
      session: admin,
      colorScheme: "dark",
      localStorage: { "parley.language": "nl", "parley.selectedConfiguration": JSON.stringify(configuration) },
    });
    snapOnFailure(page, journey, "nl");
    await page.goto("/admin/settings/datatraining");
    await page.getByRole("tab", { name: "Webshop" }).click();
    await page.getByText("Gekoppeld met WooCommerce").first().waitFor();
    await page.getByText("Geïndexeerde producten").first().waitFor();
    await page.getByText("Gluten free sourdough bread").first().waitFor();
    await snap(page, journey, "nl-1-webshop-dark");
    await expectAccessible(page);
    await context.close();
  });
});
