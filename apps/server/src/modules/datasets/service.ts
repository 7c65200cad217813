import type { Db } from "../../platform/db/db";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { findConfigurationInScope } from "../configurations/repository";
import { isId, notFound, scopeOf } from "../tenancy";
import * as repository from "./repository";
import { mapDatasetForSave } from "@parley/domain";

export type SaveDatasetInput = BodyOf<"saveDataset">;

export function createDatasetsService(db: Db) {
  /** The configuration must be one the caller may see; otherwise it does not exist for them. */
  async function visibleConfiguration(caller: Caller, configurationId: string): Promise<string> {
    const configuration = isId(configurationId)
      ? await findConfigurationInScope(db, scopeOf(caller), configurationId)
      : undefined;
    if (!configuration) throw notFound("No such configuration");
    return configuration.id;
  }

  return {
    async get(caller: Caller, configurationId: string) {
      const id = await visibleConfiguration(caller, configurationId);
      const dataset = await repository.findDataset(db, id);
      return { status: "success" as const, data: dataset ?? null, message: dataset ? "" : "No data found" };
    },

    async save(caller: Caller, input: SaveDatasetInput) {
      const id = await visibleConfiguration(caller, input.configurationId);
      const dataset = await repository.saveDataset(
        db,
        id,
        input.datasetName.trim(),
        mapDatasetForSave(input.datasetData, input.datasetHeaders),
        input.datasetHeaders,
      );
      return { status: "success" as const, message: "Data saved successfully", data: dataset };
    },

    async remove(caller: Caller, configurationId: string) {
      const id = await visibleConfiguration(caller, configurationId);
      await repository.deleteDataset(db, id);
      return { status: "success" as const, message: "Data deleted successfully" };
    },
  };
}
