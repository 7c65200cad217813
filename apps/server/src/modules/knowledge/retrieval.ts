/**
 * The one retrieval the assistant and the training screen's search use: given a configuration and a
 * question, the configuration's best pieces of knowledge with their sources and scores.
 *
 * Three signals, each a ranked list, fused by reciprocal rank (score = Σ 1 / (60 + rank)):
 * - full text: the question's words, accent-folded and stemmed in the configuration's language, any of them;
 * - trigram: each word of the question replaced by the configuration's known words that look like it
 *   (pg_trgm similarity over `knowledge_terms`, so "polcy" finds "policy"), then searched the same way;
 * - vector: cosine similarity of embeddings, when an embedding provider is set (pgvector where the database
 *   has it, the dot product of stored unit vectors otherwise).
 * Every list is filtered to the configuration. A full-text
 * list ranks at most `candidateBudget` chunks, found by the question's rarer lexemes (`knowledge_lexemes`
 * counts them), so its cost follows how selective the question is, not how large the configuration is.
 */
import { textSearchConfigurationFor } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";
import type { Embedder } from "./embeddings";
import { toArticle, unaccented, type Article, type ArticleRow } from "./repository";

export interface RetrievalRequest {
  scope: Scope;
  configurationId: string;
  question: string;
  /** Hits at most (10 by default). */
  limit?: number;
}

export interface KnowledgeHit {
  source: "article" | "faq";
  text: string;
  score: number;
  /** The rank (1 is best) the hit had in each signal that found it (`faq`: the FAQ matcher's, for a FAQ row). */
  signals: { fullText?: number; trigram?: number; vector?: number; faq?: number };
  article?: Article;
  chunk?: number;
  faq?: { row: number; values: Record<string, string> };
}

/** How many candidates each signal contributes before fusion. */
export const candidatesPerSignal = 50;
/** Reciprocal rank fusion's constant (the value of Cormack et al.). */
export const fusionConstant = 60;
/**
 * How many chunks one signal ranks at most. Its candidates are the chunks holding the question's rarest
 * lexemes, as many of them as fit this budget by the configuration's counts; when even the rarest is in more
 * chunks, the chunks holding all of them (the first this many). Ranking then uses every lexeme.
 */
export const candidateBudget = 1000;
/**
 * When even the rarest lexeme of the question is in more chunks than this, candidates are found by reading
 * this many of the configuration's chunks rather than through the index.
 */
export const scanBudget = 10_000;
/** Known words at least this similar to a word of the question stand in for it. */
export const typoSimilarity = 0.4;
/** Question words looked up for typos at most (a long question adds little past this). */
const maxQuestionWords = 32;

export type VectorSupport = "pgvector" | "array" | "none";

/** A fused hit: its ranks, and the chunk with its article. */
interface HitRow extends Omit<ArticleRow, "id" | "content_hash"> {
  key: string;
  score: number | string;
  full_text_rank: number | string | null;
  trigram_rank: number | string | null;
  vector_rank: number | string | null;
  chunk_position: number | null;
  chunk_text: string | null;
  id: string | null;
}

/**
 * The statement that ranks and fuses. Parameters: $1 configuration id, $2 text search configuration,
 * $3 question, $4 candidates per signal, $5 hits; with vectors $6 the question's embedding and $7 the model
 * it was made with.
 */
export interface CandidateBudgets {
  candidateBudget: number;
  scanBudget: number;
}

export function retrievalSql(vectors: VectorSupport, budgets: CandidateBudgets = { candidateBudget, scanBudget }): string {
  const vectorList =
    vectors === "pgvector"
      ? `SELECT c.id::text AS key, c.embedding_vector OPERATOR(parley_extensions.<=>) $6::parley_extensions.vector AS distance
           FROM knowledge_chunks c WHERE c.configuration_id = $1 AND c.embedding_model = $7
          ORDER BY distance LIMIT $4`
      : vectors === "array"
        ? `SELECT c.id::text AS key, -(SELECT sum(x.a * x.b) FROM unnest(c.embedding, $6::real[]) AS x(a, b)) AS distance
             FROM knowledge_chunks c WHERE c.configuration_id = $1 AND c.embedding_model = $7
            ORDER BY distance LIMIT $4`
        : undefined;
  // Candidates through the index: the chunks holding the rarer lexemes, or, when even the rarest is in more than
  // `candidateBudget` chunks, the first of those holding all of them. When the rarest is in more than
  // `scanBudget`, its bitmap would cost more than reading chunks: the matches among the first `scanBudget`.
  // Ranked by all lexemes.
  const ranked = (signal: "exact" | "fuzzy") => `
    SELECT key, row_number() OVER (ORDER BY score DESC, key) AS rank FROM (
      SELECT c.id::text AS key, ts_rank_cd(c.search_vector, q.ranking, 1) AS score
        FROM queries q CROSS JOIN LATERAL (
          SELECT id, search_vector FROM knowledge_chunks
           WHERE q.selective AND configuration_id = $1 AND search_vector @@ q.candidates
          UNION ALL
          SELECT id, search_vector FROM (
            SELECT id, search_vector FROM knowledge_chunks WHERE NOT q.selective AND configuration_id = $1 LIMIT ${budgets.scanBudget}
          ) scanned WHERE scanned.search_vector @@ q.candidates
          LIMIT ${budgets.candidateBudget}
        ) c
       WHERE q.signal = '${signal}'
    ) hits ORDER BY score DESC, key LIMIT $4`;
  // A lexeme as a tsquery operand: quoted, with quotes doubled and backslashes escaped.
  const quoted = String.raw`'''' || replace(replace(s.lexeme, '\', '\\'), '''', '''''') || ''''`;
  return `
  WITH question AS (SELECT ${unaccented("$3::text")} AS folded),
  question_words AS (
    SELECT DISTINCT word FROM question, unnest(tsvector_to_array(to_tsvector('simple', question.folded))) AS word
     WHERE length(word) BETWEEN 3 AND 40 LIMIT ${maxQuestionWords}
  ),
  corrections AS (
    SELECT near.term FROM question_words w CROSS JOIN LATERAL (
      SELECT t.term FROM knowledge_terms t
       WHERE t.configuration_id = $1 AND t.term OPERATOR(parley_extensions.%) w.word
         AND parley_extensions.similarity(t.term, w.word) >= ${typoSimilarity}
       ORDER BY parley_extensions.similarity(t.term, w.word) DESC, t.term LIMIT 3
    ) near
  ),
  signal_lexemes AS (
    SELECT 'exact' AS signal, lexeme FROM question, unnest(tsvector_to_array(to_tsvector($2::regconfig, question.folded))) AS lexeme
    UNION
    SELECT 'fuzzy', lexeme
      FROM unnest(tsvector_to_array(to_tsvector($2::regconfig, coalesce((SELECT string_agg(term, ' ') FROM corrections), '')))) AS lexeme
  ),
  counted AS (
    SELECT s.signal, k.chunks, ${quoted} AS quoted,
           sum(k.chunks) OVER (PARTITION BY s.signal ORDER BY k.chunks, s.lexeme) AS running
      FROM signal_lexemes s
      LEFT JOIN knowledge_lexemes k ON k.configuration_id = $1 AND k.lexeme = s.lexeme AND k.chunks > 0
  ),
  -- Without a typo the corrected question is the question: its list is the full-text list, not ranked twice.
  same_lexemes AS (
    SELECT coalesce((SELECT array_agg(lexeme ORDER BY lexeme) FROM signal_lexemes WHERE signal = 'exact'), '{}')
         = coalesce((SELECT array_agg(lexeme ORDER BY lexeme) FROM signal_lexemes WHERE signal = 'fuzzy'), '{}') AS same
  ),
  queries AS (
    SELECT signal,
           string_agg(quoted, ' | ')::tsquery AS ranking,
           -- The index, unless even the rarest lexeme is in more chunks than reading them all would cost.
           coalesce(min(chunks) <= ${budgets.scanBudget}, true) AS selective,
           coalesce(string_agg(quoted, ' | ') FILTER (WHERE running <= ${budgets.candidateBudget}),
                    string_agg(quoted, ' & ') FILTER (WHERE chunks IS NOT NULL))::tsquery AS candidates
      FROM counted GROUP BY signal
    HAVING signal = 'exact' OR NOT (SELECT same FROM same_lexemes)
  ),
  full_text AS (${ranked("exact")}),
  trigram AS (
    SELECT key, rank FROM full_text WHERE (SELECT same FROM same_lexemes)
    UNION ALL (${ranked("fuzzy")})
  ),
  ${vectorList ? `vector AS (SELECT key, row_number() OVER (ORDER BY distance, key) AS rank FROM (${vectorList}) nearest),` : ""}
  fused AS (
    SELECT key, sum(1.0 / (${fusionConstant} + rank)) AS score,
           min(rank) FILTER (WHERE signal = 'fullText') AS full_text_rank,
           min(rank) FILTER (WHERE signal = 'trigram') AS trigram_rank,
           min(rank) FILTER (WHERE signal = 'vector') AS vector_rank
      FROM (
        SELECT key, rank, 'fullText' AS signal FROM full_text
        UNION ALL SELECT key, rank, 'trigram' FROM trigram
        ${vectorList ? "UNION ALL SELECT key, rank, 'vector' FROM vector" : ""}
      ) signals
     -- On a tie, the list of the question as the configuration knows it (typos corrected) goes first.
     GROUP BY key ORDER BY score DESC, trigram_rank NULLS LAST, key LIMIT $5
  )
  SELECT fused.key, fused.score, fused.full_text_rank, fused.trigram_rank, fused.vector_rank,
         c.position AS chunk_position, c.text AS chunk_text,
         a.id, a.configuration_id, a.kind, a.source, a.subject, a.url, a.text, a.word_count, a.split_length,
         a.split_overlap, a.indexed, a.created_at, a.updated_at
    FROM fused
    LEFT JOIN knowledge_chunks c ON c.id = fused.key::uuid
    LEFT JOIN knowledge_articles a ON a.id = c.article_id
   ORDER BY fused.score DESC, fused.trigram_rank NULLS LAST, fused.key`;
}

const rankOf = (value: number | string | null) => (value === null ? undefined : Number(value));

function toHit(row: HitRow): KnowledgeHit | undefined {
  const signals = {
    ...(row.full_text_rank !== null ? { fullText: rankOf(row.full_text_rank) } : {}),
    ...(row.trigram_rank !== null ? { trigram: rankOf(row.trigram_rank) } : {}),
    ...(row.vector_rank !== null ? { vector: rankOf(row.vector_rank) } : {}),
  };
  const score = Number(row.score);
  // A chunk deleted between ranking and reading is simply left out.
  if (row.id === null || row.chunk_text === null || row.chunk_position === null) return undefined;
  const article = toArticle({ ...row, id: row.id, content_hash: "" });
  return { source: "article", text: row.chunk_text, score, signals, article, chunk: row.chunk_position };
}

export interface Retrieval {
  retrieve(request: RetrievalRequest): Promise<KnowledgeHit[]>;
}

/**
 * `vectors` says how embeddings are compared (`none` without an embedder); the question is embedded with
 * the same model as the chunks, and a provider failure leaves the vector signal out rather than the answer.
 */
export function createRetrieval(
  db: Db,
  options: {
    embedder?: Embedder;
    vectors?: VectorSupport;
    onEmbeddingError?: (error: unknown) => void;
    /** Smaller budgets let a test reach every way of finding candidates with a few chunks. */
    budgets?: CandidateBudgets;
  } = {},
): Retrieval {
  const vectors: VectorSupport = options.embedder ? (options.vectors ?? "array") : "none";
  const sqlByVectors = new Map<VectorSupport, string>();
  const sqlFor = (support: VectorSupport) => {
    let sql = sqlByVectors.get(support);
    if (!sql) sqlByVectors.set(support, (sql = retrievalSql(support, options.budgets)));
    return sql;
  };

  return {
    async retrieve(request) {
      const configuration = await queryOne<{ language: string | null }>(
        db,
        `SELECT settings->>'language' AS language FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 2)}`,
        [request.configurationId, ...scopeParams(request.scope)],
      );
      if (!configuration) return [];
      const question = request.question.trim();
      if (question === "") return [];
      const limit = Math.min(Math.max(Math.trunc(request.limit ?? 10), 1), candidatesPerSignal);
      const params: unknown[] = [
        request.configurationId,
        textSearchConfigurationFor(configuration.language),
        question,
        candidatesPerSignal,
        limit,
      ];
      let support: VectorSupport = "none";
      if (options.embedder && vectors !== "none") {
        try {
          const [embedding] = await options.embedder.embed([question]);
          params.push(vectors === "pgvector" ? JSON.stringify(embedding) : embedding, options.embedder.model);
          support = vectors;
        } catch (error) {
          options.onEmbeddingError?.(error);
        }
      }
      const rows = await db.query<HitRow>(sqlFor(support), params);
      return rows.flatMap((row) => toHit(row) ?? []);
    },
  };
}
