import {
  checkWebsiteUrl,
  DomainError,
  errorMessages,
  findBlockedKeyword,
  isNonPublicDomain,
  successMessages,
  type ErrorCode,
  type LanguageCode,
} from "@parley/domain";
import { isIP } from "node:net";
import type { Db } from "../../platform/db/db";
import type { AnswerOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { outboundError, type OutboundClient } from "../../platform/outbound/client";
import { sharedPageParser, type PageParser } from "../scraping/page-parser";
import { htmlTypes, isSuccess, type createScrapingService } from "../scraping/service";
import { notFound } from "../tenancy";
import { maxStylesheetBytes } from "./branding";
import { tidyFaq } from "./faq";
import { proposeUrls, type Candidate } from "./links";
import { proposePersona, type PersonaModel } from "./persona";
import * as repository from "./repository";
import type { AttemptSteps, OnboardingAttemptRecord } from "./repository";
import type { FetchedPage, SiteReading } from "./site-reading";

type CheckAnswer = AnswerOf<"checkOnboardingUrl">;

export interface OnboardingDependencies {
  db: Db;
  outbound: OutboundClient;
  scraping: ReturnType<typeof createScrapingService>;
  /** A language model for the persona; the template otherwise. */
  model?: PersonaModel;
  /** Reads the fetched pages (large ones off the main thread); the process's own by default. */
  pageParser?: PageParser;
  logError: (message: string, error: unknown) => void;
}

/** A home page is rarely over 500 kB; 2 MB leaves room for inlined styles and scripts, and caps what one scan parses. */
export const maxPageBytes = 2 * 1024 * 1024;

/** A web page through the guarded client (address checks, time and size caps); an error status is a failure. */
async function fetchPage(outbound: OutboundClient, address: string): Promise<FetchedPage> {
  const response = await outbound.fetch(address, { accept: htmlTypes, as: "text", maxBytes: maxPageBytes });
  if (!isSuccess(response.status)) throw outboundError("url_status_not_ok");
  return { html: response.text, url: response.url };
}

/**
 * A step could not read the attempt's website: 503 `domain_unreachable`, with the guarded client's own
 * words for why (not found, timed out, an error status, too complex to read…). Anything that is not such a
 * failure is a bug and goes on to the error handler as it is.
 */
function unreachable(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const message = error.code.startsWith("url_") ? errorMessages[error.code] : errorMessages.domain_unreachable;
  return new DomainError("domain_unreachable", message, 503);
}

/** Sitemaps read for the URL list (robots.txt's, an index's first children): a few pages quickly, not the whole site. */
const sitemapCaps = { sitemaps: 3, urls: 500 };

/**
 * The URL check's outcome for each refusal of the guarded client (spec 01 §5's outcomes), with the client's
 * own words as the message, which say what to do:
 * - `url_not_allowed`: the form of the address is not fetched (scheme, user name or password, port);
 * - `url_unsafe`: the address is, or its name resolves to, a private, loopback, link-local (metadata) or
 *   reserved address; the client refuses before any packet is sent;
 * - `domain_unreachable`: anything on the site's side (name not found, no answer, refused, an error status,
 *   no web page, too large to read).
 */
const checkOutcomes: Partial<Record<ErrorCode, ErrorCode>> = {
  url_parse_error: "url_parse_error",
  url_not_allowed: "url_not_allowed",
  url_credentials_not_allowed: "url_not_allowed",
  url_port_not_allowed: "url_not_allowed",
  url_address_not_allowed: "url_unsafe",
};

function invalid(code: ErrorCode, message: string = errorMessages[code]): CheckAnswer {
  return { status: "success", valid: false, code, message, attempt_id: null };
}

function refusalOf(error: unknown): CheckAnswer {
  if (!(error instanceof DomainError)) throw error;
  return invalid(checkOutcomes[error.code] ?? "domain_unreachable", errorMessages[error.code]);
}

/** Whether the user typed a scheme (`https://acme.nl`), rather than leaving it to us (`acme.nl`). */
const hasScheme = (text: string) => /^\s*[a-z][a-z0-9+.-]*:\/\//i.test(text);

/** What the host's name alone refuses (IP literals are the guarded client's to judge). */
function refusalOfName(url: URL): CheckAnswer | undefined {
  if (isIP(url.hostname.replace(/^\[(.*)\]$/, "$1")) !== 0) return undefined;
  if (isNonPublicDomain(url.hostname)) return invalid("domain_blocked");
  if (findBlockedKeyword(url.hostname)) return invalid("blocked_keyword");
  return undefined;
}

export function createOnboardingService(deps: OnboardingDependencies) {
  const { db, outbound } = deps;
  const pages = deps.pageParser ?? sharedPageParser();

  /**
   * A step's page of the attempt's website with the step's first reading of it; failing to fetch or read it
   * is the step's 503.
   */
  async function homeOf<Reading extends SiteReading>(attempt: OnboardingAttemptRecord, reading: Reading) {
    try {
      const home = await fetchPage(outbound, attempt.url);
      return { home, read: await pages.readSite(home, reading) };
    } catch (error) {
      throw unreachable(error);
    }
  }

  /**
   * The home page the user typed. `acme.nl` typed without a scheme is tried as https; a site without TLS
   * (the connection failed, e.g. in the handshake) is tried once more as http. Not after a timeout: the user
   * has waited long enough, and not when the user chose https.
   */
  async function readTypedPage(url: URL, schemeTyped: boolean) {
    try {
      return await fetchPage(outbound, url.href);
    } catch (error) {
      if (schemeTyped || !(error instanceof DomainError) || error.code !== "url_connection_failed") throw error;
      const plain = new URL(url.href);
      plain.protocol = "http:";
      return fetchPage(outbound, plain.href);
    }
  }

  async function store<Step extends keyof AttemptSteps>(caller: Caller, attempt: OnboardingAttemptRecord, step: Step, value: AttemptSteps[Step]) {
    // Gone between the load and now (the user was deleted): as if it had never been there.
    if (!(await repository.saveStep(db, caller.userId, attempt.id, step, value))) throw notFound();
  }

  /** The text of the same-site stylesheets, those that could be read; one failing costs its colours only. */
  async function stylesheetTexts(urls: readonly string[]): Promise<string[]> {
    const read = await Promise.allSettled(
      urls.map((url) => outbound.fetch(url, { accept: ["text/css", "text/plain"], as: "text", maxBytes: maxStylesheetBytes })),
    );
    return read.flatMap((result) => (result.status === "fulfilled" && isSuccess(result.value.status) ? [result.value.text] : []));
  }

  return {
    /** The caller's own attempt (the tenant loader of `x-tenant: onboardingAttempt`). */
    visible: (caller: Caller, id: string) => repository.findAttempt(db, caller.userId, id),

    /**
     * Spec 01 §5's outcomes, all answered 200 (`valid` false with a code and message) except a valid URL,
     * which starts an attempt. Judged in order of cost: the text, the name, the address, then one fetch of
     * the home page, which is the only way to know the site is there and is a website.
     */
    async checkUrl(caller: Caller, text: string): Promise<CheckAnswer> {
      const typed = checkWebsiteUrl(text);
      if (!typed.ok) return invalid(typed.code);
      const url = typed.url;
      url.hash = "";
      const byName = refusalOfName(url);
      if (byName) return byName;
      try {
        outbound.check(url.href);
      } catch (error) {
        return refusalOf(error);
      }
      let page;
      try {
        page = await readTypedPage(url, hasScheme(text));
      } catch (error) {
        return refusalOf(error);
      }
      // A redirect may lead anywhere: the site is where it ended, and that name is judged too.
      const byFinalName = refusalOfName(new URL(page.url));
      if (byFinalName) return byFinalName;
      let facts;
      try {
        facts = await pages.readSite(page, { kind: "facts" });
      } catch (error) {
        return refusalOf(error);
      }
      const attempt = await repository.insertAttempt(db, caller.userId, new URL(page.url).href, facts);
      return { status: "success", valid: true, code: null, message: successMessages.url_valid, attempt_id: attempt.id };
    },

    async discoverBranding(caller: Caller, attempt: OnboardingAttemptRecord): Promise<AnswerOf<"discoverBranding">> {
      const { home, read: stylesheets } = await homeOf(attempt, { kind: "stylesheets" });
      const branding = await pages.readSite(home, { kind: "branding", stylesheets: await stylesheetTexts(stylesheets) }).catch((error: unknown) => {
        throw unreachable(error);
      });
      await store(caller, attempt, "branding", branding);
      return { status: "success", branding };
    },

    /** Needs no fetch: the check kept the site's name and description. */
    async generatePersona(caller: Caller, attempt: OnboardingAttemptRecord, language: LanguageCode): Promise<AnswerOf<"generateAssistantPersona">> {
      const persona = await proposePersona(attempt.site, language, deps.model, deps.logError);
      await store(caller, attempt, "persona", persona);
      return { status: "success", persona };
    },

    async extractFaq(caller: Caller, attempt: OnboardingAttemptRecord, language: LanguageCode): Promise<AnswerOf<"extractFaq">> {
      const { read: home } = await homeOf(attempt, { kind: "faqHome", language });
      // The FAQ pages at once (three at most, one site); one that fails costs its questions only.
      const faqPages = await Promise.allSettled(home.faqPages.map(async (href) => pages.readSite(await fetchPage(outbound, href), { kind: "faqPage" })));
      const found = [...home.items, ...faqPages.flatMap((page) => (page.status === "fulfilled" ? page.value : []))];
      const faq = tidyFaq(found);
      await store(caller, attempt, "faq", faq);
      return { status: "success", faq };
    },

    async extractUrls(caller: Caller, attempt: OnboardingAttemptRecord): Promise<AnswerOf<"extractUrls">> {
      const { home, read: links } = await homeOf(attempt, { kind: "links" });
      const site = new URL(home.url);
      let sitemap: Candidate[] = [];
      try {
        const read = await deps.scraping.scrapeSitemap({ url: new URL("/", site).href }, sitemapCaps);
        sitemap = read.data.map((entry) => ({ href: entry.url, text: "" }));
      } catch (error) {
        // No sitemap (or none that can be read): the home page's links are the list.
        if (!(error instanceof DomainError)) throw error;
      }
      const urls = proposeUrls([{ href: site.href, text: attempt.site.name }, ...links, ...sitemap], site);
      await store(caller, attempt, "urls", urls);
      return { status: "success", urls };
    },

    attempt(attempt: OnboardingAttemptRecord): AnswerOf<"getOnboardingAttempt"> {
      return {
        status: "success",
        data: {
          attempt_id: attempt.id,
          url: attempt.url,
          userId: attempt.userId,
          branding: attempt.branding,
          persona: attempt.persona,
          faq: attempt.faq,
          urls: attempt.urls,
          screenshot_url: attempt.site.image,
          created_at: attempt.createdAt,
        },
      };
    },

    /** No browser runs here, so no screenshot is taken: the site's own preview picture stands in (see the contract). */
    screenshot(attempt: OnboardingAttemptRecord): AnswerOf<"getOnboardingScreenshot"> {
      return { status: "success", url: attempt.site.image, original_url: attempt.url };
    },
  };
}
