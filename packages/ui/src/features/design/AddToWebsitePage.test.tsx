import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { maxDemoPageBytes } from "@parley/domain/chatbotDesign";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { AddToWebsitePage } from "./AddToWebsitePage";
import { fakeDesignServer, fileOf, problem, useNodeMultipart } from "./fakeDesignServer.test-support";

configure({ asyncUtilTimeout: 5_000 });
beforeAll(useNodeMultipart);
afterEach(() => vi.restoreAllMocks());

const snippet =
  '<script async src="https://parley.example/widget/loader.js" data-configuration-id="c1"></script>';

function renderEmbed(
  routes: Parameters<typeof fakeDesignServer>[0] = {},
  allowed: string[] = ["https://shop.example"],
) {
  const server = fakeDesignServer({
    "GET /chatbot/settings/script": () => ({ body: { status: "success", script: snippet } }),
    "POST /configuration/create_or_update": (call) => ({
      body: { status: "success", data: { _id: "c1", name: "shop", ...(call.body as object) } },
    }),
    "POST /chatbot/settings/demo/upload": () => ({
      body: { status: "success", url: "https://parley.example/api/chatbot/settings/demo/x7f3" },
    }),
    ...routes,
  });
  return {
    server,
    rendered: renderConfigurationScreen(<AddToWebsitePage />, {
      api: server.api,
      configuration: { allowed_origins: allowed },
    }),
  };
}

describe("Add to website", { timeout: 30_000 }, () => {
  it("shows the snippet and copies it, saying so", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const { server, rendered } = renderEmbed();
    await rendered;
    expect((await screen.findByTestId("snippet")).textContent).toBe(snippet);
    expect(server.callsTo("GET /chatbot/settings/script")[0]!.query).toEqual({ configuration_id: "c1" });
    fireEvent.click(screen.getByRole("button", { name: "Copy snippet" }));
    await screen.findByRole("button", { name: "Copied" });
    expect(writeText).toHaveBeenCalledWith(snippet);
    expect(screen.getByText("The snippet is on your clipboard.")).toBeTruthy();
  });

  it("says how to copy by hand when the clipboard refuses", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) },
    });
    const { rendered } = renderEmbed();
    await rendered;
    fireEvent.click(await screen.findByRole("button", { name: "Copy snippet" }));
    await screen.findByText(/Select the snippet and press Ctrl\+C/);
  });

  it("says what to do when there is no snippet", async () => {
    const { rendered } = renderEmbed({
      "GET /chatbot/settings/script": () => problem(404, "no_script_content", "No script content returned."),
    });
    await rendered;
    await screen.findByText("No script content returned. Please contact the provider.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("offers the HTML, WordPress and Shopify guides", async () => {
    const { rendered } = renderEmbed();
    await rendered;
    for (const guide of ["Plain HTML", "WordPress", "Shopify"])
      expect(await screen.findByRole("tab", { name: guide })).toBeTruthy();
    expect(screen.getByText("Paste the snippet just before the closing </body> tag.")).toBeTruthy();
  });

  it("edits the allowed websites: refuses what is no origin or already listed, cuts a page address to its website, and saves the list", async () => {
    const { server, rendered } = renderEmbed();
    await rendered;
    const list = await screen.findByRole("list", { name: "Allowed websites" });
    expect(
      within(list)
        .getAllByTestId("allowed-origin")
        .map((item) => item.textContent),
    ).toEqual(["https://shop.example"]);
    const input = screen.getByLabelText("Add a website");

    fireEvent.change(input, { target: { value: "shop.example.org" } });
    fireEvent.click(screen.getByRole("button", { name: /^Add$/ }));
    await screen.findByText("Enter a website origin such as https://www.example.com (no path)");

    fireEvent.change(input, { target: { value: "https://shop.example/" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await screen.findByText("This website is already in the list");

    fireEvent.change(input, { target: { value: "https://WWW.Bakery.example:8443/menu?day=1" } });
    fireEvent.click(screen.getByRole("button", { name: /^Add$/ }));
    await waitFor(() =>
      expect(screen.getAllByTestId("allowed-origin").map((item) => item.textContent)).toEqual([
        "https://shop.example",
        "https://www.bakery.example:8443",
      ]),
    );
    expect((input as HTMLInputElement).value).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Remove https://shop.example" }));
    fireEvent.click(screen.getByRole("button", { name: /Save websites/ }));
    await waitFor(() => expect(server.callsTo("POST /configuration/create_or_update")).toHaveLength(1));
    expect(server.callsTo("POST /configuration/create_or_update")[0]!.body).toEqual({
      _id: "c1",
      allowed_origins: ["https://www.bakery.example:8443"],
    });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /Save websites/ }).hasAttribute("disabled")).toBe(true),
    );
  });

  it("says any website may use the widget while the list is empty", async () => {
    const { rendered } = renderEmbed({}, []);
    await rendered;
    await screen.findByText("Any website may use this widget.");
  });

  it("uploads an HTML demo page and links to it, after refusing other files", async () => {
    const { server, rendered } = renderEmbed();
    await rendered;
    const input = await screen.findByTestId("demo-input");
    fireEvent.change(input, { target: { files: [fileOf("page.pdf", "%PDF", "application/pdf")] } });
    await screen.findByText("Choose an HTML file (.html or .htm).");
    fireEvent.change(input, {
      target: { files: [fileOf("big.html", new Uint8Array(maxDemoPageBytes + 1), "text/html")] },
    });
    await screen.findByText("Choose an HTML file of at most 1 MB.");
    expect(server.callsTo("POST /chatbot/settings/demo/upload")).toEqual([]);

    fireEvent.change(input, { target: { files: [fileOf("home.html", "<h1>Shop</h1>", "text/html")] } });
    const link = await screen.findByRole("link", { name: /Open the demo page in a new tab/ });
    expect(link.getAttribute("href")).toBe("https://parley.example/api/chatbot/settings/demo/x7f3");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(server.callsTo("POST /chatbot/settings/demo/upload").map((call) => call.body)).toEqual([
      { configuration_id: "c1", demo_content: "home.html" },
    ]);
  });
});
