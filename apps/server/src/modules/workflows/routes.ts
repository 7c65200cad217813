import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf, tenantOf } from "../tenancy";
import type { createWorkflowsService } from "./service";

export function workflowOperations(workflows: ReturnType<typeof createWorkflowsService>): OperationTable {
  return {
    listWorkflows: async (request) => workflows.list(callerOf(request), requiredTenantOf(request, "configuration")),
    createWorkflow: async (request) => workflows.create(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    getWorkflow: async (request) => workflows.get(requiredTenantOf(request, "workflow")),
    updateWorkflow: async (request) => workflows.update(callerOf(request), requiredTenantOf(request, "workflow"), request.body),
    deleteWorkflow: async (request) => workflows.remove(callerOf(request), requiredTenantOf(request, "workflow")),
    listAiFunctions: async (request) => workflows.aiFunctions(tenantOf(request, "configuration")),
  };
}
