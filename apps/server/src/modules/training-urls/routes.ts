import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createTrainingUrlsService } from "./service";

export function trainingUrlOperations(urls: ReturnType<typeof createTrainingUrlsService>): OperationTable {
  return {
    getUrls: async (request) => urls.get(callerOf(request), requiredTenantOf(request, "configuration")),
    saveUrls: async (request) => urls.save(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
  };
}
