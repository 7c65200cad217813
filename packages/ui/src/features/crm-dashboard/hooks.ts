/** The CRM dashboard's own React Query hook over @parley/sdk; the lists it also reads have their screens' hooks. */
import type { Schemas } from "@parley/sdk";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/client";
import { unwrap } from "../../api/errors";

export type LocalSubscription = Schemas["Subscription"];
export type Configuration = Schemas["Configuration"];

export const crmQueryKeys = {
  localSubscriptions: ["subscriptions", "local"] as const,
};

/** Every local subscription the caller sees (admins: all). */
export function useLocalSubscriptions() {
  const api = useApi();
  return useQuery({
    queryKey: crmQueryKeys.localSubscriptions,
    queryFn: async () => unwrap(await api.GET("/orders/get-local-subscriptions", { params: { query: {} } })).data,
  });
}
