/**
 * React Query hooks of the configuration settings over @parley/sdk, one per call. A save or a usage
 * reset puts the answered configuration in the cache, so every screen and the sidebar read it at once.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Schemas } from "@parley/sdk";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";
import { shellQueryKeys } from "../../shell/hooks";

export type Configuration = Schemas["Configuration"];
export type ConfigurationInput = RequestBody<"/configuration/create_or_update", "post">;

export const settingsQueryKeys = {
  customers: ["customers"] as const,
};

function storeConfiguration(queryClient: QueryClient, configuration: Configuration): Promise<void> {
  queryClient.setQueryData(shellQueryKeys.configuration(configuration._id), { status: "success", data: configuration });
  // The sidebar's selector lists configurations by name; the save resolves once its list has the new
  // one, since the selector drops a selection its list lacks.
  return queryClient.invalidateQueries({ queryKey: ["configurations"] });
}

export function useSaveConfiguration() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConfigurationInput) => unwrap(await api.POST("/configuration/create_or_update", { body })),
    onSuccess: (answer) => storeConfiguration(queryClient, answer.data),
  });
}

export function useResetUsage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (configurationId: string) =>
      unwrap(await api.POST("/configuration/reset_usage", { body: { configuration_id: configurationId } })),
    onSuccess: (answer) => storeConfiguration(queryClient, answer.data),
  });
}

export function useListCustomers(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: settingsQueryKeys.customers,
    queryFn: async () => unwrap(await api.GET("/customers")),
    enabled,
  });
}
