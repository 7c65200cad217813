/**
 * The dashboard's React Query hooks over @parley/sdk, one per call. `configurationId` null asks for every
 * configuration the user sees (admins: all). Failures throw ApiError so the cards branch on `error.code`.
 */
import type { paths } from "@parley/sdk";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/client";
import { unwrap } from "../../api/errors";

type Answer<Path extends keyof paths> = paths[Path] extends { get: { responses: { 200: { content: { "application/json": infer Body } } } } } ? Body : never;
export type ConversationMonth = Answer<"/dashboard/conversations">["data"][number];
export type GptCost = Answer<"/dashboard/gpt-cost">["data"];
export type Usage = Answer<"/dashboard/usage">["data"];

export const dashboardQueryKeys = {
  conversations: (configurationId: string | null) => ["dashboard", "conversations", configurationId ?? "all"] as const,
  gptCost: (configurationId: string | null) => ["dashboard", "gpt-cost", configurationId ?? "all"] as const,
  usage: (configurationId: string | null) => ["dashboard", "usage", configurationId ?? "all"] as const,
};

const queryOf = (configurationId: string | null) => (configurationId ? { configuration_id: configurationId } : {});

export function useConversationsOverview(configurationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: dashboardQueryKeys.conversations(configurationId),
    queryFn: async () => unwrap(await api.GET("/dashboard/conversations", { params: { query: queryOf(configurationId) } })).data,
  });
}

export function useGptCost(configurationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: dashboardQueryKeys.gptCost(configurationId),
    queryFn: async () => unwrap(await api.GET("/dashboard/gpt-cost", { params: { query: queryOf(configurationId) } })).data,
  });
}

export function useUsage(configurationId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: dashboardQueryKeys.usage(configurationId),
    queryFn: async () => unwrap(await api.GET("/dashboard/usage", { params: { query: queryOf(configurationId) } })).data,
    enabled,
  });
}
