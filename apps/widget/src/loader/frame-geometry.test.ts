import { collapsedFrameSize, iframeExtraHeight, iframeExtraWidth } from "@parley/domain/widget";
import { describe, expect, it } from "vitest";
import type { WidgetLayout } from "../protocol/messages";
import { defaultLayout, frameBoxFor } from "./frame-geometry";

const layout: WidgetLayout = {
  ...defaultLayout,
  chat: { chatbotWidth: 400, chatbotHeight: 600 },
  button: { buttonHeight: 60, borderWidth: 2, shadowWidth: 4 },
};

describe("frame geometry", () => {
  it("opens to the chat size plus its room, at the default place", () => {
    expect(frameBoxFor(layout, "opened")).toEqual({
      width: `${400 + iframeExtraWidth}px`,
      height: `${600 + iframeExtraHeight}px`,
      bottom: "10px",
      right: "5px",
      left: "auto",
    });
  });

  it("closes to the button plus border, shadow and 15", () => {
    expect(frameBoxFor(layout, "closed")).toMatchObject({ width: "81px", height: "81px" });
  });

  it("makes room for the button's bubble", () => {
    const withBubble = {
      ...layout,
      button: { ...layout.button, showChatbuttonBubble: true, chatbuttonBubbleWidth: 200 },
    };
    expect(frameBoxFor(withBubble, "closed")).toMatchObject({
      width: `${81 + 200 + 100}px`,
      height: `${81 + 150}px`,
    });
  });

  it("fills the viewport in full screen, and the height when full height is set", () => {
    expect(frameBoxFor(layout, "fullScreen")).toMatchObject({
      width: "100vw",
      height: "100vh",
      bottom: "0px",
      right: "0px",
    });
    expect(frameBoxFor({ ...layout, fullHeight: true }, "opened")).toMatchObject({
      width: "470px",
      height: "100vh",
      bottom: "0px",
    });
  });

  it("shrinks to 85 by 85 on collapseChat and to nothing before the chat has loaded", () => {
    expect(frameBoxFor(layout, "shrunk")).toMatchObject({
      width: `${collapsedFrameSize.width}px`,
      height: `${collapsedFrameSize.height}px`,
    });
    expect(frameBoxFor(layout, "hidden")).toMatchObject({ width: "0px", height: "0px" });
  });

  it("stands on the left with the configured offsets", () => {
    expect(
      frameBoxFor({ ...layout, side: "left", sideOffset: 20, bottomOffset: 30 }, "closed"),
    ).toMatchObject({ left: "20px", right: "auto", bottom: "30px" });
  });

  it("keeps an embedded chat open at the chat size", () => {
    expect(frameBoxFor({ ...layout, mode: "embedded" }, "closed")).toMatchObject({
      width: "470px",
      height: "630px",
    });
  });
});
