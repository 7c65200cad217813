import type { PortalKind } from "@parley/domain/pages";
import { createMemoryRouter, type RouteObject } from "react-router-dom";
import { discoverPageRoutes } from "../features/screens";

/**
 * What a path reaches in a portal's route table as its browser router finds it (the manifest's pages
 * discovered), from the top route down: `index` for an index route, else the route's path or id.
 */
export async function matchedRoutes(routes: RouteObject[], portal: PortalKind, path: string): Promise<string[]> {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverPageRoutes(portal) });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  const matched = router.state.matches.map(({ route }) => (route.index ? "index" : (route.path ?? route.id)));
  router.dispose();
  return matched;
}
