import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createCorrectionsService } from "./corrections";
import type { createDatasetsService } from "./service";

export function datasetOperations(
  datasets: ReturnType<typeof createDatasetsService>,
  corrections: ReturnType<typeof createCorrectionsService>,
): OperationTable {
  return {
    listFaqCorrections: async (request) => corrections.list(requiredTenantOf(request, "configuration")),
    addFaqCorrection: async (request) => corrections.add(requiredTenantOf(request, "configuration"), request.body),
    deleteFaqCorrection: async (request) => corrections.remove(requiredTenantOf(request, "configuration"), request.body._id),
    getDataset: async (request) => datasets.get(callerOf(request), requiredTenantOf(request, "configuration")),
    saveDataset: async (request) => datasets.save(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    deleteDataset: async (request) => datasets.remove(callerOf(request), requiredTenantOf(request, "configuration")),
  };
}
