import { describe, expect, it } from "vitest";
import {
  defaultAdminProduct,
  isProduct,
  isUnlimited,
  messageLimitFor,
  premiumFeatures,
  productForNewConfiguration,
  productNames,
  selfOnboardingProduct,
} from "./products";

describe("products", () => {
  it.each([
    ["entry", 50],
    ["so_trial", 200],
    ["basic", 500],
    ["so_basic", 500],
    ["premium", 1000],
    ["so_premium", 1000],
    ["business", 2500],
    ["professional", 5000],
    ["enterprise", 0],
  ] as const)("%s allows %i messages", (product, limit) => {
    expect(messageLimitFor(product)).toBe(limit);
  });

  it("lists exactly the nine products", () => {
    expect(productNames).toEqual([
      "entry",
      "so_trial",
      "basic",
      "so_basic",
      "premium",
      "so_premium",
      "business",
      "professional",
      "enterprise",
    ]);
  });

  it("treats only a limit of 0 as unlimited", () => {
    expect(isUnlimited("enterprise")).toBe(true);
    expect(isUnlimited(0)).toBe(true);
    expect(isUnlimited("entry")).toBe(false);
    expect(isUnlimited(1)).toBe(false);
  });

  it("recognises product names", () => {
    expect(isProduct("so_basic")).toBe(true);
    expect(isProduct("gold")).toBe(false);
    expect(isProduct("toString")).toBe(false);
    expect(isProduct(50)).toBe(false);
  });

  it("starts self-onboarding on so_trial and admin configurations on entry", () => {
    expect(productForNewConfiguration({ selfOnboarding: true })).toBe("so_trial");
    expect(productForNewConfiguration({ selfOnboarding: false })).toBe("entry");
    expect([selfOnboardingProduct, defaultAdminProduct]).toEqual(["so_trial", "entry"]);
  });

  it("names the five premium features", () => {
    expect(premiumFeatures).toHaveLength(5);
  });
});
