/** How scraped texts become articles, and how long work is cut into batches. */
import {
  articleTextMaxLength,
  countWords,
  cutAtBoundaries,
  dropEmptyComponents,
  maxArticleCreationBytes,
  maxArticlesPerCreation,
  splitParametersFor,
  uniqueTrimmedTexts,
} from "@parley/domain";

export interface ArticleDraft {
  source: string;
  subject: string | null;
  text: string;
  /** Where the text came from: the assistant links a web page's answer to it. */
  kind?: "typed" | "scraped" | "file";
  url?: string | null;
  wordCount: number;
  splitLength: number;
  splitOverlap: number;
}

/** An article of a text, with the split fields the domain's rule gives its word count. */
export function draftOf(source: string, subject: string | null, text: string): ArticleDraft {
  const trimmed = text.trim();
  const wordCount = countWords(trimmed);
  return { source, subject, text: trimmed, wordCount, ...splitParametersFor(wordCount) };
}

/**
 * Texts joined by blank lines into parts no longer than the contract allows; a single longer text is cut at a
 * paragraph or sentence end (between words at worst), so no article starts or ends in the middle of a word.
 */
export function joinWithinLimit(texts: readonly string[], limit = articleTextMaxLength): string[] {
  const parts: string[] = [];
  let current = "";
  for (const text of texts) {
    for (const piece of cutAtBoundaries(text, limit, "characters")) {
      const joined = current === "" ? piece : `${current}\n\n${piece}`;
      if (joined.length <= limit) current = joined;
      else {
        parts.push(current);
        current = piece;
      }
    }
  }
  if (current !== "") parts.push(current);
  return parts;
}

export interface SourcedComponent {
  text: string;
  subject?: string | null;
  url?: string | null;
}

/**
 * The articles of scraped components: one per source (a page's URL, or `fallbackSource` for a
 * component without one), empty texts dropped and repeated ones kept once; the subject is the
 * page's, else the first component's. They are of `kind`, and a source that is a web address is their
 * `url` (the link the assistant answers with).
 */
export function articlesFromComponents(
  components: readonly SourcedComponent[],
  fallbackSource: string,
  subjects: ReadonlyMap<string, string> = new Map(),
  kind: "scraped" | "file" = "scraped",
): ArticleDraft[] {
  const bySource = new Map<string, { subject: string | null; texts: string[] }>();
  for (const component of dropEmptyComponents(components)) {
    const source = component.url?.trim() || fallbackSource;
    const group = bySource.get(source) ?? { subject: subjects.get(source) ?? null, texts: [] };
    group.subject ??= component.subject?.trim() || null;
    group.texts.push(component.text);
    bySource.set(source, group);
  }
  return [...bySource].flatMap(([source, { subject, texts }]) =>
    joinWithinLimit(uniqueTrimmedTexts(texts)).map((text) => ({ ...draftOf(source, subject, text), kind, url: /^https?:\/\//iu.test(source) ? source : null })),
  );
}

/** A list cut into batches of at most `size`. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

const utf8 = new TextEncoder();

/**
 * Drafts cut into the batches of `create_articles` calls: at most `maxArticlesPerCreation` a call, and at
 * most `maxArticleCreationBytes` of text (in UTF-8, as the body is sent), a longer draft alone in its call.
 */
export function creationBatches(drafts: readonly ArticleDraft[], maxCount = maxArticlesPerCreation, maxBytes = maxArticleCreationBytes): ArticleDraft[][] {
  const batches: ArticleDraft[][] = [];
  let current: ArticleDraft[] = [];
  let bytes = 0;
  for (const draft of drafts) {
    const size = utf8.encode(draft.text).length + utf8.encode(draft.subject ?? "").length + utf8.encode(draft.source).length;
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(draft);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
