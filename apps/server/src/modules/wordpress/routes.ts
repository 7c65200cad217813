import type { OperationTable } from "../../platform/http/operations";
import { requires } from "../../platform/http/spec-words";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createWordpressService } from "./service";

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
