/**
 * React Query hooks of the customers screen over @parley/sdk: one hook per call, named after it.
 * Failures throw ApiError so screens branch on `error.code`.
 */
import type { Schemas } from "@parley/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type Customer = Schemas["Customer"];
export type CustomerInput = RequestBody<"/customer/create_or_update", "post">;

export const customerQueryKeys = {
  all: ["customers"] as const,
  list: ["customers", "list"] as const,
  hasConfiguration: (id: string) => ["customers", "has-configuration", id] as const,
};

export function useCustomers() {
  const api = useApi();
  return useQuery({
    queryKey: customerQueryKeys.list,
    queryFn: async () => unwrap(await api.GET("/customers", {})).data,
  });
}

export function useCustomerHasConfiguration(customerId: string | null | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: customerQueryKeys.hasConfiguration(customerId ?? ""),
    queryFn: async () => unwrap(await api.GET("/customer_has_configuration", { params: { query: { _id: customerId ?? "" } } })).data,
    enabled: Boolean(customerId),
  });
}

/** Saves; the list reloads after every save that changed something (spec 01 §4). */
export function useCreateOrUpdateCustomer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CustomerInput) => unwrap(await api.POST("/customer/create_or_update", { body })),
    onSuccess: (answer) => {
      if (answer.updated_id || answer.inserted_id) void queryClient.invalidateQueries({ queryKey: customerQueryKeys.all });
    },
  });
}

export function useDeleteCustomer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE("/customers/{id}", { params: { path: { id } } })),
    // Its users went with it. Its own queries are dropped, not reloaded: the editor still shows it
    // while the delete settles, and asking the server about a deleted customer can only fail (404).
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: customerQueryKeys.hasConfiguration(id), exact: true });
      return queryClient.invalidateQueries({ predicate: (query) => ["customers", "users", "leads"].includes(String(query.queryKey[0])) });
    },
  });
}
