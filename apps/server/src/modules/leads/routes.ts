import type { Db } from "../../platform/db/db";
import type { OperationTable } from "../../platform/http/operations";
import { callerOf } from "../tenancy";
import { listLeads } from "./service";

export function leadOperations(db: Db): OperationTable {
  return {
    listLeads: async (request) => listLeads(db, callerOf(request), request.query),
  };
}
