import type { ArticleKind } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

export type Article = Schemas["Article"];

/** How SQL names the accent folding of migration 007 (the extension lives in its own schema). */
export const unaccented = (expression: string) => `parley_extensions.unaccent('parley_extensions.unaccent', ${expression})`;

export interface ArticleRow {
  id: string;
  configuration_id: string;
  kind: ArticleKind;
  source: string;
  subject: string | null;
  url: string | null;
  text: string;
  content_hash: string;
  word_count: number;
  split_length: number;
  split_overlap: number;
  indexed: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const articleColumns =
  "a.id, a.configuration_id, a.kind, a.source, a.subject, a.url, a.text, a.content_hash, a.word_count, a.split_length, a.split_overlap, a.indexed, a.created_at, a.updated_at";

const isoOf = (value: Date | string) => new Date(value).toISOString();

export function toArticle(row: ArticleRow): Article {
  return {
    _id: row.id,
    configuration_id: row.configuration_id,
    kind: row.kind,
    source: row.source,
    subject: row.subject,
    url: row.url,
    text: row.text,
    wordCount: row.word_count,
    splitLength: row.split_length,
    splitOverlap: row.split_overlap,
    dateCreated: isoOf(row.created_at),
    dateModified: isoOf(row.updated_at),
    indexed: row.indexed,
  };
}

// An article belongs to a configuration; the scope is the configuration's customer.
const inScope = (column: string, first: number) =>
  `${column} IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", first)})`;

export interface ArticleFields {
  kind: ArticleKind;
  source: string;
  subject: string | null;
  url: string | null;
  text: string;
  contentHash: string;
  wordCount: number;
  splitLength: number;
  splitOverlap: number;
}

/**
 * The candidates for a configuration's known words (typo correction) in texts: runs of letters, marks and
 * digits, lowercased, each once. SQL folds their accents and keeps those of 3 to 40 characters (`knownTerms`).
 * Cut here rather than by PostgreSQL's text search parser, which cost a second parse of every text (the
 * language's is the chunks' own) and about a third of the indexing statement; unlike that parser it does not
 * also keep a hyphenated word, an e-mail address or a URL whole, only its words.
 */
export function termCandidates(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) words.add(word);
  return [...words];
}

/** The known words of a `text[]` parameter of `termCandidates`: accents folded, lowercased, 3 to 40 characters. */
const knownTerms = (parameter: string) =>
  `SELECT DISTINCT term FROM unnest(${parameter}::text[]) AS word, lower(${unaccented("word")}) AS term WHERE length(term) BETWEEN 3 AND 40`;

// Any constant works; with the configuration's id it names the lock of one configuration's knowledge.
const KNOWLEDGE_LOCK_KEY = 7_240_514;

/**
 * Serialises the changes of one configuration's lexeme counts and the wiping of its words (held until the
 * transaction ends), so the counts stay exact. It is always taken after the article rows a transaction locks
 * (indexing, replacing and deleting lock the article rows first, in id order), so the two cannot deadlock.
 */
async function lockKnowledge(tx: Db, configurationId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2::text))", [KNOWLEDGE_LOCK_KEY, configurationId]);
}

const TEXT_LOCK_KEY = 7_240_515;

/**
 * Serialises the writers of the same text in one configuration (held until the transaction ends), taken
 * before any other lock, in one order. Without it, a batch that inserted a text and waits for the
 * configuration's lock, and an edit that holds that lock and sets an article to the same text (waiting on the
 * batch's uncommitted row in the unique index), would wait for each other.
 */
async function lockTexts(tx: Db, configurationId: string, contentHashes: readonly string[]): Promise<void> {
  await tx.query(
    `SELECT pg_advisory_xact_lock($1, k) FROM (SELECT DISTINCT hashtext($2::text || h) AS k FROM unnest($3::text[]) AS h ORDER BY k) AS keys`,
    [TEXT_LOCK_KEY, configurationId, contentHashes],
  );
}

/**
 * Under the configuration's lock: deletes the chunks of the articles, and takes them out of the lexeme counts
 * first. Answers the text search configurations the chunks were stemmed with.
 */
async function dropChunks(tx: Db, configurationId: string, articleIds: string[]): Promise<string[]> {
  await tx.query(
    `WITH gone AS (
       SELECT lexeme, count(*)::integer AS chunks
         FROM knowledge_chunks c, unnest(tsvector_to_array(c.search_vector)) AS lexeme
        WHERE c.article_id = ANY($2::uuid[]) GROUP BY lexeme
     )
     UPDATE knowledge_lexemes k SET chunks = k.chunks - gone.chunks FROM gone
      WHERE k.configuration_id = $1 AND k.lexeme = gone.lexeme`,
    [configurationId, articleIds],
  );
  const gone = await tx.query<{ language: string }>("DELETE FROM knowledge_chunks WHERE article_id = ANY($1::uuid[]) RETURNING language", [articleIds]);
  return [...new Set(gone.map((row) => row.language))];
}

/**
 * Under the configuration's lock, once an article's chunks are gone: deletes the known words of its text
 * (subject and text, as indexing took them) that no chunk of the configuration holds any more. Whether a
 * chunk holds a word is read from the lexeme counts, stemmed as the chunks were: a word whose stem another
 * word still has, and a stop word (which has no stem), stay. An article being indexed at the same moment,
 * which takes the lock only for its counts, may have found such a word already known; it then lacks it
 * until it is indexed again. Known words only serve to correct typos, so this costs at worst a correction.
 */
async function dropUnusedTerms(tx: Db, configurationId: string, words: string, languages: string[]): Promise<void> {
  if (languages.length === 0) return;
  const lexemes = "SELECT lexeme FROM unnest($3::text[]) AS language, unnest(tsvector_to_array(to_tsvector(language::regconfig, term))) AS lexeme";
  await tx.query(
    `DELETE FROM knowledge_terms t
      WHERE t.configuration_id = $1
        AND t.term IN (
          SELECT term FROM (${knownTerms("$2")}) AS known
           WHERE EXISTS (${lexemes})
             AND NOT EXISTS (SELECT 1 FROM (${lexemes}) AS stems
                               JOIN knowledge_lexemes k ON k.configuration_id = $1 AND k.lexeme = stems.lexeme AND k.chunks > 0))`,
    [configurationId, termCandidates([words]), languages],
  );
}

/**
 * Inside a transaction: takes the article's row within the scope, then the configuration's lock (rows first,
 * as `storeChunks` does, so the two cannot deadlock), deletes its chunks and the words only they held.
 * `false`: no such article.
 */
async function claimArticle(tx: Db, scope: Scope, configurationId: string, id: string): Promise<boolean> {
  const found = await queryOne<{ id: string; words: string }>(
    tx,
    `SELECT a.id, coalesce(a.subject, '') || ' ' || a.text AS words FROM knowledge_articles a
      WHERE a.id = $1 AND a.configuration_id = $2 AND ${inScope("a.configuration_id", 3)} FOR UPDATE`,
    [id, configurationId, ...scopeParams(scope)],
  );
  if (!found) return false;
  await lockKnowledge(tx, configurationId);
  const languages = await dropChunks(tx, configurationId, [id]);
  await dropUnusedTerms(tx, configurationId, found.words, languages);
  return true;
}

/** The stored fields in the order of the insert's and the update's parameters $2 to $10. */
const fieldValues = (fields: ArticleFields) => [
  fields.kind,
  fields.source,
  fields.subject,
  fields.url,
  fields.text,
  fields.contentHash,
  fields.wordCount,
  fields.splitLength,
  fields.splitOverlap,
];

export async function listArticles(db: Db, scope: Scope, configurationId: string): Promise<Article[]> {
  const rows = await db.query<ArticleRow>(
    `SELECT ${articleColumns} FROM knowledge_articles a
      WHERE a.configuration_id = $1 AND ${inScope("a.configuration_id", 2)}
      ORDER BY a.updated_at DESC, a.id`,
    [configurationId, ...scopeParams(scope)],
  );
  return rows.map(toArticle);
}

async function findArticleByHash(db: Db, configurationId: string, contentHash: string): Promise<ArticleRow | undefined> {
  return queryOne<ArticleRow>(
    db,
    `SELECT ${articleColumns} FROM knowledge_articles a WHERE a.configuration_id = $1 AND a.content_hash = $2`,
    [configurationId, contentHash],
  );
}

/**
 * Stores an article in a configuration the scope may see. A text the configuration already holds is not
 * stored twice: the article that holds it is answered (`created: false`). `undefined`: no such configuration.
 */
export async function insertArticle(
  db: Db,
  scope: Scope,
  configurationId: string,
  fields: ArticleFields,
): Promise<{ article: Article; created: boolean } | undefined> {
  const row = await queryOne<ArticleRow>(
    db,
    `INSERT INTO knowledge_articles AS a (configuration_id, kind, source, subject, url, text, content_hash, word_count, split_length, split_overlap)
     SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 11)}
     ON CONFLICT (configuration_id, content_hash) DO NOTHING
     RETURNING ${articleColumns}`,
    [configurationId, ...fieldValues(fields), ...scopeParams(scope)],
  );
  if (row) return { article: toArticle(row), created: true };
  // Either the configuration is out of scope (the caller checked it is not) or the text is there already.
  const existing = await findArticleByHash(db, configurationId, fields.contentHash);
  return existing ? { article: toArticle(existing), created: false } : undefined;
}

/**
 * Stores many articles of a configuration the scope may see in one statement (in the order of their hashes,
 * so concurrent calls with shared texts wait for each other rather than deadlock). A text the configuration
 * already holds is not stored twice: the article holding it is answered (`created: false`). Answers one entry
 * per content hash of `articles` (which must be distinct); a hash missing from it names a text whose article
 * was deleted between the two statements, or a configuration out of scope.
 */
export async function insertArticles(
  db: Db,
  scope: Scope,
  configurationId: string,
  articles: readonly ArticleFields[],
): Promise<Map<string, { article: Article; created: boolean }>> {
  const column = <K extends keyof ArticleFields>(key: K) => articles.map((fields) => fields[key]);
  await lockTexts(db, configurationId, column("contentHash"));
  const inserted = await db.query<ArticleRow>(
    `INSERT INTO knowledge_articles AS a (configuration_id, kind, source, subject, url, text, content_hash, word_count, split_length, split_overlap)
     SELECT c.id, i.kind, i.source, i.subject, i.url, i.text, i.content_hash, i.word_count, i.split_length, i.split_overlap
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::integer[], $9::integer[], $10::integer[])
            AS i(kind, source, subject, url, text, content_hash, word_count, split_length, split_overlap),
            configurations c
      WHERE c.id = $1 AND ${scopeCondition("c.customer_id", 11)}
      ORDER BY i.content_hash
     ON CONFLICT (configuration_id, content_hash) DO NOTHING
     RETURNING ${articleColumns}`,
    [
      configurationId,
      column("kind"),
      column("source"),
      column("subject"),
      column("url"),
      column("text"),
      column("contentHash"),
      column("wordCount"),
      column("splitLength"),
      column("splitOverlap"),
      ...scopeParams(scope),
    ],
  );
  const stored = new Map(inserted.map((row) => [row.content_hash, { article: toArticle(row), created: true }]));
  const held = articles.map((fields) => fields.contentHash).filter((hash) => !stored.has(hash));
  if (held.length > 0) {
    // A statement of its own: it sees the rows of a concurrent call the insert waited for.
    const existing = await db.query<ArticleRow>(
      `SELECT ${articleColumns} FROM knowledge_articles a WHERE a.configuration_id = $1 AND a.content_hash = ANY($2::text[])`,
      [configurationId, held],
    );
    for (const row of existing) stored.set(row.content_hash, { article: toArticle(row), created: false });
  }
  return stored;
}

/**
 * Replaces the text of an article; it waits to be indexed again and its chunks go. When another article of
 * the configuration already holds the new text, this one is deleted and that one answered.
 */
export async function replaceArticle(
  db: Db,
  scope: Scope,
  configurationId: string,
  id: string,
  fields: ArticleFields,
): Promise<Article | undefined> {
  return db.transaction(async (tx) => {
    await lockTexts(tx, configurationId, [fields.contentHash]);
    if (!(await claimArticle(tx, scope, configurationId, id))) return undefined;
    const holder = await findArticleByHash(tx, configurationId, fields.contentHash);
    if (holder && holder.id !== id) {
      await tx.query("DELETE FROM knowledge_articles WHERE id = $1", [id]);
      return toArticle(holder);
    }
    const row = await queryOne<ArticleRow>(
      tx,
      `UPDATE knowledge_articles AS a SET kind = $2, source = $3, subject = $4, url = $5, text = $6, content_hash = $7,
              word_count = $8, split_length = $9, split_overlap = $10, indexed = false, updated_at = now()
        WHERE a.id = $1 RETURNING ${articleColumns}`,
      [id, ...fieldValues(fields)],
    );
    return row ? toArticle(row) : undefined;
  });
}

/**
 * The articles to index: the ones named (of this configuration), or up to `limit` not yet indexed, oldest
 * first, then indexed ones whose chunks are stale: not embedded by `embeddingModel` (the model changed, or came
 * later), or stemmed in another language than the configuration's.
 */
export async function articlesToIndex(
  db: Db,
  scope: Scope,
  configurationId: string,
  ids: string[] | undefined,
  limit: number,
  stale: { embeddingModel: string | null; language: string },
): Promise<Article[]> {
  const rows = ids
    ? await db.query<ArticleRow>(
        `SELECT ${articleColumns} FROM knowledge_articles a
          WHERE a.id = ANY($1::uuid[]) AND a.configuration_id = $2 AND ${inScope("a.configuration_id", 3)}
          ORDER BY a.created_at, a.id`,
        [ids, configurationId, ...scopeParams(scope)],
      )
    : await db.query<ArticleRow>(
        `SELECT ${articleColumns} FROM knowledge_articles a
          WHERE a.configuration_id = $1 AND ${inScope("a.configuration_id", 2)}
            AND (NOT a.indexed OR EXISTS (
                  SELECT 1 FROM knowledge_chunks c WHERE c.article_id = a.id
                     AND (c.language <> $6::text OR ($5::text IS NOT NULL AND c.embedding_model IS DISTINCT FROM $5::text))))
          ORDER BY a.indexed, a.created_at, a.id LIMIT $4`,
        [configurationId, ...scopeParams(scope), limit, stale.embeddingModel, stale.language],
      );
  return rows.map(toArticle);
}

export interface ChunkToStore {
  position: number;
  text: string;
  contentHash: string;
  /** Unit length, so the cosine is the dot product. */
  embedding: number[] | null;
}

export interface ArticleChunks {
  article: Article;
  /** The hash of the text the chunks were cut from: nothing is stored when the article's text changed meanwhile. */
  contentHash: string;
  chunks: ChunkToStore[];
}

/** A vector as an array literal, which the chunk insert casts to `real[]`. */
const vectorLiteral = (vector: number[] | null) => (vector === null ? null : `{${vector.join(",")}}`);

/**
 * Stores the chunks of a batch of one configuration's articles and marks them indexed, in one transaction
 * of a few set-based statements, whatever the batch's size: the article rows are locked (in id order), the
 * chunks of an earlier indexing deleted, all new chunks inserted in one statement with the new words and the
 * indexed marks, and the lexeme counts changed in one statement aggregated in SQL. Only that last step takes
 * the configuration's lock, so concurrent indexings of one configuration build their search vectors side by
 * side and queue only for the counts and the commit. A second indexing of the same article waits for the
 * first, then replaces the chunks instead of adding to them. An article deleted, or whose text changed,
 * meanwhile is left out. Answers the ids of the articles stored.
 */
export async function storeChunks(
  db: Db,
  configurationId: string,
  language: string,
  batch: ArticleChunks[],
  embeddingModel: string | null,
  vectors: boolean,
  options: { createdInTransaction?: boolean } = {},
): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  return db.transaction(async (tx) => {
    // The rows as they are once held (a row that was waited for is read again), so `indexed` is current.
    // Articles this transaction inserted (`db` is then that transaction) are held already, never indexed, and
    // no other transaction can see them: one statement less.
    const locked = options.createdInTransaction
      ? batch.map((item) => ({ id: item.article._id, indexed: false }))
      : await tx.query<{ id: string; indexed: boolean }>(
          `SELECT a.id, a.indexed FROM knowledge_articles a
             JOIN unnest($2::uuid[], $3::text[]) AS wanted(id, hash) ON a.id = wanted.id AND a.content_hash = wanted.hash
            WHERE a.configuration_id = $1
            ORDER BY a.id FOR UPDATE OF a`,
          [configurationId, batch.map((item) => item.article._id), batch.map((item) => item.contentHash)],
        );
    const stored = new Set(locked.map((row) => row.id));
    if (stored.size === 0) return stored;
    const ids = [...stored];
    // Chunks of an earlier indexing go (only an indexed article has chunks: they are written, and dropped,
    // with its mark); how many of them held each lexeme is taken out of the counts below, under the lock.
    // A statement of its own, after the rows are held: a statement that waited for a row reads other tables
    // with the snapshot it began with, and would miss the chunks of an indexing committed meanwhile.
    const indexedBefore = locked.filter((row) => row.indexed).map((row) => row.id);
    const gone =
      indexedBefore.length === 0
        ? []
        : await tx.query<{ lexeme: string; chunks: number }>(
            `WITH gone AS (DELETE FROM knowledge_chunks WHERE article_id = ANY($1::uuid[]) RETURNING search_vector)
             SELECT lexeme, count(*)::integer AS chunks FROM gone, unnest(tsvector_to_array(gone.search_vector)) AS lexeme GROUP BY lexeme`,
            [indexedBefore],
          );

    const items = batch.filter((item) => stored.has(item.article._id));
    const rows = items.flatMap(({ article, chunks }) => chunks.map((chunk) => ({ article, chunk })));
    const subject = unaccented("coalesce(p.subject, '')");
    // One statement: the chunks with their search vectors, the words new to the configuration (sorted, so
    // concurrent indexings insert shared words in the same order and cannot deadlock), and the articles marked
    // indexed.
    await tx.query(
      `WITH chunks AS (
         INSERT INTO knowledge_chunks (article_id, configuration_id, position, text, content_hash, language, search_vector, embedding, embedding_model${vectors ? ", embedding_vector" : ""})
         SELECT p.article_id, $1, p.position, p.text, p.hash, $2::text,
                setweight(to_tsvector($2::text::regconfig, ${subject}), 'A') || setweight(to_tsvector($2::text::regconfig, ${unaccented("p.text")}), 'B'),
                p.embedding::real[], CASE WHEN p.embedding IS NULL THEN NULL ELSE $3::text END
                ${vectors ? ", p.embedding::real[]::parley_extensions.vector" : ""}
           FROM unnest($4::uuid[], $5::integer[], $6::text[], $7::text[], $8::text[], $9::text[]) AS p(article_id, position, text, hash, subject, embedding)
         ON CONFLICT (article_id, content_hash) DO NOTHING
       ),
       terms AS (
         INSERT INTO knowledge_terms (configuration_id, term)
         SELECT $1::uuid, term FROM (${knownTerms("$10")}) AS known ORDER BY term
         ON CONFLICT DO NOTHING
       )
       UPDATE knowledge_articles SET indexed = true WHERE id = ANY($11::uuid[])`,
      [
        configurationId,
        language,
        embeddingModel,
        rows.map(({ article }) => article._id),
        rows.map(({ chunk }) => chunk.position),
        rows.map(({ chunk }) => chunk.text),
        rows.map(({ chunk }) => chunk.contentHash),
        rows.map(({ article }) => article.subject ?? null),
        rows.map(({ chunk }) => vectorLiteral(chunk.embedding)),
        termCandidates(items.flatMap(({ article }) => [article.subject ?? "", article.text])),
        ids,
      ],
    );
    // Only the counts wait for the configuration's lock: every writer of them takes it (after its article rows).
    await lockKnowledge(tx, configurationId);
    await tx.query(
      `INSERT INTO knowledge_lexemes (configuration_id, lexeme, chunks)
       SELECT $1, lexeme, sum(chunks)::integer FROM (
         SELECT lexeme, count(*) AS chunks FROM knowledge_chunks c, unnest(tsvector_to_array(c.search_vector)) AS lexeme
          WHERE c.article_id = ANY($2::uuid[]) GROUP BY lexeme
         UNION ALL
         SELECT lexeme, -chunks FROM unnest($3::text[], $4::integer[]) AS gone(lexeme, chunks)
       ) AS change GROUP BY lexeme HAVING sum(chunks) <> 0
       ON CONFLICT (configuration_id, lexeme) DO UPDATE SET chunks = knowledge_lexemes.chunks + EXCLUDED.chunks`,
      [configurationId, ids, gone.map((row) => row.lexeme), gone.map((row) => row.chunks)],
    );
    return stored;
  });
}

/** Deletes an article (and its chunks) of a configuration the scope may see; `false` when there is none. */
export async function deleteArticle(db: Db, scope: Scope, configurationId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimArticle(tx, scope, configurationId, id))) return false;
    await tx.query("DELETE FROM knowledge_articles WHERE id = $1", [id]);
    return true;
  });
}

/**
 * Deletes the articles of one kind (`wordpress`) of a configuration the scope may see, only those of `source`
 * when given (a training file's), with their chunks, and the known words only they held; answers their ids.
 * Locks as `claimArticle` does (the rows in id order, then the configuration's lock), for many at once.
 */
export async function deleteArticlesOfKind(db: Db, scope: Scope, configurationId: string, kind: ArticleKind, source?: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; words: string }>(
      `SELECT a.id, coalesce(a.subject, '') || ' ' || a.text AS words FROM knowledge_articles a
        WHERE a.configuration_id = $1 AND a.kind = $2 AND ($3::text IS NULL OR a.source = $3) AND ${inScope("a.configuration_id", 4)}
        ORDER BY a.id FOR UPDATE`,
      [configurationId, kind, source ?? null, ...scopeParams(scope)],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    await lockKnowledge(tx, configurationId);
    const languages = await dropChunks(tx, configurationId, ids);
    await tx.query("DELETE FROM knowledge_articles WHERE id = ANY($1::uuid[])", [ids]);
    await dropUnusedTerms(tx, configurationId, rows.map((row) => row.words).join(" "), languages);
    return ids;
  });
}

/** Deletes every article, chunk and known word of a configuration the scope may see; answers how many articles. */
export async function wipeArticles(db: Db, scope: Scope, configurationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const inScopeParams = [configurationId, ...scopeParams(scope)];
    // The rows first, in id order, as indexing locks them; an article created meanwhile is not wiped.
    const rows = await tx.query<{ id: string }>(
      `SELECT a.id FROM knowledge_articles a WHERE a.configuration_id = $1 AND ${inScope("a.configuration_id", 2)} ORDER BY a.id FOR UPDATE`,
      inScopeParams,
    );
    await lockKnowledge(tx, configurationId);
    await tx.query("DELETE FROM knowledge_articles WHERE id = ANY($1::uuid[])", [rows.map((row) => row.id)]);
    // Counted again from the chunks left: those of an article indexed before the lock was taken. An indexing
    // that waits for the lock adds its own chunks afterwards.
    await tx.query(`DELETE FROM knowledge_lexemes t WHERE t.configuration_id = $1 AND ${inScope("t.configuration_id", 2)}`, inScopeParams);
    await tx.query(
      `INSERT INTO knowledge_lexemes (configuration_id, lexeme, chunks)
       SELECT c.configuration_id, lexeme, count(*) FROM knowledge_chunks c, unnest(tsvector_to_array(c.search_vector)) AS lexeme
        WHERE c.configuration_id = $1 AND ${inScope("c.configuration_id", 2)} GROUP BY c.configuration_id, lexeme`,
      inScopeParams,
    );
    await tx.query(`DELETE FROM knowledge_terms t WHERE t.configuration_id = $1 AND ${inScope("t.configuration_id", 2)}`, inScopeParams);
    return rows.length;
  });
}

/** Whether the database has pgvector (migration 007 then added `embedding_vector`). */
export async function hasVectorColumn(db: Db): Promise<boolean> {
  const row = await queryOne<{ present: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns
                     WHERE table_schema = current_schema() AND table_name = 'knowledge_chunks' AND column_name = 'embedding_vector') AS present`,
  );
  return row?.present === true;
}
