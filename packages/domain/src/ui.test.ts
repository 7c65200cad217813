import { describe, expect, it } from "vitest";
import {
  effectiveTheme,
  showsGettingStarted,
  supportAssistantEnvironmentFor,
} from "./ui";

describe("support assistant environment", () => {
  it("is 2 on the production host, 0 locally, 1 otherwise", () => {
    expect(supportAssistantEnvironmentFor("portal.parley.example", "portal.parley.example")).toBe(2);
    expect(supportAssistantEnvironmentFor("Portal.Parley.Example", "portal.parley.example")).toBe(2);
    expect(supportAssistantEnvironmentFor("localhost", "portal.parley.example")).toBe(0);
    expect(supportAssistantEnvironmentFor("127.0.0.1", "portal.parley.example")).toBe(0);
    expect(supportAssistantEnvironmentFor("app.localhost", "portal.parley.example")).toBe(0);
    expect(supportAssistantEnvironmentFor("staging.parley.example", "portal.parley.example")).toBe(1);
    expect(supportAssistantEnvironmentFor("", "")).toBe(1);
  });
});

describe("dialogs and theme", () => {
  it("shows getting started only with instructions on and the wizard done", () => {
    expect(showsGettingStarted({ showInstructions: true, showWizard: false })).toBe(true);
    expect(showsGettingStarted({ showInstructions: true, showWizard: true })).toBe(false);
    expect(showsGettingStarted({ showInstructions: false, showWizard: false })).toBe(false);
  });

  it("follows the system theme when known", () => {
    expect(effectiveTheme("system", true)).toBe("dark");
    expect(effectiveTheme("system", false)).toBe("light");
    expect(effectiveTheme("system", null)).toBe("light");
    expect(effectiveTheme("dark", false)).toBe("dark");
  });
});
