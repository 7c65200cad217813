import { describe, expect, it } from "vitest";
import { defaultChatbotButtonSettings, defaultChatbotSettings } from "../chatbotDesign";
import { allowedOriginsSchema, chatbotDesignSchema, isWebsiteOrigin, originOfInput } from "./design";

const keysOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => [],
    (error: { inner: { path: string; message: { key: string } }[] }) =>
      error.inner.map((issue) => `${issue.path}: ${issue.message.key}`),
  );

describe("the design form", () => {
  it("takes the defaults", async () => {
    const design = {
      chatbotSettings: { ...defaultChatbotSettings },
      chatbotButtonSettings: { ...defaultChatbotButtonSettings },
    };
    expect(await keysOf(chatbotDesignSchema.validate(design, { abortEarly: false }))).toEqual([]);
  });

  it("names each value the widget could not use", async () => {
    const design = {
      chatbotSettings: {
        ...defaultChatbotSettings,
        chatbotWidth: 50,
        primaryColor: "red; background: url(x)",
        headerFont: "x{}",
        headerGradientDirection: "sideways",
        avatarUrl: "javascript:alert(1)",
        demo_url: "https://shop.example/",
      },
      chatbotButtonSettings: { ...defaultChatbotButtonSettings, buttonHeight: Number.NaN },
    };
    expect(await keysOf(chatbotDesignSchema.validate(design, { abortEarly: false }))).toEqual([
      "chatbotSettings.demo_url: invalid_demo_url",
      "chatbotSettings.chatbotWidth: whole_number_between",
      "chatbotSettings.primaryColor: invalid_colour",
      "chatbotSettings.headerFont: invalid_font",
      "chatbotSettings.headerGradientDirection: invalid_gradient_direction",
      "chatbotSettings.avatarUrl: invalid_design_url",
      "chatbotButtonSettings.buttonHeight: whole_number_between",
    ]);
  });
});

describe("allowed website origins", () => {
  it("are scheme, host and port only", () => {
    expect(isWebsiteOrigin("https://www.example.com")).toBe(true);
    expect(isWebsiteOrigin("http://localhost:8080")).toBe(true);
    expect(isWebsiteOrigin("https://www.example.com/shop")).toBe(false);
    expect(isWebsiteOrigin("www.example.com")).toBe(false);
    expect(isWebsiteOrigin("ftp://example.com")).toBe(false);
    expect(isWebsiteOrigin("https://example.com:99999")).toBe(false);
  });

  it("are cut from a pasted address", () => {
    expect(originOfInput("  https://WWW.Example.com/shop/?a=1 ")).toBe("https://www.example.com");
    expect(originOfInput("http://localhost:8080/")).toBe("http://localhost:8080");
    expect(originOfInput("example.com")).toBe("example.com");
  });

  it("refuse a malformed or repeated origin", async () => {
    const values = { allowed_origins: ["https://a.example", "a.example", "https://a.example"] };
    expect(await keysOf(allowedOriginsSchema.validate(values, { abortEarly: false }))).toEqual([
      "allowed_origins[0]: duplicate_origin",
      "allowed_origins[1]: invalid_origin",
      "allowed_origins[2]: duplicate_origin",
    ]);
  });
});
