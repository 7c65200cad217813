/**
 * The webshop calls of the Data Training screen (spec 02 §7.8), one hook per call: the credentials and
 * whether they are saved, the connection test, the settings, indexing (WooCommerce page by page, Shopify by
 * vendor), the indexed products' count and search, and deleting them all.
 */
import type { WebshopType } from "@parley/domain";
import type { operations, Schemas } from "@parley/sdk";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useApi, type ParleyApi } from "../../api/client";
import { unwrap } from "../../api/errors";

export type WebshopSettings = Schemas["WebshopSettings"];
export type WebshopCredentials = Schemas["WebshopCredentials"];
export type Product = Schemas["Product"];

type ProductSearchQuery = operations["searchProducts"]["parameters"]["query"];
export type ProductSortBy = NonNullable<ProductSearchQuery["sortBy"]>;
export type ProductSortField = Exclude<ProductSortBy, `-${string}`>;
export type ProductsPerPage = NonNullable<ProductSearchQuery["itemsPerPage"]>;

export interface ProductSearch {
  page: number;
  itemsPerPage: ProductsPerPage;
  sortBy: ProductSortBy;
  search: string;
}

export const webshopQueryKeys = {
  all: (configurationId: string) => ["webshop", configurationId] as const,
  credentials: (configurationId: string) => ["webshop", configurationId, "credentials"] as const,
  settings: (configurationId: string) => ["webshop", configurationId, "settings"] as const,
  count: (configurationId: string) => ["webshop", configurationId, "count"] as const,
  products: (configurationId: string, search?: ProductSearch) =>
    (search ? ["webshop", configurationId, "products", search] : ["webshop", configurationId, "products"]) as readonly unknown[],
};

/** The sort after a click on a column's header: the same column turns around, another starts ascending. */
export function nextProductSort(current: ProductSortBy, field: ProductSortField): ProductSortBy {
  return current === field ? `-${field}` : field;
}

/** The direction a column is sorted in, or none. */
export function productSortDirection(current: ProductSortBy, field: ProductSortField): "asc" | "desc" | undefined {
  if (current === field) return "asc";
  return current === `-${field}` ? "desc" : undefined;
}

/** Whether credentials are saved, and for which shop (its key and secret are never answered). */
export function useWebshopCredentials(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.credentials(configurationId),
    queryFn: async () => unwrap(await api.GET("/webshop/webshopcredentials/exists", { params: { query: { configurationId } } })),
  });
}

export function useSaveWebshopCredentials() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebshopCredentials) => unwrap(await api.POST("/webshop/webshopcredentials", { body })),
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: webshopQueryKeys.credentials(body.configurationId) }),
  });
}

/** Asks the shop with the saved credentials; answers how many products it has. */
export async function testWebshopConnection(api: ParleyApi, configurationId: string, signal?: AbortSignal): Promise<number> {
  return unwrap(await api.GET("/webshop/test", { params: { query: { configurationId } }, signal })).total_count;
}

export function useTestWebshopConnection() {
  const api = useApi();
  return useMutation({ mutationFn: (configurationId: string) => testWebshopConnection(api, configurationId) });
}

/** The configuration's webshop settings, or null when none are saved. */
export function useWebshopSettings(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.settings(configurationId),
    queryFn: async () => unwrap(await api.GET("/webshop/webshopsettings", { params: { query: { configurationId } } })).settings,
  });
}

export function useSaveWebshopSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ configurationId, webshopSettings }: { configurationId: string; webshopSettings: WebshopSettings }) =>
      unwrap(await api.POST("/webshop/webshopsettings", { body: { configurationId, webshopSettings } })),
    onSuccess: (_answer, { configurationId, webshopSettings }) => queryClient.setQueryData(webshopQueryKeys.settings(configurationId), webshopSettings),
  });
}

/** How many products are indexed: status OK with some, WARN with none. */
export function useIndexedProductsCount(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.count(configurationId),
    queryFn: async () => unwrap(await api.GET("/webshop/indexedproductscount", { params: { query: { configurationId } } })),
  });
}

/** Indexes one page of the WooCommerce shop's products; the answer carries the shop's totals too. */
export async function indexWoocommercePage(api: ParleyApi, configurationId: string, page: number, perPage: number, signal?: AbortSignal) {
  return unwrap(await api.GET("/webshop/index_woocommerce_products", { params: { query: { configurationId, page, per_page: perPage } }, signal }));
}

/** The count and the product list after indexing or deleting. */
export function useRefreshProducts() {
  const queryClient = useQueryClient();
  return useCallback(
    (configurationId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webshopQueryKeys.count(configurationId) }),
        queryClient.invalidateQueries({ queryKey: webshopQueryKeys.products(configurationId) }),
      ]),
    [queryClient],
  );
}

/**
 * Indexes the Shopify shop's products (of one vendor when given) in one call; answers how many, and how many
 * stored products the shop no longer has were removed (none said when the shop had more than may be kept).
 */
export function useIndexShopifyProducts() {
  const api = useApi();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async ({ configurationId, vendor }: { configurationId: string; vendor: string | null }) => {
      const answer = unwrap(await api.GET("/webshop/index_shopify_products", { params: { query: vendor ? { configurationId, selectedVendor: vendor } : { configurationId } } }));
      return { indexed: answer.total_count, removed: answer.removed };
    },
    onSettled: (_count, _error, { configurationId }) => refresh(configurationId),
  });
}

export function useDeleteAllProducts() {
  const api = useApi();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (configurationId: string) => unwrap(await api.DELETE("/webshop/delete_all_products", { params: { query: { configurationId } } })).deleted,
    onSettled: (_deleted, _error, configurationId) => refresh(configurationId),
  });
}

/** One page of the indexed products, searched and sorted by the server. */
export function useProductSearch(configurationId: string, search: ProductSearch) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.products(configurationId, search),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const text = search.search.trim();
      const query: ProductSearchQuery = { configurationId, page: search.page, itemsPerPage: search.itemsPerPage, sortBy: search.sortBy, ...(text ? { search: text } : {}) };
      const answer = unwrap(await api.GET("/webshop/search_products", { params: { query } }));
      return { items: answer.items, total: answer.total };
    },
  });
}

/** The shop type the screen works with: the saved credentials' one, else the settings' one. */
export function connectedWebshopType(credentialsType: WebshopType | null | undefined, settings: WebshopSettings | null | undefined): WebshopType | null {
  return credentialsType ?? settings?.selectedWebshop ?? null;
}
