import type { Db } from "../../platform/db/db";
import type { OperationTable } from "../../platform/http/operations";
import { callerOf } from "../tenancy";
import { globalSearch } from "./service";

export function searchOperations(db: Db): OperationTable {
  return {
    globalSearch: async (request) => globalSearch(db, callerOf(request), request.query.q),
  };
}
