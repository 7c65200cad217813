/** The live screen's React Query hook over @parley/sdk. */
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/client";
import { unwrap } from "../../api/errors";

/** How often the list is read over HTTP while the live connection is down. */
const offlineRefreshMs = 15_000;

/**
 * The ongoing conversations over HTTP (`GET /conversations/live`, what the socket sends on connect): the
 * list stays readable while the live connection cannot be opened (a proxy that refuses websockets).
 */
export function useLiveConversationsOverHttp(configurationId: string | null | undefined, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ["liveConversations", configurationId ?? ""] as const,
    queryFn: async () =>
      unwrap(await api.GET("/conversations/live", { params: { query: configurationId ? { configuration_id: configurationId } : {} } })).data,
    enabled,
    refetchInterval: enabled ? offlineRefreshMs : false,
  });
}
