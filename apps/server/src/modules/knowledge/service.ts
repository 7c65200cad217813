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
import type { Retrieval } from "./retrieval";
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

export interface KnowledgeServiceOptions {
  retrieval: Retrieval;
  embedder?: Embedder;
  /** Whether the database has pgvector, so chunks get a vector copy of their embedding. */
  vectors?: boolean;
  logError?: (message: string, error: unknown) => void;
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
      const text = cleanArticleText(input.text);
      const wordCount = countWords(text);
      const split = articleSplitParameters(wordCount, { splitLength: input.splitLength, splitOverlap: input.splitOverlap });
      if (!split) {
        throw new DomainError("validation_failed", undefined, 400, [
          { path: "splitOverlap", message: "The overlap must be below the split length" },
        ]);
      }
      const fields: repository.ArticleFields = {
        kind: input.kind ?? "typed",
        source: input.source.trim(),
        subject: blankToNull(input.subject),
        url: blankToNull(input.url),
        text,
        contentHash: contentHashOf(text),
        wordCount,
        ...split,
      };
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
      const hits = await options.retrieval.retrieve({
        scope: scopeOf(caller),
        configurationId: configuration._id,
        question: input.searchText,
        limit: input.limit,
        includeFaq: input.includeFaq,
      });
      return { status: "success", data: hits.map((hit) => ({ ...hit, snippet: snippetOf(hit.text, input.searchText) })) };
    },
  };
}
