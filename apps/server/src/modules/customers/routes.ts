import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf, tenantOf } from "../tenancy";
import type { createCustomersService } from "./service";

export function customerOperations(customers: ReturnType<typeof createCustomersService>): OperationTable {
  return {
    listCustomers: async (request) => customers.list(callerOf(request)),
    getCustomer: async (request) => customers.get(requiredTenantOf(request, "customer")),
    customerHasConfiguration: async (request) =>
      customers.hasConfiguration(callerOf(request), requiredTenantOf(request, "customer")),
    createOrUpdateCustomer: async (request) =>
      customers.createOrUpdate(callerOf(request), request.body, tenantOf(request, "customer")),
    selfOnboardingCreateCustomer: async (request) => customers.selfOnboardingCreate(callerOf(request), request.body),
    deleteCustomer: async (request) => customers.remove(callerOf(request), requiredTenantOf(request, "customer")),
  };
}
