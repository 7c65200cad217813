import { datasetShapeProblem, DomainError, errorMessages, mapDatasetForSave, successMessages, validationText } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { notFound, scopeOf } from "../tenancy";
import * as repository from "./repository";

export type SaveDatasetInput = BodyOf<"saveDataset">;

/** The FAQ dataset of a configuration, which the operation's `x-tenant` loaded within the caller's scope. */
export function createDatasetsService(db: Db) {
  return {
    async get(caller: Caller, configuration: Configuration) {
      const dataset = await repository.findDataset(db, scopeOf(caller), configuration._id);
      return { status: "success" as const, data: dataset ?? null, message: dataset ? "" : errorMessages.no_data_found };
    },

    async save(caller: Caller, configuration: Configuration, input: SaveDatasetInput) {
      // Checked before mapping: the rows times the columns is the work (and the size) the mapping makes.
      const problem = datasetShapeProblem(input.datasetHeaders, input.datasetData.length);
      if (problem) {
        const message = validationText(problem.issue);
        throw new DomainError("validation_failed", message, 400, [{ path: problem.path, message }]);
      }
      const dataset = await repository.saveDataset(
        db,
        scopeOf(caller),
        configuration._id,
        input.datasetName.trim(),
        mapDatasetForSave(input.datasetData, input.datasetHeaders),
        input.datasetHeaders,
      );
      if (!dataset) throw notFound("No such configuration");
      return { status: "success" as const, message: successMessages.data_saved, data: dataset };
    },

    async remove(caller: Caller, configuration: Configuration) {
      await repository.deleteDataset(db, scopeOf(caller), configuration._id);
      return { status: "success" as const, message: successMessages.data_deleted };
    },
  };
}
