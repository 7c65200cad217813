/**
 * The WordPress calls of the Data Training screen (spec 02 §7.7), one hook per call: the site's counts and
 * listings page by page, the configuration's indexed pages and posts, indexing and deleting.
 */
import { wordpressPageSize } from "@parley/domain";
import type { Schemas } from "@parley/sdk";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, type ParleyApi } from "../../api/client";
import { unwrap } from "../../api/errors";
import { trainingFailure, trainingQueryKeys } from "./hooks";

export type WordpressItem = Schemas["WordpressItem"];
export type WordpressType = WordpressItem["type"];

export const wordpressQueryKeys = {
  totals: (url: string, type: WordpressType) => ["wordpress", "totals", url, type] as const,
  items: (url: string, type: WordpressType, page: number) => ["wordpress", "items", url, type, page] as const,
  indexed: (configurationId: string) => ["wordpress", "indexed", configurationId] as const,
};

/** The key a page or post is known by on the screen (ids of pages and posts may coincide). */
export const itemKey = (item: Pick<WordpressItem, "type" | "id">) => `${item.type}:${item.id}`;

/**
 * The site address as the server takes it: trimmed, with `https://` put in front of a bare domain. Blank is
 * `no_wordpress_url`; anything that is still no http(s) address is `url_parse_error`.
 */
export function wordpressSiteUrl(text: string): { url: string } | { code: "no_wordpress_url" | "url_parse_error" } {
  const trimmed = text.trim();
  if (trimmed === "") return { code: "no_wordpress_url" };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//iu.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return { code: "url_parse_error" };
    return { url: withScheme };
  } catch {
    return { code: "url_parse_error" };
  }
}

export function useWordpressTotals(url: string | null, type: WordpressType) {
  const api = useApi();
  return useQuery({
    queryKey: wordpressQueryKeys.totals(url ?? "", type),
    enabled: url !== null,
    retry: false,
    queryFn: async () => {
      const query = { query: { url: url ?? "" } };
      return unwrap(type === "page" ? await api.GET("/wordpress/total-pages", { params: query }) : await api.GET("/wordpress/total-posts", { params: query }));
    },
  });
}

/** One page of ten of the site's pages or posts (an empty page after the last). */
export function useWordpressItems(url: string | null, type: WordpressType, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: wordpressQueryKeys.items(url ?? "", type, page),
    enabled: url !== null,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query = { query: { url: url ?? "", page, per_page: wordpressPageSize } };
      const answer = unwrap(type === "page" ? await api.GET("/wordpress/pages", { params: query }) : await api.GET("/wordpress/posts", { params: query }));
      return answer.items;
    },
  });
}

/** The pages and posts indexed for the configuration; a failure is the spec's 'Failed to fetch indexed pages.'. */
export function useWordpressIndexed(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: wordpressQueryKeys.indexed(configurationId),
    queryFn: async () => {
      try {
        return unwrap(await api.GET("/wordpress/get-indexed-pages", { params: { query: { configurationId } } })).data;
      } catch {
        throw trainingFailure("indexed_pages_fetch_failed");
      }
    },
  });
}

/** Indexes up to ten chosen pages and posts of the site; answers how many were indexed. */
export async function indexWordpressContent(
  api: ParleyApi,
  configurationId: string,
  wordpressUrl: string,
  items: readonly Pick<WordpressItem, "type" | "id" | "title">[],
  signal?: AbortSignal,
): Promise<number> {
  const pick = (type: WordpressType) => items.filter((item) => item.type === type).map(({ id, title }) => ({ id, title: title.slice(0, 200) }));
  const body = { configurationId, wordpressUrl, pages: pick("page"), posts: pick("post") };
  return unwrap(await api.POST("/wordpress/index-content", { body, signal })).indexed;
}

export async function fetchWordpressIndexed(api: ParleyApi, configurationId: string, signal?: AbortSignal): Promise<WordpressItem[]> {
  return unwrap(await api.GET("/wordpress/get-indexed-pages", { params: { query: { configurationId } }, signal })).data;
}

/** Deletes the configuration's WordPress content; a failure is the spec's 'Failed to delete indexed content.'. */
export function useDeleteWordpressContent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (configurationId: string) => {
      try {
        return unwrap(await api.DELETE("/wordpress/delete-pages", { params: { query: { configurationId } } })).deleted;
      } catch {
        throw trainingFailure("indexed_content_delete_failed");
      }
    },
    onSettled: (_deleted, _error, configurationId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wordpressQueryKeys.indexed(configurationId) }),
        queryClient.invalidateQueries({ queryKey: trainingQueryKeys.articles(configurationId) }),
      ]),
  });
}
