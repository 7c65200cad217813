import { describe, expect, it } from "vitest";
import {
  changedDesignFields,
  contrastIssues,
  designToSave,
  designValuesOf,
  type DesignValues,
} from "./design";

function withChanges(
  chat: Partial<DesignValues["chatbotSettings"]> = {},
  button: Partial<DesignValues["chatbotButtonSettings"]> = {},
): DesignValues {
  const values = designValuesOf(null);
  return {
    chatbotSettings: { ...values.chatbotSettings, ...chat },
    chatbotButtonSettings: { ...values.chatbotButtonSettings, ...button },
  };
}

describe("the design's values", () => {
  it("fill what a stored design lacks with the defaults, and ignore fields the form does not know", () => {
    const values = designValuesOf({
      chatbotSettings: { configuration_id: "c1", headerTitle: "Hi", unknown: 1 } as never,
      chatbotButtonSettings: {} as never,
    });
    expect(values.chatbotSettings.headerTitle).toBe("Hi");
    expect(values.chatbotSettings.startMessage).toBe("Hallo! Waarmee kan ik je helpen?");
    expect(values.chatbotSettings).not.toHaveProperty("unknown");
  });

  it("count an emptied address as the none it was loaded as, and send it as null", () => {
    const loaded = designValuesOf(null);
    const edited = withChanges({ avatarUrl: "" });
    expect(changedDesignFields(loaded, edited)).toEqual([]);
    const body = designToSave("c1", withChanges({ poweredByUrl: "" }));
    expect(body.chatbotSettings).toMatchObject({
      _id: null,
      configuration_id: "c1",
      isTemplate: false,
      templateName: null,
      poweredByUrl: null,
    });
    expect(body.chatbotButtonSettings).toMatchObject({ configuration_id: "c1" });
  });
});

describe("the contrast warning", () => {
  it("holds the defaults to WCAG AA without a warning", () => {
    expect(contrastIssues(designValuesOf(null))).toEqual([]);
  });

  it("checks text against both ends of a gradient background, and a large header at 3:1", () => {
    const issues = contrastIssues(
      withChanges({
        backgroundType: "gradient",
        backgroundGradientStart: "#ffffff",
        backgroundGradientEnd: "#1f2937",
        headerFontSize: 20,
        headerTextColor: "#cccccc",
      }),
    );
    expect(issues.map((issue) => issue.id)).toEqual(["text"]);
    expect(issues[0]!.ratio).toBeCloseTo(1, 1);
    expect(
      contrastIssues(withChanges({ headerFontSize: 14, headerTextColor: "#cccccc" })).map(
        (issue) => issue.id,
      ),
    ).toEqual(["header"]);
  });

  it("leaves out what the widget does not show: the bubble while off, the icon on an image button", () => {
    const unreadable = {
      chatbuttonBubbleTextColor: "#ffffff",
      chatbuttonBubbleBackgroundColor: "#ffffff",
      buttonIconColor: "#4f46e5",
      buttonBackgroundColor: "#4f46e5",
    };
    expect(
      contrastIssues(
        withChanges(
          {},
          { ...unreadable, showChatbuttonBubble: false, buttonImageUrl: "https://shop.example/b.png" },
        ),
      ),
    ).toEqual([]);
    expect(
      contrastIssues(withChanges({}, { ...unreadable, showChatbuttonBubble: true })).map((issue) => issue.id),
    ).toEqual(["button", "bubble"]);
  });
});
