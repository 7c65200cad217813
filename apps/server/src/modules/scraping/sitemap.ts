import { isTag, type Element } from "domhandler";

import { loadFetched } from "./html";

/** What one sitemap file holds: page addresses (`urlset`) or further sitemaps (`sitemapindex`). */
export type SitemapContent = { kind: "pages"; urls: string[] } | { kind: "index"; sitemaps: string[] } | { kind: "other" };

/**
 * The `<loc>` texts of a sitemap or sitemap index (sitemaps.org 0.9), in document order; a file nested too
 * deeply to read is `url_page_too_complex`.
 */
export function parseSitemap(xml: string): SitemapContent {
  const $ = loadFetched(xml, { xml: true });
  const root = $.root().children().first();
  // Namespaces are not checked: plenty of real sitemaps get them wrong, and a name is enough.
  const name = localName(root.prop("tagName") ?? "");
  // One pass over the children with a plain loop: cheerio's `.map()` over 80,000 `<url>` elements
  // copied its result at each one (minutes in the event loop).
  const locs = (parent: string) => {
    const found: string[] = [];
    for (const element of root.children().toArray()) {
      if (localName(element.tagName) !== parent) continue;
      const loc = element.children.find((child): child is Element => isTag(child) && localName(child.tagName) === "loc");
      const text = loc ? $(loc).text().trim() : "";
      if (text !== "") found.push(text);
    }
    return found;
  };
  if (name === "urlset") return { kind: "pages", urls: locs("url") };
  if (name === "sitemapindex") return { kind: "index", sitemaps: locs("sitemap") };
  return { kind: "other" };
}

/** An element's name without its namespace prefix, in lower case. */
function localName(tagName: string): string {
  return tagName.toLowerCase().replace(/^.*:/u, "");
}

/** The addresses of robots.txt's `Sitemap:` lines (the field name in any case), in order. */
export function robotsSitemaps(robots: string): string[] {
  return [...robots.matchAll(/^[ \t]*sitemap[ \t]*:[ \t]*(\S+)/gimu)].map((match) => match[1]!);
}

/** A page's subject from its address alone: the last part of its path in words, else its host. */
export function subjectFromUrl(url: URL): string {
  const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
  let words = last;
  try {
    words = decodeURIComponent(last);
  } catch {
    // A stray % stays as written.
  }
  words = words
    .replace(/\.[a-z0-9]{1,5}$/iu, "")
    .replace(/[-_+.]+/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  return (words || url.hostname).slice(0, 200);
}
