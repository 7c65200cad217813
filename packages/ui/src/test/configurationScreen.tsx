import { newConfigurationDefaults } from "@parley/domain/configuration";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { ApiProvider, createApi, type ParleyApi } from "../api/client";
import { selectConfiguration } from "../configuration/selection";
import { createQueryClient } from "../providers";
import { shellQueryKeys } from "../shell/hooks";
import { renderWithUi } from "./render";

export interface ConfigurationScreenOptions {
  /** Fields of the loaded configuration beside the domain's defaults. */
  configuration?: Record<string, unknown>;
  /** More answers already in the query cache, as after their reads. */
  cached?: [queryKey: readonly unknown[], data: unknown][];
  /** The SDK client the screen calls (a stubbed fetch); the portal's own client otherwise. */
  api?: ParleyApi;
}

/**
 * A screen of the selected configuration "c1" (named shop), loaded as after a read, in a data router at
 * `/screen` beside `/elsewhere` (a page to leave to). Returns the router, to navigate.
 */
export async function renderConfigurationScreen(screen: ReactElement, { configuration = {}, cached = [], api = createApi() }: ConfigurationScreenOptions = {}) {
  const loaded = { _id: "c1", ...newConfigurationDefaults({ selfOnboarding: false, now: new Date("2026-11-22"), name: "shop" }), ...configuration };
  selectConfiguration({ _id: "c1", name: "shop" });
  // The portals' retry policy (a 4xx answer is not asked again), with nothing going stale while a test runs.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: Number.POSITIVE_INFINITY } });
  queryClient.setQueryData(shellQueryKeys.configuration("c1"), { status: "success", data: loaded });
  for (const [queryKey, data] of cached) queryClient.setQueryData(queryKey, data);
  const router = createMemoryRouter(
    [
      { path: "/screen", element: screen },
      { path: "/elsewhere", element: <p>Another page</p> },
    ],
    { initialEntries: ["/screen"] },
  );
  await renderWithUi(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return router;
}
