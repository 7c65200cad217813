import { describe, expect, it } from "vitest";
import { translationTables, widgetLanguageOf } from "../i18n/translations";
import { accessibleText, cssValue } from "../theme/design-style";
import { defaultChatbotSettings, initialChatState, layoutOf, readDesign } from "./design";

describe("the widget's design", () => {
  it("fills missing and wrongly typed fields with the contract's defaults", () => {
    const design = readDesign({
      data: {
        chatbotSettings: { chatbotWidth: 500, headerTitle: 42 },
        chatbotButtonSettings: { buttonHeight: 70 },
      },
      online: true,
    });
    expect(design.chat.chatbotWidth).toBe(500);
    expect(design.chat.headerTitle).toBe(defaultChatbotSettings.headerTitle);
    expect(design.button.buttonHeight).toBe(70);
    expect(design.online).toBe(true);
    expect(readDesign(null).chat.uiLanguage).toBe("nl");
  });

  it("shows the default texts of any language in the widget's language, and the customer's own texts as written", () => {
    const englishDefaults = {
      name: "Assistant",
      startMessage: "Hello! How can I help you?",
      headerTitle: "Chat with us",
      headerSubtitle: "We're happy to help",
      userInputPlaceholderText: "Type your message...",
      onlineMessage: "We're online",
    };
    const dutch = readDesign({
      data: { chatbotSettings: { ...englishDefaults, uiLanguage: "nl" }, chatbotButtonSettings: { chatbuttonBubbleText: "Have a question?" } },
    });
    expect(dutch.chat).toMatchObject({
      startMessage: "Hallo! Waarmee kan ik je helpen?",
      headerTitle: "Chat met ons",
      headerSubtitle: "We helpen je graag",
      userInputPlaceholderText: "Typ je bericht...",
      onlineMessage: "We zijn online",
    });
    expect(dutch.button.chatbuttonBubbleText).toBe("Heb je een vraag?");
    const german = readDesign({ data: { chatbotSettings: { ...englishDefaults, headerTitle: "Fragen Sie Anna", uiLanguage: "de" } } });
    expect(german.chat).toMatchObject({ headerTitle: "Fragen Sie Anna", startMessage: "Hallo! Wie kann ich Ihnen helfen?" });
    // The spec's Dutch defaults in a French widget, as before.
    expect(readDesign({ data: { chatbotSettings: { uiLanguage: "fr" } } }).chat.headerTitle).toBe("Discutez avec nous");
  });

  it("starts closed, opened or in full screen (either spelling); embedded is always open", () => {
    expect(initialChatState({ ...defaultChatbotSettings, initialState: "fullscreen" })).toBe("fullScreen");
    expect(initialChatState({ ...defaultChatbotSettings, initialState: "fullScreen" })).toBe("fullScreen");
    expect(initialChatState({ ...defaultChatbotSettings, initialState: "opened" })).toBe("opened");
    expect(initialChatState({ ...defaultChatbotSettings, mode: "embedded" })).toBe("opened");
    expect(initialChatState(defaultChatbotSettings)).toBe("closed");
  });

  it("tells the loader the geometry inputs", () => {
    const layout = layoutOf(
      readDesign({ data: { chatbotSettings: { position: "left", positionRight: 20 } } }),
    );
    expect(layout).toMatchObject({
      side: "left",
      sideOffset: 20,
      bottomOffset: 10,
      chat: { chatbotWidth: 400, chatbotHeight: 600 },
    });
  });

  it("speaks the five interface languages, Dutch when unknown", () => {
    expect(widgetLanguageOf("de-DE")).toBe("de");
    expect(widgetLanguageOf("it")).toBe("nl");
    const englishKeys = Object.keys(translationTables.en).sort();
    for (const table of Object.values(translationTables))
      expect(Object.keys(table).sort()).toEqual(englishKeys);
  });

  it("keeps text readable and design values from adding CSS", () => {
    expect(accessibleText("#ffffff", ["#fefefe"])).toBe("#000000");
    expect(accessibleText("#ffffff", ["#4f46e5", "#7c3aed"])).toBe("#ffffff");
    expect(cssValue("red; } body { display:none", "#000")).toBe("#000");
    expect(cssValue("url(https://evil.test/x)", "#000")).toBe("#000");
    expect(cssValue("rgba(0,0,0,0.2)", "#000")).toBe("rgba(0,0,0,0.2)");
  });
});
