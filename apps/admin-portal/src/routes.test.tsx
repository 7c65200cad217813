import { navigationFor } from "@parley/ui";
import { matchedRoutes } from "@parley/ui/test/routes";
import { describe, expect, it } from "vitest";
import { buildRoutes } from "./routes";

const routes = buildRoutes(() => async () => ({ kind: "allow" as const }));
const matchedPaths = (path: string) => matchedRoutes(routes, "admin", path);

describe("admin portal routes", () => {
  it("gives every admin menu entry a screen (no dead links)", async () => {
    const links = navigationFor("admin").flatMap((entry) => (entry.kind === "group" ? entry.children : [entry]));
    for (const link of links) {
      const path = link.to.split("?")[0] ?? link.to;
      expect(await matchedPaths(path), path).not.toContain("*");
    }
  });

  it("has the admin dashboard at the root and the spec's dashboards", async () => {
    expect(await matchedPaths("/")).toContain("index");
    expect(await matchedPaths("/dashboard-crm")).toContain("dashboard-crm");
    expect(await matchedPaths("/dashboard/ecommerce")).toContain("dashboard/ecommerce");
  });

  it("offers no self-registration in the admin portal", async () => {
    expect(await matchedPaths("/register")).toContain("*");
  });

  it("puts reset-password and payment-success under the always-passing guard", async () => {
    for (const path of ["/reset-password", "/payment-success"]) {
      expect((await matchedPaths(path))[0]).toBe("always");
    }
  });
});
