import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter, type RouteObject } from "react-router-dom";
import { createApi, type ParleyApi } from "./api/client";
import { discoverPageRoutes } from "./features/screens";
import type { PortalKind, RouteAccess } from "./guard/decide";
import { createGuardLoader } from "./guard/loader";
import { setupI18n } from "./i18n/setup";
import { PortalContext } from "./portalContext";
import { AppProviders, createQueryClient } from "./providers";

export type GuardFor = ReturnType<typeof createGuardLoader>;

export interface PortalOptions {
  portal: PortalKind;
  /** The router's base, "/" or "/admin". */
  basename: string;
  /** The portal's route table; the page manifest's routes join its route with id `pagesRouteId` when needed. */
  buildRoutes: (guard: GuardFor) => RouteObject[];
  rootElement?: HTMLElement | null;
  /** The product name on the pages outside the shell (sign-in, errors), default "Parley". */
  brand?: string;
}

/** Starts a portal: languages, the SDK client, React Query, the guarded router, then the first render. */
export async function bootPortal({ portal, basename, buildRoutes, rootElement, brand = "Parley" }: PortalOptions): Promise<{ api: ParleyApi }> {
  await setupI18n();
  const api = createApi();
  const queryClient = createQueryClient();
  const guard = createGuardLoader(api, portal, basename);
  const router = createBrowserRouter(buildRoutes(guard), { basename, patchRoutesOnNavigation: discoverPageRoutes(portal) });
  const container = rootElement ?? document.getElementById("root");
  if (!container) throw new Error("The page has no #root element");
  createRoot(container).render(
    <StrictMode>
      <AppProviders api={api} queryClient={queryClient}>
        <PortalContext.Provider value={{ kind: portal, brand }}>
          <RouterProvider router={router} />
        </PortalContext.Provider>
      </AppProviders>
    </StrictMode>,
  );
  // The static loading screen of index.html has done its job once React paints.
  requestAnimationFrame(() => document.getElementById("app-loader")?.remove());
  return { api };
}

export type { RouteAccess };
