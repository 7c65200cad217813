import type { OperationTable } from "../../platform/http/operations";
import { callerOf } from "../tenancy";
import type { SaveDatasetInput, createDatasetsService } from "./service";

export function datasetOperations(datasets: ReturnType<typeof createDatasetsService>): OperationTable {
  return {
    getDataset: async (request) =>
      datasets.get(callerOf(request), (request.query as { configurationId: string }).configurationId),
    saveDataset: async (request) => datasets.save(callerOf(request), request.body as SaveDatasetInput),
    deleteDataset: async (request) =>
      datasets.remove(callerOf(request), (request.query as { configurationId: string }).configurationId),
  };
}
