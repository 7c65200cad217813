import { maxArticlesPerIndexing } from "@parley/domain";
import type { OperationTable } from "../../platform/http/operations";
import { atMostItems } from "../../platform/http/spec-words";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createKnowledgeService } from "./service";

export function knowledgeOperations(knowledge: ReturnType<typeof createKnowledgeService>): OperationTable {
  return {
    listArticles: async (request) => knowledge.list(callerOf(request), requiredTenantOf(request, "configuration")),
    createArticle: async (request) => knowledge.create(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    createArticles: async (request) => knowledge.createMany(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    indexArticle: {
      // The contract's own limit (maxItems 10) in the spec's words: 'At most 10 articles can be indexed at once'.
      preValidation: [atMostItems("body", "articleIds", maxArticlesPerIndexing, "too_many_articles")],
      handler: async (request) => knowledge.index(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    },
    deleteArticle: async (request) => knowledge.remove(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    wipeArticleData: async (request) => knowledge.wipe(callerOf(request), requiredTenantOf(request, "configuration")),
    searchInArticles: async (request) => knowledge.search(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
  };
}
