/**
 * The e-commerce dashboard's React Query hooks over the webshop calls (spec 02 §7.8), one per call.
 * Failures throw ApiError so the cards branch on `error.code`; saved credentials missing
 * (`no_webshop_credentials`) is an answer here, not a failure: the shop is not connected.
 */
import type { Schemas } from "@parley/sdk";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/client";
import { ApiError, unwrap } from "../../api/errors";

export type Product = Schemas["Product"];
export type ProductSort = "stock_quantity" | "-price";

/** Asked for by the server when a configuration has no webshop credentials saved. */
export const noWebshopCredentials = "no_webshop_credentials";

export const webshopQueryKeys = {
  connection: (configurationId: string) => ["webshop", "connection", configurationId] as const,
  indexedCount: (configurationId: string) => ["webshop", "indexed-count", configurationId] as const,
  settings: (configurationId: string) => ["webshop", "settings", configurationId] as const,
  products: (configurationId: string, sortBy: ProductSort) => ["webshop", "products", configurationId, sortBy] as const,
};

export interface WebshopConnection {
  exists: boolean;
  webshopType?: "WooCommerce" | "Shopify" | null;
  webshopUrl?: string | null;
}

export function useWebshopConnection(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.connection(configurationId),
    queryFn: async (): Promise<WebshopConnection> => {
      try {
        return unwrap(await api.GET("/webshop/webshopcredentials/exists", { params: { query: { configurationId } } }));
      } catch (error) {
        if (error instanceof ApiError && error.code === noWebshopCredentials) return { exists: false };
        throw error;
      }
    },
  });
}

export function useIndexedProductsCount(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.indexedCount(configurationId),
    queryFn: async () => unwrap(await api.GET("/webshop/indexedproductscount", { params: { query: { configurationId } } })),
  });
}

export function useWebshopSettings(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.settings(configurationId),
    queryFn: async () => unwrap(await api.GET("/webshop/webshopsettings", { params: { query: { configurationId } } })).settings,
  });
}

/** The first page of the indexed products in one order. */
export function useProducts(configurationId: string, sortBy: ProductSort) {
  const api = useApi();
  return useQuery({
    queryKey: webshopQueryKeys.products(configurationId, sortBy),
    queryFn: async () => unwrap(await api.GET("/webshop/search_products", { params: { query: { configurationId, sortBy, page: 1, itemsPerPage: 10 } } })),
  });
}
