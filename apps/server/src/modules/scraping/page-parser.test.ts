import { afterAll, describe, expect, it } from "vitest";
import { DomainError } from "@parley/domain";
import { extractPageText } from "./html";
import { createPageParser } from "./page-parser";
import { readSite, type SiteReading } from "../onboarding/site-reading";
import { parseSitemap } from "./sitemap";

const options = { tags: ["h2", "p", "li"], filteredClasses: ["ad"] };
const block = '<div><h2>Shipping</h2><p>We ship <a href="/eu">abroad</a> in two days.</p><ul><li>Free returns</li></ul><p class="ad">Buy now</p></div>\n';

describe("createPageParser", () => {
  // Small limits, so a modest page goes to the worker and a slow one is stopped quickly.
  const parser = createPageParser({ inlineBytes: 1_000, timeoutMs: 20_000 });
  afterAll(() => parser.close());

  it("reads a large page in its worker, exactly as in place, while the event loop keeps running", async () => {
    const html = `<html><head><title>Shop</title></head><body>${block.repeat(20_000)}</body></html>`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const page = await parser.parse(html, "https://shop.example/faq", options);
    clearInterval(timer);
    expect(page).toEqual(extractPageText(html, "https://shop.example/faq", options));
    expect(page.components.length).toBe(60_000);
    expect(page.components[0]).toEqual({ text: "Shipping", tag: "h2", subject: "Shipping", url: "https://shop.example/faq" });
    // The main thread stayed free: reading 2.7 MB of markup in place holds it for a second or more.
    expect(ticks).toBeGreaterThan(5);
  });

  it("reads a large sitemap in its worker, as in place", async () => {
    const urls = Array.from({ length: 3_000 }, (_, index) => `https://shop.example/products/item-${index}`);
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join("\n")}</urlset>`;
    expect(xml.length).toBeGreaterThan(100_000);
    expect(await parser.parseSitemap(xml)).toEqual({ kind: "pages", urls });
    expect(await parser.parseSitemap(xml)).toEqual(parseSitemap(xml));
    const index = `<sitemapindex><sitemap><loc>https://shop.example/a.xml</loc></sitemap>${" ".repeat(2_000)}</sitemapindex>`;
    expect(await parser.parseSitemap(index)).toEqual({ kind: "index", sitemaps: ["https://shop.example/a.xml"] });
  });

  it("reads pages one after another in order, and a small one in place", async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((n) => parser.parse(`<title>Page ${n}</title>${block.repeat(n * 20)}`, `https://shop.example/${n}`, options)),
    );
    expect(pages.map((page) => [page.title, page.components.length])).toEqual([
      ["Page 1", 60],
      ["Page 2", 120],
      ["Page 3", 180],
    ]);
    expect(await parser.parse("<p>Tiny</p>", "https://shop.example/tiny", options)).toEqual({ title: "https://shop.example/tiny", components: [expect.objectContaining({ text: "Tiny" })] });
  });

  it("answers a page nested too deeply with url_page_too_complex from the worker, and goes on reading", async () => {
    const deep = `${"<div>".repeat(5_000)}deep${"</div>".repeat(5_000)}`;
    const refused = await parser.parse(deep, "https://shop.example/deep", options).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    // The same error as reading it in place gives.
    const inPlace = (() => {
      try {
        extractPageText(deep, "https://shop.example/deep", options);
      } catch (error) {
        return error as DomainError;
      }
    })();
    expect(refused).toMatchObject({ code: "url_page_too_complex", status: inPlace?.status, message: inPlace?.message });
    const after = await parser.parse(`<p>After</p>${" ".repeat(2_000)}`, "https://shop.example/after", options);
    expect(after.components.map((component) => component.text)).toEqual(["After"]);
  });

  it("reads what the onboarding wizard asks of a large page in its worker, exactly as in place, while the event loop keeps running", async () => {
    const home = `<html><head><title>Acme Bakery | Fresh bread</title><meta name="theme-color" content="#e4572e"><link rel="stylesheet" href="/site.css">
      <script type="application/ld+json">{"@type": "FAQPage", "mainEntity": [{"@type": "Question", "name": "Open on Sunday?", "acceptedAnswer": {"@type": "Answer", "text": "No."}}]}</script></head>
      <body><header><a href="/"><img src="/logo.svg" alt="Acme logo"></a><a href="/faq">FAQ</a></header><p>We bake fresh bread and cakes every single morning in Utrecht.</p>${block.repeat(20_000)}</body></html>`;
    const page = { html: home, url: "https://acme.example/" };
    const readings: SiteReading[] = [
      { kind: "facts" },
      { kind: "stylesheets" },
      { kind: "branding", stylesheets: [".btn { background: #2e86ab }"] },
      { kind: "faqHome", language: "nl" },
      { kind: "faqPage" },
      { kind: "links" },
    ];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const read = [];
    for (const reading of readings) read.push(await parser.readSite(page, reading));
    clearInterval(timer);
    expect(read).toEqual(readings.map((reading) => readSite(page, reading)));
    expect(read[0]).toMatchObject({ name: "Acme Bakery", description: "We bake fresh bread and cakes every single morning in Utrecht." });
    expect(read[2]).toEqual({ primary_colors: ["#e4572e", "#2e86ab"], logo_urls: ["https://acme.example/logo.svg"] });
    expect(read[3]).toEqual({ items: [{ question: "Open on Sunday?", answer: "No." }], faqPages: ["https://acme.example/faq"] });
    // Six readings of 2.7 MB in place hold the main thread for seconds.
    expect(ticks).toBeGreaterThan(5);
  });

  it("stops a page that takes too long, and starts a new worker for the next", async () => {
    const slow = createPageParser({ inlineBytes: 0, timeoutMs: 1 });
    try {
      const html = `<title>Big</title>${block.repeat(5_000)}`;
      await expect(slow.parse(html, "https://shop.example/big", options)).rejects.toMatchObject({ code: "url_page_too_complex" });
    } finally {
      await slow.close();
    }
    const next = createPageParser({ inlineBytes: 0 });
    try {
      expect((await next.parse("<p>Next</p>", "https://shop.example/next", options)).components).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});
