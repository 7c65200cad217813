import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A WordPress site on loopback that answers like WordPress's REST API does (wp/v2 pages and posts): JSON
 * arrays with `X-WP-Total` and `X-WP-TotalPages`, `per_page`, `page`, `include` and `_fields`; 400
 * `rest_post_invalid_page_number` past the last page; 404 `rest_no_route` for a route it lacks; rendered
 * titles and content in HTML with entities. `pretty: false` is a site without pretty permalinks: `/wp-json/`
 * is its HTML 404 page and only `/?rest_route=/wp/v2/...` reaches the API. `restApi: false` answers
 * `rest_no_route` for the wp/v2 routes (the REST API switched off by a plugin).
 */
export interface WordpressDocument {
  id: number;
  /** As WordPress renders it: HTML, entities included. */
  title: string;
  content: string;
  slug: string;
}

export interface TestWordpress {
  origin: string;
  /** `host:port`, for OUTBOUND_ALLOWED_HOSTS. */
  host: string;
  pages: WordpressDocument[];
  posts: WordpressDocument[];
  /** Paths (with query) asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface TestWordpressOptions {
  pretty?: boolean;
  restApi?: boolean;
  pages?: WordpressDocument[];
  posts?: WordpressDocument[];
}

export const wordpressTexts = {
  opening: "The bakery opens at seven o'clock on weekdays and at eight on Saturdays.",
  gluten: "Our spelt loaf contains gluten; ask for the rice bread if you avoid it.",
  delivery: "Orders above 25 euros are delivered free of charge within Utrecht.",
  croissant: "Every croissant is folded by hand with Normandy butter.",
};

/** Twelve pages (two pages of ten) and three posts, with entities, markup and script in them. */
export function sampleDocuments(): { pages: WordpressDocument[]; posts: WordpressDocument[] } {
  const pages: WordpressDocument[] = [
    { id: 2, slug: "opening-hours", title: "Opening hours &#8211; Caf&eacute; &amp; Bakery", content: `<h2>When we are open</h2>\n<p>${wordpressTexts.opening}</p>\n<script>tracker("page view")</script>` },
    { id: 7, slug: "allergens", title: "Allergens &amp; ingredients", content: `<p>${wordpressTexts.gluten.replace("'", "&#8217;")}</p><ul><li>Spelt</li><li>Rye &amp; wheat</li></ul>` },
    { id: 11, slug: "delivery", title: "Delivery", content: `<p>${wordpressTexts.delivery}</p>` },
  ];
  for (let id = 20; pages.length < 12; id += 1) {
    pages.push({ id, slug: `page-${id}`, title: `Page number ${id}`, content: `<p>Filler page ${id} about bread number ${id}.</p>` });
  }
  const posts: WordpressDocument[] = [
    { id: 101, slug: "croissants", title: "Why our croissants &#8220;flake&#8221;", content: `<p>${wordpressTexts.croissant}</p>` },
    { id: 102, slug: "new-oven", title: "A new oven", content: "<p>We bought a new stone oven this spring.</p>" },
    { id: 103, slug: "empty", title: "Gallery", content: '<figure><img src="/bread.jpg" alt=""></figure>' },
  ];
  return { pages, posts };
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response
    .writeHead(status, { "content-type": "application/json; charset=UTF-8", "x-robots-tag": "noindex", "access-control-expose-headers": "X-WP-Total, X-WP-TotalPages, Link", ...headers })
    .end(JSON.stringify(body));

const noRoute = (response: ServerResponse) =>
  json(response, 404, { code: "rest_no_route", message: "No route was found matching the URL and request method.", data: { status: 404 } });

const notFoundPage = (response: ServerResponse) =>
  response.writeHead(404, { "content-type": "text/html; charset=UTF-8" }).end("<!doctype html><title>Page not found</title><h1>Oops! That page can&rsquo;t be found.</h1>");

function pick(entry: Record<string, unknown>, fields: string | null): Record<string, unknown> {
  if (!fields) return entry;
  const wanted = new Set(fields.split(",").map((field) => field.trim()));
  return Object.fromEntries(Object.entries(entry).filter(([key]) => wanted.has(key)));
}

export async function startTestWordpress(options: TestWordpressOptions = {}): Promise<TestWordpress> {
  const samples = sampleDocuments();
  const pages = options.pages ?? samples.pages;
  const posts = options.posts ?? samples.posts;
  const requests: string[] = [];
  let origin = "";

  function collection(response: ServerResponse, type: "page" | "post", params: URLSearchParams) {
    const documents = type === "page" ? pages : posts;
    const perPage = Number(params.get("per_page") ?? "10");
    const page = Number(params.get("page") ?? "1");
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return json(response, 400, { code: "rest_invalid_param", message: "Invalid parameter(s): per_page", data: { status: 400, params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" } } });
    }
    const include = params.get("include");
    const chosen = include ? documents.filter((document) => include.split(",").map(Number).includes(document.id)) : documents;
    const total = chosen.length;
    const totalPages = Math.ceil(total / perPage);
    if (page > totalPages && total > 0) {
      return json(response, 400, { code: "rest_post_invalid_page_number", message: "The page number requested is larger than the number of pages available.", data: { status: 400 } });
    }
    const slice = chosen.slice((page - 1) * perPage, page * perPage).map((document) =>
      pick(
        {
          id: document.id,
          date: "2026-01-01T09:00:00",
          slug: document.slug,
          status: "publish",
          type,
          link: `${origin}/${type === "post" ? "2026/01/" : ""}${document.slug}/`,
          title: { rendered: document.title },
          content: { rendered: document.content, protected: false },
          excerpt: { rendered: "", protected: false },
        },
        params.get("_fields"),
      ),
    );
    return json(response, 200, slice, { "x-wp-total": String(total), "x-wp-totalpages": String(totalPages) });
  }

  function api(response: ServerResponse, route: string, params: URLSearchParams) {
    const match = /^\/wp\/v2\/(pages|posts)\/?$/.exec(route);
    if (!match || options.restApi === false) return noRoute(response);
    return collection(response, match[1] === "pages" ? "page" : "post", params);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", origin);
    if (url.pathname.startsWith("/wp-json/")) {
      if (options.pretty === false) return notFoundPage(response);
      return api(response, url.pathname.slice("/wp-json".length), url.searchParams);
    }
    const route = url.searchParams.get("rest_route");
    if (url.pathname === "/" && route) return api(response, route, url.searchParams);
    if (url.pathname === "/") {
      return response.writeHead(200, { "content-type": "text/html; charset=UTF-8" }).end("<!doctype html><title>Acme Bakery</title><p>Just another WordPress site</p>");
    }
    return notFoundPage(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    pages,
    posts,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
