import { describe, expect, it } from "vitest";
import { shouldShowGettingStarted } from "./GettingStartedDialog";

describe("getting-started dialog", () => {
  it("shows when showInstructions is true and showWizard false", () => {
    expect(shouldShowGettingStarted({ showInstructions: true, showWizard: false })).toBe(true);
  });

  it("stays hidden while the wizard is due, after 'don't show again', or without a user", () => {
    expect(shouldShowGettingStarted({ showInstructions: true, showWizard: true })).toBe(false);
    expect(shouldShowGettingStarted({ showInstructions: false, showWizard: false })).toBe(false);
    expect(shouldShowGettingStarted(null)).toBe(false);
  });
});
