import { createServer, type Server } from "node:http";
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser";

/** A customer's own website on another loopback port: one page with `body` and the pasted snippet, nothing else. */
export function startCustomerWebsite(snippet: string, body = "<main><h1>Demo Webshop</h1></main>"): Promise<Server> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo Webshop</title></head><body>${body}${snippet}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The widget's frame on the customer's page, once it has loaded from the product's origin. */
export async function widgetFrame(page: Page): Promise<Frame> {
  await page.locator("iframe").first().waitFor({ state: "attached", timeout: 20_000 });
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${baseUrl()}/widget/`)), { timeout: 20_000 }).toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(`${baseUrl()}/widget/`))!;
}

/**
 * A shop's website for the onboarding wizard to scan, on the onboarding journey's loopback port: brand colours
 * and a logo, an FAQ in schema.org JSON-LD and on its own page, a few pages and a sitemap listing them.
 */
export function startOnboardingWebsite(port: number): Promise<Server> {
  const shell = (title: string, body: string, head = "") =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Tulip Bakery</title>` +
    `<meta name="description" content="Tulip Bakery bakes sourdough bread and pastries in Haarlem and delivers by cargo bike.">` +
    `<meta property="og:site_name" content="Tulip Bakery"><meta name="theme-color" content="#c2410c">` +
    `<link rel="icon" href="/favicon.png"><style>header{background:#c2410c;color:#ffffff}a{color:#15803d}.button{background:#15803d}</style>${head}</head>` +
    `<body><header><img src="/images/tulip-logo.png" alt="Tulip Bakery logo"><nav><a href="/">Home</a> <a href="/breads">Our breads</a> ` +
    `<a href="/delivery">Delivery</a> <a href="/faq">FAQ</a> <a href="/contact">Contact</a></nav></header><main><h1>${title}</h1>${body}</main></body></html>`;
  const faqJsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: [
      { "@type": "Question", name: "Do you bake gluten-free bread?", acceptedAnswer: { "@type": "Answer", text: "Yes, every Friday we bake a gluten-free buckwheat loaf." } },
      { "@type": "Question", name: "Until when can I order for tomorrow?", acceptedAnswer: { "@type": "Answer", text: "Orders placed before 8 pm are baked and delivered the next morning." } },
    ],
  });
  const pages: Record<string, string> = {
    "/": shell("Fresh sourdough from Haarlem", "<p>Tulip Bakery bakes sourdough bread and pastries every morning.</p>", `<script type="application/ld+json">${faqJsonLd}</script>`),
    "/breads": shell("Our breads", "<p>Sourdough, rye, spelt and a gluten-free buckwheat loaf on Fridays.</p>"),
    "/delivery": shell("Delivery", "<p>We deliver by cargo bike in Haarlem for 2.50 euro; free from 25 euro.</p>"),
    "/faq": shell(
      "Frequently asked questions",
      "<details><summary>Can I pick up my order?</summary><p>Yes, at our shop on the Grote Markt from 7 am.</p></details>" +
        "<details><summary>Do you deliver on Sundays?</summary><p>No, we deliver Monday to Saturday.</p></details>",
    ),
    "/contact": shell("Contact", "<p>Call us on 023 555 0199 or write to hello@tulip-bakery.example.</p>"),
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    if (path === "/sitemap.xml") {
      const origin = `http://127.0.0.1:${port}`;
      const urls = Object.keys(pages).map((page) => `<url><loc>${origin}${page}</loc></url>`).join("");
      response.writeHead(200, { "content-type": "application/xml" }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
      return;
    }
    if (path.endsWith(".png")) {
      // A 1×1 PNG: enough for a logo that loads.
      response.writeHead(200, { "content-type": "image/png" }).end(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"));
      return;
    }
    const body = pages[path];
    if (!body) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
