import { createContext, useContext, type ReactNode } from "react";
import { createParleyClient, type paths } from "@parley/sdk";
import { getToken } from "../session/session";

export type ParleyApi = ReturnType<typeof createParleyClient>;

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

/** The JSON body a call of the contract takes, from the SDK's generated paths. */
export type RequestBody<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
