import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guardLoopbackOnly } from "../../test/loopback-only";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";
import { startTestWordpress, wordpressTexts, type TestWordpress } from "../../test/wordpress";
import { contentText, renderedText } from "./client";

// Whatever the product does, no connection of this file leaves loopback.
const guard = guardLoopbackOnly();

let ctx: TestContext;
let site: TestWordpress;
let plainSite: TestWordpress;
let noApiSite: TestWordpress;
let token: string;
let customerId: string;
let otherToken: string;

beforeAll(async () => {
  site = await startTestWordpress();
  plainSite = await startTestWordpress({ pretty: false });
  noApiSite = await startTestWordpress({ restApi: false });
  ctx = await createTestContext({
    outboundAllowedHosts: [site.host, plainSite.host, noApiSite.host],
    // A name that resolves to loopback but is not allow-listed: refused like any other private address.
    dnsAnswers: new Map([["intranet.test", ["127.0.0.1"]]]),
  });
  customerId = await ctx.createCustomer("WordPress customer");
  token = (await ctx.createUser({ role: "customer", customerId })).token;
  const otherCustomer = await ctx.createCustomer("Other customer");
  otherToken = (await ctx.createUser({ role: "customer", customerId: otherCustomer })).token;
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
  await plainSite?.close();
  await noApiSite?.close();
  guard.restore();
});
beforeEach(() => {
  site.requests.length = 0;
  guard.clear();
});

async function newConfiguration() {
  return createConfiguration(ctx.database.db, customerId, `wp-${Math.random().toString(36).slice(2, 8)}`);
}

async function call(operationId: string, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, as = token) {
  const response = await ctx.app.inject({ method, url: `/api${url}`, headers: bearer(as), ...(payload === undefined ? {} : { payload: payload as object }) });
  expectToMatchContract(operationId, response);
  return response;
}

const q = (value: string) => encodeURIComponent(value);
const totalPages = (url: string) => call("getWordpressTotalPages", "GET", `/wordpress/total-pages?url=${q(url)}`);
const totalPosts = (url: string) => call("getWordpressTotalPosts", "GET", `/wordpress/total-posts?url=${q(url)}`);
const listPages = (url: string, page?: number) => call("listWordpressPages", "GET", `/wordpress/pages?url=${q(url)}${page ? `&page=${page}` : ""}&per_page=10`);
const listPosts = (url: string, page?: number) => call("listWordpressPosts", "GET", `/wordpress/posts?url=${q(url)}${page ? `&page=${page}` : ""}`);
const indexed = (configurationId: string, as = token) => call("getWordpressIndexedPages", "GET", `/wordpress/get-indexed-pages?configurationId=${configurationId}`, undefined, as);
const indexContent = (body: Record<string, unknown>, as = token) => call("indexWordpressContent", "POST", "/wordpress/index-content", body, as);
const deletePages = (configurationId: string, as = token) => call("deleteWordpressPages", "DELETE", `/wordpress/delete-pages?configurationId=${configurationId}`, undefined, as);
const search = (configurationId: string, searchText: string) => call("searchInArticles", "POST", "/training/search_in_articles", { configurationId, searchText });

const articleRows = (configurationId: string) =>
  ctx.database.db.query<{ kind: string; subject: string; url: string; text: string; indexed: boolean }>(
    "SELECT kind, subject, url, text, indexed FROM knowledge_articles WHERE configuration_id = $1 ORDER BY subject",
    [configurationId],
  );
const chunkCount = async (configurationId: string) =>
  Number((await ctx.database.db.query<{ n: string }>("SELECT count(*) AS n FROM knowledge_chunks WHERE configuration_id = $1", [configurationId]))[0]!.n);

describe("the text of WordPress's rendered HTML", () => {
  it("decodes entities in titles and keeps only what a reader sees of the content, loose text included", () => {
    expect(renderedText("Opening hours &#8211; Caf&eacute; &amp; Bakery")).toBe("Opening hours – Café & Bakery");
    expect(contentText('<h2>Open</h2>\n<p>Rye &amp; wheat&hellip;</p><script>tracker()</script>Loose text', "https://example.test/a/")).toBe(
      // The scraper's order: a container's own words before the blocks inside it.
      "Loose text\nOpen\nRye & wheat…",
    );
  });
});

describe("counts and listings", () => {
  it("answers the totals from X-WP-Total and X-WP-TotalPages", async () => {
    const pages = await totalPages(site.origin);
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.json()).toEqual({ status: "success", total_results: 12, total_pages: 2 });
    const posts = await totalPosts(`${site.origin}/`);
    expect(posts.json()).toEqual({ status: "success", total_results: 3, total_pages: 1 });
    expect(site.requests.every((path) => path.startsWith("/wp-json/wp/v2/") && path.includes("per_page=10"))).toBe(true);
  });

  it("lists page by page, titles as text, and an empty page after the last (WordPress's 400)", async () => {
    const first = (await listPages(site.origin, 1)).json() as { items: { id: number; title: string; link: string; type: string }[] };
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toEqual({ id: 2, type: "page", title: "Opening hours – Café & Bakery", link: `${site.origin}/opening-hours/` });
    const second = (await listPages(site.origin, 2)).json() as { items: unknown[] };
    expect(second.items).toHaveLength(2);
    const past = await listPages(site.origin, 3);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ status: "success", items: [] });
    const posts = (await listPosts(site.origin)).json() as { items: { title: string; type: string }[] };
    expect(posts.items.map((item) => item.title)).toEqual(["Why our croissants “flake”", "A new oven", "Gallery"]);
    expect(posts.items.every((item) => item.type === "post")).toBe(true);
  });

  it("reads a site without pretty permalinks through ?rest_route=", async () => {
    plainSite.requests.length = 0;
    const pages = await totalPages(`${plainSite.origin}/`);
    expect(pages.json()).toEqual({ status: "success", total_results: 12, total_pages: 2 });
    expect(plainSite.requests.some((path) => path.includes("rest_route=%2Fwp%2Fv2%2Fpages"))).toBe(true);
    const listing = (await listPages(plainSite.origin, 2)).json() as { items: unknown[] };
    expect(listing.items).toHaveLength(2);
  });

  it("takes a pasted REST address or a trailing slash for the site itself", async () => {
    const pasted = await totalPosts(`${site.origin}/wp-json/`);
    expect(pasted.json()).toMatchObject({ total_results: 3 });
  });

  it("answers 503 when the site has no REST API (rest_no_route), 502 with the outbound code when it cannot be reached", async () => {
    const none = await totalPages(noApiSite.origin);
    expect(none.statusCode).toBe(503);
    expect(none.json()).toMatchObject({ code: "service_unavailable" });
    const nowhere = await listPosts("https://nowhere.test/");
    expect(nowhere.statusCode).toBe(502);
    expect(nowhere.json()).toMatchObject({ code: "url_host_not_found" });
  });
});

describe("bad input", () => {
  it("says 'No WordPress URL provided.' for a missing or blank URL", async () => {
    for (const url of ["/wordpress/total-pages", "/wordpress/total-posts?url=", "/wordpress/pages?url=%20%20", "/wordpress/posts"]) {
      const response = await ctx.app.inject({ method: "GET", url: `/api${url}`, headers: bearer(token) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: "no_wordpress_url", message: "No WordPress URL provided." });
    }
    const configurationId = await newConfiguration();
    const noUrl = await indexContent({ configurationId, pages: [], posts: [] });
    expect(noUrl.json()).toMatchObject({ code: "no_wordpress_url", message: "No WordPress URL provided." });
  });

  it("says 'No Configuration ID provided.' without a configuration, and 'No configuration selected.' for delete", async () => {
    const listing = await ctx.app.inject({ method: "GET", url: "/api/wordpress/get-indexed-pages", headers: bearer(token) });
    expect(listing.statusCode).toBe(400);
    expect(listing.json()).toMatchObject({ code: "no_configuration_id", message: "No Configuration ID provided." });
    const index = await indexContent({ configurationId: "", pages: [{ id: 2 }], posts: [], wordpressUrl: site.origin });
    expect(index.json()).toMatchObject({ code: "no_configuration_id" });
    const removal = await ctx.app.inject({ method: "DELETE", url: "/api/wordpress/delete-pages?configurationId=", headers: bearer(token) });
    expect(removal.json()).toMatchObject({ code: "no_configuration_selected", message: "No configuration selected." });
  });

  it("refuses wrong types, NUL and addresses that are no http(s) site", async () => {
    const configurationId = await newConfiguration();
    const wrongType = await indexContent({ configurationId, pages: [{ id: "two" }], posts: [], wordpressUrl: site.origin });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: "validation_failed" });
    const notAList = await indexContent({ configurationId, pages: "all", posts: [], wordpressUrl: site.origin });
    expect(notAList.json()).toMatchObject({ code: "validation_failed" });
    const badPage = await ctx.app.inject({ method: "GET", url: `/api/wordpress/pages?url=${q(site.origin)}&page=zero`, headers: bearer(token) });
    expect(badPage.json()).toMatchObject({ code: "validation_failed" });
    const nul = await ctx.app.inject({ method: "GET", url: `/api/wordpress/total-pages?url=${q(`${site.origin}/\u0000`)}`, headers: bearer(token) });
    expect(nul.statusCode).toBe(400);
    const nulBody = await indexContent({ configurationId, pages: [{ id: 2, title: "a\u0000b" }], posts: [], wordpressUrl: site.origin });
    expect(nulBody.statusCode).toBe(400);
    const ftp = await totalPages("ftp://wordpress.example.test/");
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json()).toMatchObject({ code: "url_not_allowed" });
    const tooMany = await indexContent({ configurationId, pages: Array.from({ length: 11 }, (_, id) => ({ id })), posts: [], wordpressUrl: site.origin });
    expect(tooMany.json()).toMatchObject({ code: "too_many_articles" });
  });

  it("refuses private addresses with the outbound client's own 400, and connects to none", async () => {
    for (const url of ["http://10.0.0.8/", "http://intranet.test/", "http://[::1]/", "http://169.254.169.254/"]) {
      const response = await totalPages(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: "url_address_not_allowed" });
    }
    const configurationId = await newConfiguration();
    const index = await indexContent({ configurationId, pages: [{ id: 2 }], posts: [], wordpressUrl: "http://127.0.0.1/" });
    expect(index.json()).toMatchObject({ code: "url_address_not_allowed" });
    expect(guard.blocked).toEqual([]);
    expect(guard.connections.every((connection) => connection.startsWith("127.0.0.1:"))).toBe(true);
  });
});

describe("indexing", () => {
  it("indexes the chosen pages and posts, lists them, and retrieval finds their text with title and address", async () => {
    const configurationId = await newConfiguration();
    const response = await indexContent({ configurationId, wordpressUrl: site.origin, pages: [{ id: 2, title: "Opening hours" }, { id: 7 }], posts: [{ id: 101 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "success", indexed: 3 });

    const list = (await indexed(configurationId)).json() as { data: { id: number; type: string; title: string; indexed: boolean; word_count: number }[] };
    expect(list.data.map(({ id, type, title, indexed: isIndexed }) => ({ id, type, title, indexed: isIndexed }))).toEqual([
      { id: 7, type: "page", title: "Allergens & ingredients", indexed: true },
      { id: 2, type: "page", title: "Opening hours – Café & Bakery", indexed: true },
      { id: 101, type: "post", title: "Why our croissants “flake”", indexed: true },
    ]);
    expect(list.data.every((item) => item.word_count > 0)).toBe(true);

    const rows = await articleRows(configurationId);
    expect(rows.every((row) => row.kind === "wordpress" && row.indexed)).toBe(true);
    const opening = rows.find((row) => row.subject === "Opening hours – Café & Bakery")!;
    expect(opening.url).toBe(`${site.origin}/opening-hours/`);
    expect(opening.text).toBe(`When we are open\n${wordpressTexts.opening}`);
    expect(rows.map((row) => row.text).join("\n")).not.toContain("tracker");

    const hits = (await search(configurationId, "when does the bakery open on saturday")).json() as { data: { text: string; article?: { url: string | null; subject: string | null } }[] };
    expect(hits.data[0]?.text).toContain(wordpressTexts.opening);
    expect(hits.data[0]?.article).toMatchObject({ url: `${site.origin}/opening-hours/`, subject: "Opening hours – Café & Bakery", kind: "wordpress" });
    const gluten = (await search(configurationId, "is there gluten in the spelt loaf")).json() as { data: { text: string }[] };
    expect(gluten.data[0]?.text).toContain("spelt loaf contains gluten");
  });

  it("indexes a large post (read off the main thread) to the same text as a small one would be read", async () => {
    const paragraph = "<p>Our sourdough rests for forty-eight hours before it is baked in the stone oven.</p><script>tracker()</script>\n";
    const content = `<h2>The long rest</h2>\n${paragraph.repeat(3_000)}`;
    expect(content.length).toBeGreaterThan(256 * 1024);
    site.posts.push({ id: 104, slug: "sourdough", title: "Sourdough", content });
    try {
      const configurationId = await newConfiguration();
      const response = await indexContent({ configurationId, wordpressUrl: site.origin, pages: [], posts: [{ id: 104 }] });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await articleRows(configurationId);
      expect(row?.text).toBe(contentText(content, `${site.origin}/sourdough/`));
      expect(row?.text.startsWith("The long rest\nOur sourdough rests")).toBe(true);
      expect(row?.text).not.toContain("tracker");
    } finally {
      site.posts.splice(site.posts.findIndex((post) => post.id === 104), 1);
    }
  });

  it("indexing a page again replaces its article and chunks instead of adding to them", async () => {
    const configurationId = await newConfiguration();
    const body = { configurationId, wordpressUrl: site.origin, pages: [{ id: 11 }], posts: [] };
    expect((await indexContent(body)).json()).toMatchObject({ indexed: 1 });
    const chunksBefore = await chunkCount(configurationId);
    expect((await indexContent(body)).json()).toMatchObject({ indexed: 1 });
    expect(await articleRows(configurationId)).toHaveLength(1);
    expect(await chunkCount(configurationId)).toBe(chunksBefore);

    // The page changed on the site: its one article now holds the new text, the old text is gone.
    const page = site.pages.find((document) => document.id === 11)!;
    const before = page.content;
    page.content = "<p>Deliveries now also reach Amersfoort on Tuesdays.</p>";
    try {
      expect((await indexContent(body)).json()).toMatchObject({ indexed: 1 });
      const rows = await articleRows(configurationId);
      expect(rows.map((row) => row.text)).toEqual(["Deliveries now also reach Amersfoort on Tuesdays."]);
      expect(await chunkCount(configurationId)).toBe(1);
      const hits = (await search(configurationId, "free delivery above 25 euros")).json() as { data: { text: string }[] };
      expect(hits.data.map((hit) => hit.text).join(" ")).not.toContain("25 euros");
      expect((await indexed(configurationId)).json().data).toHaveLength(1);
    } finally {
      page.content = before;
    }
  });

  it("two index calls at once store each page once", async () => {
    const configurationId = await newConfiguration();
    const body = { configurationId, wordpressUrl: site.origin, pages: [{ id: 2 }, { id: 7 }], posts: [{ id: 101 }] };
    const answers = await Promise.all([indexContent(body), indexContent(body)]);
    for (const answer of answers) expect(answer.json(), answer.body).toMatchObject({ status: "success", indexed: 3 });
    expect(await articleRows(configurationId)).toHaveLength(3);
    expect((await indexed(configurationId)).json().data).toHaveLength(3);
    const chunks = await ctx.database.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM knowledge_chunks WHERE configuration_id = $1 GROUP BY article_id, position HAVING count(*) > 1",
      [configurationId],
    );
    expect(chunks).toEqual([]);
  });

  it("counts what worked when some pages cannot be indexed, and fails when none can", async () => {
    const configurationId = await newConfiguration();
    const partly = await indexContent({ configurationId, wordpressUrl: site.origin, pages: [{ id: 999 }], posts: [{ id: 102 }, { id: 103 }] });
    expect(partly.statusCode).toBe(200);
    expect(partly.json()).toMatchObject({ indexed: 1, message: "One or more articles could not be indexed" });
    const none = await indexContent({ configurationId, wordpressUrl: site.origin, pages: [], posts: [{ id: 103 }] });
    expect(none.statusCode).toBe(503);
    expect(none.json()).toMatchObject({ code: "indexing_failed" });
    expect((await indexContent({ configurationId, wordpressUrl: noApiSite.origin, pages: [{ id: 2 }], posts: [] })).statusCode).toBe(503);
  });

  it("indexes from a site without pretty permalinks", async () => {
    const configurationId = await newConfiguration();
    const response = await indexContent({ configurationId, wordpressUrl: plainSite.origin, pages: [{ id: 7 }], posts: [] });
    expect(response.json()).toMatchObject({ indexed: 1 });
  });
});

describe("deleting", () => {
  it("removes the configuration's WordPress content and nothing else", async () => {
    const configurationId = await newConfiguration();
    const typed = await call("createArticle", "POST", "/training/create_article", { configurationId, text: "A typed article about sourdough starters.", source: "manual" });
    expect(typed.statusCode).toBe(200);
    await indexContent({ configurationId, wordpressUrl: site.origin, pages: [{ id: 2 }, { id: 7 }], posts: [{ id: 101 }] });
    const response = await deletePages(configurationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "success", deleted: 3 });
    expect((await indexed(configurationId)).json().data).toEqual([]);
    expect((await articleRows(configurationId)).map((row) => row.kind)).toEqual(["typed"]);
    const hits = (await search(configurationId, "when does the bakery open")).json() as { data: { text: string }[] };
    expect(hits.data.map((hit) => hit.text).join(" ")).not.toContain("seven o'clock");
    expect((await deletePages(configurationId)).json()).toMatchObject({ deleted: 0 });
  });
});

describe("tenancy", () => {
  it("answers 404 for another customer's configuration and changes nothing there", async () => {
    const configurationId = await newConfiguration();
    await indexContent({ configurationId, wordpressUrl: site.origin, pages: [{ id: 2 }], posts: [] });
    const listing = await indexed(configurationId, otherToken);
    expect(listing.statusCode).toBe(404);
    expect(listing.body).not.toContain("Opening hours");
    expect((await indexContent({ configurationId, wordpressUrl: site.origin, pages: [{ id: 7 }], posts: [] }, otherToken)).statusCode).toBe(404);
    expect((await deletePages(configurationId, otherToken)).statusCode).toBe(404);
    expect((await indexed(configurationId)).json().data.map((item: { id: number }) => item.id)).toEqual([2]);
    const unknown = await indexed("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
  });

  it("needs a signed-in caller", async () => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/wordpress/total-pages?url=${q(site.origin)}` });
    expect(response.statusCode).toBe(401);
  });
});
