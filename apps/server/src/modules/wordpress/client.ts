import { DomainError, serviceReasons } from "@parley/domain";
import { load } from "cheerio";
import { LRUCache } from "lru-cache";
import type { OutboundClient } from "../../platform/outbound/client";
import { maxHtmlDepth, nestsDeeperThan, tagsDropped } from "../../platform/html";
import { extractPageText, type PageText } from "../scraping/html";
import { sharedPageParser } from "../scraping/page-parser";

/*
 * WordPress's own REST API (`/wp-json/wp/v2/pages`, `/posts`), read through the one guarded outbound client.
 * What WordPress answers: a JSON array with the totals in `X-WP-Total` / `X-WP-TotalPages`; 400
 * `rest_post_invalid_page_number` for a page past the last; 404 `rest_no_route` for a route it lacks. A site
 * without pretty permalinks has no `/wp-json/` path (its 404 page, or its home page, answers instead) but
 * still answers `?rest_route=/wp/v2/pages`, so that form is tried when the first gives no REST answer.
 */

export const wordpressTypes = ["page", "post"] as const;
export type WordpressType = (typeof wordpressTypes)[number];

const routes = { page: "/wp/v2/pages", post: "/wp/v2/posts" } satisfies Record<WordpressType, string>;

/** A page or post as listed: its id, its title as text, its address. */
export interface RemoteItem {
  id: number;
  type: WordpressType;
  title: string;
  link: string;
}

/** A page or post with its content as training text (empty when it has none, or is password-protected). */
export interface RemoteDocument extends RemoteItem {
  text: string;
}

export interface Listing {
  items: RemoteItem[];
  total: number;
  totalPages: number;
}

/** WordPress's own cap on `per_page`. */
const maxPerPage = 100;
/** A page of the API with `content` can be large; WordPress sites rarely send more than a few MiB. */
const maxAnswerBytes = 8 * 1024 * 1024;

/** The tags whose text is a page's content; `div` catches text WordPress left outside any paragraph. */
const contentTags = ["h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "dt", "dd", "td", "th", "blockquote", "pre", "figcaption", "div"];

function collapse(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

/** `title.rendered` as a reader sees it: entities decoded, tags and extra space dropped. */
export function renderedText(html: string): string {
  return collapse(nestsDeeperThan(html, maxHtmlDepth) ? tagsDropped(html) : load(html).text());
}

/** `content.rendered` as training text: the scraper's cleaning (scripts, hidden and framing parts out), a line per block. */
export function contentText(html: string, link: string): string {
  // A post nested too deeply to parse keeps its words, without the cleaning.
  if (nestsDeeperThan(html, maxHtmlDepth)) return collapse(tagsDropped(html));
  return textOf(extractPageText(`<div>${html}</div>`, link, { tags: contentTags }));
}

const textOf = (page: PageText) => page.components.map((component) => component.text).join("\n");

/**
 * `contentText`, with a large post read in the page parser's worker and the event loop let through before each
 * post: an answer of the API may hold 8 MiB of posts, seconds of parsing.
 */
async function contentTextOffThread(html: string, link: string): Promise<string> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (nestsDeeperThan(html, maxHtmlDepth)) return collapse(tagsDropped(html));
  return textOf(await sharedPageParser().parse(`<div>${html}</div>`, link, { tags: contentTags }));
}

/**
 * The root of the WordPress site at an address the user typed: scheme, host and path (a site may live under
 * `/blog`), without a query, a fragment, a pasted `/wp-json/...` or `index.php`, or a trailing slash. A blank
 * address is `no_wordpress_url`; one the outbound client would refuse is refused here already (400).
 */
export function siteRoot(client: OutboundClient, text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") throw new DomainError("no_wordpress_url");
  return wordpressRootOf(client.check(trimmed));
}

/** A WordPress site's root from an address on it: its REST API, `index.php`, a query and a trailing slash dropped. */
export function wordpressRootOf(url: URL): string {
  const path = url.pathname.replace(/\/wp-json(\/.*)?$/u, "").replace(/\/index\.php$/u, "").replace(/\/+$/u, "");
  return `${url.origin}${path}`;
}

interface RestAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function restCode(body: unknown): string | undefined {
  return body !== null && typeof body === "object" && typeof (body as { code?: unknown }).code === "string" ? (body as { code: string }).code : undefined;
}

/** WordPress's REST API answered: a JSON list or object, or one of its JSON errors other than "no such route". */
function isRestAnswer(answer: RestAnswer): boolean {
  if (answer.status >= 200 && answer.status < 300) return Array.isArray(answer.body) || (answer.body !== null && typeof answer.body === "object");
  const code = restCode(answer.body);
  return code !== undefined && code !== "rest_no_route";
}

const noRestApi = () => new DomainError("service_unavailable", serviceReasons.wordpress_no_rest_api, 503);

function headerNumber(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\s*\d+\s*$/u.test(text)) return undefined;
  return Number(text);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** An item of WordPress's answer, or undefined when it is not one (a plugin's odd answer is skipped, not trusted). */
function itemOf(value: unknown, type: WordpressType): (RemoteItem & { html: string }) | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const entry = value as { id?: unknown; link?: unknown; title?: { rendered?: unknown }; content?: { rendered?: unknown } };
  if (typeof entry.id !== "number" || !Number.isSafeInteger(entry.id) || entry.id < 0) return undefined;
  if (typeof entry.link !== "string" || !isHttpUrl(entry.link)) return undefined;
  const title = typeof entry.title?.rendered === "string" ? renderedText(entry.title.rendered) : "";
  const html = typeof entry.content?.rendered === "string" ? entry.content.rendered : "";
  return { id: entry.id, type, title: title === "" ? entry.link : title, link: entry.link, html };
}

export interface WordpressClient {
  list(root: string, type: WordpressType, page: number, perPage: number): Promise<Listing>;
  /** The pages or posts with these ids (those the site no longer has are left out). */
  documents(root: string, type: WordpressType, ids: readonly number[]): Promise<RemoteDocument[]>;
}

export function createWordpressClient(outbound: OutboundClient): WordpressClient {
  // Which form of address a site answers (pretty `/wp-json/` or `?rest_route=`), so paging a site that needs the
  // second does not first ask for the one it lacks every time.
  const plainSites = new LRUCache<string, true>({ max: 1_000, ttl: 10 * 60_000 });

  async function get(url: string): Promise<RestAnswer> {
    const response = await outbound.fetch(url, { accept: ["application/json"], as: "text", maxBytes: maxAnswerBytes });
    return { status: response.status, body: parseJson(response.text), headers: response.headers };
  }

  /** The REST API's answer at one form of address, or undefined when something else (a page in HTML) answered. */
  async function attempt(url: string): Promise<RestAnswer | undefined> {
    try {
      const answer = await get(url);
      return isRestAnswer(answer) ? answer : undefined;
    } catch (error) {
      // The site's home page (a 200 in HTML) answered instead of its API.
      if (error instanceof DomainError && error.code === "url_content_type_not_accepted") return undefined;
      throw error;
    }
  }

  async function call(root: string, route: string, query: URLSearchParams): Promise<RestAnswer> {
    if (!plainSites.has(root)) {
      const answer = await attempt(`${root}/wp-json${route}?${query}`);
      if (answer) return answer;
    }
    const answer = await attempt(`${root}/?${new URLSearchParams([["rest_route", route], ...query])}`);
    if (!answer) throw noRestApi();
    plainSites.set(root, true);
    return answer;
  }

  return {
    async list(root, type, page, perPage) {
      const query = new URLSearchParams({ per_page: String(Math.min(perPage, maxPerPage)), page: String(page), _fields: "id,title,link" });
      const answer = await call(root, routes[type], query);
      if (answer.status === 400 && restCode(answer.body) === "rest_post_invalid_page_number") {
        return { items: [], total: headerNumber(answer.headers["x-wp-total"]) ?? 0, totalPages: headerNumber(answer.headers["x-wp-totalpages"]) ?? 0 };
      }
      if (answer.status !== 200 || !Array.isArray(answer.body)) throw noRestApi();
      const items = answer.body.flatMap((value) => {
        const item = itemOf(value, type);
        return item ? [{ id: item.id, type: item.type, title: item.title, link: item.link }] : [];
      });
      const total = headerNumber(answer.headers["x-wp-total"]) ?? (page - 1) * perPage + items.length;
      const totalPages = headerNumber(answer.headers["x-wp-totalpages"]) ?? Math.ceil(total / perPage);
      return { items, total, totalPages };
    },

    async documents(root, type, ids) {
      const found: RemoteDocument[] = [];
      for (let start = 0; start < ids.length; start += maxPerPage) {
        const batch = ids.slice(start, start + maxPerPage);
        const query = new URLSearchParams({ include: batch.join(","), per_page: String(maxPerPage), _fields: "id,title,link,content" });
        const answer = await call(root, routes[type], query);
        if (answer.status !== 200 || !Array.isArray(answer.body)) throw noRestApi();
        const wanted = new Set(batch);
        for (const value of answer.body) {
          const item = itemOf(value, type);
          if (!item || !wanted.has(item.id)) continue;
          wanted.delete(item.id);
          found.push({ id: item.id, type, title: item.title, link: item.link, text: await contentTextOffThread(item.html, item.link) });
        }
      }
      return found;
    },
  };
}
