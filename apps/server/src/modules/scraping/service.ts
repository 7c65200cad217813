import { assertUrlBatchSize, DomainError, type ErrorCode } from "@parley/domain";
import { gunzipSync } from "node:zlib";
import type { BodyOf, Schemas } from "../../platform/http/contract-types";
import type { OutboundClient } from "../../platform/outbound/client";
import { outboundError } from "../../platform/outbound/client";
import { decodeText } from "../../platform/outbound/charset";
import { type PageComponent } from "./html";
import { sharedPageParser, type PageParser } from "./page-parser";
import { robotsSitemaps, subjectFromUrl, type SitemapContent } from "./sitemap";

export type ScrapeWebsiteInput = BodyOf<"scrapeStaticWebsite">;
export type ScrapeSitemapInput = BodyOf<"scrapeSitemap">;
type ScrapeFailure = Schemas["ScrapeFailure"];

export interface ScrapingSettings {
  /** Pages of one host fetched at the same time. */
  perHost?: number;
  /** Pages fetched at the same time in one call, all hosts together. */
  total?: number;
  /** Reads the fetched pages (the process's shared one unless given). */
  pageParser?: PageParser;
}

export const htmlTypes = ["text/html", "application/xhtml+xml"];
// Servers label sitemaps every way there is, gzipped ones included.
const sitemapTypes = [
  "application/xml",
  "text/xml",
  "application/gzip",
  "application/x-gzip",
  "application/octet-stream",
  "text/plain",
  // Served as a page by mistake, or a page given as a sitemap: the parse tells which.
  "text/html",
];
const maxSitemapBytes = 10 * 1024 * 1024;
/** Pieces of text merged between two turns of the event loop. */
const mergeSlice = 5_000;
/** Sitemaps read for one call (an index and its children). */
const maxSitemaps = 50;
/** An index inside an index inside an index, and no deeper. */
const maxSitemapDepth = 3;
/** Page URLs answered from one sitemap. */
export const maxSitemapUrls = 5_000;

/** Runs `work` over `items` with at most `perHost` at once per host and `total` at once overall. */
async function forEachLimited<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  limits: { perHost: number; total: number },
  work: (item: T) => Promise<void>,
): Promise<void> {
  const waiting = [...items];
  const running = new Map<string, number>();
  let active = 0;
  await new Promise<void>((done, failed) => {
    const next = () => {
      if (waiting.length === 0 && active === 0) return done();
      for (let index = 0; index < waiting.length && active < limits.total; ) {
        const item = waiting[index]!;
        const host = hostOf(item);
        if ((running.get(host) ?? 0) >= limits.perHost) {
          index += 1;
          continue;
        }
        waiting.splice(index, 1);
        running.set(host, (running.get(host) ?? 0) + 1);
        active += 1;
        work(item)
          .then(() => {
            running.set(host, running.get(host)! - 1);
            active -= 1;
            next();
          })
          .catch(failed);
      }
    };
    next();
  });
}

/** `URL.parse` of Node 22, which Node 20 lacks. */
function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A URL the user sent: present, and fetchable as far as its text tells. */
function requiredUrl(client: OutboundClient, text: string): URL {
  const trimmed = text.trim();
  if (trimmed === "") throw new DomainError("no_url_provided");
  return client.check(trimmed);
}

export function createScrapingService(client: OutboundClient, settings: ScrapingSettings = {}) {
  const limits = { perHost: settings.perHost ?? 4, total: settings.total ?? 12 };
  const pageParser = settings.pageParser ?? sharedPageParser();

  async function fetchPage(url: URL, options: { tags: readonly string[]; filteredClasses: readonly string[] }) {
    const response = await client.fetch(url.href, { accept: htmlTypes, as: "text" });
    if (!isSuccess(response.status)) throw outboundError("url_status_not_ok");
    return pageParser.parse(response.text, response.url, options);
  }

  async function fetchSitemap(url: string): Promise<SitemapContent> {
    const response = await client.fetch(url, { accept: sitemapTypes, as: "bytes", maxBytes: maxSitemapBytes });
    if (!isSuccess(response.status)) throw outboundError("url_status_not_ok");
    let bytes = response.body;
    // A .xml.gz file is gzip in the body itself, whatever its Content-Encoding said.
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        bytes = gunzipSync(bytes, { maxOutputLength: maxSitemapBytes });
      } catch (error) {
        throw outboundError(error instanceof RangeError ? "url_response_too_large" : "url_response_invalid", error);
      }
    }
    // Sitemaps are UTF-8 by their protocol.
    return pageParser.parseSitemap(decodeText(bytes, "application/xml; charset=utf-8"));
  }

  /** The sitemaps a site root names in its robots.txt, or its /sitemap.xml when it names none. */
  async function sitemapsOfSite(root: URL): Promise<string[]> {
    const robots = await client.fetch(new URL("/robots.txt", root).href, { accept: ["text/plain"], as: "text" });
    const named = isSuccess(robots.status) ? robotsSitemaps(robots.text) : [];
    return named.length > 0 ? named : [new URL("/sitemap.xml", root).href];
  }

  return {
    async scrapeWebsite(input: ScrapeWebsiteInput) {
      const single = typeof input.url === "string";
      const texts = typeof input.url === "string" ? [input.url] : input.url;
      assertUrlBatchSize(texts.length);
      const options = { tags: input.tags, filteredClasses: input.filtered_classes ?? [] };

      // Every entry is judged before any is fetched: one refused address refuses the list.
      const refusals: { path: string; message: string; code: ErrorCode }[] = [];
      const urls: { sent: string; url: URL }[] = [];
      texts.forEach((text, index) => {
        try {
          urls.push({ sent: text, url: requiredUrl(client, text) });
        } catch (error) {
          if (!(error instanceof DomainError) || single) throw error;
          refusals.push({ path: `url.${index}`, message: `${error.message} (${text})`, code: error.code });
        }
      });
      if (refusals.length > 0) {
        throw new DomainError(refusals[0]!.code, undefined, 400, refusals.map(({ path, message }) => ({ path, message })));
      }
      if (urls.length === 0) throw new DomainError("no_url_provided");

      const pages = new Map<string, { title: string; components: PageComponent[] } | ScrapeFailure>();
      const unique = [...new Map(urls.map((entry) => [entry.url.href, entry])).values()];
      await forEachLimited(
        unique,
        (entry) => entry.url.host,
        limits,
        async (entry) => {
          try {
            pages.set(entry.url.href, await fetchPage(entry.url, options));
          } catch (error) {
            if (single || !(error instanceof DomainError)) throw error;
            pages.set(entry.url.href, { url: entry.sent, code: error.code, message: error.message });
          }
        },
      );

      const failed: ScrapeFailure[] = [];
      const components: PageComponent[] = [];
      // A Map: a heading may be called `constructor` or `__proto__`.
      const subjectUrls = new Map<string, string>();
      // The same text twice (a banner on every page) is kept once, where it first appears.
      const seen = new Set<string>();
      for (const { url } of unique) {
        const page = pages.get(url.href)!;
        if ("code" in page) {
          failed.push(page);
          continue;
        }
        for (const [index, component] of page.components.entries()) {
          // A page of hundreds of thousands of pieces (a 10 MB page) is merged in slices, letting other requests in.
          if (index > 0 && index % mergeSlice === 0) await new Promise<void>((resolve) => setImmediate(resolve));
          if (seen.has(component.text)) continue;
          seen.add(component.text);
          components.push(component);
          if (!subjectUrls.has(component.subject)) subjectUrls.set(component.subject, component.url);
        }
      }
      if (failed.length === unique.length) {
        // Every page failed the same way (the site's name is not found, it does not answer): that says what to
        // fix; different failures are summed up as no data.
        const codes = new Set(failed.map((failure) => failure.code));
        throw outboundError(codes.size === 1 ? failed[0]!.code : "no_scrape_data");
      }
      return { status: "success" as const, subject_url_map: Object.fromEntries(subjectUrls), components, failed };
    },

    /** `caps` reads less than the defaults (the onboarding scan wants a few pages quickly, not every page). */
    async scrapeSitemap(input: ScrapeSitemapInput, caps: { sitemaps?: number; urls?: number } = {}) {
      const sitemapsCap = Math.min(caps.sitemaps ?? maxSitemaps, maxSitemaps);
      const urlsCap = Math.min(caps.urls ?? maxSitemapUrls, maxSitemapUrls);
      const start = requiredUrl(client, input.url);
      const atRoot = start.pathname === "/" || start.pathname.toLowerCase() === "/robots.txt";
      const roots = atRoot ? await sitemapsOfSite(start) : [start.href];

      const found = new Map<string, Schemas["FoundUrl"]>();
      const read = new Set<string>();
      let firstFailure: unknown;
      // Breadth first: the index's own pages before those of its nested indexes.
      let level = roots.map((url) => ({ url, depth: 1 }));
      while (level.length > 0 && found.size < urlsCap) {
        const nested: { url: string; depth: number }[] = [];
        const batch: typeof level = [];
        for (const entry of level) {
          if (read.has(entry.url) || read.size >= sitemapsCap) continue;
          read.add(entry.url);
          batch.push(entry);
        }
        const results = new Map<string, SitemapContent>();
        await forEachLimited(
          batch,
          ({ url }) => parsedUrl(url)?.host ?? url,
          limits,
          async ({ url }) => {
            try {
              results.set(url, await fetchSitemap(url));
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              firstFailure ??= error;
            }
          },
        );
        for (const { url, depth } of batch) {
          const content = results.get(url);
          if (content?.kind === "index" && depth < maxSitemapDepth)
            nested.push(...content.sitemaps.map((child) => ({ url: child, depth: depth + 1 })));
          if (content?.kind === "other") {
            // The one sitemap asked for is no sitemap at all: say so. Elsewhere it is one failure more.
            if (depth === 1 && roots.length === 1) throw outboundError("unexpected_response_format");
            firstFailure ??= outboundError("unexpected_response_format");
          }
          if (content?.kind !== "pages") continue;
          for (const loc of content.urls) {
            const page = parsedUrl(loc);
            if (!page || (page.protocol !== "http:" && page.protocol !== "https:") || page.href.length > 2048) continue;
            if (found.size >= urlsCap) break;
            if (!found.has(page.href)) found.set(page.href, { url: page.href, subject: subjectFromUrl(page) });
          }
        }
        level = nested;
      }
      // The sitemap asked for could not be read: its own problem. Only children failing: no data.
      if (found.size === 0 && firstFailure !== undefined) {
        throw read.size === 1 ? firstFailure : outboundError("no_scrape_data");
      }
      return { status: "success" as const, data: [...found.values()] };
    },
  };
}
