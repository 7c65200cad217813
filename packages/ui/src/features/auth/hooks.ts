/**
 * React Query hooks of the sign-in screens over @parley/sdk: one hook per call, named after it, bodies
 * typed by the contract. Failures throw ApiError so screens branch on `error.code`.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type LoginBody = RequestBody<"/login", "post">;
export type RegisterBody = RequestBody<"/register", "post">;

export const authQueryKeys = {
  methods: ["auth", "methods"] as const,
};

export function useAuthMethods() {
  const api = useApi();
  return useQuery({
    queryKey: authQueryKeys.methods,
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
    mutationFn: async (token: string) => unwrap(await api.POST("/validate-token-login", { body: { token } })),
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
    mutationFn: async (body: RequestBody<"/validate-otp", "post">) => unwrap(await api.POST("/validate-otp", { body })),
  });
}

export function useRequestPasswordReset() {
  const api = useApi();
  return useMutation({
    mutationFn: async (email: string) => unwrap(await api.POST("/password-reset/request", { body: { email } })),
  });
}

/** Whether the e-mailed link's token can still reset the password; asking does not spend it. */
export function useCheckPasswordResetToken(token: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ["auth", "password-reset-check", token] as const,
    queryFn: async () => unwrap(await api.POST("/password-reset/check", { body: { token: token ?? "" } })),
    enabled: Boolean(token),
    // One answer per opening of the page: the reset itself spends the token.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RequestBody<"/password-reset/reset", "post">) => unwrap(await api.POST("/password-reset/reset", { body })),
  });
}

/** A forced refresh sends the new password only; a user's own change sends the current one too. */
export function useRefreshPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: async (input: string | { password: string; currentPassword: string }) =>
      unwrap(await api.POST("/users/refresh_password", { body: typeof input === "string" ? { password: input } : input })),
  });
}
