/**
 * Finding the FAQ entry a visitor's question means, without a language model: the extractive answer of
 * the assistant when no provider is configured (issue 14). Pure, synchronous and in memory.
 *
 * How an entry is scored against a question:
 * - both are cut into accent-folded, snowball-stemmed words (text-analysis.ts; a hyphenated word is
 *   also read written together, so "email" finds "e-mail"), each weighed by how much it says: in English
 *   by how rare it is in everyday speech (word-frequency.ts), so the frame of a request ("can you tell
 *   me", "I want to know") weighs little; elsewhere stop words weigh little;
 * - each question word may match an FAQ word as itself, as a misspelling of it (typo-tolerance.ts),
 *   through a run-together word split in two ("Iwant"), as a part of an FAQ compound ("adres" finds
 *   "bezorgadres"), or, in English, as a WordNet synonym or broader word (wordnet.ts), also of the
 *   likeliest dictionary word one edit from a misspelling that is close to no FAQ word ("guarentee" →
 *   "guarantee" ~ "warranty"), each kind at a lower strength than the word itself;
 * - a matched word counts its IDF over the FAQ, more when it is in the entry's question (or an added
 *   phrasing) than when it is only in the answer, saturating BM25-style; the sum is divided by what the
 *   question's words could earn at most, so the lexical part is the share of the question the entry
 *   covers, 0..1, whatever the FAQ;
 * - a character-trigram cosine against the entry's question and phrasings is blended in;
 * - optionally an embedding cosine from a provider is blended in too.
 * The result is both the ranking score and the confidence: the share of the question explained by the
 * entry, so "what is the capital of France" scores near 0 against any webshop FAQ.
 */
import { trigramCounts, type NgramVector } from "./character-ngrams";
import { analyzerFor, type AnalyzedToken, type FaqLanguage, type LanguageAnalyzer } from "./text-analysis";
import { createTypoIndex, longestAnalysedWord, mostLikelyCorrection, type TypoIndex } from "./typo-tolerance";
import { loadWordFrequencies, type WordFrequencies } from "./word-frequency";
import { loadWordNet, type WordNet } from "./wordnet";

export interface FaqEntry {
  key: string;
  question: string;
  answer: string;
  /** Other ways to ask for the entry, counted like its own question (as `addPhrasing` adds them). */
  phrasings?: readonly string[];
}

export interface FaqMatch {
  key: string;
  /** The ranking score; equals `confidence` (kept apart so a future ranking may differ from calibration). */
  score: number;
  /** 0..1, comparable across FAQs and languages: answer when above `answerConfidenceThreshold`. */
  confidence: number;
}

/**
 * Similarity from a sentence model (the local English model, or a provider's embeddings), fused with the
 * lexical score when given: `entries[i]` is the vector of the i-th entry passed to `createFaqMatcher`,
 * `query` the visitor's question's, from the same model, compared by dot product (unit vectors make it
 * the cosine; an entry's vector may be the mean of its texts' unit vectors: question, question and answer).
 */
export interface EmbeddingSimilarity {
  entries: readonly (ArrayLike<number> | undefined)[];
  query: ArrayLike<number>;
  /**
   * The model's similarity of unrelated texts and of texts about the same thing: an entry's gain grows from
   * nothing at `unrelated` to whole at `related`, so that in a small FAQ an off-topic question's nearest entry
   * (a large share of little) is not answered. Without it every share counts whole.
   */
  scale?: SimilarityScale;
}

export interface SimilarityScale {
  unrelated: number;
  related: number;
}

export interface FaqMatcherOptions {
  language: FaqLanguage;
}

export interface FaqMatcher {
  /** The best entries for the question, best first, at most `limit` (default 3); none for an empty FAQ or question. */
  match(question: string, limit?: number, embeddings?: EmbeddingSimilarity): FaqMatch[];
  /**
   * The same matches, scored a slice of at most `sliceMs` at a time with the event loop let through between
   * slices: a question whose words are in every row of a 20,000-row FAQ takes a few hundred milliseconds.
   */
  matchInSlices(question: string, limit?: number, embeddings?: EmbeddingSimilarity, sliceMs?: number): Promise<FaqMatch[]>;
  /**
   * Learns another way to ask for an entry (an agent's correction: "this question meant that entry").
   * The phrasing then counts like the entry's own question. Unknown keys throw.
   */
  addPhrasing(key: string, text: string): void;
}

/**
 * Above this confidence the best entry is given as the answer; below it the assistant says it does not
 * know. One value for every language and FAQ: the confidence is the share of the question's weight
 * that the entry explains, so 0.3 means "less than about a third of what was asked is about this
 * entry". Generic off-topic questions score at most about 0.21 against the benchmark FAQs in either
 * language (bench/README.md), so 0.3 leaves a margin; higher would refuse more right answers.
 */
export const answerConfidenceThreshold = 0.3;

// The parameters below are set once for every language and FAQ; each comment says why that value.

/** A matched word's weight when it is in the answer only: answers mention many things they are not about. */
const answerFieldWeight = 0.4;
/** BM25's usual term saturation and length normalisation, not tuned. */
const saturation = 1.2;
const lengthNormalisation = 0.75;
/** Stop words still count a little: stopwords-iso's lists include content words ("order", "problem"). */
const stopWordWeight = 0.2;
/**
 * Where a general word-frequency list exists, a word's weight rises linearly with its surprisal in that
 * corpus (bits, word-frequency.ts) from `floor` at `from` bits to 1 at `to` bits: with SUBTLEXus, "i"
 * and "you" (4.6 bits) weigh the floor, "do" and "know" 0.13–0.14, "want" 0.25, "help" 0.40, "problem"
 * 0.55, "order" 0.66, "account" 0.84, and every word rarer than 1 in 65,000 (16 bits) counts fully. Chosen on
 * the odd-numbered English benchmark questions (bench/README.md, 2026-11-25), reported on the even ones.
 */
const generalWeight = { from: 6, to: 16, floor: 0.05 } as const;
/**
 * Strength of a match that is not the word itself. A one-letter typo is nearly the word, and so is a
 * WordNet synonym in one of the word's common senses; a compound's part is a guess ("adres" is one kind of
 * "bezorgadres"); a broader word ("purchase" → "acquire") is a weaker guess still. The synonym's 0.8 was
 * chosen on the odd-numbered English benchmark questions once frame words weighed little (0.8–1 tie
 * within a question there; 0.6, set before, now loses 1 point of hit@1 on the odd half and 3 on the
 * even one: bench/README.md, 2026-11-25).
 */
const matchStrength = { word: 1, oneEdit: 0.8, twoEdits: 0.6, synonym: 0.8, compoundPart: 0.6, broader: 0.35 } as const;
/** Share of the score from character trigrams: a helper for what words miss, not the main signal. */
const trigramWeight = 0.25;
/**
 * How a sentence model's similarities join the lexical score: each entry gains `weight` times its share of a
 * softmax over the question's similarities at `temperature`, and the sum is divided by 1 + `weight` to stay
 * a 0..1 confidence. A share, not the raw cosine: a model's cosines crowd into a narrow band whose place
 * differs from question to question, while the share says how far an entry stands out from the others.
 * Chosen on the odd-numbered English benchmark questions with the local model (bench/README.md, 2026-11-26:
 * raw cosine at 0.2–0.5 and rank fusion lost hit@1; the share at 0.6 / 0.05 kept it and raised hit@3 by 8 points).
 * With a `scale`, the share counts only as far as the similarity itself says the texts are related.
 */
const embeddingFusion = { weight: 0.6, temperature: 0.05 } as const;
/** Shortest part of a compound word: shorter "parts" ("op", "in") are mostly accidents of spelling. */
const minimumCompoundPart = 3;
/**
 * Shortest half of a visitor's unknown compound when only one half need be an FAQ word: longer than an
 * FAQ compound's part, as the other half is unchecked and three letters match too much by chance.
 */
const minimumQueryCompoundPart = 4;
/** Distinct words of a question looked at: a real question has far fewer; a pasted essay costs no more. */
const maxQueryWords = 64;

interface IndexedWords {
  stemCounts: Map<string, number>;
  /** Distinct folded surface words, for typo look-ups (typos are made on words, not stems). */
  words: Set<string>;
  /** Content length: each word counts at its weight, so "how do I" does not make a question long. */
  length: number;
}

/** A question or phrasing: its words and its character trigrams (answers are matched on words only). */
interface IndexedText extends IndexedWords {
  grams: NgramVector;
}

interface IndexedEntry {
  key: string;
  variants: IndexedText[];
  /**
   * Without trigrams: only questions are compared by trigram, and an answer's trigrams, never read, were most
   * of a large FAQ's index (a 20,000-row FAQ with 60-word answers took 700 MB of heap).
   */
  answer: IndexedWords;
}

interface QueryTerm {
  importance: number;
  weight: number;
  /** FAQ stem → strength of this query word matching it. */
  alternatives: Map<string, number>;
}

/** What the FAQ's words are, rebuilt whenever an entry or phrasing is added. */
interface Vocabulary {
  entryCount: number;
  documentFrequency: Map<string, number>;
  entriesByStem: Map<string, number[]>;
  stemByWord: Map<string, string>;
  typos: TypoIndex;
  /**
   * Stems of words WordNet relates to an FAQ word, and of the parts of FAQ compounds → that FAQ stem and the match strength. Built from the
   * FAQ's side too because the visitor's word may only share a stem with a WordNet lemma
   * ("reimbursement" ~ "reimburse", narrower than "refund").
   */
  relatedToFaqStems: Map<string, Map<string, number>>;
  averageQuestionLength: number;
  averageAnswerLength: number;
  gramDocumentFrequency: Map<string, number>;
  /**
   * Every (entry, variant) has a number of its own, entry by entry: the first variant of entry `e` is
   * `variantStart[e]`, and `variantEntry` maps a variant's number back to its entry. Scoring keeps per-variant
   * sums in flat arrays by these numbers rather than in maps of per-entry arrays.
   */
  variantStart: Int32Array;
  variantEntry: Int32Array;
  /** Per variant number: the IDF-weighted trigram vector's norm. */
  variantGramNorms: Float64Array;
  /** Per trigram: the variants holding it (their numbers) and how often, side by side. */
  gramPostings: Map<string, { variants: number[]; counts: number[] }>;
}

export function createFaqMatcher(entries: readonly FaqEntry[], options: FaqMatcherOptions): FaqMatcher {
  return runSteps(matcherSteps(entries, options, false));
}

/**
 * The same matcher, built a slice of at most `sliceMs` at a time with the event loop let through between
 * slices, its vocabulary included: a FAQ of 20,000 rows takes seconds to index, which one question must not
 * hold the server for.
 */
export async function buildFaqMatcher(entries: readonly FaqEntry[], options: FaqMatcherOptions, sliceMs = 10): Promise<FaqMatcher> {
  return runStepsInSlices(matcherSteps(entries, options, true), sliceMs);
}

/** A build that yields between small pieces of work (each well under a millisecond). */
type BuildSteps<T> = Generator<void, T, void>;

function runSteps<T>(steps: BuildSteps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

async function runStepsInSlices<T>(steps: BuildSteps<T>, sliceMs: number): Promise<T> {
  let sliceEnd = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() >= sliceEnd) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceEnd = performance.now() + sliceMs;
    }
  }
}

function* matcherSteps(entries: readonly FaqEntry[], options: FaqMatcherOptions, withVocabulary: boolean): BuildSteps<FaqMatcher> {
  const analyzer = analyzerFor(options.language);
  const wordNet = options.language === "en" ? loadWordNet() : undefined;
  const frequencies = loadWordFrequencies(options.language);
  const weigh = termWeigher(frequencies);
  const indexed: IndexedEntry[] = [];
  for (const entry of entries) {
    indexed.push({
      key: entry.key,
      variants: [entry.question, ...(entry.phrasings ?? [])].map((text) => indexText(analyzer, weigh, text)),
      answer: indexWords(analyzer, weigh, entry.answer),
    });
    yield;
  }
  const indexByKey = new Map(indexed.map((entry, index) => [entry.key, index]));
  let vocabulary = withVocabulary && indexed.length > 0 ? yield* vocabularySteps(indexed, analyzer, wordNet) : undefined;

  function* matchSteps(question: string, limit: number, embeddings: EmbeddingSimilarity | undefined): BuildSteps<FaqMatch[]> {
    if (indexed.length === 0 || limit <= 0) return [];
    // This match's vocabulary: a phrasing added meanwhile makes a new one for the next.
    const words = vocabulary ?? (vocabulary = yield* vocabularySteps(indexed, analyzer, wordNet));
    const scores = yield* scoreSteps(indexed, words, analyzer, wordNet, weigh, frequencies, question);
    if (embeddings) fuseEmbeddings(scores, embeddings, indexed.length);
    return [...scores]
      .map(([entry, score]) => ({ key: indexed[entry]!.key, score, confidence: Math.min(1, Math.max(0, score)) }))
      .filter((found) => found.score > 0)
      .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, limit);
  }

  return {
    match(question, limit = 3, embeddings) {
      return runSteps(matchSteps(question, limit, embeddings));
    },
    matchInSlices(question, limit = 3, embeddings, sliceMs = 10) {
      return runStepsInSlices(matchSteps(question, limit, embeddings), sliceMs);
    },
    addPhrasing(key, text) {
      const index = indexByKey.get(key);
      if (index === undefined) throw new Error(`No FAQ entry with key ${JSON.stringify(key)}`);
      indexed[index]!.variants.push(indexText(analyzer, weigh, text));
      vocabulary = undefined;
    },
  };
}

/** How much a word says, 0..1: what it counts in a question and towards a text's content length. */
type TermWeigher = (token: AnalyzedToken) => number;

/** By everyday frequency when the language has a list, else by the stop list. */
export function termWeigher(frequencies: WordFrequencies | undefined): TermWeigher {
  if (!frequencies) return (token) => (token.isStopWord ? stopWordWeight : 1);
  const { from, to, floor } = generalWeight;
  return (token) => Math.min(1, Math.max(floor, (frequencies.surprisal(token.word) - from) / (to - from)));
}

function indexWords(analyzer: LanguageAnalyzer, weigh: TermWeigher, text: string, tokens = analyzer.analyze(text)): IndexedWords {
  const stemCounts = new Map<string, number>();
  let length = 0;
  for (const token of tokens) {
    stemCounts.set(token.stem, (stemCounts.get(token.stem) ?? 0) + 1);
    if (!token.joined) length += weigh(token); // "e-mail" is as long as "e mail", not longer
  }
  return { stemCounts, words: new Set(tokens.map((token) => token.word)), length: Math.max(1, length) };
}

function indexText(analyzer: LanguageAnalyzer, weigh: TermWeigher, text: string): IndexedText {
  const tokens = analyzer.analyze(text);
  const contentWords = tokens.filter((token) => !token.isStopWord).map((token) => token.word);
  return { ...indexWords(analyzer, weigh, text, tokens), grams: trigramCounts(contentWords) };
}

function* vocabularySteps(entries: readonly IndexedEntry[], analyzer: LanguageAnalyzer, wordNet: WordNet | undefined): BuildSteps<Vocabulary> {
  const documentFrequency = new Map<string, number>();
  const entriesByStem = new Map<string, number[]>();
  const gramDocumentFrequency = new Map<string, number>();
  const gramPostings: Vocabulary["gramPostings"] = new Map();
  let questionLengths = 0;
  let questionCount = 0;
  let answerLengths = 0;
  const variantStart = new Int32Array(entries.length + 1);
  for (const [entryIndex, entry] of entries.entries()) variantStart[entryIndex + 1] = variantStart[entryIndex]! + entry.variants.length;
  const variantEntry = new Int32Array(variantStart[entries.length]!);
  for (const [entryIndex, entry] of entries.entries()) {
    const stems = new Set<string>();
    const grams = new Set<string>();
    for (const text of [...entry.variants, entry.answer]) for (const stem of text.stemCounts.keys()) stems.add(stem);
    for (const stem of stems) {
      documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
      const list = entriesByStem.get(stem);
      if (list) list.push(entryIndex);
      else entriesByStem.set(stem, [entryIndex]);
    }
    entry.variants.forEach((variant, variantIndex) => {
      const variantNumber = variantStart[entryIndex]! + variantIndex;
      variantEntry[variantNumber] = entryIndex;
      questionLengths += variant.length;
      questionCount++;
      for (const [gram, count] of variant.grams) {
        grams.add(gram);
        let postings = gramPostings.get(gram);
        if (!postings) gramPostings.set(gram, (postings = { variants: [], counts: [] }));
        postings.variants.push(variantNumber);
        postings.counts.push(count);
      }
    });
    for (const gram of grams) gramDocumentFrequency.set(gram, (gramDocumentFrequency.get(gram) ?? 0) + 1);
    answerLengths += entry.answer.length;
    yield;
  }

  // Surface words of the FAQ, for the typo index and for splitting run-together words.
  const stemByWord = new Map<string, string>();
  const typos = createTypoIndex();
  for (const entry of entries) {
    for (const text of [...entry.variants, entry.answer]) {
      for (const word of text.words) {
        if (stemByWord.has(word)) continue;
        stemByWord.set(word, analyzer.stem(word));
        if (!analyzer.isStopWord(word)) typos.add(word);
      }
    }
    yield;
  }

  const relatedToFaqStems: Vocabulary["relatedToFaqStems"] = new Map();
  if (wordNet) {
    for (const [word, faqStem] of stemByWord) {
      if (analyzer.isStopWord(word)) continue;
      for (const related of wordNet.relatedWords(word, true)) {
        const stem = analyzer.stem(related.word);
        if (stem === faqStem) continue;
        const strength = related.relation === "synonym" ? matchStrength.synonym : matchStrength.broader;
        let faqStems = relatedToFaqStems.get(stem);
        if (!faqStems) relatedToFaqStems.set(stem, (faqStems = new Map()));
        if (strength > (faqStems.get(faqStem) ?? 0)) faqStems.set(faqStem, strength);
      }
      yield;
    }
  }

  yield* compoundPartSteps(stemByWord, analyzer, relatedToFaqStems);

  const entryCount = entries.length;
  const gramIdf = (gram: string) => inverseDocumentFrequency(entryCount, gramDocumentFrequency.get(gram) ?? 0);
  const variantGramNorms = new Float64Array(variantEntry.length);
  for (const [entryIndex, entry] of entries.entries()) {
    entry.variants.forEach((variant, variantIndex) => {
      let squares = 0;
      for (const [gram, count] of variant.grams) squares += (count * gramIdf(gram)) ** 2;
      variantGramNorms[variantStart[entryIndex]! + variantIndex] = Math.sqrt(squares);
    });
    yield;
  }
  return {
    entryCount,
    documentFrequency,
    entriesByStem,
    stemByWord,
    typos,
    relatedToFaqStems,
    averageQuestionLength: questionLengths / Math.max(1, questionCount),
    averageAnswerLength: answerLengths / Math.max(1, entryCount),
    gramDocumentFrequency,
    variantStart,
    variantEntry,
    variantGramNorms,
    gramPostings,
  };
}

/**
 * An FAQ word made of two FAQ words ("bezorgadres" = bezorg + adres, "verzendkosten", "checkout") is
 * found by a visitor's word with the stem of either part, at a part's strength: decompounding with the
 * FAQ's own words as the dictionary, so it needs no word list per language.
 */
function* compoundPartSteps(
  stemByWord: ReadonlyMap<string, string>,
  analyzer: LanguageAnalyzer,
  relatedToFaqStems: Vocabulary["relatedToFaqStems"],
): BuildSteps<void> {
  const faqStems = new Set(stemByWord.values());
  const isPart = (part: string) =>
    part.length >= minimumCompoundPart && !analyzer.isStopWord(part) && (stemByWord.has(part) || faqStems.has(analyzer.stem(part)));
  for (const [word, faqStem] of stemByWord) {
    if (word.length < 2 * minimumCompoundPart || analyzer.isStopWord(word)) continue;
    for (let at = minimumCompoundPart; at <= word.length - minimumCompoundPart; at++) {
      const head = word.slice(0, at);
      const tail = word.slice(at);
      if (!isPart(head) || !isPart(tail)) continue;
      for (const partStem of [analyzer.stem(head), analyzer.stem(tail)]) {
        if (partStem === faqStem) continue;
        let related = relatedToFaqStems.get(partStem);
        if (!related) relatedToFaqStems.set(partStem, (related = new Map()));
        if (matchStrength.compoundPart > (related.get(faqStem) ?? 0)) related.set(faqStem, matchStrength.compoundPart);
      }
    }
    yield;
  }
}

/** BM25's IDF, never negative: a word in every entry still counts a little. */
function inverseDocumentFrequency(entryCount: number, documentFrequency: number): number {
  return Math.log(1 + (entryCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

function queryTerms(
  question: string,
  vocabulary: Vocabulary,
  analyzer: LanguageAnalyzer,
  wordNet: WordNet | undefined,
  weigh: TermWeigher,
  frequencies: WordFrequencies | undefined,
): QueryTerm[] {
  const idf = (stem: string) => inverseDocumentFrequency(vocabulary.entryCount, vocabulary.documentFrequency.get(stem) ?? 0);
  const isFaqStem = (stem: string) => vocabulary.documentFrequency.has(stem);
  // A part of a run-together word or compound ("betaalmogelijkheden") is recognised when it is an FAQ
  // word, an FAQ word's stem, a stop word or (English) a dictionary word.
  const isRecognised = (word: string) =>
    vocabulary.stemByWord.has(word) ||
    isFaqStem(analyzer.stem(word)) ||
    analyzer.isStopWord(word) ||
    (wordNet?.isKnownWord(word) ?? false);

  // An unknown word is split in two when both halves are recognised ("Iwant") or, failing that and when it
  // is no misspelling of an FAQ word, when one half is an FAQ word (the compound "bezorgopties" → "bezorg").
  const isFaqWord = (word: string) => !analyzer.isStopWord(word) && (vocabulary.stemByWord.has(word) || isFaqStem(analyzer.stem(word)));
  const splitUnknownWord = (word: string) =>
    word.length > longestAnalysedWord
      ? undefined
      : (splitRunTogether(word, isRecognised) ?? (vocabulary.typos.closeWords(word).length === 0 ? splitCompound(word, isFaqWord) : undefined));

  const seen = new Set<string>();
  const tokens: AnalyzedToken[] = [];
  for (const token of analyzer.analyze(question)) {
    if (seen.size >= maxQueryWords) break;
    if (seen.has(token.word)) continue;
    seen.add(token.word);
    const parts = isRecognised(token.word) || isFaqStem(token.stem) ? undefined : splitUnknownWord(token.word);
    if (parts) for (const part of parts) tokens.push({ word: part, stem: analyzer.stem(part), isStopWord: analyzer.isStopWord(part) });
    else tokens.push(token);
  }

  return tokens.map((token) => {
    let weight = weigh(token);
    const alternatives = new Map<string, number>();
    const offer = (stem: string, strength: number) => {
      if (isFaqStem(stem) && strength > (alternatives.get(stem) ?? 0)) alternatives.set(stem, strength);
    };
    /** The FAQ words related to a word (WordNet, either way, and FAQ compounds it is part of), at `certainty` of their strength. */
    const offerRelated = (word: string, stem: string, certainty: number) => {
      for (const related of wordNet?.relatedWords(word) ?? []) {
        offer(analyzer.stem(related.word), certainty * (related.relation === "synonym" ? matchStrength.synonym : matchStrength.broader));
      }
      for (const [faqStem, strength] of vocabulary.relatedToFaqStems.get(stem) ?? []) offer(faqStem, certainty * strength);
    };
    offer(token.stem, matchStrength.word);
    if (!token.isStopWord) {
      // A dictionary word is what the visitor meant, not a misspelling of an FAQ word ("poem" is not "phone").
      const mayBeTypo = !isFaqStem(token.stem) && !(wordNet?.isKnownWord(token.word) ?? false);
      const faqTypos = mayBeTypo ? vocabulary.typos.closeWords(token.word) : [];
      for (const close of faqTypos) {
        offer(vocabulary.stemByWord.get(close.word)!, close.distance === 1 ? matchStrength.oneEdit : matchStrength.twoEdits);
      }
      offerRelated(token.word, token.stem, 1);
      // A misspelling of no FAQ word may be of a dictionary word that WordNet relates to one ("feimbursement"
      // → "reimbursement" → "reimburse" ~ "refund"): the likeliest word one edit away, by everyday frequency.
      // It counts as that word, so a misspelt frame word ("ujnderstand") weighs as little as the word would.
      const corrected =
        mayBeTypo && faqTypos.length === 0 && wordNet && frequencies && !frequencies.has(token.word)
          ? mostLikelyCorrection(
              token.word,
              (candidate) => frequencies.has(candidate) && wordNet.isKnownWord(candidate),
              (candidate) => -frequencies.surprisal(candidate),
            )
          : undefined;
      if (corrected) {
        const correctedStem = analyzer.stem(corrected);
        weight = weigh({ word: corrected, stem: correctedStem, isStopWord: analyzer.isStopWord(corrected) });
        offer(correctedStem, matchStrength.oneEdit);
        offerRelated(corrected, correctedStem, matchStrength.oneEdit);
      }
    }
    // What the word is worth: its own IDF when the FAQ has it, else the best it can match, else the most
    // an FAQ word can be worth (an unknown word is as telling as the rarest, and leaves the question unexplained).
    let ownIdf = isFaqStem(token.stem) ? idf(token.stem) : 0;
    if (ownIdf === 0) for (const stem of alternatives.keys()) ownIdf = Math.max(ownIdf, idf(stem));
    if (ownIdf === 0) ownIdf = inverseDocumentFrequency(vocabulary.entryCount, 0);
    return { importance: weight * ownIdf, weight, alternatives };
  });
}

/** "bezorgopties" → ["bezorg", "opties"]: the first split with a half that the FAQ uses, both halves long enough to be words. */
function splitCompound(word: string, isFaqWord: (word: string) => boolean): string[] | undefined {
  for (let at = minimumQueryCompoundPart; at <= word.length - minimumQueryCompoundPart; at++) {
    const left = word.slice(0, at);
    const right = word.slice(at);
    if (isFaqWord(left) || isFaqWord(right)) return [left, right];
  }
  return undefined;
}

/** "Iwant" → ["i", "want"], "canI" → ["can", "i"]: both halves recognised words, the first split found. */
function splitRunTogether(word: string, isRecognised: (word: string) => boolean): string[] | undefined {
  if (word.length < 5) return undefined;
  for (let at = 1; at < word.length; at++) {
    const left = word.slice(0, at);
    const right = word.slice(at);
    const longEnough = (part: string) => part.length >= 3 || part === "i" || part === "a";
    if (longEnough(left) && longEnough(right) && isRecognised(left) && isRecognised(right)) return [left, right];
  }
  return undefined;
}

/** Postings visited between two yields of a match in slices: a few hundred microseconds' work. */
const postingsPerStep = 1024;

function* scoreSteps(
  entries: readonly IndexedEntry[],
  vocabulary: Vocabulary,
  analyzer: LanguageAnalyzer,
  wordNet: WordNet | undefined,
  weigh: TermWeigher,
  frequencies: WordFrequencies | undefined,
  question: string,
): BuildSteps<Map<number, number>> {
  const terms = queryTerms(question, vocabulary, analyzer, wordNet, weigh, frequencies);
  const totalImportance = terms.reduce((sum, term) => sum + term.importance, 0);
  const scores = new Map<number, number>();
  if (totalImportance === 0) return scores;

  const saturated = (x: number) => (x * (saturation + 1)) / (x + saturation);
  const fullMatch = saturated(1);
  const lengthFactor = (length: number, average: number) => 1 - lengthNormalisation + (lengthNormalisation * length) / average;

  // Walked from the terms' stems to the entries that hold them (postings), never over every entry for
  // every stem: per term, each (entry, variant) keeps its best alternative's score. The sums and maxima
  // are those of reading each candidate entry whole, so the scores are the same, at a cost of the
  // postings visited (a 10,000-row FAQ answered in 1.8 s a question before). Per-variant figures live in
  // flat arrays by variant number, with lists of the entries touched, so a stem in thousands of entries
  // costs no allocation per entry.
  const { variantStart } = vocabulary;
  const variantCount = vocabulary.variantEntry.length;
  const termBest = new Float64Array(variantCount);
  const sums = new Float64Array(variantCount);
  const inTerm = new Uint8Array(entries.length);
  const inCovered = new Uint8Array(entries.length);
  const termEntries: number[] = [];
  const coveredEntries: number[] = [];
  let visited = 0;
  for (const term of terms) {
    for (const [stem, strength] of term.alternatives) {
      const postings = vocabulary.entriesByStem.get(stem);
      if (!postings) continue;
      const stemWeight = strength * term.weight * inverseDocumentFrequency(vocabulary.entryCount, vocabulary.documentFrequency.get(stem) ?? 0);
      for (const entryIndex of postings) {
        if (++visited % postingsPerStep === 0) yield;
        const entry = entries[entryIndex]!;
        const inAnswer = entry.answer.stemCounts.get(stem) ?? 0;
        const answerPart = inAnswer === 0 ? 0 : (answerFieldWeight * inAnswer) / lengthFactor(entry.answer.length, vocabulary.averageAnswerLength);
        if (inTerm[entryIndex] === 0) {
          inTerm[entryIndex] = 1;
          termEntries.push(entryIndex);
        }
        const first = variantStart[entryIndex]!;
        // The variants the vocabulary numbered (a phrasing added since is in the next one).
        const numbered = variantStart[entryIndex + 1]! - first;
        for (let variantIndex = 0; variantIndex < numbered; variantIndex++) {
          const variant = entry.variants[variantIndex]!;
          const inQuestion = variant.stemCounts.get(stem) ?? 0;
          if (inQuestion === 0 && inAnswer === 0) continue;
          const frequency = inQuestion / lengthFactor(variant.length, vocabulary.averageQuestionLength) + answerPart;
          termBest[first + variantIndex] = Math.max(termBest[first + variantIndex]!, stemWeight * Math.min(1, saturated(frequency) / fullMatch));
        }
      }
    }
    for (const entryIndex of termEntries) {
      inTerm[entryIndex] = 0;
      if (inCovered[entryIndex] === 0) {
        inCovered[entryIndex] = 1;
        coveredEntries.push(entryIndex);
      }
      for (let number = variantStart[entryIndex]!; number < variantStart[entryIndex + 1]!; number++) {
        sums[number] = sums[number]! + Math.min(term.importance, termBest[number]!);
        termBest[number] = 0;
      }
    }
    termEntries.length = 0;
  }
  for (const entryIndex of coveredEntries) {
    let best = 0;
    for (let number = variantStart[entryIndex]!; number < variantStart[entryIndex + 1]!; number++) best = Math.max(best, sums[number]! / totalImportance);
    scores.set(entryIndex, (1 - trigramWeight) * best);
  }

  for (const [entryIndex, similarity] of yield* trigramSteps(vocabulary, analyzer, terms.length > 0 ? question : "")) {
    scores.set(entryIndex, (scores.get(entryIndex) ?? 0) + trigramWeight * similarity);
  }
  return scores;
}

/** Per entry, the best IDF-weighted trigram cosine between the question's content words and the entry's question or phrasings. */
function* trigramSteps(vocabulary: Vocabulary, analyzer: LanguageAnalyzer, question: string): BuildSteps<Map<number, number>> {
  const words = analyzer
    .analyze(question)
    .filter((token) => !token.isStopWord)
    .map((token) => token.word);
  const grams = trigramCounts([...new Set(words)].slice(0, maxQueryWords));
  const gramIdf = (gram: string) => inverseDocumentFrequency(vocabulary.entryCount, vocabulary.gramDocumentFrequency.get(gram) ?? 0);
  let querySquares = 0;
  // Dot products per variant number, in a flat array; `touched` lists the variants in the order first reached.
  const dots = new Float64Array(vocabulary.variantEntry.length);
  const reached = new Uint8Array(vocabulary.variantEntry.length);
  const touched: number[] = [];
  for (const [gram, count] of grams) {
    const weight = gramIdf(gram);
    querySquares += (count * weight) ** 2;
    const postings = vocabulary.gramPostings.get(gram);
    if (!postings) continue;
    for (let index = 0; index < postings.variants.length; index++) {
      if ((index + 1) % postingsPerStep === 0) yield;
      const number = postings.variants[index]!;
      if (reached[number] === 0) {
        reached[number] = 1;
        touched.push(number);
      }
      dots[number] = dots[number]! + count * postings.counts[index]! * weight * weight;
    }
  }
  const similarities = new Map<number, number>();
  if (querySquares === 0) return similarities;
  const queryNorm = Math.sqrt(querySquares);
  for (const number of touched) {
    const norm = vocabulary.variantGramNorms[number]!;
    if (norm === 0) continue;
    const entry = vocabulary.variantEntry[number]!;
    similarities.set(entry, Math.max(similarities.get(entry) ?? 0, dots[number]! / (queryNorm * norm)));
  }
  return similarities;
}

/** Fuses a sentence model's similarities into each entry's score (see `embeddingFusion`); a missing vector counts as similarity 0. */
function fuseEmbeddings(scores: Map<number, number>, embeddings: EmbeddingSimilarity, entryCount: number): void {
  const { weight, temperature } = embeddingFusion;
  const similarities: number[] = [];
  for (let entryIndex = 0; entryIndex < entryCount; entryIndex++) {
    const vector = embeddings.entries[entryIndex];
    similarities.push(vector ? dot(vector, embeddings.query) : 0);
  }
  const highest = Math.max(...similarities);
  const exponentials = similarities.map((similarity) => Math.exp((similarity - highest) / temperature));
  const total = exponentials.reduce((sum, value) => sum + value, 0);
  const { scale } = embeddings;
  exponentials.forEach((value, entryIndex) => {
    const trust = scale ? Math.min(1, Math.max(0, (similarities[entryIndex]! - scale.unrelated) / (scale.related - scale.unrelated))) : 1;
    scores.set(entryIndex, ((scores.get(entryIndex) ?? 0) + (weight * trust * value) / total) / (1 + weight));
  });
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++) sum += a[index]! * b[index]!;
  return sum;
}

