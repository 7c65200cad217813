import { describe, expect, it } from "vitest";
import { finalizeSteps, hasAllConsents, onboardingSteps, scrapeProgress } from "./onboarding";

describe("onboarding", () => {
  it("walks welcome, persona, FAQ, URLs, design, finalize", () => {
    expect(onboardingSteps).toEqual(["welcome", "persona", "faq", "urls", "design", "finalize"]);
  });

  it("reports progress 10, 35, 65, 90, 100", () => {
    expect(Object.values(scrapeProgress)).toEqual([10, 35, 65, 90, 100]);
  });

  it("saves the customer first and flags the user last", () => {
    expect(finalizeSteps[0]).toBe("save_customer");
    expect(finalizeSteps.at(-1)).toBe("update_user_flags");
    expect(finalizeSteps.indexOf("save_urls")).toBeLessThan(finalizeSteps.indexOf("save_faq_dataset"));
  });

  it("needs every consent", () => {
    expect(
      hasAllConsents({ authorised: true, no_forbidden_content: true, public_content_analysis: true }),
    ).toBe(true);
    expect(hasAllConsents({ authorised: true, no_forbidden_content: true })).toBe(false);
    expect(hasAllConsents({})).toBe(false);
  });
});
