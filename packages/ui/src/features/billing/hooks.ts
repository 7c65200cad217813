/** React Query hooks of the subscription, pricing, invoice and payment calls (spec 02 §7.10). Failures throw ApiError. */
import type { Schemas } from "@parley/sdk";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { subscriptionSaveOutcome } from "@parley/domain/subscription";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";
import { showFailureToast, showToast } from "../../shell/toasts";

export type Subscription = Schemas["Subscription"];
export type SubscriptionInput = RequestBody<"/orders/create_or_update_subscription", "post">;
export type Invoice = Schemas["Invoice"];
export type InvoiceDetail = Schemas["InvoiceDetail"];

export const billingQueryKeys = {
  subscription: (configurationId: string) => ["subscription", configurationId] as const,
  invoices: (year: number) => ["invoices", year] as const,
  invoice: (id: string) => ["invoice", id] as const,
  clientSettings: ["client-settings"] as const,
  paymentStatus: (customerId: string) => ["payment-status", customerId] as const,
};

/** The subscription of a configuration; `data` is null when it has none. */
export function useSubscription(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: billingQueryKeys.subscription(configurationId),
    queryFn: async () => unwrap(await api.GET("/orders/get-subscription", { params: { query: { configuration_id: configurationId } } })).data,
    enabled: configurationId !== "",
  });
}

/** Cancels the customer's subscription; the subscription is read again afterwards (spec 02 §4). */
export function useCancelSubscription(configurationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (customerId: string) => unwrap(await api.POST("/orders/cancel_subscription", { body: { customer_id: customerId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.subscription(configurationId) }),
  });
}

/**
 * Cancels with the confirmation's outcome as a toast ('Subscription canceled successfully' or 'Error
 * canceling subscription'); `settled` runs either way (the confirmation closes).
 */
export function useCancelSubscriptionWithToasts(configurationId: string) {
  const cancel = useCancelSubscription(configurationId);
  return {
    isPending: cancel.isPending,
    cancel: (customerId: string, settled: () => void) =>
      cancel.mutate(customerId, {
        onSuccess: () => {
          settled();
          void showToast((translate) => ({ type: "success", title: translate("messages:success.subscription_canceled") }));
        },
        onError: (error) => {
          settled();
          void showFailureToast(error, "messages:errors.subscription_cancel_failed");
        },
      }),
  };
}

/**
 * Creates or updates the subscription of a configuration (admins): `saved` (200, the stored one goes in
 * the cache) or `unchanged` (204 or 304, spec 02 §4). Failures throw ApiError.
 */
export function useSaveSubscription(configurationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubscriptionInput) => {
      const result = await api.POST("/orders/create_or_update_subscription", { body });
      // A 304 is no success to fetch (not `ok`), yet it says the same as a 204.
      if (subscriptionSaveOutcome(result.status) === "unchanged") return { outcome: "unchanged" as const, data: null };
      const answer = unwrap(result);
      return answer ? { outcome: "saved" as const, data: answer.data } : { outcome: "unchanged" as const, data: null };
    },
    onSuccess: ({ data }) => {
      if (data) queryClient.setQueryData(billingQueryKeys.subscription(configurationId), data);
    },
  });
}

/** Starts the generic checkout (customer): monthly or annual. */
export function useCreateCheckoutSession() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: { customer_id: string; is_annual: boolean }) => unwrap(await api.POST("/orders/create-checkout-session", { body })),
  });
}

/** Starts the fixed-price checkout (customer_so) with the price id of the configuration lookup. */
export function useCreateFixedCheckoutSession() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: { customer_id: string; stripe_price_id: string }) => unwrap(await api.POST("/orders/create-fixed-checkout-session", { body })),
  });
}

/** The configuration lookup: the two so_basic price ids among the rest. */
export function useClientSettings() {
  const api = useApi();
  return useQuery({
    queryKey: billingQueryKeys.clientSettings,
    queryFn: async () => unwrap(await api.GET("/client-settings")).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The invoices of a year, newest first, with the years that have invoices (kept while another year loads). */
export function useInvoices(year: number) {
  const api = useApi();
  return useQuery({
    queryKey: billingQueryKeys.invoices(year),
    queryFn: async () => unwrap(await api.GET("/orders/invoices", { params: { query: { year } } })),
    placeholderData: keepPreviousData,
  });
}

/** One invoice with its lines and totals; not asked while none is open (`id` null). */
export function useInvoice(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: billingQueryKeys.invoice(id ?? ""),
    queryFn: async () => unwrap(await api.GET("/orders/invoices/{id}", { params: { path: { id: id! } } })).data,
    enabled: id !== null,
  });
}

/** Activates what a checkout session bought (public, idempotent). */
export function useActivateProduct() {
  const api = useApi();
  return useMutation({
    mutationFn: async (sessionId: string) => unwrap(await api.POST("/orders/activate-product", { body: { session_id: sessionId } })),
  });
}

/** Asks once whether the customer's payment arrived. */
export function useCheckPaymentStatus() {
  const api = useApi();
  return useMutation({
    mutationFn: async (customerId: string) => unwrap(await api.GET("/orders/check-payment-status", { params: { query: { customerId } } })).subscription,
  });
}
