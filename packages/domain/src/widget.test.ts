import { describe, expect, it } from "vitest";
import {
  collapsedSizeFor,
  iframeMessageTypes,
  iframeSizeFor,
  isIframeMessage,
  readParentMessage,
} from "./widget";

describe("widget geometry", () => {
  it("adds 70 to the width and 30 to the height of the chat", () => {
    expect(iframeSizeFor({ chatbotWidth: 400, chatbotHeight: 600 })).toEqual({ width: 470, height: 630 });
    expect(iframeSizeFor({ chatbotWidth: 0, chatbotHeight: 0 })).toEqual({ width: 70, height: 30 });
  });

  it("sizes the collapsed frame as button height + border + shadow + 15", () => {
    expect(collapsedSizeFor({ buttonHeight: 60, borderWidth: 2, shadowWidth: 8 })).toEqual({
      width: 85,
      height: 85,
    });
    expect(
      collapsedSizeFor({
        buttonHeight: 60,
        borderWidth: 2,
        shadowWidth: 8,
        showChatbuttonBubble: false,
        chatbuttonBubbleWidth: 200,
      }),
    ).toEqual({
      width: 85,
      height: 85,
    });
  });

  it("adds 150 height and bubble width + 100 width for a bubble", () => {
    expect(
      collapsedSizeFor({
        buttonHeight: 60,
        borderWidth: 2,
        shadowWidth: 8,
        showChatbuttonBubble: true,
        chatbuttonBubbleWidth: 200,
      }),
    ).toEqual({ width: 385, height: 235 });
  });
});

describe("widget messages", () => {
  it("knows the six iframe messages", () => {
    expect(Object.keys(iframeMessageTypes)).toHaveLength(6);
    expect(isIframeMessage({ type: "loaded" })).toBe(true);
    expect(isIframeMessage({ type: "explode" })).toBe(false);
    expect(isIframeMessage(null)).toBe(false);
    expect(isIframeMessage("loaded")).toBe(false);
  });

  it("reads navigate-to only with a string path, and collapseChat", () => {
    expect(readParentMessage({ type: "navigate-to", path: "/assistant/test" })).toEqual({
      type: "navigate-to",
      path: "/assistant/test",
    });
    expect(readParentMessage({ type: "navigate-to", path: 5 })).toBeNull();
    expect(readParentMessage({ type: "navigate-to" })).toBeNull();
    expect(readParentMessage({ type: "collapseChat", extra: 1 })).toEqual({ type: "collapseChat" });
    expect(readParentMessage({ type: "other" })).toBeNull();
    expect(readParentMessage("collapseChat")).toBeNull();
  });
});
