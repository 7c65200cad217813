import { navigationFor } from "@parley/ui";
import { matchedRoutes } from "@parley/ui/test/routes";
import { describe, expect, it } from "vitest";
import { buildRoutes } from "./routes";

const routes = buildRoutes(() => async () => ({ kind: "allow" as const }));
const routeIdsFor = (path: string) => matchedRoutes(routes, "customer", path);

describe("customer portal routes", () => {
  it.each(["customer", "customer_so"] as const)("gives every %s menu entry a screen (no dead links)", async (role) => {
    const links = navigationFor(role).flatMap((entry) => (entry.kind === "group" ? entry.children : [entry]));
    for (const link of links) {
      const path = link.to.split("?")[0] ?? link.to;
      const matched = await routeIdsFor(path);
      expect(matched, path).not.toContain("*");
      expect(matched.length, path).toBeGreaterThan(0);
    }
  });

  it("serves the sign-in, misc and always-open pages", async () => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password", "/login/google/callback", "/payment-success", "/self-onboarding", "/coming-soon", "/under-maintenance", "/not-authorized", "/server-error"]) {
      expect(await routeIdsFor(path), path).not.toContain("*");
    }
  });

  it("puts reset-password and payment-success under the always-passing guard", async () => {
    for (const path of ["/reset-password", "/payment-success"]) {
      expect((await routeIdsFor(path))[0]).toBe("always");
    }
  });

  it("shows the self-onboarding page inside the shell (top bar, profile menu, sign-out)", async () => {
    expect(await routeIdsFor("/self-onboarding")).toEqual(["private", "pages", "self-onboarding"]);
  });

  it("sends unknown paths to not found", async () => {
    expect(await routeIdsFor("/no/such/page")).toContain("*");
  });
});
