import type { OperationTable } from "../../platform/http/operations";
import { callerOf, tenantOf } from "../tenancy";
import type { createDashboardService } from "./service";

export function dashboardOperations(dashboard: ReturnType<typeof createDashboardService>): OperationTable {
  return {
    getConversationsOverview: async (request) =>
      dashboard.conversationsOverview(callerOf(request), tenantOf(request, "configuration"), request.query),
    getGptCost: async (request) => dashboard.gptCost(callerOf(request), tenantOf(request, "configuration"), request.query),
  };
}
