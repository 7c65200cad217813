/**
 * What the assistant knows for one question: the configuration's FAQ dataset rows (through the FAQ matcher,
 * kept per configuration until its dataset changes) and its articles (through the one retrieval of the
 * training module), ranked, each with a confidence the extractive answer can trust.
 */
import type { LanguageCode } from "@parley/domain";
import { LRUCache } from "lru-cache";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { correctionsOf, faqRowsOf } from "../datasets/corrections";
import type { Retrieval } from "../knowledge/retrieval";
import { systemScope } from "../tenancy";
import { answerConfidenceThreshold, createFaqMatcher, type FaqMatcher } from "./faq-matching";

export interface FoundSource {
  kind: "faq" | "article";
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

interface FaqEntryRow {
  question: string;
  answer: string;
}

interface CachedFaq {
  updatedAt: string;
  matcher: FaqMatcher;
  rows: FaqEntryRow[];
}

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
  }): Promise<FoundSource[]>;
}

export function createSourceFinder(db: Db, retrieval: Retrieval): SourceFinder {
  // A matcher is built from the dataset once and kept while the dataset's updated_at stays the same, which
  // one indexed lookup checks per question (so every instance sees a saved FAQ at once).
  const faqs = new LRUCache<string, CachedFaq>({ max: 500 });

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
    const rows = await faqRowsOf(db, configurationId);
    if (rows.length === 0) return undefined;
    const matcher = createFaqMatcher(
      rows.map((row, index) => ({ key: String(index), question: row.question, answer: row.answer })),
      { language },
    );
    // Agents' corrections: a visitor's phrasing counts as one of its entry's own.
    for (const correction of await correctionsOf(db, configurationId)) {
      const index = rows.findIndex((row) => row.question === correction.faqQuestion);
      if (index >= 0) matcher.addPhrasing(String(index), correction.question);
    }
    const entry = { updatedAt: stamp.updated_at, matcher, rows };
    faqs.set(key, entry);
    return entry;
  }

  return {
    async find(request) {
      const found: FoundSource[] = [];
      if (request.faq) {
        const faq = await faqFor(request.configurationId, request.language);
        for (const match of faq?.matcher.match(request.question, request.limit) ?? []) {
          const row = faq!.rows[Number(match.key)]!;
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
              kind: "article",
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
