import type { OperationTable } from "../../platform/http/operations";
import { callerOf } from "../tenancy";
import type { ConfigurationInput, createConfigurationsService } from "./service";

export function configurationOperations(configurations: ReturnType<typeof createConfigurationsService>): OperationTable {
  return {
    searchConfigurations: async (request) => {
      const { query, customerId } = request.query as { query?: string; customerId?: string };
      return configurations.search(callerOf(request), query, customerId);
    },
    getConfiguration: async (request) =>
      configurations.get(callerOf(request), (request.query as { configuration_id: string }).configuration_id),
    getUsage: async (request) =>
      configurations.usage(callerOf(request), (request.query as { configuration_id?: string }).configuration_id),
    resetUsage: async (request) =>
      configurations.resetUsage(callerOf(request), (request.body as { configuration_id: string }).configuration_id),
    createOrUpdateConfiguration: async (request) =>
      configurations.createOrUpdate(callerOf(request), request.body as ConfigurationInput),
  };
}
