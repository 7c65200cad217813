/**
 * React Query hooks over @parley/sdk: one hook per call, named after it. Failures throw ApiError so
 * components branch on `error.code`.
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { LanguageCode } from "@parley/domain/locale";
import { useApi } from "./client";
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
  languageCode: LanguageCode;
}

export function useAuthMethods() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.authMethods,
    queryFn: async () => unwrap(await api.GET("/auth/methods", {})),
    staleTime: 5 * 60_000,
  });
}

export function useLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: LoginBody) => unwrap(await api.POST("/login", { body })),
  });
}

export function useValidateTokenLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: async (token: string) =>
      unwrap(await api.POST("/validate-token-login", { body: { token } })),
  });
}

export function useRegister() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RegisterBody) => unwrap(await api.POST("/register", { body })),
  });
}

export function useValidateOtp() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: { email: string; otp: string }) => unwrap(await api.POST("/validate-otp", { body })),
  });
}

export function useRequestPasswordReset() {
  const api = useApi();
  return useMutation({
    mutationFn: async (email: string) => unwrap(await api.POST("/password-reset/request", { body: { email } })),
  });
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: { token: string; password: string; confirmPassword: string }) =>
      unwrap(await api.POST("/password-reset/reset", { body })),
  });
}

export function useRefreshPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: async (password: string) => unwrap(await api.POST("/users/refresh_password", { body: { password } })),
  });
}

export function useUpdateShowInstructions() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: { _id: string; showInstructions: boolean }) =>
      unwrap(await api.POST("/users/update_show_instructions", { body })),
  });
}

export function useSetAvailability() {
  const api = useApi();
  return useMutation({
    mutationFn: async (isAvailable: boolean) =>
      unwrap(await api.POST("/users/availability", { body: { is_available: isAvailable } })),
  });
}

export function useSearchConfigurations(query: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.configurationsSearch(query),
    queryFn: async () =>
      unwrap(await api.GET("/configurations/search", { params: { query: { query } } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useConfiguration(configurationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.configuration(configurationId ?? ""),
    queryFn: async () =>
      unwrap(
        await api.GET("/configuration", {
          params: { query: { configuration_id: configurationId ?? "" } },
        }),
      ),
    enabled: Boolean(configurationId),
  });
}

export function useGlobalSearch(query: string) {
  const api = useApi();
  const trimmed = query.trim();
  return useQuery({
    queryKey: queryKeys.globalSearch(trimmed),
    queryFn: async () =>
      unwrap(await api.GET("/global-search", { params: { query: { q: trimmed } } })),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useFetchCustomer() {
  const api = useApi();
  return useMutation({
    mutationFn: async (customerId: string) =>
      unwrap(await api.GET("/customer", { params: { query: { _id: customerId } } })),
  });
}
