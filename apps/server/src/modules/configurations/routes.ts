import type { OperationTable } from "../../platform/http/operations";
import { callerOf, requiredTenantOf, tenantOf } from "../tenancy";
import type { createConfigurationsService } from "./service";

export function configurationOperations(configurations: ReturnType<typeof createConfigurationsService>): OperationTable {
  // The answer's JSON per cached configuration: the widget and the portals read the same one again and
  // again, and turning it into text was the largest piece of such a read left. A changed configuration
  // is a new object, so its old text goes with the old object.
  const answerText = new WeakMap<object, string>();

  return {
    searchConfigurations: async (request) => {
      const { query, customerId } = request.query;
      return configurations.search(callerOf(request), query, customerId);
    },
    getConfiguration: async (request, reply) => {
      const answer = configurations.get(requiredTenantOf(request, "configuration"));
      let text = answerText.get(answer.data);
      if (text === undefined) answerText.set(answer.data, (text = JSON.stringify(answer)));
      return reply.type("application/json; charset=utf-8").send(text);
    },
    getUsage: async (request) =>
      configurations.usage(callerOf(request), tenantOf(request, "configuration")),
    resetUsage: async (request) =>
      configurations.resetUsage(callerOf(request), requiredTenantOf(request, "configuration")),
    createOrUpdateConfiguration: async (request) =>
      configurations.createOrUpdate(callerOf(request), request.body, tenantOf(request, "configuration")),
  };
}
