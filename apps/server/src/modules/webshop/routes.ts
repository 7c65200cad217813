import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createWebshopService } from "./service";

export function webshopOperations(webshop: ReturnType<typeof createWebshopService>): OperationTable {
  return {
    getWebshopSettings: async (request) => webshop.settings(callerOf(request), requiredTenantOf(request, "configuration")),
    saveWebshopSettings: async (request) => webshop.saveSettings(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    saveWebshopCredentials: async (request) => webshop.saveCredentials(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    webshopCredentialsExist: async (request) => webshop.credentialsExist(callerOf(request), requiredTenantOf(request, "configuration")),
    testWebshopConnection: async (request) => webshop.test(callerOf(request), requiredTenantOf(request, "configuration")),
    getIndexedProductsCount: async (request) => webshop.indexedCount(callerOf(request), requiredTenantOf(request, "configuration")),
    indexWoocommerceProducts: async (request) => webshop.indexWoocommerce(callerOf(request), requiredTenantOf(request, "configuration"), request.query),
    indexShopifyProducts: async (request) => webshop.indexShopify(callerOf(request), requiredTenantOf(request, "configuration"), request.query),
    deleteAllProducts: async (request) => webshop.deleteAll(callerOf(request), requiredTenantOf(request, "configuration")),
    searchProducts: async (request) => webshop.search(callerOf(request), requiredTenantOf(request, "configuration"), request.query),
  };
}
