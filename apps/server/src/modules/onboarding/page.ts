import type { CheerioAPI } from "cheerio";
import { absolute, clean, extractPageText, loadFetched } from "../scraping/html";
import type { SiteFacts } from "./repository";

export interface Page {
  /** Where the page was read, after redirects. */
  url: URL;
  /** What the page's relative addresses are relative to: its `<base href>`, else its own address. */
  base: URL;
  html: string;
  $: CheerioAPI;
}

/**
 * A fetched page read for the wizard: its markup parsed (refusing one nested too deeply) and its base
 * address found. `address` is where it was read, after redirects.
 */
export function pageOf(html: string, address: string): Page {
  const url = new URL(address);
  const $ = loadFetched(html);
  const base = absolute($("base[href]").first().attr("href"), url);
  return { url, base: base ? new URL(base) : url, html, $ };
}

/** The host without `www.`: `www.acme.nl` and `acme.nl` are one site. */
function siteHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, "");
}

/**
 * Whether `url` belongs to the site of `site`: the same host, `www.` or not, or a subdomain of it
 * (`shop.acme.nl`, `cdn.acme.nl` for `www.acme.nl`). Without a public-suffix list, a sibling subdomain of
 * a shared parent (two sites under one hosting domain) is not the same site, which is the safe side.
 */
export function isSameSite(url: URL, site: URL): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = siteHost(url);
  const own = siteHost(site);
  return host === own || host.endsWith(`.${own}`);
}

/** Text cut to `max` characters at a word boundary, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/u, "")}…`;
}

function meta($: CheerioAPI, selector: string): string {
  return clean($(selector).first().attr("content") ?? "");
}

// First parts of a title that name the page, not the business ("Home | Acme").
const genericTitleParts = new Set(["home", "homepage", "start", "startpagina", "startseite", "welcome", "welkom", "willkommen", "bienvenue", "bienvenido", "inicio", "accueil", "index"]);

/** The letters of a text, lower case, for comparing names with host names. */
const letters = (text: string) => text.normalize("NFD").toLowerCase().replace(/[^a-z0-9]/g, "");

/** `acme-bakery.nl` as "Acme Bakery": the business's name when the page gives none. */
function nameFromHost(url: URL): string {
  const label = siteHost(url).split(".")[0] ?? url.hostname;
  if (/^\d+$/.test(label)) return url.host;
  return label
    .split("-")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * The business's name from a title such as "Acme Bakery | Fresh bread" or "Home - Acme Bakery": the part
 * that matches the host name, else the shortest part that is not "Home" or "Welcome".
 */
function nameFromTitle(title: string, url: URL): string | undefined {
  const parts = title
    .split(/\s+[|\-–—:·•»]\s+/u)
    .map(clean)
    .filter((part) => part !== "" && !genericTitleParts.has(part.toLowerCase()));
  if (parts.length <= 1) return parts[0];
  const host = letters(siteHost(url).split(".")[0] ?? "");
  const matching = parts.find((part) => letters(part) !== "" && (host.includes(letters(part)) || letters(part).includes(host)));
  return matching ?? [...parts].sort((a, b) => a.length - b.length)[0];
}

// Lengths that fit an instruction: a site's text ends up in what the assistant is told.
const maxNameLength = 80;
const maxDescriptionLength = 300;
const maxExcerptLength = 1500;
/** A first paragraph shorter than this is a slogan or a button, not a description. */
const minParagraphLength = 40;

/** The site's picture for previews, as an absolute http(s) address. */
export function previewImage($: CheerioAPI, base: URL): string | null {
  const reference =
    meta($, 'meta[property="og:image"]') ||
    meta($, 'meta[property="og:image:url"]') ||
    meta($, 'meta[property="og:image:secure_url"]') ||
    meta($, 'meta[name="twitter:image"]');
  return absolute(reference, base) ?? null;
}

/** What the check keeps of the home page for the later steps. */
export function siteFacts(page: Page): SiteFacts {
  const { $, url, base, html } = page;
  const name = meta($, 'meta[property="og:site_name"]') || meta($, 'meta[name="application-name"]') || nameFromTitle(clean($("title").first().text()), url) || nameFromHost(url);
  const text = extractPageText(html, url.href, { tags: ["h1", "h2", "h3", "p", "li"] });
  const firstParagraph = text.components.find((component) => component.tag === "p" && component.text.length >= minParagraphLength)?.text ?? "";
  const description = meta($, 'meta[name="description"]') || meta($, 'meta[property="og:description"]') || firstParagraph;
  return {
    name: shorten(name, maxNameLength),
    description: shorten(description, maxDescriptionLength),
    image: previewImage($, base),
    excerpt: shorten(text.components.map((component) => component.text).join("\n"), maxExcerptLength),
  };
}
