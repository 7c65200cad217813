/**
 * React Query hooks of the self-onboarding calls (spec 02 §7.9, §7.2, §7.11) over @parley/sdk: one per call,
 * named after it. The saves the wizard shares with other screens (URLs, FAQ dataset, design, user flags) use
 * those screens' hooks. Failures throw ApiError, so the wizard branches on `error.code`.
 */
import type { Schemas } from "@parley/sdk";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type OnboardingAttempt = Schemas["OnboardingAttempt"];
export type Branding = Schemas["Branding"];
export type Persona = Schemas["Persona"];
export type FaqItem = Schemas["FaqItem"];
export type OnboardingUrl = Schemas["OnboardingUrl"];
export type CheckUrlBody = RequestBody<"/onboarding/check_url", "post">;
export type ScanBody = RequestBody<"/onboarding/generate_assistant_persona", "post">;
export type SelfOnboardingCustomerBody = RequestBody<"/customer/self_onboarding_create", "post">;
export type ConfigurationBody = RequestBody<"/configuration/create_or_update", "post">;

export const onboardingQueryKeys = {
  attempt: (attemptId: string) => ["onboarding", "attempt", attemptId] as const,
  screenshot: (attemptId: string) => ["onboarding", "screenshot", attemptId] as const,
};

export function useOnboardingAttempt(attemptId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: onboardingQueryKeys.attempt(attemptId ?? ""),
    queryFn: async () => unwrap(await api.GET("/onboarding/attempt", { params: { query: { attempt_id: attemptId ?? "" } } })).data,
    enabled: attemptId !== null,
    // The wizard copies the attempt once into its draft; a refetch would change nothing it shows.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** The website's screenshot for the design preview; null while the server has none. */
export function useOnboardingScreenshot(attemptId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: onboardingQueryKeys.screenshot(attemptId ?? ""),
    queryFn: async () => unwrap(await api.GET("/onboarding/screenshot", { params: { query: { attempt_id: attemptId ?? "" } } })).url,
    enabled: attemptId !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useCheckOnboardingUrl() {
  const api = useApi();
  return useMutation({ mutationFn: async (body: CheckUrlBody) => unwrap(await api.POST("/onboarding/check_url", { body })) });
}

export function useDiscoverBranding() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RequestBody<"/onboarding/discover_branding", "post">) => unwrap(await api.POST("/onboarding/discover_branding", { body })).branding,
  });
}

export function useGenerateAssistantPersona() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: ScanBody) => unwrap(await api.POST("/onboarding/generate_assistant_persona", { body })).persona,
  });
}

export function useExtractFaq() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RequestBody<"/onboarding/extract_faq", "post">) => unwrap(await api.POST("/onboarding/extract_faq", { body })).faq,
  });
}

export function useExtractUrls() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RequestBody<"/onboarding/extract_urls", "post">) => unwrap(await api.POST("/onboarding/extract_urls", { body })).urls,
  });
}

/** Creates (or, once linked, updates) the customer of the signed-in customer_so; the answer carries the token that replaces the old one. */
export function useSelfOnboardingCreateCustomer() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: SelfOnboardingCustomerBody) => unwrap(await api.POST("/customer/self_onboarding_create", { body })),
  });
}

export function useCreateOrUpdateConfiguration() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: ConfigurationBody) => unwrap(await api.POST("/configuration/create_or_update", { body })),
  });
}
