/**
 * What the onboarding wizard reads of a fetched page, as plain data that can cross to the page parser's worker
 * thread: a home page may be 2 MB of markup, which takes a second or more to parse and search, so large pages
 * are read off the main thread like scraped ones (`scraping/page-parser.ts`). Nothing here fetches.
 */
import type { LanguageCode } from "@parley/domain";
import { brandColours, logoCandidates, stylesheetsOf } from "./branding";
import type { Schemas } from "../../platform/http/contract-types";
import { faqOfPage, faqPageLinks } from "./faq";
import { linksOf, type Candidate } from "./links";
import { pageOf, siteFacts } from "./page";
import type { SiteFacts } from "./repository";

type FaqItem = Schemas["FaqItem"];

/** A page as fetched: its markup and where it was read, after redirects. */
export interface FetchedPage {
  html: string;
  url: string;
}

/** One reading of a page, and what it gives. */
export interface SiteReadings {
  /** What the URL check keeps for the later steps. */
  facts: { ask: Record<never, never>; gives: SiteFacts };
  /** The same-site stylesheets to fetch for the brand colours. */
  stylesheets: { ask: Record<never, never>; gives: string[] };
  /** Colours from the page and the stylesheets' text, and logo candidates. */
  branding: { ask: { stylesheets: string[] }; gives: { primary_colors: string[]; logo_urls: string[] } };
  /** The home page's own questions and its links to FAQ pages, the wizard's language first. */
  faqHome: { ask: { language: LanguageCode }; gives: { items: FaqItem[]; faqPages: string[] } };
  /** A FAQ page's questions. */
  faqPage: { ask: Record<never, never>; gives: FaqItem[] };
  /** Every link of the page, for the URL list. */
  links: { ask: Record<never, never>; gives: Candidate[] };
}

export type SiteReadingKind = keyof SiteReadings;

export type SiteReading = { [Kind in SiteReadingKind]: { kind: Kind } & SiteReadings[Kind]["ask"] }[SiteReadingKind];

/** The characters a reading parses: the page, and for the colours the stylesheets too. */
export function readingSize(page: FetchedPage, reading: SiteReading): number {
  return page.html.length + (reading.kind === "branding" ? reading.stylesheets.reduce((sum, css) => sum + css.length, 0) : 0);
}

/** Reads a page; a page nested too deeply to read is `url_page_too_complex`. */
export function readSite(fetched: FetchedPage, reading: SiteReading): SiteReadings[SiteReadingKind]["gives"] {
  const page = pageOf(fetched.html, fetched.url);
  switch (reading.kind) {
    case "facts":
      return siteFacts(page);
    case "stylesheets":
      return stylesheetsOf(page);
    case "branding":
      return { primary_colors: brandColours(page.$, reading.stylesheets), logo_urls: logoCandidates(page) };
    case "faqHome":
      return { items: faqOfPage(page.$, false), faqPages: faqPageLinks(page, reading.language) };
    case "faqPage":
      return faqOfPage(page.$, true);
    case "links":
      return linksOf(page);
  }
}
