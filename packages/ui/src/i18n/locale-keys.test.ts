import { errorCodes } from "@parley/domain/errors";
import { languageCodes } from "@parley/domain/locale";
import { pageTitles, portalPages } from "@parley/domain/pages";
import { serviceReasons } from "@parley/domain/serviceReasons";
import { validationMessageKeys } from "@parley/domain/validation/messages";
import { describe, expect, it } from "vitest";
import { allNamespaceLoaders, compareLocale, compareNamespaces, flattenKeys } from "./locale-keys";
import type { Namespace } from "./namespaces";

describe("locale check", () => {
  it("flattens nested keys", () => {
    expect(flattenKeys({ a: { b: "x", c: { d: "y" } }, e: "z" })).toEqual(["a.b", "a.c.d", "e"]);
  });

  it("reports keys a translation lacks, keys it adds and empty texts", () => {
    const report = compareLocale({ a: { b: "B", c: "C" } }, { a: { b: "", d: "D" } });
    expect(report.missing).toEqual(["a.c"]);
    expect(report.extra).toEqual(["a.d"]);
    expect(report.empty).toEqual(["a.b"]);
  });

  it("passes for identical key sets", () => {
    expect(compareLocale({ a: "A" }, { a: "Ä" })).toEqual({ missing: [], extra: [], empty: [] });
  });

  it("finds every language with exactly the English keys in every namespace", async () => {
    expect(await compareNamespaces(languageCodes)).toEqual([]);
  });
});

describe("texts the domain names by key", () => {
  async function englishKeys(namespace: Namespace): Promise<Set<string>> {
    return new Set(flattenKeys((await allNamespaceLoaders[namespace]("en")).default));
  }

  it("translates every error code of the domain catalogue", async () => {
    const keys = await englishKeys("messages");
    expect(errorCodes.filter((code) => !keys.has(`errors.${code}`))).toEqual([]);
  });

  it("translates every validation message key of the domain", async () => {
    const keys = await englishKeys("messages");
    expect(validationMessageKeys.filter((key) => !keys.has(`validation.${key}`))).toEqual([]);
  });

  it("translates every reason the domain gives for an outside service's failure", async () => {
    const keys = await englishKeys("messages");
    expect(Object.keys(serviceReasons).filter((key) => !keys.has(`reasons.${key}`))).toEqual([]);
  });

  it("takes the English page titles from the page manifest, so every page has a title in every language", async () => {
    const keys = await englishKeys("pages");
    expect(Object.keys(pageTitles).every((key) => keys.has(`titles.${key}`))).toBe(true);
    expect(portalPages.filter((page) => !keys.has(`titles.${page.titleKey}`))).toEqual([]);
  });
});
