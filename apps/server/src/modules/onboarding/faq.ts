import { onboardingScanLimits, type LanguageCode } from "@parley/domain";
import { load, type CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { maxHtmlDepth, nestsDeeperThan, tagsDropped } from "../../platform/html";
import type { Schemas } from "../../platform/http/contract-types";
import { absolute, clean, leadingText } from "../scraping/html";
import { isSameSite, shorten, type Page } from "./page";

type FaqItem = Schemas["FaqItem"];

/*
 * Extractive: only questions the site itself answers, with its own answer, so nothing is made up. A
 * question is what the site marks as one (schema.org Question data) or text ending in a question mark; on
 * a page that is itself a FAQ page, every `details`/`summary` and `dt`/`dd` pair counts.
 */

const maxQuestionLength = 300;
const maxAnswerLength = 2000;
/**
 * How much of a question's element is read: enough to see the question mark that ends a long one (a
 * question is kept shortened to `maxQuestionLength`), not the rest of a page it may wrap.
 */
const maxReadQuestionLength = 2000;
/** One JSON-LD script is read up to this size; structured data of a page is a few kB. */
const maxJsonLdLength = 512 * 1024;
/** Nodes of the JSON-LD walked at most, over all scripts of a page. */
const maxJsonLdNodes = 10_000;

const isQuestion = (text: string) => /[?？]$/u.test(text);

/** Elements whose end is a break between words; `text()` alone runs `<p>a</p><p>b</p>` together. */
const blocks = "p, div, li, dt, dd, td, th, tr, h1, h2, h3, h4, h5, h6, section, article, summary, blockquote, pre, ul, ol, table";

/** Text of an HTML fragment (a JSON-LD answer may hold markup), words kept apart. */
function fragmentText(html: string): string {
  if (nestsDeeperThan(html, maxHtmlDepth)) return clean(tagsDropped(html));
  const $ = load(html, null, false);
  $(blocks).append(" ");
  $("br").replaceWith(" ");
  return clean($.root().text());
}

function hasType(node: Record<string, unknown>, type: string): boolean {
  const types = node["@type"];
  return Array.isArray(types) ? types.includes(type) : types === type;
}

/** The first text of a JSON-LD value that may be a string, an object with `text` or a list of either. */
function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return textOf(value[0]);
  if (value !== null && typeof value === "object") return textOf((value as Record<string, unknown>).text);
  return undefined;
}

/** Every schema.org Question with an accepted answer in the page's JSON-LD (a FAQPage's mainEntity, a @graph…). */
function jsonLdQuestions($: CheerioAPI): FaqItem[] {
  const items: FaqItem[] = [];
  let nodes = 0;
  const walk = (value: unknown) => {
    if (nodes++ > maxJsonLdNodes || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach(walk);
    const node = value as Record<string, unknown>;
    if (hasType(node, "Question")) {
      const question = textOf(node.name);
      const answer = textOf(node.acceptedAnswer) ?? textOf(node.suggestedAnswer);
      if (question && answer) items.push({ question: fragmentText(question), answer: fragmentText(answer) });
    }
    Object.values(node).forEach(walk);
  };
  $('script[type="application/ld+json"]').each((_index, element) => {
    const text = $(element).text();
    if (text.length > maxJsonLdLength) return;
    try {
      walk(JSON.parse(text));
    } catch {
      // Broken structured data is common; the page's HTML may still have the questions.
    }
  });
  return items;
}

/**
 * The text of elements one after another, read only as far as an answer can be long (one character more,
 * so that `tidyFaq` still sees it was longer).
 */
function elementText(elements: Element[]): string {
  const pieces: string[] = [];
  let length = 0;
  for (const element of elements) {
    if (length > maxAnswerLength) break;
    const piece = leadingText([element], maxAnswerLength + 1);
    pieces.push(piece);
    length += piece.length + 1;
  }
  return clean(pieces.join(" ")).slice(0, maxAnswerLength + 1);
}

const headings = "h1, h2, h3, h4, h5, h6";
const questionHeadings = "h2, h3, h4, h5, h6";

/**
 * What follows a question heading up to the next heading; in an accordion whose heading sits alone in its
 * own box (`<button><h3>…?</h3></button><div>answer</div>`), the box after that one, unless that box holds
 * a heading itself (then this question has no answer here, and the next one's is not taken for it).
 */
function headingAnswer($: CheerioAPI, heading: Element): string {
  const answer = elementText($(heading).nextUntil(headings).toArray());
  if (answer !== "") return answer;
  let holder = $(heading).parent();
  for (let level = 0; level < 2 && holder.length > 0 && !holder.is("body, main, article, section"); level += 1) {
    const next = holder.next();
    if (next.length > 0) return next.is(headings) || next.find(headings).length > 0 ? "" : leadingText(next.toArray(), maxAnswerLength + 1);
    holder = holder.parent();
  }
  return "";
}

/** Questions in the page's HTML: details/summary, dt/dd, and headings ending in "?" with what follows them. */
function htmlQuestions($: CheerioAPI, isFaqPage: boolean): FaqItem[] {
  // After the JSON-LD is read: scripts and styles are no answer text.
  $("script, style, noscript, template, svg").remove();
  $(blocks).append(" ");
  $("br").replaceWith(" ");
  const items: FaqItem[] = [];
  const accept = (question: string, answer: string, needsMark: boolean) => {
    if (!needsMark || isQuestion(question)) items.push({ question, answer });
  };
  $("details").each((_index, element) => {
    const summary = $(element).children("summary").first();
    if (summary.length === 0) return;
    // Contents, not children: an answer may be bare text after the summary.
    const answer = leadingText($(element).contents().not("summary").toArray(), maxAnswerLength + 1);
    accept(leadingText(summary.toArray(), maxReadQuestionLength), answer, !isFaqPage);
  });
  $("dt").each((_index, element) => {
    accept(leadingText([element], maxReadQuestionLength), elementText($(element).nextUntil("dt", "dd").toArray()), !isFaqPage);
  });
  $(questionHeadings).each((_index, element) => {
    const question = leadingText([element], maxReadQuestionLength);
    if (!isQuestion(question) || $(element).closest("summary, dt").length > 0) return;
    accept(question, headingAnswer($, element), true);
  });
  return items;
}

/** The questions a page answers, JSON-LD first (the site's own list), then its HTML. */
export function faqOfPage($: CheerioAPI, isFaqPage: boolean): FaqItem[] {
  return [...jsonLdQuestions($), ...htmlQuestions($, isFaqPage)];
}

/** Questions trimmed and shortened, empty ones dropped, each question once (case and end marks aside), at most 20. */
export function tidyFaq(items: readonly FaqItem[]): FaqItem[] {
  const seen = new Set<string>();
  const tidy: FaqItem[] = [];
  for (const item of items) {
    const question = shorten(clean(item.question), maxQuestionLength);
    const answer = shorten(clean(item.answer), maxAnswerLength);
    const key = question.toLowerCase().replace(/[\s?？!.¿¡:]+/gu, " ").trim();
    if (question === "" || answer === "" || key === "" || seen.has(key)) continue;
    seen.add(key);
    tidy.push({ question, answer });
    if (tidy.length === onboardingScanLimits.faqItems) break;
  }
  return tidy;
}

// Link words that name a FAQ page, strongest first; accents are stripped before matching.
const faqWords: readonly { pattern: RegExp; score: number; language?: LanguageCode }[] = [
  { pattern: /\bf\.?a\.?q\b|faqs?\b|frequently[\s-]asked/, score: 3, language: "en" },
  { pattern: /veel[\s-]?gestelde[\s-]vragen/, score: 3, language: "nl" },
  { pattern: /h(a|ae)ufig(e|en)?[\s-]?(gestellte[\s-])?fragen/, score: 3, language: "de" },
  { pattern: /preguntas[\s-]frecuentes/, score: 3, language: "es" },
  { pattern: /questions[\s-]frequentes|foire[\s-]aux[\s-]questions/, score: 3, language: "fr" },
  { pattern: /\bvragen\b|klantenservice/, score: 1, language: "nl" },
  { pattern: /\bfragen\b|\bhilfe\b|kundenservice/, score: 1, language: "de" },
  { pattern: /\bpreguntas\b|\bayuda\b/, score: 1, language: "es" },
  { pattern: /\baide\b/, score: 1, language: "fr" },
  { pattern: /\bhelp\b|\bsupport\b|\bquestions\b|customer[\s-]service/, score: 1, language: "en" },
];

const plain = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/**
 * The same-site pages the home page links to that look like a FAQ (by the link's words or address), best
 * first: FAQ words over help words, the wizard's language first on a tie, then the page's order.
 */
export function faqPageLinks({ $, url: home, base }: Page, language: LanguageCode): string[] {
  const scored = new Map<string, number>();
  $("a[href]").each((_index, element) => {
    const href = absolute(element.attribs.href, base);
    if (!href) return;
    const url = new URL(href);
    url.hash = "";
    if (!isSameSite(url, home) || url.href === home.href) return;
    const words = plain(`${$(element).text()} ${decodeURIComponentSafe(url.pathname)}`);
    const score = Math.max(0, ...faqWords.filter((word) => word.pattern.test(words)).map((word) => word.score * 2 + (word.language === language ? 1 : 0)));
    if (score > 0 && score > (scored.get(url.href) ?? 0)) scored.set(url.href, score);
  });
  // A stable sort: equal scores stay in the page's order.
  return [...scored.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([href]) => href)
    .slice(0, onboardingScanLimits.faqPages);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
