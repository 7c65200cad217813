import { uploadOf } from "../../platform/http/multipart";
import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createTrainingFilesService } from "./service";

export function trainingFileOperations(files: ReturnType<typeof createTrainingFilesService>): OperationTable {
  return {
    getFileNames: async (request) => files.list(callerOf(request), requiredTenantOf(request, "configuration")),
    uploadTrainingFile: async (request) =>
      files.upload(callerOf(request), requiredTenantOf(request, "configuration"), uploadOf(request, "file")),
    deleteFile: async (request) => files.remove(callerOf(request), requiredTenantOf(request, "configuration"), request.query.filename),
    scrapeFile: async (request) => files.scrape(callerOf(request), requiredTenantOf(request, "configuration"), request.body.filename),
  };
}
