import type { OperationTable } from "../../platform/http/operations";
import { callerOf } from "../tenancy";
import type { createDatasetsService } from "./service";

export function datasetOperations(datasets: ReturnType<typeof createDatasetsService>): OperationTable {
  return {
    getDataset: async (request) =>
      datasets.get(callerOf(request), request.query.configurationId),
    saveDataset: async (request) => datasets.save(callerOf(request), request.body),
    deleteDataset: async (request) =>
      datasets.remove(callerOf(request), request.query.configurationId),
  };
}
