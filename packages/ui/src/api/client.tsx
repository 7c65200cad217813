import { createContext, useContext, type ReactNode } from "react";
import { createParleyClient } from "@parley/sdk";
import { getToken } from "../session/session";
import type { ApiResultLike } from "./errors";

export type ParleyApi = ReturnType<typeof createParleyClient>;

type LooseInit = { body?: unknown; params?: { query?: Record<string, unknown>; path?: Record<string, unknown> } };

/**
 * The client seen with hand-written answer types: the contract is still growing, so hooks declare
 * the answer shape they read (fields named by spec 01 §3) instead of depending on every generated path.
 */
export interface LooseApi {
  GET<T>(path: string, init?: LooseInit): Promise<ApiResultLike<T>>;
  POST<T>(path: string, init?: LooseInit): Promise<ApiResultLike<T>>;
}

export function loose(api: ParleyApi): LooseApi {
  return api as unknown as LooseApi;
}

/** The SDK client of a portal: every base under `/api` of the same origin, token from storage. */
export function createApi(): ParleyApi {
  return createParleyClient({
    baseUrls: { configurationServer: "/api", chatServer: "/api", chatbotBackend: "/api" },
    getToken,
    storage: window.localStorage,
  });
}

const ApiContext = createContext<ParleyApi | null>(null);

export function ApiProvider({ api, children }: { api: ParleyApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ParleyApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi needs an <ApiProvider>");
  return api;
}
