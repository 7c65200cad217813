import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { DataTrainingPage } from "./DataTrainingPage";
import { fakeTrainingServer, problem, type Route } from "./fakeServer.test-support";
import { wordpressSiteUrl } from "./wordpress";

configure({ asyncUtilTimeout: 5_000 });

const pages = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, type: "page", title: `Page ${index + 1}`, link: `https://blog.test/page-${index + 1}/` }));
const posts = [{ id: 101, type: "post", title: "Why our croissants “flake”", link: "https://blog.test/2026/01/croissants/" }];

function listing(items: typeof pages): Route {
  return (call) => {
    const page = Number(call.query.page ?? "1");
    return { body: { status: "success", items: items.slice((page - 1) * 10, page * 10) } };
  };
}

function renderWordpress(overrides: Record<string, Route> = {}, configuration: Record<string, unknown> = {}) {
  let indexed: { id: number; type: string; title: string; link: string; indexed: boolean; word_count: number }[] = [];
  const server = fakeTrainingServer({
    "GET /wordpress/total-pages": () => ({ body: { status: "success", total_results: 12, total_pages: 2 } }),
    "GET /wordpress/total-posts": () => ({ body: { status: "success", total_results: 1, total_pages: 1 } }),
    "GET /wordpress/pages": listing(pages),
    "GET /wordpress/posts": listing(posts),
    "GET /wordpress/get-indexed-pages": () => ({ body: { status: "success", data: indexed } }),
    "POST /wordpress/index-content": (call) => {
      const body = call.body as { pages: { id: number }[]; posts: { id: number }[] };
      const chosen = [...pages, ...posts].filter((item) => (item.type === "page" ? body.pages : body.posts).some((entry) => entry.id === item.id));
      indexed = [...indexed.filter((item) => !chosen.some((other) => other.id === item.id)), ...chosen.map((item) => ({ ...item, indexed: true, word_count: 42 }))];
      return { body: { status: "success", indexed: chosen.length } };
    },
    "DELETE /wordpress/delete-pages": () => {
      const deleted = indexed.length;
      indexed = [];
      return { body: { status: "success", deleted } };
    },
    "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
    "GET /files/get_names": () => ({ body: { status: "success", file_names: [] } }),
    ...overrides,
  });
  return { server, rendered: renderConfigurationScreen(<DataTrainingPage initialSection="wordpress" />, { api: server.api, configuration }) };
}

async function loadSite(address: string) {
  fireEvent.change(await screen.findByLabelText("WordPress site address"), { target: { value: address } });
  fireEvent.click(screen.getByRole("button", { name: /Load pages and posts/ }));
}

describe("the site address", () => {
  it("puts https:// before a bare domain and refuses what is no web address", () => {
    expect(wordpressSiteUrl("  blog.test ")).toEqual({ url: "https://blog.test" });
    expect(wordpressSiteUrl("http://blog.test/news")).toEqual({ url: "http://blog.test/news" });
    expect(wordpressSiteUrl("")).toEqual({ code: "no_wordpress_url" });
    expect(wordpressSiteUrl("ftp://blog.test")).toEqual({ code: "url_parse_error" });
  });
});

describe("WordPress training", { timeout: 30_000 }, () => {
  it("lists pages and posts page by page, indexes the chosen ones with progress, and shows them as indexed", async () => {
    const { server, rendered } = renderWordpress();
    await rendered;
    expect(await screen.findByText("Nothing from WordPress yet")).toBeTruthy();
    await loadSite("blog.test");

    const pageList = await screen.findByTestId("wordpress-pages");
    expect(await within(pageList).findByText("12 pages")).toBeTruthy();
    await within(pageList).findByText("Page 1");
    expect(within(pageList).getByText("Page 1 of 2")).toBeTruthy();
    expect(server.callsTo("GET /wordpress/pages")[0]?.query).toEqual({ url: "https://blog.test", page: "1", per_page: "10" });
    const postList = screen.getByTestId("wordpress-posts");
    expect(await within(postList).findByText("1 post")).toBeTruthy();

    // The second page of pages, then choose one page there and the post.
    fireEvent.click(within(pageList).getByRole("button", { name: "Next page of Pages" }));
    await within(pageList).findByText("Page 11");
    expect(within(pageList).getByText("Page 2 of 2")).toBeTruthy();
    expect((within(pageList).getByRole("button", { name: "Next page of Pages" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pageList).getByLabelText("Choose Page 12"));
    await screen.findByRole("button", { name: /Index 1 chosen/ });
    fireEvent.click(within(postList).getByLabelText("Choose Why our croissants “flake”"));

    fireEvent.click(await screen.findByRole("button", { name: /Index 2 chosen/ }));
    expect(await screen.findByText("2 of 2 pages and posts")).toBeTruthy();
    await waitFor(() => expect(server.callsTo("POST /wordpress/index-content")).toHaveLength(1));
    expect(server.callsTo("POST /wordpress/index-content")[0]?.body).toEqual({
      configurationId: "c1",
      wordpressUrl: "https://blog.test",
      pages: [{ id: 12, title: "Page 12" }],
      posts: [{ id: 101, title: "Why our croissants “flake”" }],
    });

    const indexedList = screen.getByTestId("wordpress-indexed");
    expect(await within(indexedList).findByText("Indexed from WordPress (2)")).toBeTruthy();
    expect(within(indexedList).getByRole("link", { name: "Page 12" }).getAttribute("href")).toBe("https://blog.test/page-12/");
    await within(within(pageList).getByTestId("wordpress-item-page:12")).findByText("Indexed");
  });

  it("starts with the site the configuration names, and loads it on Enter", async () => {
    const { server, rendered } = renderWordpress({}, { wordpress_site: { url: "https://news.blog.test", username: null, application_password: null } });
    await rendered;
    const field = (await screen.findByLabelText("WordPress site address")) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe("https://news.blog.test"));
    fireEvent.submit(field.closest("form")!);
    await waitFor(() => expect(server.callsTo("GET /wordpress/total-posts").map((call) => call.query)).toEqual([{ url: "https://news.blog.test" }]));
  });

  it("says 'No WordPress URL provided.' for a blank address and calls nothing", async () => {
    const { server, rendered } = renderWordpress();
    await rendered;
    await loadSite("   ");
    expect(await screen.findByText("No WordPress URL provided.")).toBeTruthy();
    expect(server.callsTo("GET /wordpress/total-pages")).toEqual([]);
  });

  it("says what went wrong when the site is no WordPress site", async () => {
    const { rendered } = renderWordpress({
      "GET /wordpress/pages": () => problem(503, "service_unavailable", "The site's WordPress REST API did not answer"),
      "GET /wordpress/total-pages": () => problem(503, "service_unavailable", "The site's WordPress REST API did not answer"),
    });
    await rendered;
    await loadSite("https://shop.test");
    const pageList = await screen.findByTestId("wordpress-pages");
    const alert = await within(pageList).findByRole("alert");
    expect(alert.getAttribute("data-error-code")).toBe("service_unavailable");
    expect(within(alert).getByText(/REST API \(\/wp-json\/\) is not switched off/)).toBeTruthy();
    // The site's failure, not ours: no "Services are offline".
    expect(within(alert).getByText("The site did not answer as a WordPress site.")).toBeTruthy();
    expect(alert.textContent).not.toContain("Services are offline");
    // Said once, then what to check.
    expect(alert.textContent?.split("did not answer as a WordPress site")).toHaveLength(2);
  });

  it("says once, under the address, when the site cannot be read at all, and reads it again on a retry", async () => {
    let up = false;
    const refused = () => problem(400, "url_port_not_allowed", "Only the standard ports can be fetched");
    const { server, rendered } = renderWordpress({
      "GET /wordpress/total-pages": () => (up ? { body: { status: "success", total_results: 12, total_pages: 2 } } : refused()),
      "GET /wordpress/total-posts": () => (up ? { body: { status: "success", total_results: 1, total_pages: 1 } } : refused()),
      "GET /wordpress/pages": (call) => (up ? listing(pages)(call) : refused()),
      "GET /wordpress/posts": (call) => (up ? listing(posts)(call) : refused()),
    });
    await rendered;
    await loadSite("http://127.0.0.1:9/");
    const alert = await screen.findByRole("alert");
    expect(alert.getAttribute("data-error-code")).toBe("url_port_not_allowed");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    // No empty lists and no "Index 0 chosen" for a site that could not be read.
    expect(screen.queryByTestId("wordpress-pages")).toBeNull();
    expect(screen.queryByRole("button", { name: /Index 0/ })).toBeNull();
    up = true;
    const before = server.callsTo("GET /wordpress/pages").length;
    fireEvent.click(screen.getByRole("button", { name: /Load pages and posts/ }));
    expect(await screen.findByText("Page 1")).toBeTruthy();
    expect(server.callsTo("GET /wordpress/pages").length).toBeGreaterThan(before);
  });

  it("deletes all WordPress content after a confirmation", async () => {
    const { server, rendered } = renderWordpress();
    await rendered;
    await loadSite("blog.test");
    const pageList = await screen.findByTestId("wordpress-pages");
    fireEvent.click(await within(pageList).findByLabelText("Choose all Pages on this page"));
    fireEvent.click(await screen.findByRole("button", { name: /Index 10 chosen/ }));
    const indexedList = screen.getByTestId("wordpress-indexed");
    expect(await within(indexedList).findByText("Indexed from WordPress (10)")).toBeTruthy();

    fireEvent.click(within(indexedList).getByRole("button", { name: /Delete all/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/10 pages and posts of shop are removed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete WordPress content" }));
    expect(await within(indexedList).findByText("Nothing from WordPress yet")).toBeTruthy();
    expect(server.callsTo("DELETE /wordpress/delete-pages").map((call) => call.query)).toEqual([{ configurationId: "c1" }]);
  });

  it("shows 'Failed to fetch indexed pages.' with a retry when the indexed list cannot be read", async () => {
    let fail = true;
    const { rendered } = renderWordpress({
      "GET /wordpress/get-indexed-pages": () => (fail ? problem(500, "unexpected_error", "Unexpected error") : { body: { status: "success", data: [] } }),
    });
    await rendered;
    const indexedList = await screen.findByTestId("wordpress-indexed");
    expect(await within(indexedList).findByText("Failed to fetch indexed pages.")).toBeTruthy();
    fail = false;
    fireEvent.click(within(indexedList).getByRole("button", { name: "Try again" }));
    expect(await within(indexedList).findByText("Nothing from WordPress yet")).toBeTruthy();
  });
});
