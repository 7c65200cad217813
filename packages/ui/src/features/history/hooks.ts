/** React Query hooks of the conversation history and post-processed calls (issue 16), and the CSV export. */
import type { PageSize } from "@parley/domain/reporting";
import type { Schemas } from "@parley/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi, type ParleyApi } from "../../api/client";
import { unwrap } from "../../api/errors";

export type HistoryConversation = Schemas["ConversationDetail"];
export type HistoryMessage = Schemas["Message"];
export type PostProcessedConversation = Schemas["PostProcessedConversation"];

export interface HistoryQuery {
  configurationId: string;
  from: string;
  to: string;
  search: string;
  page: number;
  pageSize: PageSize;
}

function historyParams({ configurationId, from, to, search }: Omit<HistoryQuery, "page" | "pageSize">) {
  const trimmed = search.trim();
  return { configuration_id: configurationId, from, to, ...(trimmed ? { search: trimmed } : {}) };
}

/** One page of the history; not asked while the date range breaks a rule (`query` null). */
export function useConversationHistory(query: HistoryQuery | null) {
  const api = useApi();
  return useQuery({
    queryKey: ["conversation-history", query] as const,
    queryFn: async () =>
      unwrap(await api.GET("/conversations/history", { params: { query: { ...historyParams(query!), page: query!.page, page_size: query!.pageSize } } })),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePostProcessedConversations(query: { configurationId: string; search: string; page: number; pageSize: PageSize }) {
  const api = useApi();
  const trimmed = query.search.trim();
  return useQuery({
    queryKey: ["conversations-postprocessed", query] as const,
    queryFn: async () =>
      unwrap(
        await api.GET("/conversations/postprocessed", {
          params: { query: { configuration_id: query.configurationId, page: query.page, page_size: query.pageSize, ...(trimmed ? { search: trimmed } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The server's CSV of every conversation the filters find (not only the page shown), saved as a file. */
export async function downloadHistoryCsv(api: ParleyApi, query: Omit<HistoryQuery, "page" | "pageSize">): Promise<void> {
  const csv = unwrap(await api.GET("/conversations/history/export", { params: { query: historyParams(query) } }));
  // Reading the answer as text drops the server's byte order mark, without which a spreadsheet takes the file for
  // the local code page (and shows ü as Ã¼): the file gets it back.
  const url = URL.createObjectURL(new Blob(["\uFEFF", csv.replace(/^\uFEFF/u, "")], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `conversations-${query.from}-${query.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
