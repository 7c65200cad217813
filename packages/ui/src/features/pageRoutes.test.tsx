import { describe, expect, it } from "vitest";
import { namespaceLoader } from "../i18n/namespaces";
import { featureNamespaceLoaders } from "./featureNamespaces";
import { pageRoutes } from "./pageRoutes";

describe("page routes", () => {
  it("register the features' translation namespaces as they are built", () => {
    pageRoutes("admin");
    expect(Object.keys(featureNamespaceLoaders).filter((name) => namespaceLoader(name) === undefined)).toEqual([]);
  });

  it("give every page of the admin manifest one route", () => {
    const paths = pageRoutes("admin").map((route) => (route.index ? "/" : `/${route.path}`));
    expect(paths).toContain("/customers");
    expect(paths).toContain("/settings/general");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
