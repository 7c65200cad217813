import { navigationFor } from "@parley/ui";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { buildRoutes } from "./routes";

const routes: RouteObject[] = buildRoutes(() => async () => ({ kind: "allow" as const }));

function matchedPaths(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).map((match) => match.route.path ?? match.route.id ?? (match.route.index ? "index" : ""));
}

describe("admin portal routes", () => {
  it("gives every admin menu entry a screen (no dead links)", () => {
    const links = navigationFor("admin").flatMap((entry) => (entry.kind === "group" ? entry.children : [entry]));
    for (const link of links) {
      const path = link.to.split("?")[0] ?? link.to;
      expect(matchedPaths(path), path).not.toContain("*");
    }
  });

  it("has the admin dashboard at the root and the spec's dashboards", () => {
    expect(matchedPaths("/")).toContain("index");
    expect(matchedPaths("/dashboard-crm")).toContain("dashboard-crm");
    expect(matchedPaths("/dashboard/ecommerce")).toContain("dashboard/ecommerce");
  });

  it("offers no self-registration in the admin portal", () => {
    expect(matchedPaths("/register")).toContain("*");
  });

  it("puts reset-password and payment-success under the always-passing guard", () => {
    for (const path of ["/reset-password", "/payment-success"]) {
      expect(matchRoutes(routes, path)?.[0]?.route.id).toBe("always");
    }
  });
});
