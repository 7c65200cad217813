import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { DataTrainingPage } from "./DataTrainingPage";
import { createdArticles, fakeTrainingServer, problem, type SeenCall } from "./fakeServer.test-support";

configure({ asyncUtilTimeout: 5_000 });

const pages = Array.from({ length: 7 }, (_, index) => `https://shop.test/page-${index + 1}`);
const emptyPage = "https://shop.test/page-3";

/** A scrape answer as the contract shapes it: each asked page's text, the empty page's text blank. */
function scraped(urls: string[]) {
  return {
    status: "success",
    subject_url_map: Object.fromEntries(urls.map((url) => [`Title of ${url.split("/").pop()}`, url])),
    components: urls.flatMap((url) => [
      { text: url === emptyPage ? "   " : `Text of ${url}.`, tag: "p", subject: null, url },
      { text: url === emptyPage ? "" : `More about ${url}.`, tag: "li", subject: null, url },
    ]),
  };
}

describe("website training", { timeout: 30_000 }, () => {
  it("scrapes in batches with real progress, lists the failures and retries only those", async () => {
    let secondBatch: (answer: { status?: number; body: unknown }) => void = () => undefined;
    let failing = true;
    let created = 0;
    const server = fakeTrainingServer({
      "POST /training/scrape_static_website": (call: SeenCall) => {
        const { url } = call.body as { url: string[] };
        if (url.includes("https://shop.test/page-6") && failing) {
          failing = false;
          return new Promise((resolve) => (secondBatch = resolve));
        }
        return { body: scraped(url) };
      },
      "POST /training/create_articles": (call) => ({
        body: createdArticles((call.body as { articles: { text: string }[] }).articles, () => {
          created += 1;
          return `a${created}`;
        }),
      }),
      "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
      "GET /files/get_names": () => ({ body: { status: "success", file_names: [] } }),
    });
    await renderConfigurationScreen(<DataTrainingPage initialSection="website" />, { api: server.api });

    fireEvent.change(await screen.findByRole("textbox", { name: "Pages to read" }), { target: { value: [...pages, pages[0], "shop.test/contact"].join("\n") } });
    expect(screen.getByText(/Not a web address, skipped: shop.test\/contact/)).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: /Skip elements with these classes/ }), { target: { value: ".cookie-banner, nav" } });
    fireEvent.click(screen.getByRole("button", { name: "Read and train 7 pages" }));

    // The first batch of 5 is done while the second is still being read.
    const run = await screen.findByTestId("run-pages");
    await within(run).findByText("5 of 7 pages");
    expect(within(run).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("5");
    expect(within(run).getByRole("button", { name: "Cancel" })).toBeTruthy();
    const [first] = server.callsTo("POST /training/scrape_static_website");
    expect((first!.body as { url: string[] }).url).toEqual(pages.slice(0, 5));
    expect((first!.body as { filtered_classes: string[] }).filtered_classes).toEqual(["cookie-banner", "nav"]);
    expect((first!.body as { tags: string[] }).tags).toContain("p");
    // One article per page with text, its subject from the answer's map, all stored and indexed in one call.
    const calls = server.callsTo("POST /training/create_articles");
    expect(calls).toHaveLength(1);
    const { articles } = calls[0]!.body as { articles: { source: string; subject: string; text: string }[] };
    expect(articles.map((article) => article.source)).toEqual(pages.slice(0, 5).filter((url) => url !== emptyPage));
    expect(articles[0]).toMatchObject({ subject: "Title of page-1", text: "Text of https://shop.test/page-1.\n\nMore about https://shop.test/page-1." });
    expect(server.callsTo("POST /training/index_article")).toEqual([]);

    secondBatch(problem(503, "no_scrape_data", "No data received from scraping API"));
    await within(run).findByText("7 of 7 pages");
    expect(within(run).getByText("3 pages failed")).toBeTruthy();
    const failures = within(run).getByRole("list", { name: "Pages not trained" });
    expect(within(failures).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `${emptyPage} — No valid text found`,
      "https://shop.test/page-6 — No data received from scraping API",
      "https://shop.test/page-7 — No data received from scraping API",
    ]);
    expect(within(run).getByTestId("run-status").textContent).toBe("Finished. Articles created: 4, failed: 0, not indexed: 0.");
    expect(within(run).getByText("Check that the address opens in a browser, then try again.", { exact: false })).toBeTruthy();
    expect(within(run).getByText("Check more elements, or skip fewer classes", { exact: false })).toBeTruthy();

    fireEvent.click(within(run).getByRole("button", { name: "Try the 3 failed ones again" }));
    await within(run).findByText("3 of 3 pages");
    const retried = server.callsTo("POST /training/scrape_static_website").at(-1)!;
    expect((retried.body as { url: string[] }).url).toEqual([emptyPage, "https://shop.test/page-6", "https://shop.test/page-7"]);
    await waitFor(() => expect(within(run).getByTestId("run-status").textContent).toBe("Finished. Articles created: 2, failed: 0, not indexed: 0."));
    expect(within(run).getAllByRole("listitem").map((item) => item.textContent)).toEqual([`${emptyPage} — No valid text found`]);
  });

  it("counts each distinct article once: pages repeating another's text, in one batch or the next, add none", async () => {
    // page-2 and page-6 are copies of page-1 (a home page under three addresses); the server stores the text once.
    const textOf = (url: string) => (["https://shop.test/page-2", "https://shop.test/page-6"].includes(url) ? "Welcome to the bakery." : `Text of ${url}.`);
    const ids = new Map<string, string>();
    const server = fakeTrainingServer({
      "POST /training/scrape_static_website": (call) => {
        const { url } = call.body as { url: string[] };
        return { body: { status: "success", subject_url_map: {}, components: url.map((page) => ({ text: page === pages[0] ? "Welcome to the bakery." : textOf(page), tag: "p", subject: null, url: page })) } };
      },
      "POST /training/create_articles": (call) => {
        const entries = (call.body as { articles: { text: string }[] }).articles;
        const articles = entries.map((entry, position) => {
          const known = ids.has(entry.text);
          if (!known) ids.set(entry.text, `a${ids.size + 1}`);
          return { position, _id: ids.get(entry.text)!, created: !known, indexed: true };
        });
        const created = articles.filter((article) => article.created).length;
        return { body: { status: "success", created, duplicates: entries.length - created, indexed: created, failed: 0, articles } };
      },
      "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
      "GET /files/get_names": () => ({ body: { status: "success", file_names: [] } }),
    });
    await renderConfigurationScreen(<DataTrainingPage initialSection="website" />, { api: server.api });
    fireEvent.change(await screen.findByRole("textbox", { name: "Pages to read" }), { target: { value: pages.join("\n") } });
    fireEvent.click(screen.getByRole("button", { name: "Read and train 7 pages" }));
    const run = await screen.findByTestId("run-pages");
    await waitFor(() => expect(within(run).getByTestId("run-status").textContent).toBe("Finished. Articles created: 5, failed: 0, not indexed: 0."));
  });

  it("says a page the site did not serve was not found, not that its elements held no text", async () => {
    const missing = "https://shop.test/missing";
    const server = fakeTrainingServer({
      "POST /training/scrape_static_website": () => ({
        body: { ...scraped([pages[0]!]), failed: [{ url: missing, code: "url_status_not_ok", message: "The website answered with an error" }] },
      }),
      "POST /training/create_articles": (call) => ({ body: createdArticles((call.body as { articles: { text: string }[] }).articles, () => "a1") }),
      "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
    });
    await renderConfigurationScreen(<DataTrainingPage initialSection="website" />, { api: server.api });
    fireEvent.change(await screen.findByRole("textbox", { name: "Pages to read" }), { target: { value: [pages[0], missing].join("\n") } });
    fireEvent.click(screen.getByRole("button", { name: "Read and train 2 pages" }));
    const run = await screen.findByTestId("run-pages");
    await within(run).findByText("Finished.", { exact: false });
    const failures = within(run).getByRole("list", { name: "Pages not trained" });
    expect(within(failures).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `${missing} — The website answered this address with an error (the page may not exist). Check the address in a browser.`,
    ]);
    expect(within(run).getByText("Correct the address, or remove the page from the list", { exact: false })).toBeTruthy();
    expect(within(run).queryByText("Check more elements", { exact: false })).toBeNull();
  });

  it("replaces what a page said before when it is trained again, leaving other sources alone", async () => {
    const stored = (id: string, source: string, text: string) => ({
      _id: id, configuration_id: "c1", text, source, kind: "typed", wordCount: 3, splitLength: 500, splitOverlap: 0,
      dateCreated: "2026-11-01T00:00:00.000Z", dateModified: "2026-11-01T00:00:00.000Z", indexed: true,
    });
    const server = fakeTrainingServer({
      "POST /training/scrape_static_website": (call) => ({ body: scraped((call.body as { url: string[] }).url) }),
      "POST /training/create_articles": (call) => ({ body: createdArticles((call.body as { articles: { text: string }[] }).articles, () => "new1") }),
      "GET /training/articles": () => ({
        body: {
          status: "success",
          articles: [
            stored("old1", pages[0]!, "Shipping costs 25 euro."),
            stored("new1", pages[0]!, `Text of ${pages[0]}.`),
            stored("other1", pages[1]!, "Another page."),
            stored("typed1", "Opening hours", "Open from nine."),
          ],
        },
      }),
      "POST /training/article/delete": () => ({ body: { status: "success", message: "Data deleted" } }),
    });
    await renderConfigurationScreen(<DataTrainingPage initialSection="website" />, { api: server.api });
    fireEvent.change(await screen.findByRole("textbox", { name: "Pages to read" }), { target: { value: pages[0]! } });
    fireEvent.click(screen.getByRole("button", { name: "Read and train 1 page" }));
    const run = await screen.findByTestId("run-pages");
    await within(run).findByText("Finished.", { exact: false });
    expect(server.callsTo("POST /training/article/delete").map((call) => (call.body as { _id: string })._id)).toEqual(["old1"]);
  });

  it("cancels between batches and offers the pages not read yet", async () => {
    let release: (answer: { status?: number; body: unknown }) => void = () => undefined;
    const server = fakeTrainingServer({
      "POST /training/scrape_static_website": () => new Promise((resolve) => (release = resolve)),
      "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
    });
    await renderConfigurationScreen(<DataTrainingPage initialSection="website" />, { api: server.api });
    fireEvent.change(await screen.findByRole("textbox", { name: "Pages to read" }), { target: { value: pages.join("\n") } });
    fireEvent.click(screen.getByRole("button", { name: "Read and train 7 pages" }));
    const run = await screen.findByTestId("run-pages");
    await waitFor(() => expect(server.callsTo("POST /training/scrape_static_website")).toHaveLength(1));
    fireEvent.click(within(run).getByRole("button", { name: "Cancel" }));
    release({ body: { status: "success", subject_url_map: {}, components: [] } });
    await within(run).findByText("Cancelled.", { exact: false });
    expect(within(run).getAllByRole("listitem").map((item) => item.textContent)).toEqual(pages.map((url) => `${url} — Cancelled before it was read`));
    expect(within(run).getByRole("button", { name: "Try the 7 failed ones again" })).toBeTruthy();
    expect(server.callsTo("POST /training/scrape_static_website")).toHaveLength(1);
  });

  it("says what to change when a sitemap's address is refused, without a 'try again' that cannot help", async () => {
    const server = fakeTrainingServer({
      "POST /training/scrape_sitemap": () =>
        problem(400, "url_address_not_allowed", "This address leads to a private or reserved network and cannot be fetched. Use the website's public address."),
      "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
      "GET /files/get_names": () => ({ body: { status: "success", file_names: [] } }),
    });
    await renderConfigurationScreen(<DataTrainingPage initialSection="website" />, { api: server.api });
    fireEvent.change(await screen.findByRole("textbox", { name: "Sitemap or website address" }), { target: { value: "http://10.0.0.1/sitemap.xml" } });
    fireEvent.click(screen.getByRole("button", { name: "Load pages" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Use the website's public address.");
    expect(alert.textContent).not.toMatch(/try again|contact support/i);
  });
});
