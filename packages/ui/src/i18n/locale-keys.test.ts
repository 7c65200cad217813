import { describe, expect, it } from "vitest";
import { compareLocale, flattenKeys } from "./locale-keys";
import en from "../locales/en.json";
import de from "../locales/de.json";
import es from "../locales/es.json";
import fr from "../locales/fr.json";
import nl from "../locales/nl.json";
import { errorCodes } from "@parley/domain/errors";

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

  it.each([
    ["nl", nl],
    ["de", de],
    ["es", es],
    ["fr", fr],
  ])("the %s file has exactly the English keys", (_code, translation) => {
    expect(compareLocale(en, translation)).toEqual({ missing: [], extra: [], empty: [] });
  });

  it("translates every error code of the domain catalogue", () => {
    const keys = new Set(flattenKeys(en));
    expect(errorCodes.filter((code) => !keys.has(`errors.${code}`))).toEqual([]);
  });
});

describe("validation texts", () => {
  it("translates every validation message key of the domain", async () => {
    const { validationMessageKeys } = await import("@parley/domain/validation/messages");
    const keys = new Set(flattenKeys(en));
    expect(validationMessageKeys.filter((key) => !keys.has(`validation.${key}`))).toEqual([]);
  });
});
