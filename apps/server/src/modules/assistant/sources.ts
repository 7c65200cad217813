/**
 * What the assistant knows for one question: the configuration's FAQ dataset rows (through the FAQ matcher,
 * kept per configuration until its dataset changes) and its articles (through the one retrieval of the
 * training module), ranked, each with a confidence the extractive answer can trust. The FAQ is also ranked with
 * the embedding provider's model when one is set, or else, for the extractive default's English FAQs, with the
 * local sentence model.
 */
import type { FaqEntryOfDataset, LanguageCode } from "@parley/domain";
import { LRUCache } from "lru-cache";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { correctionsOf, faqRowsOf } from "../datasets/corrections";
import type { Retrieval } from "../knowledge/retrieval";
import { systemScope } from "../tenancy";
import { answerConfidenceThreshold, buildFaqMatcher, createFaqMatcher, type EmbeddingSimilarity, type FaqMatch, type FaqMatcher } from "./faq-matching";
import { faqRowTexts, faqRowVectors, type SentenceEncoder } from "./faq-matching/sentence-encoder";

export interface FoundSource {
  kind: "faq" | "article" | "product";
  title: string;
  url: string | null;
  /** The text a model reads (question and answer for a FAQ row; the chunk for an article). */
  text: string;
  /** For a FAQ row its answer, which the extractive default answers with. */
  answer?: string;
  /** 0..1: how sure the matcher is that this answers the question (comparable across kinds). */
  confidence: number;
  score: number;
  signals?: Record<string, number | undefined>;
}

export { answerConfidenceThreshold };

type FaqEntryRow = FaqEntryOfDataset;

interface CachedFaq {
  updatedAt: string;
  matcher: FaqMatcher;
  rows: FaqEntryRow[];
  language: LanguageCode;
  /**
   * Per row, the mean of the unit vectors of its question and of its question and answer, computed on the first
   * question that asks for them; settles undefined without a model.
   */
  vectors?: Promise<Float32Array[] | undefined>;
  /** When the vectors last settled undefined (a provider that failed is asked again a while later). */
  vectorsMissedAt?: number;
  /**
   * Whether questions should not wait for the vectors being computed: they cannot be ready within the wait
   * (many changed rows), or a question already waited for them in vain. Until they are ready, questions are
   * matched on words alone, answered at once.
   */
  vectorsTooSlow?: boolean;
}

/**
 * About how long the local sentence model takes a text (a FAQ row is two), to tell whether a FAQ's vectors can be
 * ready within a question's wait: 2,000 changed rows take half a minute, and a visitor must not wait 5 s for each
 * answer meanwhile.
 */
const localEncodeMsPerText = 10;

/** How long a FAQ whose vectors could not be had is matched on words alone before they are asked for again. */
const vectorRetryMs = 60_000;

export interface SourceFinderOptions {
  /**
   * The sentence model (see `sentence-encoder.ts`): the embedding provider's when one is set, else the local
   * one; the FAQ matcher works on words alone without.
   */
  sentenceEncoder?: SentenceEncoder;
  /**
   * How long a question waits for its FAQ's vectors while they are being computed (a new or changed FAQ;
   * about 20 ms a row, in the model's thread): past it, that question is matched on words alone.
   */
  vectorWaitMs?: number;
  /** How long a question waits for its own vector (about 10 ms when the model's thread is free). */
  questionWaitMs?: number;
  /** FAQ rows whose matchers are kept (`maxCachedFaqRows` unless given). */
  maxCachedFaqRows?: number;
}

/**
 * Rows of a FAQ the sentence model encodes: a bigger FAQ is matched on words alone, as its vectors would keep
 * the model's thread (a core) busy for minutes.
 */
export const maxEncodedFaqRows = 2_000;

/**
 * FAQ rows whose matchers an instance keeps, all FAQs together: a matcher holds about 10 kB a row (a 20,000-row
 * FAQ with 60-word answers about 270 MB), so a few large FAQs must not fill the heap. The least recently asked
 * FAQ is dropped first and built again (in slices) when it is next asked.
 */
export const maxCachedFaqRows = 40_000;

export interface SourceFinder {
  /**
   * `judgeArticles`: give articles a matcher's confidence (the extractive default answers only above its
   * threshold); otherwise they keep the retrieval's order with confidence 0, which is all a model needs.
   */
  find(request: {
    configurationId: string;
    language: LanguageCode;
    question: string;
    faq: boolean;
    articles: boolean;
    limit: number;
    judgeArticles: boolean;
    /**
     * Rank FAQ rows with the local sentence model too (the extractive default; the local model's time would
     * count in every provider's answer). A provider's embedding model ranks them whether or not this is set.
     */
    semanticFaq?: boolean;
  }): Promise<FoundSource[]>;
  /**
   * The FAQ rows `find` would give for the question, best first, down to `minimumListedFaqConfidence`: `row` is
   * the record's position in the dataset. The training screen's search shows them beside the articles.
   */
  rankFaq(request: FaqRankRequest): Promise<RankedFaqRow[]>;
}

/**
 * The least confidence of a row `rankFaq` lists: a tenth of the question explained. Below it a row shares a few
 * letters with the question (its character trigrams) rather than a word, and a search listing ten such rows
 * would push the articles that do match out of sight.
 */
export const minimumListedFaqConfidence = 0.1;

export interface FaqRankRequest {
  configurationId: string;
  language: LanguageCode;
  question: string;
  limit: number;
  semanticFaq?: boolean;
}

export interface RankedFaqRow {
  row: number;
  confidence: number;
}

export function createSourceFinder(db: Db, retrieval: Retrieval, options: SourceFinderOptions = {}): SourceFinder {
  const { sentenceEncoder, vectorWaitMs = 5_000, questionWaitMs = 1_000 } = options;
  // Vectors by text, so a changed FAQ encodes only its changed rows (2 KB a text).
  const textVectors = new LRUCache<string, Float32Array>({ max: 2 * maxEncodedFaqRows * 5 });
  // A matcher is built from the dataset once and kept while the dataset's updated_at stays the same, which
  // one indexed lookup checks per question (so every instance sees a saved FAQ at once).
  const faqs = new LRUCache<string, CachedFaq>({ max: 500, maxSize: options.maxCachedFaqRows ?? maxCachedFaqRows, sizeCalculation: (faq) => Math.max(1, faq.rows.length) });
  const building = new Map<string, Promise<CachedFaq | undefined>>();

  async function faqFor(configurationId: string, language: LanguageCode): Promise<CachedFaq | undefined> {
    // The dataset's change and the newest correction both make a new matcher.
    const stamp = await queryOne<{ updated_at: string }>(
      db,
      `SELECT d.updated_at::text || ' ' || COALESCE((SELECT count(*) || ' ' || max(created_at)::text FROM faq_corrections
         WHERE configuration_id = $1), '') AS updated_at FROM datasets d WHERE d.configuration_id = $1`,
      [configurationId],
    );
    if (!stamp) return undefined;
    const key = `${configurationId}:${language}`;
    const cached = faqs.get(key);
    if (cached && cached.updatedAt === stamp.updated_at) return cached;
    // Questions arriving while the FAQ is being indexed wait for that one build rather than each starting its own.
    const buildKey = `${key} ${stamp.updated_at}`;
    let build = building.get(buildKey);
    if (!build) {
      build = indexFaq(key, configurationId, language, stamp.updated_at).finally(() => building.delete(buildKey));
      building.set(buildKey, build);
    }
    return build;
  }

  async function indexFaq(key: string, configurationId: string, language: LanguageCode, updatedAt: string): Promise<CachedFaq | undefined> {
    const rows = await faqRowsOf(db, configurationId);
    if (rows.length === 0) return undefined;
    // Agents' corrections: a visitor's phrasing counts as one of its entry's own.
    const phrasings = rows.map((): string[] => []);
    const indexByQuestion = new Map<string, number>();
    rows.forEach((row, index) => {
      if (!indexByQuestion.has(row.question)) indexByQuestion.set(row.question, index);
    });
    for (const correction of await correctionsOf(db, configurationId)) {
      const index = indexByQuestion.get(correction.faqQuestion);
      if (index !== undefined) phrasings[index]!.push(correction.question);
    }
    // Built in slices, so indexing a large FAQ (seconds at 20,000 rows) never holds other requests up.
    const matcher = await buildFaqMatcher(
      rows.map((row, index) => ({ key: String(index), question: row.question, answer: row.answer, phrasings: phrasings[index] })),
      { language },
    );
    const entry: CachedFaq = { updatedAt, matcher, rows, language };
    faqs.set(key, entry);
    return entry;
  }

  /** Vectors of texts, from the cache or the model (undefined when the model cannot run). */
  async function encode(texts: string[]): Promise<Float32Array[] | undefined> {
    if (!sentenceEncoder) return undefined;
    const missing = [...new Set(texts.filter((text) => !textVectors.has(text)))];
    if (missing.length > 0) {
      const vectors = await sentenceEncoder.embed(missing).catch(() => undefined);
      if (!vectors) return undefined;
      missing.forEach((text, index) => textVectors.set(text, vectors[index]!));
    }
    const found = texts.map((text) => textVectors.get(text));
    return found.every((vector) => vector !== undefined) ? found : undefined;
  }

  async function rowVectors(rows: FaqEntryRow[], language: LanguageCode): Promise<Float32Array[] | undefined> {
    if (!sentenceEncoder?.languages.includes(language) || rows.length > maxEncodedFaqRows) return undefined;
    const vectors = await encode(rows.flatMap(faqRowTexts));
    return vectors && faqRowVectors(vectors);
  }

  /** The sentence model's view of the question against the FAQ, when both are ready in time. */
  async function similarity(faq: CachedFaq, question: string): Promise<EmbeddingSimilarity | undefined> {
    if (!faq.vectors || (faq.vectorsMissedAt !== undefined && Date.now() - faq.vectorsMissedAt > vectorRetryMs)) {
      faq.vectorsMissedAt = undefined;
      const local = sentenceEncoder && !sentenceEncoder.remote && sentenceEncoder.languages.includes(faq.language) && faq.rows.length <= maxEncodedFaqRows;
      const unencoded = local ? new Set(faq.rows.flatMap(faqRowTexts).filter((text) => !textVectors.has(text))).size : 0;
      faq.vectorsTooSlow = unencoded * localEncodeMsPerText > vectorWaitMs;
      const vectors = rowVectors(faq.rows, faq.language).then((vectors) => {
        if (!vectors) faq.vectorsMissedAt = Date.now();
        return vectors;
      });
      faq.vectors = vectors;
      void vectors.then(() => {
        if (faq.vectors === vectors) faq.vectorsTooSlow = false;
      });
    }
    // Settled vectors are taken even without a wait (a promise settled wins the race with a timer of 0).
    const entries = await within(faq.vectors, faq.vectorsTooSlow ? 0 : vectorWaitMs);
    if (!entries) {
      // Still computing past the wait: the next questions do not wait for them either.
      if (faq.vectorsMissedAt === undefined) faq.vectorsTooSlow = true;
      return undefined;
    }
    const query = await within(encode([question]), questionWaitMs);
    return query ? { entries, query: query[0]!, scale: sentenceEncoder!.scale } : undefined;
  }

  /** The FAQ's rows best matching the question, with the matcher's verdict on each. */
  async function faqMatches(request: FaqRankRequest): Promise<{ row: FaqEntryRow; match: FaqMatch }[]> {
    const faq = await faqFor(request.configurationId, request.language);
    if (!faq) return [];
    const semantic = request.semanticFaq || sentenceEncoder?.remote === true;
    const embeddings = semantic ? await similarity(faq, request.question) : undefined;
    // In slices: on a large FAQ whose rows all share the question's words, scoring takes a few hundred milliseconds.
    const matches = await faq.matcher.matchInSlices(request.question, request.limit, embeddings);
    return matches.map((match) => ({ row: faq.rows[Number(match.key)]!, match }));
  }

  return {
    async rankFaq(request) {
      return (await faqMatches(request))
        .filter(({ match }) => match.confidence >= minimumListedFaqConfidence)
        .map(({ row, match }) => ({ row: row.row, confidence: match.confidence }));
    },

    async find(request) {
      const found: FoundSource[] = [];
      if (request.faq) {
        for (const { row, match } of await faqMatches(request)) {
          found.push({
            kind: "faq",
            title: row.question,
            url: null,
            text: `${row.question}\n${row.answer}`,
            answer: row.answer,
            confidence: match.confidence,
            score: match.score,
          });
        }
      }
      if (request.articles) {
        const hits = await retrieval.retrieve({ scope: systemScope, configurationId: request.configurationId, question: request.question, limit: request.limit });
        if (hits.length > 0) {
          // The matcher also judges the retrieved passages, so one threshold holds for FAQ rows and articles.
          const judge = request.judgeArticles ? createFaqMatcher(
            // A passage is judged as a whole: a question's words found anywhere in it count fully.
            hits.map((hit, index) => ({ key: String(index), question: `${hit.article?.subject ?? ""}\n${hit.text}`, answer: "" })),
            { language: request.language },
          ) : undefined;
          const confidence = new Map(judge?.match(request.question, hits.length).map((match) => [Number(match.key), match.confidence]) ?? []);
          hits.forEach((hit, index) => {
            found.push({
              // A webshop product is shown as one, so the visitor sees which product the answer is about.
              kind: hit.article?.kind === "product" ? "product" : "article",
              title: hit.article?.subject?.trim() || hit.article?.url || hit.text.slice(0, 80),
              url: hit.article?.url ?? null,
              text: hit.text,
              confidence: confidence.get(index) ?? 0,
              score: hit.score,
              signals: hit.signals,
            });
          });
        }
      }
      return found.sort((a, b) => b.confidence - a.confidence || b.score - a.score).slice(0, request.limit);
    },
  };
}

/** The promise's value, or undefined when it takes longer than `ms` (or fails). */
async function within<T>(promise: Promise<T | undefined>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
