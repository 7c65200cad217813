import type { OperationTable } from "../../platform/http/operations";
import { callerOf } from "../tenancy";
import type { createCustomersService } from "./service";

export function customerOperations(customers: ReturnType<typeof createCustomersService>): OperationTable {
  return {
    listCustomers: async (request) => customers.list(callerOf(request)),
    getCustomer: async (request) => customers.get(callerOf(request), request.query._id),
    customerHasConfiguration: async (request) =>
      customers.hasConfiguration(callerOf(request), request.query._id),
    createOrUpdateCustomer: async (request) => customers.createOrUpdate(callerOf(request), request.body),
    selfOnboardingCreateCustomer: async (request) =>
      customers.selfOnboardingCreate(callerOf(request), request.body),
    deleteCustomer: async (request) => customers.remove(callerOf(request), request.params.id),
  };
}
