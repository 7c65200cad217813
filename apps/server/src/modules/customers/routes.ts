import type { OperationTable } from "../../platform/http/operations";
import { callerOf } from "../tenancy";
import type { CustomerInput, createCustomersService } from "./service";

export function customerOperations(customers: ReturnType<typeof createCustomersService>): OperationTable {
  return {
    listCustomers: async (request) => customers.list(callerOf(request)),
    getCustomer: async (request) => customers.get(callerOf(request), (request.query as { _id: string })._id),
    customerHasConfiguration: async (request) =>
      customers.hasConfiguration(callerOf(request), (request.query as { _id: string })._id),
    createOrUpdateCustomer: async (request) => customers.createOrUpdate(callerOf(request), request.body as CustomerInput),
    selfOnboardingCreateCustomer: async (request) =>
      customers.selfOnboardingCreate(callerOf(request), request.body as CustomerInput),
    deleteCustomer: async (request) => customers.remove(callerOf(request), (request.params as { id: string }).id),
  };
}
