import { assertArticleBatchSize, DomainError, errorMessages, successMessages, wordpressPageSize, type ErrorCode } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { AnswerOf, BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import type { OutboundClient } from "../../platform/outbound/client";
import type { Configuration } from "../configurations/repository";
import type { createKnowledgeService } from "../knowledge/service";
import { scopeOf } from "../tenancy";
import { createWordpressClient, siteRoot, type RemoteDocument, type WordpressType } from "./client";
import * as repository from "./repository";

type KnowledgeService = ReturnType<typeof createKnowledgeService>;

interface Wanted {
  type: WordpressType;
  id: number;
}

interface IndexFailure extends Wanted {
  code: ErrorCode;
}

export function createWordpressService(db: Db, outbound: OutboundClient, knowledge: KnowledgeService) {
  const client = createWordpressClient(outbound);

  async function totals(type: WordpressType, url: string) {
    const root = siteRoot(outbound, url);
    const listing = await client.list(root, type, 1, wordpressPageSize);
    return { status: "success" as const, total_results: listing.total, total_pages: listing.totalPages };
  }

  async function items(type: WordpressType, query: { url: string; page?: number; per_page?: number }) {
    const root = siteRoot(outbound, query.url);
    const listing = await client.list(root, type, query.page ?? 1, query.per_page ?? wordpressPageSize);
    return { status: "success" as const, items: listing.items };
  }

  return {
    totalPages: (query: { url: string }): Promise<AnswerOf<"getWordpressTotalPages">> => totals("page", query.url),
    totalPosts: (query: { url: string }): Promise<AnswerOf<"getWordpressTotalPosts">> => totals("post", query.url),
    pages: (query: { url: string; page?: number; per_page?: number }): Promise<AnswerOf<"listWordpressPages">> => items("page", query),
    posts: (query: { url: string; page?: number; per_page?: number }): Promise<AnswerOf<"listWordpressPosts">> => items("post", query),

    async indexed(caller: Caller, configuration: Configuration): Promise<AnswerOf<"getWordpressIndexedPages">> {
      return { status: "success", data: await repository.listIndexed(db, scopeOf(caller), configuration._id) };
    },

    /**
     * Fetches the chosen pages and posts (at most 10, the domain's batch) from the site and stores each as an
     * article of kind `wordpress`, indexed at once; a page indexed before has its article replaced. Nothing
     * indexed at all is `indexing_failed`; some failed: the count says how many worked.
     */
    async index(caller: Caller, configuration: Configuration, input: BodyOf<"indexWordpressContent">): Promise<AnswerOf<"indexWordpressContent">> {
      const root = siteRoot(outbound, input.wordpressUrl);
      const wanted = new Map<string, Wanted>();
      for (const page of input.pages) wanted.set(`page:${page.id}`, { type: "page", id: page.id });
      for (const post of input.posts) wanted.set(`post:${post.id}`, { type: "post", id: post.id });
      assertArticleBatchSize(wanted.size);
      if (wanted.size === 0) return { status: "success", indexed: 0, message: "Nothing was chosen to index" };

      const documents = new Map<string, RemoteDocument>();
      for (const type of ["page", "post"] as const) {
        const ids = [...wanted.values()].filter((item) => item.type === type).map((item) => item.id);
        if (ids.length === 0) continue;
        for (const document of await client.documents(root, type, ids)) documents.set(`${type}:${document.id}`, document);
      }

      const scope = scopeOf(caller);
      const failures: IndexFailure[] = [];
      let indexed = 0;
      // One after another: each replaces its own article, and the embedded database has one connection anyway.
      for (const [key, item] of wanted) {
        const document = documents.get(key);
        if (!document) {
          failures.push({ ...item, code: "not_found" });
          continue;
        }
        const replaces = await repository.replaceableArticle(db, configuration._id, root, item.type, item.id);
        const stored = await knowledge.storeAndIndex(
          caller,
          configuration,
          { kind: "wordpress", source: document.link, subject: document.title, url: document.link, text: document.text },
          replaces,
        );
        if ("code" in stored) {
          failures.push({ ...item, code: stored.code });
          continue;
        }
        if (await repository.saveIndexedItem(db, scope, configuration._id, root, document, stored.article._id)) indexed += 1;
        else failures.push({ ...item, code: "not_found" });
      }
      if (indexed === 0) {
        const onlyEmpty = failures.every((failure) => failure.code === "no_valid_text");
        throw new DomainError("indexing_failed", onlyEmpty ? `${errorMessages.indexing_failed} ${errorMessages.no_valid_text}` : undefined, 503);
      }
      return {
        status: "success",
        indexed,
        message: failures.length === 0 ? successMessages.data_saved : errorMessages.articles_not_indexed,
      };
    },

    async remove(caller: Caller, configuration: Configuration): Promise<AnswerOf<"deleteWordpressPages">> {
      const deleted = await repository.deleteWordpressContent(db, scopeOf(caller), configuration._id);
      return { status: "success", deleted, message: successMessages.data_deleted };
    },
  };
}
