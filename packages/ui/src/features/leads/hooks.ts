/** The leads screen's React Query hook over @parley/sdk. Failures throw ApiError so screens branch on `error.code`. */
import type { Schemas } from "@parley/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/client";
import { unwrap } from "../../api/errors";
import type { LeadOnboardingFilter, LeadTrialFilter } from "@parley/domain/leads";

export type Lead = Schemas["Lead"];

export interface LeadQuery {
  search: string;
  trial?: LeadTrialFilter;
  onboarding?: LeadOnboardingFilter;
}

export function useLeads({ search, trial, onboarding }: LeadQuery) {
  const api = useApi();
  const trimmed = search.trim();
  return useQuery({
    queryKey: ["leads", trimmed, trial ?? "", onboarding ?? ""] as const,
    queryFn: async () =>
      unwrap(await api.GET("/leads", { params: { query: { ...(trimmed ? { search: trimmed } : {}), ...(trial ? { trial } : {}), ...(onboarding ? { onboarding } : {}) } } })).data,
    placeholderData: keepPreviousData,
  });
}
