import { describe, expect, it } from "vitest";
import {
  defaultChatbotButtonSettings,
  defaultChatbotButtonSettingsIn,
  defaultChatbotSettings,
  defaultChatbotSettingsIn,
  defaultDesignTexts,
  designIssues,
  designTextFields,
  designTextLanguageOf,
  isDesignColor,
  isDesignFont,
  isDesignUrl,
  isGradientDirection,
  isLanguageTag,
  withDefaultTextsIn,
} from "./chatbotDesign";
import { languageCodes } from "./locale";
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

describe("default design texts per language", () => {
  it("has every language with every text, Dutch being the spec's", () => {
    expect(Object.keys(defaultDesignTexts).sort()).toEqual([...languageCodes].sort());
    const fields = [...designTextFields.chatbotSettings, ...designTextFields.chatbotButtonSettings].sort();
    for (const language of languageCodes) {
      expect(Object.keys(defaultDesignTexts[language]).sort(), language).toEqual(fields);
      for (const text of Object.values(defaultDesignTexts[language])) expect(text.trim(), language).not.toBe("");
    }
    expect(defaultDesignTexts.nl).toEqual({
      name: "Assistent",
      startMessage: "Hallo! Waarmee kan ik je helpen?",
      headerTitle: "Chat met ons",
      headerSubtitle: "We helpen je graag",
      userInputPlaceholderText: "Typ je bericht...",
      onlineMessage: "We zijn online",
      chatbuttonBubbleText: "Heb je een vraag?",
    });
    expect(defaultDesignTexts.en.startMessage).toBe("Hello! How can I help you?");
  });

  it("makes a new design in a language, Dutch by default", () => {
    const english = defaultChatbotSettingsIn("en");
    expect(english).toMatchObject({ language: "en", uiLanguage: "en", headerTitle: "Chat with us", userInputPlaceholderText: "Type your message..." });
    expect(english.primaryColor).toBe(defaultChatbotSettings.primaryColor);
    expect(defaultChatbotSettingsIn("nl")).toEqual(defaultChatbotSettings);
    expect(defaultChatbotButtonSettingsIn("de").chatbuttonBubbleText).toBe("Haben Sie eine Frage?");
    expect(defaultChatbotButtonSettingsIn("nl")).toEqual(defaultChatbotButtonSettings);
    expect(designTextLanguageOf("de-AT")).toBe("de");
    expect(designTextLanguageOf("EN")).toBe("en");
    expect(designTextLanguageOf("it")).toBe("nl");
    expect(designTextLanguageOf("")).toBe("nl");
  });

  it("swaps untouched default texts into the widget's language and keeps what a customer wrote", () => {
    const saved = {
      chatbotSettings: { ...defaultChatbotSettings, startMessage: "Welkom bij de Bakkerij!", uiLanguage: "en" },
      chatbotButtonSettings: { ...defaultChatbotButtonSettings },
    };
    const shown = withDefaultTextsIn("en", saved);
    expect(shown.chatbotSettings).toMatchObject({
      startMessage: "Welkom bij de Bakkerij!",
      headerTitle: "Chat with us",
      headerSubtitle: "We're happy to help",
      userInputPlaceholderText: "Type your message...",
      name: "Assistant",
    });
    expect(shown.chatbotButtonSettings.chatbuttonBubbleText).toBe("Have a question?");
    expect(withDefaultTextsIn("nl", saved)).toBe(saved);
    // From another language's defaults when told (the Design screen's widget language changing from English to French).
    expect(withDefaultTextsIn("fr", shown, "en").chatbotSettings.headerTitle).toBe("Discutez avec nous");
    // A customer's English header on a Dutch widget is their text, not a default.
    const typed = { chatbotSettings: { ...defaultChatbotSettings, headerTitle: "Chat with us" }, chatbotButtonSettings: {} };
    expect(withDefaultTextsIn("de", typed).chatbotSettings.headerTitle).toBe("Chat with us");
    expect(withDefaultTextsIn("nl", typed)).toBe(typed);
  });
});
