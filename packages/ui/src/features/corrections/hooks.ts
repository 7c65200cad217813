/**
 * React Query hooks of the agents' corrections (`/data/dataset/corrections`): an agent links a visitor's
 * question, as the visitor put it, to the FAQ entry that answers it, and the assistant's matcher learns it.
 */
import { faqEntriesOf } from "@parley/domain/dataset";
import type { Schemas } from "@parley/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/client";
import { unwrap } from "../../api/errors";
import { useDataset } from "../dataset/hooks";

export type FaqCorrection = Schemas["FaqCorrection"];

const correctionsKey = (configurationId: string) => ["faq-corrections", configurationId] as const;

export function useFaqCorrections(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: correctionsKey(configurationId),
    queryFn: async () => unwrap(await api.GET("/data/dataset/corrections", { params: { query: { configurationId } } })).data,
  });
}

/** The questions of the configuration's FAQ entries, in the dataset's order (the server's rule for its columns). */
export function useFaqQuestions(configurationId: string): { questions: string[]; isPending: boolean } {
  const dataset = useDataset(configurationId);
  const data = dataset.data?.data;
  const questions = useMemo(
    () => (data ? [...new Set(faqEntriesOf(data.dataset_headers, data.dataset_data).map((entry) => entry.question))] : []),
    [data],
  );
  return { questions, isPending: dataset.isPending };
}

export function useAddFaqCorrection(configurationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: { question: string; faqQuestion: string }) =>
      unwrap(await api.POST("/data/dataset/corrections", { body: { configurationId, ...link } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionsKey(configurationId) }),
  });
}

export function useDeleteFaqCorrection(configurationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE("/data/dataset/corrections", { body: { configurationId, _id: id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionsKey(configurationId) }),
  });
}
