/**
 * React Query hooks over @parley/sdk: one hook per call, named after it. Failures throw ApiError so
 * components branch on `error.code`.
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { SessionUser } from "../session/session";
import { loose, useApi } from "./client";
import { unwrap } from "./errors";

export const queryKeys = {
  authMethods: ["auth", "methods"] as const,
  configurationsSearch: (query: string) => ["configurations", "search", query] as const,
  configuration: (id: string) => ["configuration", id] as const,
  globalSearch: (query: string) => ["global-search", query] as const,
  customer: (id: string) => ["customer", id] as const,
};

export interface LoginBody {
  username: string;
  password: string;
}

export interface RegisterBody {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
  languageCode: string;
}

export interface SignInAnswerBody {
  status: string;
  token: string;
  user: SessionUser;
  forceRefreshPassword?: boolean;
  showWizard?: boolean;
  showInstructions?: boolean;
}

export interface StatusMessage {
  status: string;
  message?: string;
}

export interface AuthMethods {
  google: boolean;
  password: boolean;
}

export interface ConfigurationSummary {
  _id: string;
  name: string;
  customerId?: string | null;
  message_limit?: number;
  remaining_messages?: number;
  usage_reset_date?: string | null;
}

export interface GlobalSearchHit {
  title: string;
  icon: string;
  group: string;
  url: string;
}

export function useAuthMethods() {
  const api = loose(useApi());
  return useQuery({
    queryKey: queryKeys.authMethods,
    queryFn: async () => unwrap(await api.GET<AuthMethods>("/auth/methods")),
    staleTime: 5 * 60_000,
  });
}

export function useLogin() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (body: LoginBody) => unwrap(await api.POST<SignInAnswerBody>("/login", { body })),
  });
}

export function useValidateTokenLogin() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (token: string) =>
      unwrap(await api.POST<SessionUser & { status: string; token: string }>("/validate-token-login", { body: { token } })),
  });
}

export function useRegister() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (body: RegisterBody) => unwrap(await api.POST<StatusMessage>("/register", { body })),
  });
}

export function useValidateOtp() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (body: { email: string; otp: string }) => unwrap(await api.POST<SignInAnswerBody>("/validate-otp", { body })),
  });
}

export function useRequestPasswordReset() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (email: string) => unwrap(await api.POST<StatusMessage>("/password-reset/request", { body: { email } })),
  });
}

export function useResetPassword() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (body: { token: string; password: string; confirmPassword: string }) =>
      unwrap(await api.POST<StatusMessage>("/password-reset/reset", { body })),
  });
}

export function useRefreshPassword() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (password: string) => unwrap(await api.POST<StatusMessage>("/users/refresh_password", { body: { password } })),
  });
}

export function useUpdateShowInstructions() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (body: { _id: string; showInstructions: boolean }) =>
      unwrap(await api.POST<StatusMessage>("/users/update_show_instructions", { body })),
  });
}

export function useSetAvailability() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (isAvailable: boolean) =>
      unwrap(await api.POST<StatusMessage>("/users/availability", { body: { is_available: isAvailable } })),
  });
}

export function useSearchConfigurations(query: string, enabled = true) {
  const api = loose(useApi());
  return useQuery({
    queryKey: queryKeys.configurationsSearch(query),
    queryFn: async () =>
      unwrap(await api.GET<{ status: string; data: ConfigurationSummary[] }>("/configurations/search", { params: { query: { query } } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useConfiguration(configurationId: string | null) {
  const api = loose(useApi());
  return useQuery({
    queryKey: queryKeys.configuration(configurationId ?? ""),
    queryFn: async () =>
      unwrap(
        await api.GET<{ status: string; data: ConfigurationSummary }>("/configuration", {
          params: { query: { configuration_id: configurationId ?? "" } },
        }),
      ),
    enabled: Boolean(configurationId),
  });
}

export function useGlobalSearch(query: string) {
  const api = loose(useApi());
  const trimmed = query.trim();
  return useQuery({
    queryKey: queryKeys.globalSearch(trimmed),
    queryFn: async () =>
      unwrap(await api.GET<{ status: string; data: GlobalSearchHit[] }>("/global-search", { params: { query: { q: trimmed } } })),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useFetchCustomer() {
  const api = loose(useApi());
  return useMutation({
    mutationFn: async (customerId: string) =>
      unwrap(await api.GET<{ status: string; data: Record<string, unknown> }>("/customer", { params: { query: { _id: customerId } } })),
  });
}
