import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createDatasetsService } from "./service";

export function datasetOperations(datasets: ReturnType<typeof createDatasetsService>): OperationTable {
  return {
    getDataset: async (request) => datasets.get(callerOf(request), requiredTenantOf(request, "configuration")),
    saveDataset: async (request) => datasets.save(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    deleteDataset: async (request) => datasets.remove(callerOf(request), requiredTenantOf(request, "configuration")),
  };
}
