import { navigationFor } from "@parley/ui";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { buildRoutes } from "./routes";

const routes: RouteObject[] = buildRoutes(() => async () => ({ kind: "allow" as const }));

function routeIdsFor(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).map((match) => match.route.path ?? match.route.id ?? "");
}

describe("customer portal routes", () => {
  it.each(["customer", "customer_so"] as const)("gives every %s menu entry a screen (no dead links)", (role) => {
    const links = navigationFor(role).flatMap((entry) => (entry.kind === "group" ? entry.children : [entry]));
    for (const link of links) {
      const path = link.to.split("?")[0] ?? link.to;
      expect(routeIdsFor(path), path).not.toContain("*");
      expect(routeIdsFor(path).length, path).toBeGreaterThan(0);
    }
  });

  it("serves the sign-in, misc and always-open pages", () => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password", "/login/google/callback", "/payment-success", "/self-onboarding", "/coming-soon", "/under-maintenance", "/not-authorized", "/server-error"]) {
      expect(routeIdsFor(path), path).not.toContain("*");
    }
  });

  it("puts reset-password and payment-success under the always-passing guard", () => {
    for (const path of ["/reset-password", "/payment-success"]) {
      expect(matchRoutes(routes, path)?.[0]?.route.id).toBe("always");
    }
  });

  it("sends unknown paths to not found", () => {
    expect(routeIdsFor("/no/such/page")).toContain("*");
  });
});
