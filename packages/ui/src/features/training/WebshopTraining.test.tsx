import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { DataTrainingPage } from "./DataTrainingPage";
import { fakeTrainingServer, problem, type Route, type SeenCall } from "./fakeServer.test-support";
import { nextProductSort, productSortDirection } from "./webshop";

configure({ asyncUtilTimeout: 5_000 });

interface ShopProduct {
  productId: string;
  name: string;
  price: number | null;
  stock_quantity: number | null;
  in_stock: boolean;
  sku: string | null;
  category: string[];
  url: string | null;
  vendor: string;
}

/** A shop of `count` products; every third is Acme's. */
function shopOf(count: number): ShopProduct[] {
  return Array.from({ length: count }, (_, index) => ({
    productId: `p${index + 1}`,
    name: `Product ${String(index + 1).padStart(3, "0")}`,
    price: 10 + index,
    stock_quantity: index % 7,
    in_stock: index % 7 !== 0,
    sku: `SKU-${index + 1}`,
    category: ["Mugs"],
    url: `https://shop.test/product-${index + 1}`,
    vendor: index % 3 === 0 ? "Acme" : "Other",
  }));
}

interface ShopState {
  credentials?: { exists: boolean; webshopType: "WooCommerce" | "Shopify" | null; webshopUrl: string | null };
  settings?: { selectedWebshop: "WooCommerce" | "Shopify" | null; selectedOptions: string[]; selectedVendor?: string | null } | null;
  shop?: ShopProduct[];
  /** Products indexed before the screen opens. */
  indexed?: ShopProduct[];
  /** Awaited before a WooCommerce page is answered. */
  beforePage?: (page: number) => Promise<void> | undefined;
  /** A WooCommerce page the shop does not answer for: the server's problem. */
  refusePage?: (page: number) => ReturnType<typeof problem> | undefined;
  /** Products the shop no longer has that an index run removes: said on WooCommerce's last page and by Shopify. */
  removed?: number;
}

const connectedWoocommerce = { exists: true, webshopType: "WooCommerce", webshopUrl: "https://shop.test" } as const;

/** The Data Training screen at its Webshop section, over a fake server that keeps the shop's state. */
async function renderWebshop(state: ShopState = {}, overrides: Record<string, Route> = {}) {
  let credentials = state.credentials ?? { exists: false, webshopType: null, webshopUrl: null };
  let settings = state.settings ?? null;
  const shop = state.shop ?? shopOf(120);
  let indexed = [...(state.indexed ?? [])];
  const index = (products: ShopProduct[]) => {
    indexed = [...indexed.filter((product) => !products.some((other) => other.productId === product.productId)), ...products];
  };
  const server = fakeTrainingServer({
    "GET /webshop/webshopcredentials/exists": () => ({ body: { status: "success", ...credentials } }),
    "POST /webshop/webshopcredentials": (call) => {
      const body = call.body as { webshoptType: "WooCommerce" | "Shopify"; webshopUrl: string };
      credentials = { exists: true, webshopType: body.webshoptType, webshopUrl: body.webshopUrl };
      return { body: { status: "success", message: "Saved" } };
    },
    "GET /webshop/test": () => ({ body: { status: "success", total_count: shop.length } }),
    "GET /webshop/webshopsettings": () => ({ body: { status: "success", settings } }),
    "POST /webshop/webshopsettings": (call) => {
      settings = (call.body as { webshopSettings: typeof settings }).webshopSettings;
      return { body: { status: "success", message: "Saved" } };
    },
    "GET /webshop/indexedproductscount": () => ({ body: indexed.length > 0 ? { status: "OK", count: indexed.length } : { status: "WARN", count: 0, message: "No products indexed" } }),
    "GET /webshop/index_woocommerce_products": async (call) => {
      const page = Number(call.query.page);
      await state.beforePage?.(page);
      const refused = state.refusePage?.(page);
      if (refused) return refused;
      const perPage = Number(call.query.per_page);
      const products = shop.slice((page - 1) * perPage, page * perPage);
      index(products);
      const totalPages = Math.ceil(shop.length / perPage);
      const last = page === Math.max(totalPages, 1) && state.removed !== undefined ? { removed: state.removed } : {};
      return { body: { status: "success", indexed: products.length, total_count: shop.length, total_pages: totalPages, ...last } };
    },
    "GET /webshop/index_shopify_products": (call) => {
      const products = shop.filter((product) => !call.query.selectedVendor || product.vendor === call.query.selectedVendor);
      index(products);
      return { body: { status: "success", total_count: products.length, ...(state.removed === undefined ? {} : { removed: state.removed }) } };
    },
    "DELETE /webshop/delete_all_products": () => {
      const deleted = indexed.length;
      indexed = [];
      return { body: { status: "success", deleted } };
    },
    "GET /webshop/search_products": (call) => {
      const page = Number(call.query.page ?? "1");
      const perPage = Number(call.query.itemsPerPage ?? "10");
      const sortBy = call.query.sortBy ?? "name";
      const field = sortBy.replace(/^-/, "") as "name" | "price" | "stock_quantity";
      const found = indexed.filter((product) => product.name.toLowerCase().includes((call.query.search ?? "").toLowerCase()));
      const sorted = [...found].sort((one, other) => String(one[field]).localeCompare(String(other[field]), "en", { numeric: true }) * (sortBy.startsWith("-") ? -1 : 1));
      const items = sorted.slice((page - 1) * perPage, page * perPage).map(({ vendor: _vendor, ...product }) => product);
      return { body: { status: "success", items, total: found.length } };
    },
    "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
    "GET /files/get_names": () => ({ body: { status: "success", file_names: [] } }),
    ...overrides,
  });
  await renderConfigurationScreen(<DataTrainingPage initialSection="webshop" />, { api: server.api });
  return server;
}

const queries = (calls: SeenCall[]) => calls.map((call) => call.query);

/** Clicks a product field's checkbox and waits until the form counts `chosen` fields (the checkbox answers a moment later). */
async function toggle(checkbox: HTMLElement, chosen: number) {
  fireEvent.click(checkbox);
  await waitFor(() => expect(screen.getByTestId("webshop-fields-chosen").textContent).toBe(`${chosen} ${chosen === 1 ? "field" : "fields"} chosen`));
}

afterEach(async () => {
  if (i18n.isInitialized && i18n.language !== "en") await act(() => i18n.changeLanguage("en"));
});

describe("the products' sort", () => {
  it("turns a sorted column around and starts another ascending", () => {
    expect(nextProductSort("name", "name")).toBe("-name");
    expect(nextProductSort("-name", "name")).toBe("name");
    expect(nextProductSort("-name", "price")).toBe("price");
    expect(productSortDirection("-price", "price")).toBe("desc");
    expect(productSortDirection("price", "name")).toBeUndefined();
  });
});

describe("connecting the webshop", { timeout: 30_000 }, () => {
  it("asks for the address and both WooCommerce keys, then saves them and shows the shop connected without its secrets", async () => {
    const server = await renderWebshop();
    const connection = await screen.findByTestId("webshop-connection");
    fireEvent.click(await within(connection).findByRole("button", { name: /Save credentials/ }));
    await waitFor(() => expect(within(connection).getAllByText("This field is required")).toHaveLength(3));
    expect(server.callsTo("POST /webshop/webshopcredentials")).toEqual([]);

    fireEvent.change(within(connection).getByLabelText(/Shop address/), { target: { value: "ftp://shop.test" } });
    fireEvent.blur(within(connection).getByLabelText(/Shop address/));
    expect(await within(connection).findByText("Please enter a valid URL (https://…)")).toBeTruthy();

    fireEvent.change(within(connection).getByLabelText(/Shop address/), { target: { value: " https://shop.test " } });
    fireEvent.change(within(connection).getByLabelText(/Consumer key/), { target: { value: "ck_public" } });
    fireEvent.change(within(connection).getByLabelText(/Consumer secret/), { target: { value: "cs_private" } });
    fireEvent.click(within(connection).getByRole("button", { name: /Save credentials/ }));

    expect(await within(connection).findByText("Connected to WooCommerce")).toBeTruthy();
    expect(server.callsTo("POST /webshop/webshopcredentials").map((call) => call.body)).toEqual([
      { configurationId: "c1", webshoptType: "WooCommerce", webshopUrl: "https://shop.test", webshopKey: "ck_public", webshopSecret: "cs_private" },
    ]);
    expect(within(connection).getByText("https://shop.test")).toBeTruthy();
    expect(screen.queryByDisplayValue("cs_private")).toBeNull();
    expect(screen.queryByDisplayValue("ck_public")).toBeNull();
  });

  it("asks Shopify only for the access token", async () => {
    const server = await renderWebshop();
    const connection = await screen.findByTestId("webshop-connection");
    fireEvent.click(await within(connection).findByLabelText("Shopify"));
    expect(await within(connection).findByLabelText(/Admin API access token/)).toBeTruthy();
    expect(within(connection).queryByLabelText(/Consumer secret/)).toBeNull();
    fireEvent.change(within(connection).getByLabelText(/Shop address/), { target: { value: "https://acme.myshopify.com" } });
    fireEvent.change(within(connection).getByLabelText(/Admin API access token/), { target: { value: "shpat_token" } });
    fireEvent.click(within(connection).getByRole("button", { name: /Save credentials/ }));
    expect(await within(connection).findByText("Connected to Shopify")).toBeTruthy();
    expect(server.callsTo("POST /webshop/webshopcredentials")[0]?.body).toEqual({
      configurationId: "c1",
      webshoptType: "Shopify",
      webshopUrl: "https://acme.myshopify.com",
      webshopKey: "shpat_token",
      webshopSecret: "",
    });
  });

  it("shows a refused shop address at the address field", async () => {
    await renderWebshop({}, { "POST /webshop/webshopcredentials": () => problem(400, "url_not_allowed", "This address cannot be fetched.") });
    const connection = await screen.findByTestId("webshop-connection");
    const address = await within(connection).findByLabelText(/Shop address/);
    fireEvent.change(address, { target: { value: "http://127.0.0.1" } });
    fireEvent.change(within(connection).getByLabelText(/Consumer key/), { target: { value: "ck" } });
    fireEvent.change(within(connection).getByLabelText(/Consumer secret/), { target: { value: "cs" } });
    fireEvent.click(within(connection).getByRole("button", { name: /Save credentials/ }));
    expect(await within(connection).findByText(/This address cannot be fetched. Enter the shop's public address/)).toBeTruthy();
    expect(address.getAttribute("aria-invalid")).toBe("true");
    expect(within(connection).queryByText("Connected to WooCommerce")).toBeNull();
  });

  it("shows saved credentials as connected, and changes them with the keys asked again", async () => {
    await renderWebshop({ credentials: { exists: true, webshopType: "Shopify", webshopUrl: "https://acme.myshopify.com" } });
    const connection = await screen.findByTestId("webshop-connection");
    expect(await within(connection).findByText("Connected to Shopify")).toBeTruthy();
    expect(within(connection).queryByRole("form")).toBeNull();
    fireEvent.click(within(connection).getByRole("button", { name: "Change credentials" }));
    expect(((await within(connection).findByLabelText(/Shop address/)) as HTMLInputElement).value).toBe("https://acme.myshopify.com");
    expect((within(connection).getByLabelText(/Admin API access token/) as HTMLInputElement).value).toBe("");
    fireEvent.click(within(connection).getByRole("button", { name: "Cancel" }));
    expect(await within(connection).findByText("Connected to Shopify")).toBeTruthy();
  });
});

describe("testing the connection", { timeout: 30_000 }, () => {
  it("says how many products the shop answered with", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce });
    fireEvent.click(await screen.findByRole("button", { name: /Test connection/ }));
    expect(await screen.findByText("The shop answered: 120 products")).toBeTruthy();
    expect(queries(server.callsTo("GET /webshop/test"))).toEqual([{ configurationId: "c1" }]);
  });

  it("says to check the address and keys when the shop does not answer", async () => {
    await renderWebshop({ credentials: connectedWoocommerce }, { "GET /webshop/test": () => problem(503, "service_unavailable", "The shop did not answer") });
    fireEvent.click(await screen.findByRole("button", { name: /Test connection/ }));
    const alert = await within(screen.getByTestId("webshop-connection")).findByRole("alert");
    expect(alert.getAttribute("data-error-code")).toBe("service_unavailable");
    expect(within(alert).getByText("The shop did not answer, or refused the keys.")).toBeTruthy();
    expect(within(alert).getByText(/Check the shop address and the keys/)).toBeTruthy();
    // Keys the shop refuses are no connection, whatever was saved.
    const badge = screen.getByTestId("webshop-connected");
    expect(badge.textContent).toBe("Not connected to WooCommerce");
  });

  it("shows the server's reason when it refuses a test, beside what to do next", async () => {
    const reason = "The shop did not answer in time. Check that the shop is online and try again.";
    await renderWebshop({ credentials: connectedWoocommerce }, { "GET /webshop/test": () => problem(503, "service_unavailable", reason) });
    fireEvent.click(await screen.findByRole("button", { name: /Test connection/ }));
    const alert = await within(screen.getByTestId("webshop-connection")).findByRole("alert");
    expect(within(alert).getByTestId("server-reason").textContent).toBe(`The server said: ${reason}`);
    expect(within(alert).getByText(/Check the shop address and the keys/)).toBeTruthy();
    await act(() => i18n.changeLanguage("fr"));
    expect(within(alert).getByTestId("server-reason").textContent).toBe(
      "Le serveur a indiqué : La boutique n'a pas répondu à temps. Vérifiez que la boutique est en ligne et réessayez.",
    );
  });

  it("shows a shop's status in the reason in the user's language", async () => {
    await renderWebshop({ credentials: connectedWoocommerce }, { "GET /webshop/test": () => problem(503, "service_unavailable", "WooCommerce answered with status 502. Check the shop URL and try again later.") });
    await act(() => i18n.changeLanguage("nl"));
    fireEvent.click(await screen.findByRole("button", { name: /Verbinding testen/ }));
    const alert = await within(screen.getByTestId("webshop-connection")).findByRole("alert");
    expect(within(alert).getByTestId("server-reason").textContent).toMatch(/WooCommerce antwoordde met status 502\. Controleer de shop-URL/);
  });

  it("shows a refused field's message in the user's language when it is a catalogue text, and marks the field", async () => {
    await renderWebshop(
      {},
      {
        "POST /webshop/webshopcredentials": () => ({
          status: 400,
          body: { type: "about:blank", title: "Error", status: 400, code: "validation_failed", message: "Invalid field", errors: [{ path: "webshopKey", message: "This field is required" }] },
        }),
      },
    );
    const connection = await screen.findByTestId("webshop-connection");
    fireEvent.change(await within(connection).findByLabelText(/Shop address/), { target: { value: "https://shop.test" } });
    fireEvent.change(within(connection).getByLabelText(/Consumer key/), { target: { value: "ck" } });
    fireEvent.change(within(connection).getByLabelText(/Consumer secret/), { target: { value: "cs" } });
    fireEvent.click(within(connection).getByRole("button", { name: /Save credentials/ }));
    const reason = await within(connection).findByTestId("server-reason");
    expect(reason.textContent).toBe("The server said: This field is required");
    expect(within(connection).getByLabelText(/Consumer key/).getAttribute("aria-invalid")).toBe("true");
    await act(() => i18n.changeLanguage("de"));
    expect(within(connection).getByTestId("server-reason").textContent).toBe("Der Server meldet: Dieses Feld ist erforderlich");
  });

  it("shows the shop connected again once a test is answered", async () => {
    let refuse = true;
    await renderWebshop(
      { credentials: connectedWoocommerce },
      { "GET /webshop/test": () => (refuse ? problem(503, "service_unavailable", "The shop did not answer") : { body: { status: "success", total_count: 120 } }) },
    );
    fireEvent.click(await screen.findByRole("button", { name: /Test connection/ }));
    await waitFor(() => expect(screen.getByTestId("webshop-connected").textContent).toBe("Not connected to WooCommerce"));
    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: /Test connection/ }));
    expect(await screen.findByText("The shop answered: 120 products")).toBeTruthy();
    expect(screen.getByTestId("webshop-connected").textContent).toBe("Connected to WooCommerce");
  });

  it("says 'No webshop credentials found' and to save them first", async () => {
    await renderWebshop({ credentials: connectedWoocommerce }, { "GET /webshop/test": () => problem(404, "no_webshop_credentials", "No webshop credentials found") });
    fireEvent.click(await screen.findByRole("button", { name: /Test connection/ }));
    const alert = await within(screen.getByTestId("webshop-connection")).findByRole("alert");
    expect(within(alert).getByText("No webshop credentials found")).toBeTruthy();
    expect(within(alert).getByText("Save the shop's credentials first, under Connect your webshop.")).toBeTruthy();
  });
});

describe("the webshop settings", { timeout: 30_000 }, () => {
  it("starts with the default fields and saves the chosen ones with the connected shop", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce });
    const settings = await screen.findByTestId("webshop-settings");
    expect(((await within(settings).findByLabelText("Name")) as HTMLInputElement).checked).toBe(true);
    expect((within(settings).getByLabelText("Images") as HTMLInputElement).checked).toBe(false);
    expect(within(settings).queryByLabelText(/Shopify vendor/)).toBeNull();
    await toggle(within(settings).getByLabelText("Images"), 11);
    await toggle(within(settings).getByLabelText("Description"), 10);
    fireEvent.click(within(settings).getByRole("button", { name: /Save settings/ }));
    await waitFor(() => expect(server.callsTo("POST /webshop/webshopsettings")).toHaveLength(1));
    expect(server.callsTo("POST /webshop/webshopsettings")[0]?.body).toEqual({
      configurationId: "c1",
      webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["name", "price", "stock_quantity", "in_stock", "sku", "category", "tags", "url", "images", "attributes"], selectedVendor: null },
    });
  });

  it("needs at least one field", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce, settings: { selectedWebshop: "WooCommerce", selectedOptions: ["name"] } });
    const settings = await screen.findByTestId("webshop-settings");
    await waitFor(() => expect((within(settings).getByLabelText("Name") as HTMLInputElement).checked).toBe(true));
    await toggle(within(settings).getByLabelText("Name"), 0);
    expect(await within(settings).findByText("Choose at least one field.")).toBeTruthy();
    fireEvent.click(within(settings).getByRole("button", { name: /Save settings/ }));
    await waitFor(() => expect((within(settings).getByRole("button", { name: /Save settings/ }) as HTMLButtonElement).disabled).toBe(false));
    expect(server.callsTo("POST /webshop/webshopsettings")).toEqual([]);
  });

  it("drops a saved field the screen does not offer instead of failing the form", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce, settings: { selectedWebshop: "WooCommerce", selectedOptions: ["name", "supplier_margin"] } });
    const settings = await screen.findByTestId("webshop-settings");
    expect(await within(settings).findByText("1 field chosen")).toBeTruthy();
    fireEvent.click(within(settings).getByRole("button", { name: /Save settings/ }));
    await waitFor(() => expect(server.callsTo("POST /webshop/webshopsettings")).toHaveLength(1));
    expect(server.callsTo("POST /webshop/webshopsettings")[0]?.body).toMatchObject({ webshopSettings: { selectedOptions: ["name"] } });
  });

  it("saves a Shopify shop's vendor", async () => {
    const server = await renderWebshop({ credentials: { exists: true, webshopType: "Shopify", webshopUrl: "https://acme.myshopify.com" }, settings: { selectedWebshop: "Shopify", selectedOptions: ["name", "price"], selectedVendor: null } });
    const settings = await screen.findByTestId("webshop-settings");
    fireEvent.change(await within(settings).findByLabelText(/Shopify vendor/), { target: { value: " Acme " } });
    fireEvent.click(within(settings).getByRole("button", { name: /Save settings/ }));
    await waitFor(() => expect(server.callsTo("POST /webshop/webshopsettings")).toHaveLength(1));
    expect(server.callsTo("POST /webshop/webshopsettings")[0]?.body).toEqual({
      configurationId: "c1",
      webshopSettings: { selectedWebshop: "Shopify", selectedOptions: ["name", "price"], selectedVendor: "Acme" },
    });
  });
});

describe("indexing the products", { timeout: 30_000 }, () => {
  it("indexes a WooCommerce shop page by page with progress, and counts the products", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce });
    const indexing = await screen.findByTestId("webshop-indexing");
    expect(await screen.findByText("No products indexed yet", { selector: "[data-testid=webshop-count]" })).toBeTruthy();
    fireEvent.click(within(indexing).getByRole("button", { name: /Index WooCommerce products/ }));
    expect(await within(indexing).findByText("3 of 3 pages of products")).toBeTruthy();
    expect(within(indexing).getByTestId("run-status").textContent).toBe("Finished. 120 of 120 products indexed.");
    // The shop's total came from the connection test; then one call per page of 50.
    expect(queries(server.callsTo("GET /webshop/test"))).toEqual([{ configurationId: "c1" }]);
    expect(queries(server.callsTo("GET /webshop/index_woocommerce_products"))).toEqual([1, 2, 3].map((page) => ({ configurationId: "c1", page: String(page), per_page: "50" })));
    expect(await screen.findByText("120 products indexed", { selector: "[data-testid=webshop-count]" })).toBeTruthy();
  });

  it("stops after the page in hand, lists the pages left, and indexes them on a retry", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = await renderWebshop({ credentials: connectedWoocommerce, shop: shopOf(200), beforePage: (page) => (page === 2 ? held : undefined) });
    const indexing = await screen.findByTestId("webshop-indexing");
    fireEvent.click(await within(indexing).findByRole("button", { name: /Index WooCommerce products/ }));
    await waitFor(() => expect(server.callsTo("GET /webshop/index_woocommerce_products")).toHaveLength(2));
    expect(await within(indexing).findByText("1 of 4 pages of products")).toBeTruthy();
    expect(within(indexing).getByTestId("run-status").textContent).toBe("Reading and training… 50 of 200 products indexed.");

    fireEvent.click(within(indexing).getByRole("button", { name: "Stop" }));
    release();
    await waitFor(() => expect(within(indexing).getByTestId("run-status").textContent).toBe("Cancelled. 50 of 200 products indexed."));
    expect(queries(server.callsTo("GET /webshop/index_woocommerce_products")).map((query) => query.page)).toEqual(["1", "2"]);
    const left = within(indexing).getByRole("list", { name: "Pages of products not indexed" });
    expect(within(left).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Page 2", "Page 3", "Page 4"].map((page) => `${page} — Cancelled before it was read`));

    fireEvent.click(within(indexing).getByRole("button", { name: "Try the 3 failed ones again" }));
    await waitFor(() => expect(within(indexing).getByTestId("run-status").textContent).toBe("Finished. 200 of 200 products indexed."));
    expect(queries(server.callsTo("GET /webshop/index_woocommerce_products")).map((query) => query.page)).toEqual(["1", "2", "2", "3", "4"]);
  });

  it("lists a page the shop did not answer for with what to do, and goes on with the next", async () => {
    let failing = true;
    await renderWebshop({
      credentials: connectedWoocommerce,
      shop: shopOf(120),
      refusePage: (page) => (page === 2 && failing ? problem(503, "service_unavailable", "The shop did not answer") : undefined),
    });
    const indexing = await screen.findByTestId("webshop-indexing");
    fireEvent.click(await within(indexing).findByRole("button", { name: /Index WooCommerce products/ }));
    await waitFor(() => expect(within(indexing).getByTestId("run-status").textContent).toBe("Finished. 70 of 120 products indexed."));
    const left = within(indexing).getByRole("list", { name: "Pages of products not indexed" });
    expect(within(left).getByText("Page 2 — The shop did not answer, or refused the keys.")).toBeTruthy();
    expect(within(indexing).getByText(/Check the shop address and the keys/)).toBeTruthy();
    failing = false;
    fireEvent.click(within(indexing).getByRole("button", { name: "Try the failed one again" }));
    await waitFor(() => expect(within(indexing).getByTestId("run-status").textContent).toBe("Finished. 120 of 120 products indexed."));
  });

  it("says how many products no longer in the shop were removed once every page was read", async () => {
    await renderWebshop({ credentials: connectedWoocommerce, shop: shopOf(120), removed: 3 });
    const indexing = await screen.findByTestId("webshop-indexing");
    fireEvent.click(await within(indexing).findByRole("button", { name: /Index WooCommerce products/ }));
    await waitFor(() =>
      expect(within(indexing).getByTestId("run-status").textContent).toBe("Finished. 120 of 120 products indexed. 3 products no longer in the shop were removed."),
    );
  });

  it("reads an empty shop's one page, so that the products indexed before are removed", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce, shop: [], removed: 1 });
    const indexing = await screen.findByTestId("webshop-indexing");
    fireEvent.click(await within(indexing).findByRole("button", { name: /Index WooCommerce products/ }));
    expect(await within(indexing).findByText("The shop has no products to index.")).toBeTruthy();
    await waitFor(() => expect(within(indexing).getByTestId("run-status").textContent).toBe("Finished. 0 of 0 products indexed. 1 product no longer in the shop was removed."));
    expect(queries(server.callsTo("GET /webshop/index_woocommerce_products"))).toEqual([{ configurationId: "c1", page: "1", per_page: "50" }]);
  });

  it("takes the shop's total from a connection test made before", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce, shop: shopOf(160) });
    fireEvent.click(await screen.findByRole("button", { name: /Test connection/ }));
    expect(await screen.findByText("The shop answered: 160 products")).toBeTruthy();
    const indexing = screen.getByTestId("webshop-indexing");
    fireEvent.click(within(indexing).getByRole("button", { name: /Index WooCommerce products/ }));
    expect(await within(indexing).findByText("4 of 4 pages of products")).toBeTruthy();
    expect(server.callsTo("GET /webshop/test")).toHaveLength(1);
  });

  it("asks the shop again for its total after the credentials changed", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce, shop: shopOf(60) });
    fireEvent.click(await screen.findByRole("button", { name: /Test connection/ }));
    expect(await screen.findByText("The shop answered: 60 products")).toBeTruthy();
    const connection = screen.getByTestId("webshop-connection");
    fireEvent.click(within(connection).getByRole("button", { name: "Change credentials" }));
    fireEvent.change(await within(connection).findByLabelText(/Consumer key/), { target: { value: "ck_new" } });
    fireEvent.change(within(connection).getByLabelText(/Consumer secret/), { target: { value: "cs_new" } });
    fireEvent.click(within(connection).getByRole("button", { name: /Save credentials/ }));
    expect(await within(connection).findByText("Connected to WooCommerce")).toBeTruthy();
    expect(within(connection).queryByText("The shop answered: 60 products")).toBeNull();
    const indexing = screen.getByTestId("webshop-indexing");
    fireEvent.click(within(indexing).getByRole("button", { name: /Index WooCommerce products/ }));
    expect(await within(indexing).findByText("2 of 2 pages of products")).toBeTruthy();
    expect(server.callsTo("GET /webshop/test")).toHaveLength(2);
  });

  it("says what to do when the shop cannot be asked for its products", async () => {
    const server = await renderWebshop({ credentials: connectedWoocommerce }, { "GET /webshop/test": () => problem(404, "no_webshop_credentials", "No webshop credentials found") });
    const indexing = await screen.findByTestId("webshop-indexing");
    fireEvent.click(within(indexing).getByRole("button", { name: /Index WooCommerce products/ }));
    const alert = await within(indexing).findByRole("alert");
    expect(within(alert).getByText("No webshop credentials found")).toBeTruthy();
    expect(server.callsTo("GET /webshop/index_woocommerce_products")).toEqual([]);
  });

  it("indexes a Shopify shop's vendor in one call and says how many products", async () => {
    const server = await renderWebshop({
      credentials: { exists: true, webshopType: "Shopify", webshopUrl: "https://acme.myshopify.com" },
      settings: { selectedWebshop: "Shopify", selectedOptions: ["name"], selectedVendor: "Acme" },
      shop: shopOf(9),
    });
    const indexing = await screen.findByTestId("webshop-indexing");
    expect(within(indexing).getByText("Only the products of Acme.")).toBeTruthy();
    fireEvent.click(within(indexing).getByRole("button", { name: /Index Shopify products/ }));
    expect(await within(indexing).findByText("3 products indexed")).toBeTruthy();
    expect(queries(server.callsTo("GET /webshop/index_shopify_products"))).toEqual([{ configurationId: "c1", selectedVendor: "Acme" }]);
    expect(await screen.findByText("3 products indexed", { selector: "[data-testid=webshop-count]" })).toBeTruthy();
    expect(within(indexing).queryByText(/no longer in the shop/)).toBeNull();
  });

  it("says how many Shopify products no longer in the shop were removed", async () => {
    await renderWebshop({ credentials: { exists: true, webshopType: "Shopify", webshopUrl: "https://acme.myshopify.com" }, shop: shopOf(9), removed: 2 });
    const indexing = await screen.findByTestId("webshop-indexing");
    fireEvent.click(await within(indexing).findByRole("button", { name: /Index Shopify products/ }));
    const result = await within(indexing).findByTestId("webshop-shopify-result");
    expect(within(result).getByText("9 products indexed")).toBeTruthy();
    expect(within(result).getByText("2 products no longer in the shop were removed.")).toBeTruthy();
  });

  it("asks to connect the shop before indexing", async () => {
    await renderWebshop();
    const indexing = await screen.findByTestId("webshop-indexing");
    expect(within(indexing).getByText(/Connect your webshop above first/)).toBeTruthy();
    expect(within(indexing).queryByRole("button")).toBeNull();
  });
});

describe("the indexed products", { timeout: 30_000 }, () => {
  it("asks the server for a page of products, searched, sorted and paged as chosen", async () => {
    const shop = shopOf(30);
    const server = await renderWebshop({ credentials: connectedWoocommerce, shop, indexed: shop });
    const list = await screen.findByTestId("webshop-products");
    const last = () => server.callsTo("GET /webshop/search_products").at(-1)?.query;
    expect(await within(list).findByText("30 products indexed")).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Open Product 002 in the shop" }).getAttribute("href")).toBe("https://shop.test/product-2");
    expect(within(within(list).getByTestId("webshop-product-p1")).getByText("Out of stock")).toBeTruthy();
    expect(last()).toEqual({ configurationId: "c1", page: "1", itemsPerPage: "10", sortBy: "name" });
    expect(within(list).getByText("1–10 of 30")).toBeTruthy();

    fireEvent.click(within(list).getByRole("button", { name: "Next page" }));
    expect(await within(list).findByText("Product 011")).toBeTruthy();
    expect(last()).toEqual({ configurationId: "c1", page: "2", itemsPerPage: "10", sortBy: "name" });

    // A column's header sorts by it (from the first page), a second click the other way round.
    fireEvent.click(within(list).getByRole("button", { name: "Price" }));
    await waitFor(() => expect(last()).toEqual({ configurationId: "c1", page: "1", itemsPerPage: "10", sortBy: "price" }));
    fireEvent.click(within(list).getByRole("button", { name: "Price" }));
    await waitFor(() => expect(last()?.sortBy).toBe("-price"));
    expect(await within(list).findByText("Product 030")).toBeTruthy();
    expect(within(list).getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(list).getByRole("button", { name: "Stock" }));
    await waitFor(() => expect(last()?.sortBy).toBe("stock_quantity"));

    fireEvent.change(within(list).getByLabelText("Rows per page"), { target: { value: "25" } });
    await waitFor(() => expect(last()).toEqual({ configurationId: "c1", page: "1", itemsPerPage: "25", sortBy: "stock_quantity" }));

    // The search waits until the typing stops: one call for the words typed, none for the first letters.
    const search = within(list).getByRole("searchbox", { name: "Search products" });
    fireEvent.change(search, { target: { value: "Pro" } });
    fireEvent.change(search, { target: { value: "Product 02" } });
    await waitFor(() => expect(last()).toEqual({ configurationId: "c1", page: "1", itemsPerPage: "25", sortBy: "stock_quantity", search: "Product 02" }));
    expect(server.callsTo("GET /webshop/search_products").filter((call) => call.query.search === "Pro")).toEqual([]);
    expect(await within(list).findByText("1–10 of 10")).toBeTruthy();

    fireEvent.change(search, { target: { value: "teapot" } });
    expect(await within(list).findByText("No product matches “teapot”.")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Clear the search" }));
    expect(await within(list).findByText("1–25 of 30")).toBeTruthy();
  });

  it("deletes all products after a confirmation, then shows none", async () => {
    const shop = shopOf(12);
    const server = await renderWebshop({ credentials: connectedWoocommerce, shop, indexed: shop });
    const list = await screen.findByTestId("webshop-products");
    await within(list).findByText("Product 001");

    fireEvent.click(within(list).getByRole("button", { name: /Delete all products/ }));
    let dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Cancel" })[0]!);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.callsTo("DELETE /webshop/delete_all_products")).toEqual([]);

    fireEvent.click(within(list).getByRole("button", { name: /Delete all products/ }));
    dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/12 products of shop are removed from the assistant's knowledge/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete products" }));
    expect(await within(list).findByText("No products indexed yet", { selector: "[data-testid=webshop-count]" })).toBeTruthy();
    expect(await within(list).findByText("Index the shop's products above; they are listed here.")).toBeTruthy();
    expect(queries(server.callsTo("DELETE /webshop/delete_all_products"))).toEqual([{ configurationId: "c1" }]);
  });
});

describe("the webshop section in Dutch", { timeout: 30_000 }, () => {
  const englishTexts = [
    "Connect your webshop",
    "Connected to",
    "Test connection",
    "Change credentials",
    "What the assistant answers from",
    "Product fields",
    "fields chosen",
    "Save settings",
    "Index products",
    "Index WooCommerce products",
    "Indexed products",
    "products indexed",
    "Delete all products",
    "Rows per page",
    "Out of stock",
  ];

  async function dutchSection() {
    await act(() => i18n.changeLanguage("nl"));
    const section = screen.getByTestId("webshop-connection").closest("[role=tabpanel]") as HTMLElement;
    return section;
  }

  function expectNoEnglishNorKeys(section: HTMLElement) {
    const text = section.textContent ?? "";
    for (const english of englishTexts) expect(text).not.toContain(english);
    // A missing key shows as the key itself.
    expect(text).not.toMatch(/\b(webshop|run|lists|fields)\.[a-zA-Z]/);
  }

  it("reads the connected shop, its settings, indexing and products in Dutch", async () => {
    const shop = shopOf(3);
    await renderWebshop({ credentials: connectedWoocommerce, shop, indexed: shop, removed: 2 });
    await screen.findByText("Product 001");
    const section = await dutchSection();
    expect(await within(section).findByText("Gekoppeld met WooCommerce")).toBeTruthy();
    expect(within(section).getByRole("button", { name: /Verbinding testen/ })).toBeTruthy();
    expect(within(section).getByRole("button", { name: /WooCommerce-producten indexeren/ })).toBeTruthy();
    expect(within(section).getByText("3 producten geïndexeerd")).toBeTruthy();
    expect(within(section).getByLabelText("Artikelnummer (SKU)")).toBeTruthy();
    expect(within(section).getByRole("searchbox").getAttribute("aria-label")).toBe("Producten zoeken");
    expect(within(section).getByText("Niet op voorraad")).toBeTruthy();
    expectNoEnglishNorKeys(section);

    fireEvent.click(within(section).getByRole("button", { name: /WooCommerce-producten indexeren/ }));
    expect(await within(section).findByText("1 van 1 pagina's met producten")).toBeTruthy();
    expect(within(section).getByTestId("run-status").textContent).toBe("Klaar. 3 van 3 producten geïndexeerd. 2 producten die niet meer in de winkel staan zijn verwijderd.");
    expectNoEnglishNorKeys(section);
  });

  it("asks for the shop's credentials in Dutch", async () => {
    await renderWebshop();
    await screen.findByLabelText(/Shop address/);
    const section = await dutchSection();
    expect(await within(section).findByLabelText(/Adres van de winkel/)).toBeTruthy();
    expect(within(section).getByRole("button", { name: /Gegevens opslaan/ })).toBeTruthy();
    expect(within(section).getByText(/Koppel eerst hierboven je webshop/)).toBeTruthy();
    expectNoEnglishNorKeys(section);
  });
});
