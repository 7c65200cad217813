import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guardLoopbackOnly } from "../../test/loopback-only";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { cafeSentence, pageTexts, startTestWebsite, type TestWebsite } from "../../test/website";

// Whatever the product does, no connection of this file leaves loopback.
const guard = guardLoopbackOnly();

let ctx: TestContext;
let site: TestWebsite;
let bareSite: TestWebsite;
let token: string;

beforeAll(async () => {
  site = await startTestWebsite();
  bareSite = await startTestWebsite({ robots: false });
  ctx = await createTestContext({
    outboundAllowedHosts: [site.host, bareSite.host],
    // A name that resolves to loopback but is not allow-listed: refused like any other private address.
    dnsAnswers: new Map([["intranet.test", ["127.0.0.1"]]]),
  });
  const customerId = await ctx.createCustomer("Scraping customer");
  token = (await ctx.createUser({ role: "customer", customerId })).token;
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
  await bareSite?.close();
  guard.restore();
});
beforeEach(() => {
  site.requests.length = 0;
  site.mostAtOnce = 0;
  guard.clear();
});

const allTags = ["h1", "h2", "h3", "p", "a", "img", "ul", "li", "div", "table", "th", "td"];

interface Component {
  text: string;
  tag: string;
  subject: string;
  url: string;
}

async function scrape(url: unknown, extra: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/training/scrape_static_website",
    headers: bearer(token),
    payload: { tags: allTags, url, filtered_classes: ["cookie-banner", "promo"], ...extra },
  });
  expectToMatchContract("scrapeStaticWebsite", response);
  return response;
}

async function sitemap(url: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/training/scrape_sitemap",
    headers: bearer(token),
    payload: { url },
  });
  expectToMatchContract("scrapeSitemap", response);
  return response;
}

const texts = (components: Component[]) => components.map((component) => component.text);

describe("scrape_static_website", () => {
  it("turns a page into clean text: boilerplate and filtered classes out, headings as subjects, links resolved", async () => {
    const response = await scrape(`${site.origin}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { components: Component[]; subject_url_map: Record<string, string>; failed: unknown[] };
    const all = texts(body.components).join("\n");
    expect(all).toContain(pageTexts.home);
    for (const boilerplate of ["Acme Bakery home", "Contact", "cookies", "Promo", "Sidebar", "All rights reserved", "tracking script", "font-family"])
      expect(all).not.toContain(boilerplate);
    expect(body.components).toContainEqual({
      text: pageTexts.home,
      tag: "p",
      subject: "Welcome to Acme Bakery",
      url: `${site.origin}/`,
    });
    expect(texts(body.components)).toEqual(
      expect.arrayContaining([
        `about us (${site.origin}/about)`,
        `brochure (${site.origin}/brochure.pdf)`,
        "A loaf of sourdough bread",
      ]),
    );
    expect(body.components.every((component) => component.text.trim() !== "")).toBe(true);
    expect(body.subject_url_map).toEqual({ "Welcome to Acme Bakery": `${site.origin}/`, constructor: `${site.origin}/` });
    expect(body.failed).toEqual([]);
  });

  it("keeps each text once under its innermost chosen tag, an article's own header and footer included", async () => {
    const body = (await scrape(`${site.origin}/about`)).json() as { components: Component[]; subject_url_map: Record<string, string> };
    expect(body.components).toEqual(
      expect.arrayContaining([
        { text: "About us", tag: "h1", subject: "About us", url: `${site.origin}/about` },
        { text: "Since 1952", tag: "div", subject: "Our story", url: `${site.origin}/about` },
        { text: pageTexts.story, tag: "p", subject: "Our story", url: `${site.origin}/about` },
        { text: "Croissants", tag: "li", subject: "What we bake", url: `${site.origin}/about` },
        { text: `Contact us (${site.origin}/contact)`, tag: "a", subject: "What we bake", url: `${site.origin}/about` },
        { text: "Article written by the baker.", tag: "p", subject: "What we bake", url: `${site.origin}/about` },
      ]),
    );
    expect(Object.keys(body.subject_url_map)).toEqual(["About us", "Our story", "What we bake"]);
  });

  it("keeps only the chosen tags, and src as image addresses", async () => {
    const body = (await scrape(`${site.origin}/`, { tags: ["h1", "src"] })).json() as { components: Component[] };
    expect(body.components).toEqual([
      { text: "Welcome to Acme Bakery", tag: "h1", subject: "Welcome to Acme Bakery", url: `${site.origin}/` },
      { text: `${site.origin}/images/bread.jpg`, tag: "src", subject: "Welcome to Acme Bakery", url: `${site.origin}/` },
    ]);
  });

  it("honours a page's character set (Windows-1252)", async () => {
    const body = (await scrape(`${site.origin}/cafe`)).json() as { components: Component[] };
    expect(texts(body.components)).toContain(cafeSentence);
  });

  it("reads a list: redirects followed, duplicates fetched once, pages that fail listed with why", async () => {
    const urls = [
      `${site.origin}/`,
      `${site.origin}/old-page`,
      `${site.origin}/brochure.pdf`,
      `${site.origin}/cafe`,
      `${site.origin}/no-such-page`,
      `${site.origin}/redirect-to-metadata`,
      `  ${site.origin}/cafe  `,
      "http://no-such-host.test/",
    ];
    const response = await scrape(urls);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { components: Component[]; subject_url_map: Record<string, string>; failed: { url: string; code: string }[] };
    expect(body.failed.map(({ url, code }) => [url, code])).toEqual([
      [`${site.origin}/brochure.pdf`, "url_content_type_not_accepted"],
      [`${site.origin}/no-such-page`, "url_status_not_ok"],
      [`${site.origin}/redirect-to-metadata`, "url_address_not_allowed"],
      ["http://no-such-host.test/", "url_host_not_found"],
    ]);
    expect(body.components).toContainEqual({ text: pageTexts.contact, tag: "p", subject: "Contact", url: `${site.origin}/contact` });
    expect(texts(body.components)).toContain(cafeSentence);
    expect(site.requests.filter((path) => path === "/cafe")).toHaveLength(1);
    expect(body.subject_url_map).toMatchObject({ Contact: `${site.origin}/contact`, "Café": `${site.origin}/cafe` });
    expect(guard.blocked).toEqual([]);
  });

  it("drops a page's empty texts, and answers a page without text as no components", async () => {
    const body = (await scrape([`${site.origin}/empty`])).json() as { components: Component[]; failed: unknown[] };
    expect(body).toMatchObject({ components: [], failed: [] });
  });

  it("fetches a few pages at a time per host", async () => {
    const urls = Array.from({ length: 16 }, (_, index) => `${site.origin}/slow/${index}`);
    const body = (await scrape(urls, { tags: ["p"] })).json() as { components: Component[] };
    expect(body.components).toHaveLength(16);
    expect(site.mostAtOnce).toBeGreaterThan(1);
    expect(site.mostAtOnce).toBeLessThanOrEqual(4);
  });

  it("answers the one reason when every page of a list failed the same way", async () => {
    const response = await scrape(["https://shop.unknown.test/a", "https://shop.unknown.test/b"]);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "url_host_not_found" });
    expectToMatchContract("scrapeStaticWebsite", response);
  });

  it("answers no_scrape_data when no page of a list could be read", async () => {
    const response = await scrape([`${site.origin}/brochure.pdf`, `${site.origin}/missing`]);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "no_scrape_data", message: "No data received from scraping API" });
  });

  it.each([
    ["a page that is no HTML", "/brochure.pdf", 502, "url_content_type_not_accepted"],
    ["a page that is not there", "/missing", 502, "url_status_not_ok"],
    ["a redirect to cloud metadata", "/redirect-to-metadata", 400, "url_address_not_allowed"],
  ])("one URL answers its own problem: %s", async (_what, path, status, code) => {
    const response = await scrape(`${site.origin}${path}`);
    expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
  });

  it.each([
    ["no URL", "  ", "no_url_provided"],
    ["an empty list", [], "no_url_provided"],
    ["no URL at all", "about blank", "url_parse_error"],
    ["another scheme", "file:///etc/passwd", "url_not_allowed"],
    ["credentials", "http://user:pass@example.test/", "url_credentials_not_allowed"],
    ["another port", "http://example.test:8080/", "url_port_not_allowed"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/", "url_address_not_allowed"],
    ["loopback in hexadecimal", "http://0x7f000001/", "url_address_not_allowed"],
    ["a name resolving to loopback", "http://intranet.test/", "url_address_not_allowed"],
    ["more than 100 URLs", Array.from({ length: 101 }, (_, index) => `https://example.test/${index}`), "too_many_urls"],
  ])("refuses %s with a 400 of its own code, before any connection", async (_what, url, code) => {
    const response = await scrape(url);
    expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 400, code });
    expect(guard.connections).toEqual([]);
    expect(site.requests).toEqual([]);
  });

  it("refuses a whole list for one refused entry, naming it, before fetching any", async () => {
    const response = await scrape([`${site.origin}/`, "http://10.0.0.1/", "ftp://example.test/"]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "url_address_not_allowed",
      errors: [
        { path: "url.1", message: expect.stringContaining("http://10.0.0.1/") },
        { path: "url.2", message: expect.stringContaining("ftp://example.test/") },
      ],
    });
    expect(site.requests).toEqual([]);
  });

  it("needs a signed-in caller", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/training/scrape_static_website",
      payload: { tags: ["p"], url: `${site.origin}/` },
    });
    expect(response.statusCode).toBe(401);
    expect(site.requests).toEqual([]);
  });
});

describe("scrape_sitemap", () => {
  const pages = (origin: string, paths: string[]) => paths.map((path) => `${origin}${path}`);

  it("reads a site root's robots.txt, its sitemap index, a gzipped child and a nested index", async () => {
    const response = await sitemap(`${site.origin}/`);
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: { url: string; subject: string }[] }).data;
    expect(data.map((entry) => entry.url)).toEqual(
      pages(site.origin, ["/", "/about", "/contact", "/old-page", "/brochure.pdf", "/empty", "/blog/first-post", "/cafe"]),
    );
    expect(data).toContainEqual({ url: `${site.origin}/blog/first-post`, subject: "first post" });
    expect(data).toContainEqual({ url: `${site.origin}/brochure.pdf`, subject: "brochure" });
    expect(site.requests.slice(0, 2)).toEqual(["/robots.txt", "/sitemap-index.xml"]);
    expect(site.requests).toContain("/sitemaps/missing.xml");
  });

  it("reads a sitemap index or a gzipped sitemap given directly", async () => {
    const index = (await sitemap(`${site.origin}/sitemap-index.xml`)).json() as { data: { url: string }[] };
    expect(index.data).toHaveLength(8);
    const gzipped = (await sitemap(`${site.origin}/sitemaps/pages.xml.gz`)).json() as { data: { url: string }[] };
    expect(gzipped.data.map((entry) => entry.url)).toEqual(
      pages(site.origin, ["/", "/about", "/contact", "/old-page", "/brochure.pdf", "/empty"]),
    );
    expect(site.requests).not.toContain("/robots.txt");
  });

  it("falls back to /sitemap.xml when the site has no robots.txt", async () => {
    const response = await sitemap(`${bareSite.origin}`);
    expect(response.json()).toEqual({
      status: "success",
      data: [
        { url: `${bareSite.origin}/`, subject: "127.0.0.1" },
        { url: `${bareSite.origin}/contact`, subject: "contact" },
      ],
    });
  });

  it.each([
    ["a page that is no sitemap", "/not-a-sitemap.xml", 502, "unexpected_response_format"],
    ["a sitemap that is not there", "/sitemaps/missing.xml", 502, "url_status_not_ok"],
    ["a gzipped sitemap that unpacks past 10 MB", "/sitemaps/bomb.xml.gz", 502, "url_response_too_large"],
    ["a gzipped sitemap that is no gzip", "/sitemaps/broken.xml.gz", 502, "url_response_invalid"],
    ["a redirect to cloud metadata", "/redirect-to-metadata", 400, "url_address_not_allowed"],
  ])("answers the problem of %s", async (_what, path, status, code) => {
    const response = await sitemap(`${site.origin}${path}`);
    expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
  });

  it.each([
    ["no URL", "", "no_url_provided"],
    ["no URL at all", "sitemap", "url_parse_error"],
    ["private address", "http://192.168.1.1/sitemap.xml", "url_address_not_allowed"],
    ["a name resolving to loopback", "http://intranet.test/sitemap.xml", "url_address_not_allowed"],
  ])("refuses %s with a 400 of its own code", async (_what, url, code) => {
    const response = await sitemap(url);
    expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 400, code });
    expect(guard.connections).toEqual([]);
  });
});
