import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small business website on loopback for the onboarding scan, written the way real sites are: a home page
 * with `theme-color`, icons, an `og:image`, three same-site stylesheets and one elsewhere, inline styles with
 * an id selector that looks like a colour, a logo in the header, schema.org FAQPage data, a question heading,
 * a spec list that is no FAQ, and links of every kind (files, anchors, mail, phone, sign-in, cart, another
 * site, the same page twice); a /faq page with details/summary; /sitemap.xml (no robots.txt); a redirect to
 * the home page, to names that must be refused and to the cloud metadata address, a PDF and a failing page.
 */
export interface OnboardingSite {
  origin: string;
  /** `host:port`, for OUTBOUND_ALLOWED_HOSTS. */
  host: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export const siteTexts = {
  name: "Zonnebloem Bakery",
  description: "Organic sourdough bread and pastries, baked every morning in Utrecht.",
  jsonLdQuestion: "Are your breads organic?",
  jsonLdAnswer: "Yes. All our flour is organic and stone-ground.",
  headingQuestion: "Do you deliver?",
  headingAnswer: "We deliver in Utrecht on weekdays before 10:00.",
  detailsQuestion: "Can I order a birthday cake?",
  detailsAnswer: "Yes, order at least three days ahead in the shop or by phone.",
  /** On the FAQ page, a summary without a question mark still counts. */
  statementQuestion: "Gluten-free options",
  statementAnswer: "We bake a gluten-free loaf on Fridays.",
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const send =
  (body: string, contentType: string, status = 200): Handler =>
  (_request, response) =>
    response.writeHead(status, { "content-type": contentType }).end(body);

const home = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Home | ${siteTexts.name}</title>
  <meta name="description" content="${siteTexts.description}">
  <meta property="og:site_name" content="${siteTexts.name}">
  <meta property="og:image" content="/images/share.jpg">
  <meta name="theme-color" content="#e4572e">
  <link rel="icon" href="/favicon.png">
  <link rel="apple-touch-icon" href="/apple-touch-icon.png">
  <link rel="stylesheet" href="/css/site.css">
  <link rel="stylesheet" href="https://cdn.other.example/library.css">
  <link rel="stylesheet" href="/css/theme.css">
  <link rel="stylesheet" href="/css/extra.css">
  <style>
    /* #9b59b6 in a comment is no colour */
    #cafe { color: #2e86ab; }
    body { color: #333; background: #fff; border: 1px solid #cccccc; }
    .overlay { background: rgba(228, 87, 46, 0.2); }
  </style>
  <script type="application/ld+json">
  {"@context": "https://schema.org", "@graph": [
    {"@type": "Organization", "name": "${siteTexts.name}"},
    {"@type": "FAQPage", "mainEntity": [
      {"@type": "Question", "name": "${siteTexts.jsonLdQuestion}", "acceptedAnswer": {"@type": "Answer", "text": "<p>Yes.</p><p>All our flour is <b>organic</b> and stone-ground.</p>"}},
      {"@type": "Question", "name": "", "acceptedAnswer": {"@type": "Answer", "text": "An answer without a question is dropped."}}
    ]}
  ]}
  </script>
  <script type="application/ld+json">{ this is not json </script>
</head>
<body>
  <div class="top-bar"><img src="/images/award-logo.png" alt="Best bakery 2025"></div>
  <header>
    <a href="/" class="site-logo"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/images/zonnebloem.svg" alt="Zonnebloem"></a>
    <nav>
      <a href="/about">About us</a>
      <a href="/products">Our bread</a>
      <a href="/faq">FAQ</a>
      <a href="/contact">Contact</a>
      <a href="/login">Log in</a>
      <a href="/cart">Cart</a>
    </nav>
  </header>
  <main>
    <h1>Welcome to ${siteTexts.name}</h1>
    <p style="color: #2e86ab">Fresh bread every day.</p>
    <a class="button" style="background-color: #2e86ab" href="/products/">See all our bread</a>
    <h2>${siteTexts.headingQuestion}</h2>
    <p>${siteTexts.headingAnswer}</p>
    <h2>Our story</h2>
    <p>Since 1952.</p>
    <dl><dt>Weight</dt><dd>800 g</dd></dl>
    <p>
      <a href="#top">Back to top</a>
      <a href="mailto:info@zonnebloem.example">Mail us</a>
      <a href="tel:+31301234567">Call us</a>
      <a href="/brochure.pdf">Brochure</a>
      <a href="https://other.example/">Our partner</a>
      <a href="/about?utm_source=home">About (again)</a>
      <a href="javascript:void(0)">Menu</a>
    </p>
  </main>
  <footer><a href="/privacy"><img src="/images/privacy.png" alt="Privacy statement"></a></footer>
</body>
</html>`;

const faqPage = `<!doctype html>
<html><head><title>FAQ | ${siteTexts.name}</title></head>
<body>
  <h1>Frequently asked questions</h1>
  <details><summary>${siteTexts.detailsQuestion}</summary><p>Yes, order at least three days ahead</p><p>in the shop or by phone.</p></details>
  <details><summary>${siteTexts.statementQuestion}</summary>${siteTexts.statementAnswer}</details>
  <details><summary>Are your breads organic</summary><p>The home page answered this already.</p></details>
  <details><summary>   </summary><p>No question, so no item.</p></details>
</body></html>`;

const sitemap = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${["/", "/about", "/products", "/faq", "/blog/sourdough-tips", "/account/orders", "/images/share.jpg"].map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n")}
</urlset>`;

function routesFor(origin: string): Map<string, Handler> {
  const page = (title: string) => send(`<!doctype html><html><head><title>${title}</title></head><body><p>${title}</p></body></html>`, "text/html; charset=utf-8");
  return new Map<string, Handler>([
    ["/", send(home, "text/html; charset=utf-8")],
    ["/faq", send(faqPage, "text/html; charset=utf-8")],
    ["/about", page("About us")],
    ["/products", page("Our bread")],
    ["/contact", page("Contact")],
    ["/css/site.css", send(".btn { background: #2e86ab; }\n.btn:hover { background: #2E86AB }\na { color: #f6ae2d; }\n.tag { color: #2e86ab }", "text/css")],
    ["/css/theme.css", send(":root { --accent: #f6ae2d; --text: #222222; --muted: hsl(0, 0%, 50%); }", "text/css; charset=utf-8")],
    ["/css/extra.css", send(".x { color: #9b59b6 } .y { color: #9b59b6 } .z { color: #9b59b6 } .w { color: #9b59b6 }", "text/css")],
    ["/sitemap.xml", send(sitemap(origin), "application/xml")],
    ["/start", (_request, response) => response.writeHead(301, { location: "/" }).end()],
    // To this same server under names that must be refused (tests resolve and allow-list them to loopback).
    ["/to-casino", (_request, response) => response.writeHead(302, { location: `http://live-casino.nl:${new URL(origin).port}/` }).end()],
    ["/to-internal", (_request, response) => response.writeHead(302, { location: `http://shop.internal:${new URL(origin).port}/` }).end()],
    ["/to-metadata", (_request, response) => response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end()],
    // Answers after a while: the server must go on answering others meanwhile.
    ["/slow", (request, response) => void setTimeout(() => send(home, "text/html; charset=utf-8")(request, response), 600)],
    ["/brochure.pdf", send("%PDF-1.4\n", "application/pdf")],
    ["/broken", send("<h1>Server error</h1>", "text/html", 500)],
    // The home page with 400 kB more of plain boxes: large enough to be read in the page parser's worker.
    ["/large", send(home.replace("</main>", `${'<div class="filler"><span>Bread</span> <span>and</span> cake.</div>\n'.repeat(6_000)}</main>`), "text/html; charset=utf-8")],
    // 1.5 MB of elements nested 300,000 deep: parsed as it is, it held the whole server for minutes.
    ["/deep", send(`<html><body>${"<div>".repeat(300_000)}Welcome</body></html>`, "text/html; charset=utf-8")],
  ]);
}

export async function startOnboardingSite(): Promise<OnboardingSite> {
  let routes = new Map<string, Handler>();
  const site: OnboardingSite = {
    origin: "",
    host: "",
    requests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    },
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    site.requests.push(path);
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  site.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.origin = `http://${site.host}`;
  routes = routesFor(site.origin);
  return site;
}

/** A loopback port nothing listens on (opened, then closed again). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}
