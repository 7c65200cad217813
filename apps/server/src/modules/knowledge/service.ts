import { createHash } from "node:crypto";
import {
  articleChunks,
  articleSplitParameters,
  assertArticleBatchSize,
  cleanArticleText,
  countWords,
  DomainError,
  errorMessages,
  indexingOutcome,
  maxArticlesPerIndexing,
  successMessages,
  textSearchConfigurationFor,
  type ErrorCode,
} from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { AnswerOf, BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { isId, notFound, scopeOf } from "../tenancy";
import type { Embedder } from "./embeddings";
import * as repository from "./repository";
import type { Article } from "./repository";
import { fusionConstant, type KnowledgeHit, type Retrieval } from "./retrieval";
import { snippetOf } from "./snippet";

/** The same text is stored once per configuration: its key is the hash of the cleaned, trimmed text. */
export function contentHashOf(text: string): string {
  return createHash("sha256").update(text.trim()).digest("hex");
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
};

interface IndexFailure {
  _id: string;
  code: ErrorCode;
  message: string;
}

const failure = (id: string, code: ErrorCode, message: string = errorMessages[code]): IndexFailure => ({ _id: id, code, message });

export type ArticleInputFields = Pick<BodyOf<"createArticle">, "text" | "source" | "subject" | "url" | "kind" | "splitLength" | "splitOverlap">;

const overlapTooLarge = "The overlap must be at most half the split length";

/** The stored fields of an input article, cleaned; a domain error when it holds no text or cannot be cut. */
function articleFieldsOf(input: ArticleInputFields): repository.ArticleFields | { code: ErrorCode; message: string } {
  let text: string;
  try {
    text = cleanArticleText(input.text);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  const wordCount = countWords(text);
  const split = articleSplitParameters(wordCount, { splitLength: input.splitLength, splitOverlap: input.splitOverlap });
  if (!split) return { code: "validation_failed", message: overlapTooLarge };
  return {
    kind: input.kind ?? "typed",
    source: input.source.trim(),
    subject: blankToNull(input.subject),
    url: blankToNull(input.url),
    text,
    contentHash: contentHashOf(text),
    wordCount,
    ...split,
  };
}

interface CreationFailure {
  position: number;
  _id?: string;
  code: ErrorCode;
  message: string;
}

export interface KnowledgeServiceOptions {
  retrieval: Retrieval;
  embedder?: Embedder;
  /** Whether the database has pgvector, so chunks get a vector copy of their embedding. */
  vectors?: boolean;
  logError?: (message: string, error: unknown) => void;
  /**
   * How many articles of a create_articles call one transaction stores and indexes; unset, the whole call. On
   * the embedded database (one connection for every request) it is set, so other requests run between groups.
   */
  articlesPerTransaction?: number;
  /**
   * The FAQ rows the assistant finds for a question, best first (`row`: the record's position in the dataset):
   * the search shows the FAQ as the assistant's own matcher ranks it, from its index kept in memory.
   */
  faqSearch?: (configuration: Configuration, question: string, limit: number) => Promise<{ row: number }[]>;
}

/**
 * A FAQ row's weight in the search's fusion: the FAQ matcher reads words, stems and typos itself, so its one
 * list stands for both word lists of the articles (full text and trigram), and a row it ranks first weighs as
 * much as a chunk both of them rank first.
 */
const faqListWeight = 2;

/** The FAQ rows' stored cells, with their text in the dataset's column order, as search hits. */
async function faqHitsOf(db: Db, configurationId: string, ranked: readonly { row: number }[]): Promise<KnowledgeHit[]> {
  if (ranked.length === 0) return [];
  const stored = await db.query<{ row: number; value: unknown; headers: unknown }>(
    `SELECT r.row, d.dataset_data -> r.row AS value, d.dataset_headers AS headers
       FROM datasets d, unnest($2::int[]) AS r(row) WHERE d.configuration_id = $1`,
    [configurationId, ranked.map((found) => found.row)],
  );
  const byRow = new Map(stored.map((found) => [found.row, found]));
  return ranked.flatMap((found, index): KnowledgeHit[] => {
    const cells = byRow.get(found.row);
    // A row the dataset no longer holds (it was saved again meanwhile) is left out.
    if (!cells || typeof cells.value !== "object" || cells.value === null || Array.isArray(cells.value)) return [];
    const values = Object.fromEntries(Object.entries(cells.value).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]));
    // The text reads in the dataset's column order (a JSON object in the database keeps no order).
    const columns = Array.isArray(cells.headers) ? cells.headers.map((header: { value?: unknown }) => String(header?.value)) : [];
    const names = [...columns.filter((name) => name in values), ...Object.keys(values).filter((name) => !columns.includes(name))];
    const text = names.map((name) => values[name]!).filter((value) => value.trim() !== "").join("\n");
    const rank = index + 1;
    return [{ source: "faq", text, score: faqListWeight / (fusionConstant + rank), signals: { faq: rank }, faq: { row: found.row, values } }];
  });
}

/** The articles of a configuration, which the operation's `x-tenant` loaded within the caller's scope. */
export function createKnowledgeService(db: Db, options: KnowledgeServiceOptions) {
  /** The chunks of an article, embedded when there is a provider; a failure when there is nothing to store. */
  async function chunksOf(article: Article): Promise<repository.ArticleChunks | IndexFailure> {
    const chunks = articleChunks(article.text, { splitLength: article.splitLength, splitOverlap: article.splitOverlap });
    if (chunks.length === 0) return failure(article._id, "no_valid_text");
    let embeddings: number[][] | undefined;
    if (options.embedder) {
      try {
        embeddings = await options.embedder.embed(chunks.map((chunk) => (article.subject ? `${article.subject}\n${chunk}` : chunk)));
      } catch (error) {
        options.logError?.("an article's chunks could not be embedded", error);
        return failure(article._id, "service_unavailable", "The embedding provider could not embed the article");
      }
    }
    return {
      article,
      contentHash: contentHashOf(article.text),
      chunks: chunks.map((text, position) => ({ position, text, contentHash: contentHashOf(text), embedding: embeddings?.[position] ?? null })),
    };
  }

  return {
    async list(caller: Caller, configuration: Configuration): Promise<AnswerOf<"listArticles">> {
      return { status: "success", articles: await repository.listArticles(db, scopeOf(caller), configuration._id) };
    },

    async create(caller: Caller, configuration: Configuration, input: BodyOf<"createArticle">): Promise<AnswerOf<"createArticle">> {
      const fields = articleFieldsOf(input);
      if ("code" in fields) {
        if (fields.code === "validation_failed") throw new DomainError("validation_failed", undefined, 400, [{ path: "splitOverlap", message: fields.message }]);
        throw new DomainError(fields.code);
      }
      const scope = scopeOf(caller);
      if (input._id !== undefined && input._id !== null) {
        const replaced = isId(input._id) ? await repository.replaceArticle(db, scope, configuration._id, input._id, fields) : undefined;
        if (!replaced) throw notFound("No such article");
        return { status: "success", data: replaced, message: successMessages.data_saved };
      }
      const stored = await repository.insertArticle(db, scope, configuration._id, fields);
      if (!stored) throw notFound("No such configuration");
      return {
        status: "success",
        data: stored.article,
        message: stored.created ? successMessages.data_saved : "The configuration already holds this text; the existing article is kept",
      };
    },

    /**
     * Many articles in one transaction: one insert of them all, then (unless `index` is false) their chunks,
     * words and counts as `index` stores them. The embedding provider, if any, is called before it begins.
     */
    async createMany(caller: Caller, configuration: Configuration, input: BodyOf<"createArticles">): Promise<AnswerOf<"createArticles">> {
      const failures: CreationFailure[] = [];
      /** The distinct texts to store, by content hash, with the first position that gave each. */
      const distinct = new Map<string, { position: number; fields: repository.ArticleFields }>();
      /** Every valid entry's content hash, by position. */
      const hashes = new Map<number, string>();
      input.articles.forEach((entry, position) => {
        const fields = articleFieldsOf(entry);
        if ("code" in fields) {
          failures.push({ position, code: fields.code, message: fields.message });
          return;
        }
        hashes.set(position, fields.contentHash);
        if (!distinct.has(fields.contentHash)) distinct.set(fields.contentHash, { position, fields });
      });
      if (distinct.size === 0) {
        const code = failures.every((item) => item.code === "no_valid_text") ? "no_valid_text" : "validation_failed";
        throw new DomainError(code, undefined, 400, failures.map((item) => ({ path: `articles.${item.position}`, message: item.message })));
      }

      const indexing = input.index !== false;
      const language = textSearchConfigurationFor(configuration.language);
      // Chunks (and embeddings) come from the cleaned text before anything is written; the ids come later.
      const chunked = new Map<string, { chunks: string[]; embeddings?: number[][] } | { code: ErrorCode; message: string }>();
      if (indexing) {
        for (const [hash, { fields }] of distinct) {
          const chunks = articleChunks(fields.text, { splitLength: fields.splitLength, splitOverlap: fields.splitOverlap });
          if (!options.embedder) {
            chunked.set(hash, { chunks });
            continue;
          }
          try {
            chunked.set(hash, { chunks, embeddings: await options.embedder.embed(chunks.map((chunk) => (fields.subject ? `${fields.subject}\n${chunk}` : chunk))) });
          } catch (error) {
            options.logError?.("an article's chunks could not be embedded", error);
            chunked.set(hash, { code: "service_unavailable", message: "The embedding provider could not embed the article" });
          }
        }
      }

      // One transaction for the call, or (options.articlesPerTransaction, on the embedded database) one per group.
      const entries = [...distinct.values()];
      const groupSize = options.articlesPerTransaction ?? entries.length;
      const stored = new Map<string, { article: repository.Article; created: boolean }>();
      const indexedIds = new Set<string>();
      for (let start = 0; start < entries.length; start += groupSize) {
        const group = entries.slice(start, start + groupSize);
        await db.transaction(async (tx) => {
          const held = await repository.insertArticles(tx, scopeOf(caller), configuration._id, group.map((item) => item.fields));
          const batch: repository.ArticleChunks[] = [];
          for (const [hash, { article, created }] of held) {
            stored.set(hash, { article, created });
            const pieces = chunked.get(hash);
            if (!created || !pieces || !("chunks" in pieces)) continue;
            batch.push({
              article,
              contentHash: hash,
              chunks: pieces.chunks.map((text, position) => ({ position, text, contentHash: contentHashOf(text), embedding: pieces.embeddings?.[position] ?? null })),
            });
          }
          const embeddingModel = options.embedder?.model ?? null;
          const ids = await repository.storeChunks(tx, configuration._id, language, batch, embeddingModel, options.vectors === true && options.embedder !== undefined, {
            createdInTransaction: true,
          });
          for (const id of ids) indexedIds.add(id);
        });
      }

      const articles: AnswerOf<"createArticles">["articles"] = [];
      let duplicates = 0;
      let indexed = 0;
      for (const [position, hash] of [...hashes].sort(([a], [b]) => a - b)) {
        const held = stored.get(hash);
        if (!held) {
          failures.push({ position, code: "not_found", message: "The article was deleted while it was created" });
          continue;
        }
        const first = distinct.get(hash)?.position === position;
        const created = held.created && first;
        if (!created) duplicates += 1;
        // An entry repeating a text created by this call is indexed as that one was.
        const isIndexed = held.created ? indexedIds.has(held.article._id) : held.article.indexed;
        if (created && isIndexed) indexed += 1;
        if (created && indexing && !isIndexed) {
          const pieces = chunked.get(hash);
          const reason = pieces && "code" in pieces ? pieces : { code: "articles_not_indexed" as const, message: errorMessages.articles_not_indexed };
          failures.push({ position, _id: held.article._id, code: reason.code, message: reason.message });
        }
        articles.push({ position, _id: held.article._id, created, indexed: isIndexed });
      }
      failures.sort((a, b) => a.position - b.position);
      const created = articles.filter((article) => article.created).length;
      const { code } = indexingOutcome(articles.length - failures.filter((item) => item._id !== undefined).length, failures.length);
      return {
        status: "success",
        created,
        duplicates,
        indexed,
        failed: failures.length,
        articles,
        ...(code ? { code, message: errorMessages[code] } : {}),
        ...(failures.length > 0 ? { failures } : {}),
      };
    },

    async index(caller: Caller, configuration: Configuration, input: BodyOf<"indexArticle">): Promise<AnswerOf<"indexArticle">> {
      const requested = input.articleIds === undefined ? undefined : [...new Set(input.articleIds)];
      if (requested) assertArticleBatchSize(requested.length);
      const failures: IndexFailure[] = [];
      const ids = requested?.filter((id) => isId(id));
      const language = textSearchConfigurationFor(configuration.language);
      const stale = { embeddingModel: options.embedder?.model ?? null, language };
      const articles = await repository.articlesToIndex(db, scopeOf(caller), configuration._id, ids, maxArticlesPerIndexing, stale);
      const found = new Set(articles.map((article) => article._id));
      for (const id of requested ?? []) if (!found.has(id)) failures.push(failure(id, "not_found", "No such article"));

      // The provider (if any) is called for each article before anything is written, so no transaction
      // waits on it; then the batch (at most 10) is stored at once, in one transaction.
      const batch: repository.ArticleChunks[] = [];
      for (const article of articles) {
        const chunked = await chunksOf(article);
        if ("chunks" in chunked) batch.push(chunked);
        else failures.push(chunked);
      }
      const stored = await repository.storeChunks(db, configuration._id, language, batch, options.embedder?.model ?? null, options.vectors === true && options.embedder !== undefined);
      for (const { article } of batch) {
        if (!stored.has(article._id)) failures.push(failure(article._id, "not_found", "The article was changed or deleted while it was indexed"));
      }
      const indexed = stored.size;
      const { code } = indexingOutcome(indexed, failures.length);
      return {
        status: "success",
        indexed,
        failed: failures.length,
        ...(code ? { code, message: errorMessages[code] } : {}),
        ...(failures.length > 0 ? { failures } : {}),
      };
    },

    /**
     * Stores and indexes one article that stands for an outside document (a WordPress page): it replaces the
     * article `replaces` (that document's earlier text, and its chunks) rather than adding a second one. Answers
     * the article, indexed, or why it could not be stored or indexed.
     */
    async storeAndIndex(
      caller: Caller,
      configuration: Configuration,
      input: ArticleInputFields,
      replaces?: string,
    ): Promise<{ article: Article } | { code: ErrorCode; message: string }> {
      const fields = articleFieldsOf(input);
      if ("code" in fields) return fields;
      const scope = scopeOf(caller);
      const replaced = replaces !== undefined && isId(replaces) ? await repository.replaceArticle(db, scope, configuration._id, replaces, fields) : undefined;
      const stored = replaced ?? (await repository.insertArticle(db, scope, configuration._id, fields))?.article;
      if (!stored) return { code: "not_found", message: "No such configuration" };
      const chunked = await chunksOf(stored);
      if (!("chunks" in chunked)) return chunked;
      const language = textSearchConfigurationFor(configuration.language);
      const done = await repository.storeChunks(db, configuration._id, language, [chunked], options.embedder?.model ?? null, options.vectors === true && options.embedder !== undefined);
      if (!done.has(stored._id)) return { code: "not_found", message: "The article was changed or deleted while it was indexed" };
      return { article: { ...stored, indexed: true } };
    },

    async remove(caller: Caller, configuration: Configuration, input: BodyOf<"deleteArticle">): Promise<AnswerOf<"deleteArticle">> {
      const deleted = isId(input._id) && (await repository.deleteArticle(db, scopeOf(caller), configuration._id, input._id));
      if (!deleted) throw notFound("No such article");
      return { status: "success", message: successMessages.data_deleted };
    },

    async wipe(caller: Caller, configuration: Configuration): Promise<AnswerOf<"wipeArticleData">> {
      const deleted = await repository.wipeArticles(db, scopeOf(caller), configuration._id);
      return { status: "success", deleted, message: successMessages.data_deleted };
    },

    async search(caller: Caller, configuration: Configuration, input: BodyOf<"searchInArticles">): Promise<AnswerOf<"searchInArticles">> {
      const limit = input.limit ?? 10;
      const [articles, faq] = await Promise.all([
        options.retrieval.retrieve({ scope: scopeOf(caller), configurationId: configuration._id, question: input.searchText, limit }),
        input.includeFaq && options.faqSearch && input.searchText.trim() !== ""
          ? options.faqSearch(configuration, input.searchText, limit).then((ranked) => faqHitsOf(db, configuration._id, ranked))
          : [],
      ]);
      // Articles keep their order among themselves, and so do FAQ rows; on equal scores a FAQ row goes first.
      const hits = [...faq, ...articles].sort((a, b) => b.score - a.score).slice(0, limit);
      return { status: "success", data: hits.map((hit) => ({ ...hit, snippet: snippetOf(hit.text, input.searchText) })) };
    },
  };
}
