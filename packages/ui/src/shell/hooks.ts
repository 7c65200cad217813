/**
 * React Query hooks of the shell (sidebar, top bar, dialogs) over @parley/sdk: one hook per call,
 * named after it. Failures throw ApiError so components branch on `error.code`.
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../api/client";
import { unwrap } from "../api/errors";

export const shellQueryKeys = {
  configurationsSearch: (query: string) => ["configurations", "search", query] as const,
  configuration: (id: string) => ["configuration", id] as const,
  globalSearch: (query: string) => ["global-search", query] as const,
};

export function useUpdateShowInstructions() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RequestBody<"/users/update_show_instructions", "post">) => unwrap(await api.POST("/users/update_show_instructions", { body })),
  });
}

export function useSetAvailability() {
  const api = useApi();
  return useMutation({
    mutationFn: async (isAvailable: boolean) => unwrap(await api.POST("/users/availability", { body: { is_available: isAvailable } })),
  });
}

export function useSearchConfigurations(query: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: shellQueryKeys.configurationsSearch(query),
    queryFn: async () => unwrap(await api.GET("/configurations/search", { params: { query: { query } } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useConfiguration(configurationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: shellQueryKeys.configuration(configurationId ?? ""),
    queryFn: async () => unwrap(await api.GET("/configuration", { params: { query: { configuration_id: configurationId ?? "" } } })),
    enabled: Boolean(configurationId),
  });
}

export function useGlobalSearch(query: string) {
  const api = useApi();
  const trimmed = query.trim();
  return useQuery({
    queryKey: shellQueryKeys.globalSearch(trimmed),
    queryFn: async () => unwrap(await api.GET("/global-search", { params: { query: { q: trimmed } } })),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useFetchCustomer() {
  const api = useApi();
  return useMutation({
    mutationFn: async (customerId: string) => unwrap(await api.GET("/customer", { params: { query: { _id: customerId } } })),
  });
}
