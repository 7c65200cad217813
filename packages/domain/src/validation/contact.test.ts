import { describe, expect, it } from "vitest";
import { failureText } from "./failureText.test-support";
import { contactPremiumSchema, hasFeatureOrMessage } from "./contact";


describe("premium contact form", () => {
  it("needs a feature or a message", () => {
    expect(hasFeatureOrMessage({ selectedFeatures: ["whatsapp_ai"] })).toBe(true);
    expect(hasFeatureOrMessage({ otherFeature: "CRM link" })).toBe(true);
    expect(hasFeatureOrMessage({ message: "Call me" })).toBe(true);
    expect(hasFeatureOrMessage({ selectedFeatures: [], otherFeature: " ", message: "" })).toBe(false);
    expect(hasFeatureOrMessage({})).toBe(false);
  });

  it("validates with the shared message", async () => {
    await expect(
      contactPremiumSchema.validate({ selectedFeatures: ["lead_generation"] }),
    ).resolves.toBeTruthy();
    expect(await failureText(contactPremiumSchema.validate({ message: "  " }))).toContain(
      "Choose a feature or write a message",
    );
    expect(await failureText(contactPremiumSchema.validate({ selectedFeatures: ["teleport"] }))).toContain(
      "Invalid field",
    );
  });

  it("bounds the texts", async () => {
    expect(await failureText(contactPremiumSchema.validate({ message: "x".repeat(5001) }))).toMatch(/5000/);
    expect(await failureText(contactPremiumSchema.validate({ otherFeature: "x".repeat(501) }))).toMatch(/500/);
    await expect(contactPremiumSchema.validate({ message: "x".repeat(5000) })).resolves.toBeTruthy();
  });
});
