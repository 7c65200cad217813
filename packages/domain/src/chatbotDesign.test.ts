import { describe, expect, it } from "vitest";
import {
  defaultChatbotButtonSettings,
  defaultChatbotSettings,
  designIssues,
  isDesignColor,
  isDesignFont,
  isDesignUrl,
  isGradientDirection,
  isLanguageTag,
} from "./chatbotDesign";
import { widgetInitialStates, widgetModes } from "./widget";

describe("design defaults", () => {
  it("start in Dutch with language nl, and pass their own checks", () => {
    expect(defaultChatbotSettings.language).toBe("nl");
    expect(defaultChatbotSettings.uiLanguage).toBe("nl");
    expect(defaultChatbotSettings.startMessage).toMatch(/Hallo/);
    expect(widgetModes).toContain(defaultChatbotSettings.mode);
    expect(widgetInitialStates).toContain(defaultChatbotSettings.initialState);
    expect(designIssues({ chatbotSettings: { ...defaultChatbotSettings }, chatbotButtonSettings: { ...defaultChatbotButtonSettings } })).toEqual([]);
  });
});

describe("design field checks", () => {
  it("colours: hex and rgb(a) within range, nothing else", () => {
    for (const good of ["#fff", "#FFFF", "#4f46e5", "#4f46e580", "rgb(0,0,0)", "rgba(0, 0, 0, 0.2)", "rgb(100%, 0%, 50%)", "rgba(255,255,255,1)"]) {
      expect(isDesignColor(good), good).toBe(true);
    }
    for (const bad of ["red", "#ggg", "#12345", "rgb(256,0,0)", "rgba(0,0,0,2)", "rgb(0,0,0);background:url(x)", "expression(alert(1))", "", "rgb(0,0)"]) {
      expect(isDesignColor(bad), bad).toBe(false);
    }
  });

  it("fonts, gradient directions and languages", () => {
    expect(isDesignFont("Inter, sans-serif")).toBe(true);
    expect(isDesignFont(`"Open Sans", Arial`)).toBe(true);
    expect(isDesignFont("x;background:url(//evil)")).toBe(false);
    expect(isDesignFont("   ")).toBe(false);
    expect(isGradientDirection("to right")).toBe(true);
    expect(isGradientDirection("to bottom left")).toBe(true);
    expect(isGradientDirection("135deg")).toBe(true);
    expect(isGradientDirection("to right); color: red")).toBe(false);
    expect(isLanguageTag("nl")).toBe(true);
    expect(isLanguageTag("pt-BR")).toBe(true);
    expect(isLanguageTag("nl<script>")).toBe(false);
  });

  it("addresses: http(s) or a path on this server, never script or data", () => {
    for (const good of ["https://example.com/logo.png", "http://localhost:8080/a", "/api/chatbot/settings/image/download?configuration_id=x&filename=y.png"]) {
      expect(isDesignUrl(good), good).toBe(true);
    }
    for (const bad of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:image/svg+xml,<svg>", "//evil.example/x", "/\\evil.example", "https://user:pw@example.com/", "vbscript:x", "ftp://example.com/a"]) {
      expect(isDesignUrl(bad), bad).toBe(false);
    }
  });

  it("names each offending field by its path", () => {
    const issues = designIssues({
      chatbotSettings: { primaryColor: "red", avatarUrl: "javascript:alert(1)", poweredByUrl: null, demo_url: "" },
      chatbotButtonSettings: { shadowColor: "rgba(0,0,0,0.3)", buttonImageUrl: "data:text/html,x" },
    });
    expect(issues.map((issue) => issue.path)).toEqual(["chatbotSettings.primaryColor", "chatbotSettings.avatarUrl", "chatbotButtonSettings.buttonImageUrl"]);
  });
});
