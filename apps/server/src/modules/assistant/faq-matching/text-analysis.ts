/**
 * Turning a question or an FAQ text into comparable terms, per language: accent folding, tokens,
 * stop words and snowball stems. Pure and synchronous; the stemmers and stop lists are built once per
 * language and cached.
 */
import { createRequire } from "node:module";
import { newStemmer, type Stemmer } from "snowball-stemmers";

export const faqLanguages = ["en", "nl", "de", "es", "fr"] as const;
export type FaqLanguage = (typeof faqLanguages)[number];

/** One word of a text: its folded surface form, its stem, and whether it is a stop word. */
export interface AnalyzedToken {
  word: string;
  stem: string;
  isStopWord: boolean;
  /**
   * A hyphenated word written together ("e-mail" → "email", "e-mailadres" → "emailadres"), given after
   * its parts: texts and visitors write such words either way, so both spellings must find each other.
   * It adds a spelling, not a word, so it does not count towards a text's length.
   */
  joined?: true;
}

export interface LanguageAnalyzer {
  language: FaqLanguage;
  analyze(text: string): AnalyzedToken[];
  stem(word: string): string;
  isStopWord(word: string): boolean;
}

const snowballNames: Record<FaqLanguage, string> = {
  en: "english",
  nl: "dutch",
  de: "german",
  es: "spanish",
  fr: "french",
};

/**
 * Words stopwords-iso lists that decide which answer is meant, so they stay terms: question words
 * ("where is my order" vs "when will it arrive") and negations ("can't log in"). stopwords-iso's English
 * list also holds content words (order, problem, call, number, free...), which is why stop words are
 * only down-weighted by the matcher, never dropped.
 */
const meaningfulStopWords: Record<FaqLanguage, string[]> = {
  en: ["not", "no", "never", "cannot", "without"],
  nl: ["hoe", "wat", "waar", "wanneer", "welke", "waarom", "wie", "niet", "geen", "nooit", "zonder"],
  de: ["wie", "was", "wo", "wann", "welche", "welcher", "welches", "warum", "wer", "nicht", "kein", "keine", "nie", "ohne"],
  es: ["como", "que", "donde", "cuando", "cual", "cuales", "por", "quien", "no", "nunca", "sin"],
  fr: ["comment", "quoi", "ou", "quand", "quel", "quelle", "quels", "quelles", "pourquoi", "qui", "ne", "pas", "jamais", "sans"],
};

/** French elided articles and pronouns (l'adresse, j'ai, qu'il) are split off their word. */
const frenchElision = /\b(?:l|d|j|m|n|s|t|c|qu)'(?=\p{L})/gu;

/** Lower case, no accents, typographic apostrophes made plain, NUL and other controls made spaces. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\p{C}]+/gu, " ");
}

interface SplitWord {
  word: string;
  joined?: true;
}

function splitWords(folded: string, language: FaqLanguage): SplitWord[] {
  let text = folded;
  if (language === "en") {
    // "can't" → "can not", "don't" → "do not": the negation is a term; "I'm", "it's" lose the clitic.
    text = text.replace(/\bcan't\b/g, "can not").replace(/\bwon't\b/g, "will not").replace(/n't\b/g, " not");
    text = text.replace(/'(?:s|m|re|ve|ll|d)\b/g, "");
  } else if (language === "fr") {
    text = text.replace(frenchElision, " ");
  }
  // Other apostrophes join the word ("auto's" → "autos").
  text = text.replace(/'/g, "");
  const words: SplitWord[] = [];
  for (const run of text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []) {
    const parts = run.split("-");
    for (const part of parts) words.push({ word: part });
    if (parts.length > 1) words.push({ word: parts.join(""), joined: true });
  }
  return words;
}

const analyzers = new Map<FaqLanguage, LanguageAnalyzer>();

export function analyzerFor(language: FaqLanguage): LanguageAnalyzer {
  const cached = analyzers.get(language);
  if (cached) return cached;
  const analyzer = buildAnalyzer(language);
  analyzers.set(language, analyzer);
  return analyzer;
}

function buildAnalyzer(language: FaqLanguage): LanguageAnalyzer {
  const stemmer: Stemmer = newStemmer(snowballNames[language]);
  const kept = new Set(meaningfulStopWords[language]);
  const stopWords = new Set(
    (stopWordLists()[language] ?? []).map((word) => foldText(word)).filter((word) => !kept.has(word)),
  );
  // Stems repeat a lot (every question says "order", "account"); a bounded cache saves the snowball run.
  const stems = new Map<string, string>();
  const stem = (word: string): string => {
    let stemmed = stems.get(word);
    if (stemmed === undefined) {
      stemmed = stemmer.stem(word);
      if (stems.size > 50_000) stems.clear();
      stems.set(word, stemmed);
    }
    return stemmed;
  };
  const isStopWord = (word: string) => stopWords.has(word);
  return {
    language,
    stem,
    isStopWord,
    analyze: (text) =>
      splitWords(foldText(text), language).map(({ word, joined }) => {
        const token: AnalyzedToken = { word, stem: stem(word), isStopWord: isStopWord(word) };
        if (joined) token.joined = true;
        return token;
      }),
  };
}

let stopWordListsCache: Record<string, string[]> | undefined;

function stopWordLists(): Record<string, string[]> {
  // stopwords-iso is a bare JSON package; require() reads it under both tsx and the bundled server.
  stopWordListsCache ??= createRequire(import.meta.url)("stopwords-iso") as Record<string, string[]>;
  return stopWordListsCache;
}
