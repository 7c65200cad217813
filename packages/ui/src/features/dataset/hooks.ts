/** React Query hooks of the FAQ dataset calls (spec 02 §7.5): one per call. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type SaveDatasetBody = RequestBody<"/data/dataset", "post">;

export const datasetQueryKeys = {
  dataset: (configurationId: string) => ["dataset", configurationId] as const,
};

export function useDataset(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: datasetQueryKeys.dataset(configurationId),
    queryFn: async () => unwrap(await api.GET("/data/dataset", { params: { query: { configurationId } } })),
    // The editor holds its own copy; refetching under it would only be ignored.
    refetchOnWindowFocus: false,
  });
}

export function useSaveDataset() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveDatasetBody) => unwrap(await api.POST("/data/dataset", { body })),
    onSuccess: (answer, body) => queryClient.setQueryData(datasetQueryKeys.dataset(body.configurationId), { status: "success", data: answer.data, message: "" }),
  });
}

export function useDeleteDataset() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (configurationId: string) => unwrap(await api.DELETE("/data/dataset", { params: { query: { configurationId } } })),
    onSuccess: (_answer, configurationId) => queryClient.invalidateQueries({ queryKey: datasetQueryKeys.dataset(configurationId) }),
  });
}
