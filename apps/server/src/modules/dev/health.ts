import type { Db } from "../../platform/db/db";
import type { OperationTable } from "../../platform/http/operations";

/** For load balancers and uptime checks: the database answering is what "healthy" means here. */
export function healthOperations(db: Db, version: string): OperationTable {
  return {
    getHealth: async () => {
      await db.query("SELECT 1");
      return { status: "ok" as const, database: "ok" as const, version };
    },
  };
}
