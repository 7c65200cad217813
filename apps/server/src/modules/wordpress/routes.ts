import { DomainError, type ErrorCode } from "@parley/domain";
import type { preValidationHookHandler } from "fastify";
import { ownField } from "../../platform/http/contract";
import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createWordpressService } from "./service";

/**
 * The spec's words for a field left out or blank (spec 02 §8: 'No WordPress URL provided.'), checked before
 * the contract's schema would answer the same request as `validation_failed`.
 */
function requires(part: "query" | "body", field: string, code: ErrorCode): preValidationHookHandler {
  return async (request) => {
    const container = part === "query" ? request.query : request.body;
    // A body that is no object at all is the schema's to refuse.
    if (typeof container !== "object" || container === null || Array.isArray(container)) return;
    const value = ownField(container, field);
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) throw new DomainError(code);
  };
}

export function wordpressOperations(wordpress: ReturnType<typeof createWordpressService>): OperationTable {
  const url = [requires("query", "url", "no_wordpress_url")];
  return {
    getWordpressTotalPages: { preValidation: url, handler: async (request) => wordpress.totalPages(request.query) },
    getWordpressTotalPosts: { preValidation: url, handler: async (request) => wordpress.totalPosts(request.query) },
    listWordpressPages: { preValidation: url, handler: async (request) => wordpress.pages(request.query) },
    listWordpressPosts: { preValidation: url, handler: async (request) => wordpress.posts(request.query) },
    getWordpressIndexedPages: {
      preValidation: [requires("query", "configurationId", "no_configuration_id")],
      handler: async (request) => wordpress.indexed(callerOf(request), requiredTenantOf(request, "configuration")),
    },
    indexWordpressContent: {
      preValidation: [requires("body", "wordpressUrl", "no_wordpress_url"), requires("body", "configurationId", "no_configuration_id")],
      handler: async (request) => wordpress.index(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    },
    deleteWordpressPages: {
      preValidation: [requires("query", "configurationId", "no_configuration_selected")],
      handler: async (request) => wordpress.remove(callerOf(request), requiredTenantOf(request, "configuration")),
    },
  };
}
