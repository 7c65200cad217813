import { describe, expect, it } from "vitest";
import { pageGroups, pageIconNames, pageTitles, pagesFor, pagesOfPortal, portalPages, rolesOfPath } from "./pages";
import { roles } from "./roles";

describe("page manifest", () => {
  it("lists a path at most once per role", () => {
    for (const role of roles) {
      const paths = pagesFor(role).map((page) => page.path);
      expect(new Set(paths).size, role).toBe(paths.length);
    }
  });

  it("gives each path one title per portal, so search and menu name it alike", () => {
    for (const portal of ["admin", "customer"] as const) {
      for (const page of pagesOfPortal(portal)) {
        const titles = new Set(
          portalPages
            .filter((other) => other.path === page.path && other.roles.some((role) => (role === "admin") === (portal === "admin")))
            .map((other) => other.titleKey),
        );
        expect(titles.size, page.path).toBe(1);
      }
    }
  });

  it("names who may open a path, joining the entries a path has for several roles", () => {
    expect(rolesOfPath("/customers")).toEqual(["admin"]);
    expect(rolesOfPath("/dataset/view")).toEqual(["admin", "customer"]);
    expect(rolesOfPath("/assistant/links")).toEqual(["admin", "customer_so"]);
    expect(rolesOfPath("/conversations/postprocessed")).toEqual(["customer"]);
    expect(rolesOfPath("/assistant/prompting")).toEqual(["customer_so"]);
    expect(rolesOfPath("/conversations/live")).toEqual(["admin", "customer", "customer_so"]);
    expect(rolesOfPath("/no/such/page")).toEqual([]);
  });

  it("has the spec's paths per role (spec 01 §2)", () => {
    expect(pagesFor("customer_so").map((page) => page.path)).toEqual(
      expect.arrayContaining(["/assistant/prompting", "/assistant/faq", "/assistant/links", "/assistant/design", "/assistant/test", "/assistant/embedding"]),
    );
    expect(pagesFor("customer").map((page) => page.path)).toEqual(expect.arrayContaining(["/dataset/view", "/conversations/postprocessed", "/assistant/test"]));
    expect(pagesFor("customer").map((page) => page.path)).not.toContain("/assistant/faq");
    expect(pagesFor("admin").filter((page) => page.path.startsWith("/settings/"))).toHaveLength(8);
    expect(pagesFor("admin").map((page) => page.path)).not.toContain("/customer");
  });

  it("serves each path once per portal, and pages of both portals in both", () => {
    const admin = pagesOfPortal("admin").map((page) => page.path);
    const customer = pagesOfPortal("customer").map((page) => page.path);
    expect(new Set(admin).size).toBe(admin.length);
    expect(new Set(customer).size).toBe(customer.length);
    expect(admin).toContain("/conversations/live");
    expect(customer).toContain("/conversations/live");
    expect(admin).not.toContain("/customer");
  });

  it("needs a configuration on every page that works on one, and none on the account pages", () => {
    const needing = (path: string) => portalPages.filter((page) => page.path === path).every((page) => page.needsConfiguration);
    for (const path of ["/settings/general", "/dataset/view", "/conversations/live", "/assistant/faq"]) expect(needing(path), path).toBe(true);
    for (const path of ["/", "/customer", "/customers", "/customer-profile", "/subscription/invoices"]) expect(needing(path), path).toBe(false);
  });

  it("uses only known titles, icons and absolute paths", () => {
    for (const page of portalPages) {
      expect(pageTitles[page.titleKey]).toBeTruthy();
      if (page.menuTitleKey) expect(pageTitles[page.menuTitleKey]).toBeTruthy();
      expect(pageIconNames).toContain(page.icon);
      expect(page.path.startsWith("/")).toBe(true);
    }
    for (const group of Object.values(pageGroups)) expect(pageIconNames).toContain(group.icon);
  });
});
