import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/**
 * A small website on loopback that speaks what real sites send: HTML pages with navigation, header,
 * footer, scripts and a cookie banner around the content, relative links, a link to a PDF, a redirect,
 * a page in Windows-1252, robots.txt with a `Sitemap:` line, a sitemap index whose children are a
 * gzipped sitemap (a `.xml.gz` file) and a nested index, and slow pages that count how many requests
 * are open at once. `robots: false` serves no robots.txt and a plain /sitemap.xml instead.
 */
export interface TestWebsite {
  origin: string;
  /** `host:port`, for OUTBOUND_ALLOWED_HOSTS. */
  host: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** The most requests that were open at the same time. */
  mostAtOnce: number;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse, origin: string) => void;

const frame = (title: string, content: string, lang = "en") => `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
  <style>body { font-family: sans-serif } .hidden-style-text { color: red }</style>
  <script>window.analytics = "tracking script text";</script>
</head>
<body>
  <header class="site-header"><a href="/">Acme Bakery home</a><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li><li><a href="/contact">Contact</a></li></ul></nav></header>
  <div class="cookie-banner"><p>We use cookies to improve your visit.</p><button>Accept all cookies</button></div>
  <main>
${content}
  </main>
  <aside><p>Sidebar: subscribe to our newsletter</p></aside>
  <footer class="site-footer"><p>© 2026 Acme Bakery. All rights reserved.</p><a href="/privacy">Privacy</a></footer>
  <script src="/app.js"></script>
</body>
</html>`;

const html =
  (body: string | Buffer, contentType = "text/html; charset=utf-8"): Handler =>
  (_request, response) =>
    response.writeHead(200, { "content-type": contentType }).end(body);

const xml =
  (body: string): Handler =>
  (_request, response) =>
    response.writeHead(200, { "content-type": "application/xml" }).end(body);

const urlset = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `  <url><loc>${origin}${path}</loc><lastmod>2026-01-01</lastmod></url>`).join("\n")}
</urlset>`;

const sitemapIndex = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `  <sitemap><loc>${origin}${path}</loc></sitemap>`).join("\n")}
</sitemapindex>`;

export const cafeSentence = "Our café – crème brûlée for 5 €, every day.";
// Windows-1252 has Latin-1's letters where Unicode has them, and puts – and € at 0x96 and 0x80.
const windows1252 = (text: string) =>
  Buffer.from([...text].map((character) => ({ "–": 0x96, "€": 0x80 })[character] ?? character.charCodeAt(0)));
const cafePage = windows1252(frame("Café", `<h1>Café</h1><p>${cafeSentence}</p>`).replace("utf-8", "windows-1252"));

export const pageTexts = {
  home: "Fresh bread baked every morning in Utrecht since 1952.",
  story: "Grandmother Ans started the bakery with one oven and a bicycle.",
  contact: "Call us on 030 123 4567 or drop by at Oudegracht 12.",
  blog: "Sourdough needs patience: our starter is fed twice a day.",
};

function routesFor(origin: string): Map<string, Handler> {
  const pagesSitemap = urlset(origin, ["/", "/about", "/contact", "/old-page", "/brochure.pdf", "/about", "/empty"]);
  return new Map<string, Handler>([
    [
      "/",
      html(
        frame(
          "Acme Bakery",
          `<h1>Welcome to Acme Bakery</h1>
    <p>${pageTexts.home}</p>
    <p>Read <a href="about">about us</a> or download our <a href="/brochure.pdf">brochure</a>.</p>
    <p class="promo">Promo: 10% off this week only!</p>
    <img src="images/bread.jpg" alt="A loaf of sourdough bread">
    <p>   </p>
    <h3>constructor</h3>
    <p>Headings are subjects, whatever they are called.</p>`,
        ),
      ),
    ],
    [
      "/about",
      html(
        frame(
          "About us",
          `<article>
      <header><h1>About us</h1></header>
      <h2>Our story</h2>
      <div>Since 1952 <p>${pageTexts.story}</p></div>
      <h2>What we bake</h2>
      <ul><li>Sourdough</li><li>Croissants</li><li>Apple pie</li></ul>
      <p>Questions? <a href="../contact">Contact us</a>.</p>
      <footer><p>Article written by the baker.</p></footer>
    </article>`,
        ),
      ),
    ],
    [
      "/contact",
      html(
        frame(
          "Contact",
          `<h1>Contact</h1><p>${pageTexts.contact}</p>
    <table><tr><th>Day</th><th>Hours</th></tr><tr><td>Monday</td><td>7:00–18:00</td></tr></table>`,
        ),
      ),
    ],
    ["/blog/first-post", html(frame("Sourdough starter", `<h1>Sourdough starter</h1><p>${pageTexts.blog}</p>`))],
    ["/cafe", html(cafePage, "text/html; charset=windows-1252")],
    ["/empty", html(frame("Empty", `<div class="only-scripts"><script>var x = 1;</script></div>`))],
    [
      "/old-page",
      (_request, response) => response.writeHead(301, { location: "/contact" }).end(),
    ],
    [
      "/brochure.pdf",
      (_request, response) =>
        response.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4\n%\u00e2\u00e3\n"),
    ],
    ["/robots.txt", (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/plain" })
        .end(`User-agent: *\nDisallow: /private/\n\nsitemap: ${origin}/sitemap-index.xml\n`)],
    [
      "/sitemap-index.xml",
      xml(sitemapIndex(origin, ["/sitemaps/pages.xml.gz", "/sitemaps/nested-index.xml", "/sitemaps/missing.xml"])),
    ],
    [
      "/sitemaps/pages.xml.gz",
      (_request, response) =>
        response.writeHead(200, { "content-type": "application/x-gzip" }).end(gzipSync(pagesSitemap)),
    ],
    ["/sitemaps/nested-index.xml", xml(sitemapIndex(origin, ["/sitemaps/blog.xml"]))],
    [
      // 11 MB of spaces in a 11 kB .xml.gz: read no further than the 10 MB cap.
      "/sitemaps/bomb.xml.gz",
      (_request, response) =>
        response.writeHead(200, { "content-type": "application/gzip" }).end(gzipSync(Buffer.alloc(11 * 1024 * 1024, " "))),
    ],
    ["/sitemaps/broken.xml.gz", (_request, response) =>
      response.writeHead(200, { "content-type": "application/gzip" }).end(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]))],
    ["/sitemaps/blog.xml", xml(urlset(origin, ["/blog/first-post", "/cafe", "/contact"]))],
    ["/not-a-sitemap.xml", html(frame("Not a sitemap", "<p>Just a page.</p>"))],
    ["/redirect-to-metadata", (_request, response) =>
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end()],
  ]);
}

export async function startTestWebsite(options: { robots?: boolean } = {}): Promise<TestWebsite> {
  let routes = new Map<string, Handler>();
  let open = 0;
  const website: TestWebsite = {
    origin: "",
    host: "",
    requests: [],
    mostAtOnce: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    },
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://website").pathname;
    website.requests.push(path);
    open += 1;
    website.mostAtOnce = Math.max(website.mostAtOnce, open);
    response.once("close", () => (open -= 1));
    const slow = /^\/slow\/(\d+)$/.exec(path);
    if (slow) {
      setTimeout(() => html(frame(`Slow ${slow[1]}`, `<p>Slow page number ${slow[1]}.</p>`))(request, response, ""), 40);
      return;
    }
    const handler = routes.get(path);
    if (handler) handler(request, response, website.origin);
    else response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  website.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  website.origin = `http://${website.host}`;
  routes = routesFor(website.origin);
  if (options.robots === false) {
    routes.delete("/robots.txt");
    routes.set("/sitemap.xml", xml(urlset(website.origin, ["/", "/contact"])));
  }
  return website;
}
