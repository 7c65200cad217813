import type { Db } from "../../platform/db/db";
import type { OperationTable } from "../../platform/http/operations";
import { callerOf, tenantOf } from "../tenancy";
import { addOrUpdateUser, listUsers } from "./service";

export function userOperations(db: Db): OperationTable {
  return {
    listUsers: async (request) => listUsers(db, callerOf(request)),
    addOrUpdateUser: async (request) => addOrUpdateUser(db, callerOf(request), request.body, tenantOf(request, "user")),
  };
}
