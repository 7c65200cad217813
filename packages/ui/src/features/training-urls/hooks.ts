/** React Query hooks of the training URL list calls (spec 02 §7.6): one per call. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type SaveUrlsBody = RequestBody<"/training/urls/save", "post">;

export const trainingUrlQueryKeys = {
  urls: (configurationId: string) => ["training-urls", configurationId] as const,
};

export function useUrls(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: trainingUrlQueryKeys.urls(configurationId),
    queryFn: async () => unwrap(await api.GET("/training/urls/get", { params: { query: { configurationId } } })),
    refetchOnWindowFocus: false,
  });
}

export function useSaveUrls() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveUrlsBody) => unwrap(await api.POST("/training/urls/save", { body })),
    onSuccess: (_answer, body) => queryClient.setQueryData(trainingUrlQueryKeys.urls(body.configurationId), { status: "success", urls: body.urls }),
  });
}
