import { act, configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeTrainingServer, problem, type Route } from "../training/fakeServer.test-support";
import { EcommerceDashboardPage } from "./EcommerceDashboardPage";

configure({ asyncUtilTimeout: 10_000 });

const lowStock = [
  { productId: "p1", name: "Rye loaf", price: 4.5, stock_quantity: 0, in_stock: false, url: "https://shop.example/rye" },
  { productId: "p2", name: "Croissant", price: 1.95, stock_quantity: 3, in_stock: true, url: null },
];
const expensive = [
  { productId: "p3", name: "Wedding cake", price: 249, stock_quantity: 12, in_stock: true },
  { productId: "p1", name: "Rye loaf", price: 4.5, stock_quantity: 0, in_stock: false },
];

function shopServer(overrides: Record<string, Route> = {}) {
  return fakeTrainingServer({
    "GET /webshop/webshopcredentials/exists": () => ({ body: { status: "success", exists: true, webshopType: "WooCommerce", webshopUrl: "https://shop.example" } }),
    "GET /webshop/indexedproductscount": () => ({ body: { status: "OK", count: 42 } }),
    "GET /webshop/webshopsettings": () => ({ body: { status: "success", settings: { selectedWebshop: "WooCommerce", selectedOptions: ["name", "price", "stock_quantity"], selectedVendor: null } } }),
    "GET /webshop/search_products": (call) => ({ body: { status: "success", items: call.query.sortBy === "-price" ? expensive : lowStock, total: 42 } }),
    ...overrides,
  });
}

const region = (name: string) => screen.findByRole("region", { name });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));

describe("the e-commerce dashboard", { timeout: 30_000 }, () => {
  it("shows the connected shop, its indexed products, its settings and its products by lowest stock and highest price", async () => {
    const server = shopServer();
    await renderConfigurationScreen(<EcommerceDashboardPage />, { api: server.api });
    const connection = await region("Connection");
    expect(await within(connection).findByText("Connected")).toBeTruthy();
    expect(within(connection).getByText("WooCommerce")).toBeTruthy();

    const indexed = await region("Indexed products");
    expect(await within(indexed).findByText("42")).toBeTruthy();
    expect(within(indexed).getByText("Indexed")).toBeTruthy();

    const settings = await region("Webshop settings");
    expect(await within(settings).findByText("The assistant answers from 3 product fields:")).toBeTruthy();
    expect(within(within(settings).getByRole("list", { name: "Product fields used" })).getAllByRole("listitem")).toHaveLength(3);

    const low = await within(await region("Lowest stock first")).findByRole("table");
    expect(rowsOf(low)).toEqual([
      ["Rye loaf ", "€4.50", "0"],
      ["Croissant", "€1.95", "3"],
    ]);
    expect(within(low).getByRole("link", { name: "Open Rye loaf in the webshop (new tab)" }).getAttribute("href")).toBe("https://shop.example/rye");
    const top = await within(await region("Most expensive")).findByRole("table");
    expect(rowsOf(top)[0]).toEqual(["Wedding cake", "€249.00", "12"]);
    expect(screen.getAllByText("2 of 42 indexed products")).toHaveLength(2);

    const sorts = server.callsTo("GET /webshop/search_products").map((call) => call.query);
    expect(sorts).toEqual(
      expect.arrayContaining([
        { configurationId: "c1", sortBy: "stock_quantity", page: "1", itemsPerPage: "10" },
        { configurationId: "c1", sortBy: "-price", page: "1", itemsPerPage: "10" },
      ]),
    );
  });

  it("takes missing credentials for a shop not connected, and links to Data training", async () => {
    const server = shopServer({ "GET /webshop/webshopcredentials/exists": () => problem(404, "no_webshop_credentials", "No webshop credentials found") });
    await renderConfigurationScreen(<EcommerceDashboardPage />, { api: server.api });
    expect(await screen.findByText("Not connected")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect a webshop" }).getAttribute("href")).toBe("/settings/datatraining?section=webshop");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(server.callsTo("GET /webshop/search_products")).toHaveLength(0);
    expect(server.callsTo("GET /webshop/indexedproductscount")).toHaveLength(0);
  });

  it("says not connected when no credentials exist", async () => {
    await renderConfigurationScreen(<EcommerceDashboardPage />, { api: shopServer({ "GET /webshop/webshopcredentials/exists": () => ({ body: { status: "success", exists: false } }) }).api });
    expect(await screen.findByText(/No webshop is connected to this configuration yet/)).toBeTruthy();
  });

  it("says what could not be read when the webshop calls fail, with a retry", async () => {
    let fail = true;
    const server = shopServer({ "GET /webshop/webshopcredentials/exists": () => (fail ? problem(404, "not_found", "Not found") : { body: { status: "success", exists: false } }) });
    await renderConfigurationScreen(<EcommerceDashboardPage />, { api: server.api });
    expect(await screen.findByText("Whether a webshop is connected could not be read.")).toBeTruthy();
    expect(screen.getByRole("alert").getAttribute("data-error-code")).toBe("not_found");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Not connected")).toBeTruthy();
  });

  it("asks to index when the shop is connected but nothing is indexed", async () => {
    const server = shopServer({
      "GET /webshop/indexedproductscount": () => ({ body: { status: "WARN", count: 0 } }),
      "GET /webshop/search_products": () => ({ body: { status: "success", items: [], total: 0 } }),
      "GET /webshop/webshopsettings": () => ({ body: { status: "success", settings: null } }),
    });
    await renderConfigurationScreen(<EcommerceDashboardPage />, { api: server.api });
    const indexed = await region("Indexed products");
    expect(await within(indexed).findByText("Nothing indexed")).toBeTruthy();
    expect(within(indexed).getByRole("link", { name: "Index products" }).getAttribute("href")).toBe("/settings/datatraining?section=webshop");
    expect(await screen.findByText(/No webshop settings saved yet/)).toBeTruthy();
    expect(await screen.findAllByText("No products indexed yet.")).toHaveLength(2);
  });

  it("reads in Dutch with every text translated", async () => {
    await renderConfigurationScreen(<EcommerceDashboardPage />, { api: shopServer().api });
    await screen.findByText("Wedding cake");
    await act(() => i18n.changeLanguage("nl"));
    expect(await screen.findByRole("region", { name: "Laagste voorraad eerst" })).toBeTruthy();
    expect(screen.getByText("Gekoppeld")).toBeTruthy();
    expect(screen.getByText("€ 249,00")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/ecommerceDashboard\.|pages:/);
  });
});
