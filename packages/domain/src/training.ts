/**
 * Training rules (spec 01 §5, spec 02 §5, §7.6, §7.7, §9): how articles are split into chunks,
 * how scraped texts and found URLs are cleaned, and the limits of one training action.
 */
import { DomainError } from "./errors";

/** Articles up to this many words stay one chunk. */
export const singleChunkMaxWords = 500;
/** Articles up to this many words (and above `singleChunkMaxWords`) use `mediumChunkLength`. */
export const mediumArticleMaxWords = 2000;
export const mediumChunkLength = 500;
export const largeChunkLength = 800;
/** Words shared by neighbouring chunks of a split article. */
export const chunkOverlap = 50;

export interface SplitParameters {
  /** Words per chunk. */
  splitLength: number;
  /** Words each chunk repeats from the end of the previous one. */
  splitOverlap: number;
}

/**
 * The split length and overlap stored with an article of `wordCount` words. A short article gets a
 * length of `singleChunkMaxWords`, which always holds it in one chunk.
 */
export function splitParametersFor(wordCount: number): SplitParameters {
  if (wordCount <= singleChunkMaxWords) return { splitLength: singleChunkMaxWords, splitOverlap: 0 };
  if (wordCount <= mediumArticleMaxWords)
    return { splitLength: mediumChunkLength, splitOverlap: chunkOverlap };
  return { splitLength: largeChunkLength, splitOverlap: chunkOverlap };
}

/** The words of a text: runs of non-whitespace. */
export function wordsOf(text: string): string[] {
  return text.split(/\s+/u).filter((word) => word !== "");
}

export function countWords(text: string): number {
  return wordsOf(text).length;
}

/**
 * Cuts a text into chunks of `length` words, each starting `length - overlap` words after the
 * previous one. The final chunk may be shorter; a chunk that would only repeat the overlap of the
 * previous one is not made, and an empty text gives no chunks. Words are joined by single spaces.
 */
export function chunkWords(text: string, length: number, overlap: number): string[] {
  if (!Number.isInteger(length) || length < 1)
    throw new RangeError("Chunk length must be a positive whole number");
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= length) {
    throw new RangeError("Chunk overlap must be a whole number from 0 to below the chunk length");
  }
  const words = wordsOf(text);
  const step = length - overlap;
  const chunks: string[] = [];
  for (let start = 0; start < words.length; start += step) {
    chunks.push(words.slice(start, start + length).join(" "));
    if (start + length >= words.length) break;
  }
  return chunks;
}

/** Where a sentence ends: its closing mark, and any quote or bracket after it, before white space. */
const sentenceEnd = /[.!?…]["'”’»)\]]*(?=\s)/gu;
const paragraphBreak = /\n\s*\n/gu;

/** The end of the last match of `pattern` in `window` after `from`, or -1. */
function lastEnd(window: string, pattern: RegExp, from: number): number {
  let end = -1;
  for (const match of window.matchAll(pattern)) {
    const matchEnd = pattern === paragraphBreak ? match.index : match.index + match[0].length;
    if (matchEnd > from) end = matchEnd;
  }
  return end;
}

/** How many characters of `text` hold its first `limit` words (with the space between them). */
function charactersOfWords(text: string, limit: number): number {
  let count = 0;
  for (const match of text.matchAll(/\S+/gu)) {
    count += 1;
    if (count === limit) return match.index + match[0].length;
  }
  return text.length;
}

/**
 * A long text cut into pieces of at most `limit` characters or words, where a reader would: at a paragraph
 * break, else at the end of a sentence, else between words; a word longer than the whole limit (characters
 * only) is cut where it must. A boundary is taken only in the second half of the room, so no piece is cut
 * tiny to reach one. The pieces are trimmed; what lies between them is white space only.
 */
export function cutAtBoundaries(text: string, limit: number, unit: "characters" | "words"): string[] {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError("The limit must be a positive whole number");
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest !== "") {
    const room = unit === "characters" ? limit : charactersOfWords(rest, limit);
    if (rest.length <= room) {
      pieces.push(rest);
      break;
    }
    // The room plus the next character: a boundary right after the room (a space) still counts.
    const window = rest.slice(0, room + 1);
    const half = Math.floor(room / 2);
    let cut = lastEnd(window, paragraphBreak, half);
    if (cut < 0) cut = lastEnd(window, sentenceEnd, half);
    if (cut < 0 || cut > room) cut = window.search(/\s\S*$/u);
    if (cut <= 0) cut = room;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  return pieces.filter((piece) => piece !== "");
}

/** An article cut by the parameters its word count calls for. */
export function splitArticle(text: string): { wordCount: number; chunks: string[] } & SplitParameters {
  const wordCount = countWords(text);
  const parameters = splitParametersFor(wordCount);
  return {
    wordCount,
    ...parameters,
    chunks: chunkWords(text, parameters.splitLength, parameters.splitOverlap),
  };
}

/**
 * The most words neighbouring chunks of an article saved with its own split may share: half the
 * length, so its chunks hold at most twice its words. A near-full overlap (10,000 by 9,999) made a
 * chunk per word, each of 10,000 words: a 100 kB article became 600 MB.
 */
export function maxSplitOverlapFor(splitLength: number): number {
  return Math.floor(splitLength / 2);
}

/**
 * The chunks an article is stored as when indexed: cut by its split parameters (those its word count
 * calls for, unless the article was saved with its own), duplicates removed after trimming. An overlap
 * above half the length (stored before that limit) counts as half.
 */
export function articleChunks(text: string, parameters: SplitParameters = splitParametersFor(countWords(text))): string[] {
  const overlap = Math.min(parameters.splitOverlap, maxSplitOverlapFor(parameters.splitLength));
  return uniqueTrimmedTexts(chunkWords(text, parameters.splitLength, overlap));
}

/**
 * Split parameters an article may be saved with: a length of at least one word and an overlap of at
 * most half of it (`maxSplitOverlapFor`). Left out, they follow the word count; `undefined` when the
 * given pair is not allowed.
 */
export function articleSplitParameters(
  wordCount: number,
  given: Partial<SplitParameters> = {},
): SplitParameters | undefined {
  const derived = splitParametersFor(wordCount);
  const splitLength = given.splitLength ?? derived.splitLength;
  const splitOverlap = given.splitOverlap ?? (given.splitLength === undefined ? derived.splitOverlap : 0);
  if (!Number.isInteger(splitLength) || splitLength < 1) return undefined;
  if (!Number.isInteger(splitOverlap) || splitOverlap < 0 || splitOverlap > maxSplitOverlapFor(splitLength)) return undefined;
  return { splitLength, splitOverlap };
}

/**
 * The text of an article as it is stored: NUL and other control characters (tabs and line breaks kept)
 * and unpaired surrogates removed, composed to NFC, trimmed. Throws `no_valid_text` when no word is left.
 */
export function cleanArticleText(text: string): string {
  const cleaned = text
    // With the `u` flag a class of surrogates matches only unpaired ones.
    .replace(/[\uD800-\uDFFF]/gu, "")
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/gu, "")
    .normalize("NFC")
    .trim();
  if (!/[\p{L}\p{N}]/u.test(cleaned)) throw new DomainError("no_valid_text");
  return cleaned;
}

/** The spec's message for an indexing run: none when every article was indexed. */
export function indexingOutcome(indexed: number, failed: number): { code?: "articles_not_indexed" | "articles_failed" } {
  if (failed === 0) return {};
  return { code: indexed === 0 ? "articles_failed" : "articles_not_indexed" };
}

/** Where an article came from: typed in the portal, scraped from a page, read from a file, WordPress, a webshop. */
export const articleKinds = ["typed", "scraped", "file", "wordpress", "product"] as const;
export type ArticleKind = (typeof articleKinds)[number];

/** The languages knowledge is searched in, with the PostgreSQL text search configuration of each. */
export const knowledgeSearchLanguages = {
  en: "english",
  nl: "dutch",
  de: "german",
  es: "spanish",
  fr: "french",
} as const;

/** The text search configuration of a configuration's language; English when it has none we know. */
export function textSearchConfigurationFor(language: string | null | undefined): (typeof knowledgeSearchLanguages)[keyof typeof knowledgeSearchLanguages] {
  const code = (language ?? "").trim().toLowerCase().slice(0, 2);
  return code in knowledgeSearchLanguages ? knowledgeSearchLanguages[code as keyof typeof knowledgeSearchLanguages] : "english";
}

/** Trimmed texts without duplicates (first one wins) and without texts that are empty once trimmed. */
export function uniqueTrimmedTexts(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    const trimmed = text.trim();
    if (trimmed !== "") seen.add(trimmed);
  }
  return [...seen];
}

export interface FoundUrl {
  url: string;
  subject: string;
}

/**
 * The existing found URLs followed by the newly found ones whose trimmed URL is not yet present
 * (neither among the existing nor earlier in `found`). New entries are stored trimmed; entries
 * with an empty URL are skipped.
 */
export function mergeFoundUrls(existing: readonly FoundUrl[], found: readonly FoundUrl[]): FoundUrl[] {
  const present = new Set(existing.map((entry) => entry.url.trim()));
  const merged = [...existing];
  for (const entry of found) {
    const url = entry.url.trim();
    if (url === "" || present.has(url)) continue;
    present.add(url);
    merged.push({ ...entry, url });
  }
  return merged;
}

/**
 * A URL a user may put on a configuration's URL list: the trimmed text when it is an absolute http or
 * https address with a host, `undefined` otherwise.
 */
export function trainingUrlFrom(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return url.hostname === "" ? undefined : trimmed;
  } catch {
    return undefined;
  }
}

/**
 * A URL list as it is stored: URLs trimmed, each once (first one wins), subjects trimmed. Entries
 * that are not http(s) URLs are returned apart, so the caller can refuse or report them.
 */
export function normalizeTrainingUrls(entries: readonly FoundUrl[]): { urls: FoundUrl[]; invalid: string[] } {
  const invalid: string[] = [];
  const valid: FoundUrl[] = [];
  for (const entry of entries) {
    const url = trainingUrlFrom(entry.url);
    if (url === undefined) invalid.push(entry.url);
    else valid.push({ url, subject: entry.subject.trim() });
  }
  return { urls: mergeFoundUrls([], valid), invalid };
}

/** The URLs of pasted text: one per line, or separated by spaces, commas or semicolons. */
export function urlsFromPastedText(text: string): string[] {
  return uniqueTrimmedTexts(text.split(/[\s,;]+/u));
}

/** Scraped components whose text is empty once trimmed carry nothing to train on. */
export function dropEmptyComponents<T extends { text?: string | null }>(components: readonly T[]): T[] {
  return components.filter((component) => (component.text ?? "").trim() !== "");
}

/** The URL list of a sitemap answer, which must carry a `data` array of strings. */
export function sitemapUrlsFrom(answer: unknown): string[] {
  if (answer === null || answer === undefined) throw new DomainError("no_scrape_data");
  const data = (answer as { data?: unknown }).data;
  if (!Array.isArray(data)) throw new DomainError("unexpected_response_format");
  return uniqueTrimmedTexts(data.filter((item): item is string => typeof item === "string"));
}

/** File types that can be uploaded for training. */
export const allowedUploadExtensions = [".txt", ".pdf"] as const;
export type UploadExtension = (typeof allowedUploadExtensions)[number];

export function isAllowedUploadName(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase();
  return allowedUploadExtensions.some(
    (extension) => lower.endsWith(extension) && lower.length > extension.length,
  );
}

export const maxArticlesPerIndexing = 10;
/**
 * Articles one `create_articles` call may hold (our addition to the spec's calls, for imports): a few
 * requests per hundred articles instead of eleven per ten. The body limit still applies to the call.
 */
export const maxArticlesPerCreation = 100;
/** The most JSON the server takes in one request body (a larger one is answered 413). */
export const requestBodyMaxBytes = 5 * 1024 * 1024;
/** The texts a client puts in one `create_articles` call, so the call stays within `requestBodyMaxBytes`. */
export const maxArticleCreationBytes = 4 * 1024 * 1024;
export const maxUrlsPerScrape = 100;
/** The most entries a configuration's URL list holds: four full sitemaps of the scraper's 5,000. */
export const maxTrainingUrls = 20_000;
/** `per_page` of the WordPress page and post listings; pages are fetched until one is empty. */
export const wordpressPageSize = 10;

/** Throws `too_many_articles` when more articles are sent for indexing than one action may hold. */
export function assertArticleBatchSize(count: number): void {
  if (count > maxArticlesPerIndexing) throw new DomainError("too_many_articles");
}

/** Throws `too_many_urls` when more URLs are sent for scraping than one action may hold. */
export function assertUrlBatchSize(count: number): void {
  if (count > maxUrlsPerScrape) throw new DomainError("too_many_urls");
}

/** The HTML tags offered as filters for website scraping (spec 02 §7.6). */
export const scrapeHtmlTags = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "a",
  "img",
  "ul",
  "ol",
  "li",
  "div",
  "span",
  "table",
  "tr",
  "td",
  "th",
  "button",
  "input",
  "textarea",
  "form",
  "src",
] as const;
export type ScrapeHtmlTag = (typeof scrapeHtmlTags)[number];
