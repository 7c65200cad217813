import { describe, expect, it } from "vitest";
import { extractPageText } from "./html";
import { parseSitemap, robotsSitemaps, subjectFromUrl } from "./sitemap";

describe("extractPageText", () => {
  it("resolves links against the page's <base>", () => {
    const page = extractPageText(
      '<head><base href="https://cdn.example.com/docs/"></head><body><p><a href="guide">Guide</a></p></body>',
      "https://example.com/start",
      { tags: ["a"] },
    );
    expect(page.components.map((component) => component.text)).toEqual(["Guide (https://cdn.example.com/docs/guide)"]);
  });

  it("compares filtered classes as names, never as selectors", () => {
    const html = '<p class="keep">Kept</p><p class="a]b x">Dropped</p><p class="*">Starred</p>';
    const page = extractPageText(html, "https://example.com/", { tags: ["p"], filteredClasses: ["a]b", "*"] });
    expect(page.components.map((component) => component.text)).toEqual(["Kept"]);
  });

  it("runs inline text together and breaks between blocks", () => {
    const page = extractPageText("<div>Hel<b>lo</b><div>World</div></div>", "https://example.com/", { tags: ["div"] });
    expect(page.components.map((component) => component.text)).toEqual(["Hello", "World"]);
  });

  it("leaves out links that are no web addresses, and keeps form texts", () => {
    const page = extractPageText(
      '<p><a href="javascript:alert(1)">Click</a> <input value="Name" placeholder="Your name"></p>',
      "https://example.com/",
      { tags: ["a", "input"] },
    );
    expect(page.components.map((component) => component.text)).toEqual(["Click", "Name Your name"]);
  });

  it("names pieces by the start of their heading, at most 200 characters, however much the heading wraps", () => {
    // Twenty headings nested in each other around the page: each was read whole, tens of seconds in all.
    const words = "<b>word</b> ".repeat(50_000);
    const html = `<title>${"Long title ".repeat(40)}</title>${"<h2><span>Level ".repeat(20)}<p>${words}</p>${"</span></h2>".repeat(20)}`;
    const page = extractPageText(html, "https://example.com/", { tags: ["p"] });
    expect(page.title).toHaveLength(200);
    expect(page.title.startsWith("Long title Long title")).toBe(true);
    expect(page.components).toHaveLength(1);
    expect(page.components[0]!.subject).toHaveLength(200);
    expect(page.components[0]!.subject.startsWith("Level Level word word")).toBe(false);
    expect(page.components[0]!.subject.startsWith("Level word word")).toBe(true);
    expect(page.components[0]!.text.split(" ")).toHaveLength(50_000);
  });
});

describe("sitemaps", () => {
  it("reads prefixed sitemap tags and skips entries without a loc", () => {
    expect(
      parseSitemap('<sm:urlset xmlns:sm="x"><sm:url><sm:loc> https://a.test/x </sm:loc></sm:url><sm:url/></sm:urlset>'),
    ).toEqual({ kind: "pages", urls: ["https://a.test/x"] });
    expect(parseSitemap("<html><body>no</body></html>")).toEqual({ kind: "other" });
  });

  it("reads a sitemap index's sitemaps, the first loc of each, in order", () => {
    const index = "<sitemapindex><sitemap><lastmod>2026</lastmod><loc>https://a.test/1.xml</loc><loc>https://a.test/x.xml</loc></sitemap><url><loc>https://a.test/no</loc></url><SITEMAP><LOC>https://a.test/2.xml</LOC></SITEMAP></sitemapindex>";
    expect(parseSitemap(index)).toEqual({ kind: "index", sitemaps: ["https://a.test/1.xml", "https://a.test/2.xml"] });
  });

  it("reads 80,000 entries in one pass, every one in order", () => {
    // cheerio's .map() copied its result at each entry: this file held the event loop for over two minutes.
    const count = 80_000;
    const entries = Array.from({ length: count }, (_, index) => `<url><loc>https://a.test/p${index}</loc></url><url/>`).join("");
    const content = parseSitemap(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`);
    expect(content.kind).toBe("pages");
    const urls = content.kind === "pages" ? content.urls : [];
    expect(urls).toHaveLength(count);
    expect([urls[0], urls[count - 1]]).toEqual(["https://a.test/p0", `https://a.test/p${count - 1}`]);
  });

  it("reads robots.txt Sitemap lines in any case", () => {
    expect(robotsSitemaps("User-agent: *\nSITEMAP: https://a.test/1.xml\n  sitemap:https://a.test/2.xml\n# Sitemap: no")).toEqual([
      "https://a.test/1.xml",
      "https://a.test/2.xml",
    ]);
  });

  it("names a page by the last part of its path", () => {
    expect(subjectFromUrl(new URL("https://a.test/blog/opening-hours_2026.html"))).toBe("opening hours 2026");
    expect(subjectFromUrl(new URL("https://a.test/caf%C3%A9"))).toBe("café");
    expect(subjectFromUrl(new URL("https://a.test/"))).toBe("a.test");
  });
});
