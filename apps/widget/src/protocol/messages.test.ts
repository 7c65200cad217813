import { describe, expect, it } from "vitest";
import { defaultLayout } from "../loader/frame-geometry";
import { safeNavigationTarget } from "../loader/navigation";
import { hostOriginOf } from "../app/host/host-channel";
import { isFromWindow, readFrameMessage } from "./messages";

describe("message origin checks", () => {
  const frameWindow = {};
  const otherWindow = {};

  it("accepts only the expected window at the expected origin", () => {
    expect(
      isFromWindow(
        { origin: "https://widget.test", source: frameWindow as Window },
        "https://widget.test",
        frameWindow,
      ),
    ).toBe(true);
    expect(
      isFromWindow(
        { origin: "https://evil.test", source: frameWindow as Window },
        "https://widget.test",
        frameWindow,
      ),
    ).toBe(false);
    expect(
      isFromWindow(
        { origin: "https://widget.test", source: otherWindow as Window },
        "https://widget.test",
        frameWindow,
      ),
    ).toBe(false);
    expect(isFromWindow({ origin: "https://widget.test", source: null }, "https://widget.test", null)).toBe(
      false,
    );
    expect(
      isFromWindow({ origin: "null", source: frameWindow as Window }, "https://widget.test", frameWindow),
    ).toBe(false);
  });

  it("reads the protocol's messages and nothing else", () => {
    expect(readFrameMessage({ type: "extend" })).toEqual({ type: "extend" });
    expect(readFrameMessage({ type: "collapseChat" })).toEqual({ type: "collapseChat" });
    expect(readFrameMessage({ type: "navigate-to", path: "/shop" })).toEqual({
      type: "navigate-to",
      path: "/shop",
    });
    expect(readFrameMessage({ type: "loaded", layout: defaultLayout, state: "opened" })).toEqual({
      type: "loaded",
      layout: defaultLayout,
      state: "opened",
    });
    expect(
      readFrameMessage({
        type: "loaded",
        layout: { ...defaultLayout, chat: { chatbotWidth: "1e9" } },
        state: "opened",
      }),
    ).toBeNull();
    expect(readFrameMessage({ type: "loaded", layout: defaultLayout, state: "exploded" })).toBeNull();
    expect(readFrameMessage({ type: "parley:visitor-chat-state", state: "fullScreen" })).toEqual({
      type: "parley:visitor-chat-state",
      state: "fullScreen",
    });
    expect(readFrameMessage({ type: "parley:visitor-chat-state", state: "<script>" })).toBeNull();
    expect(readFrameMessage({ type: "parley:visitor-chat-state" })).toBeNull();
    expect(readFrameMessage({ type: "navigate-to" })).toBeNull();
    expect(readFrameMessage({ type: "eval", code: "alert(1)" })).toBeNull();
    expect(readFrameMessage("extend")).toBeNull();
    expect(readFrameMessage(null)).toBeNull();
  });

  it("navigates the host page only to http(s) addresses", () => {
    expect(safeNavigationTarget("/shop?x=1", "https://host.test/page")).toBe("https://host.test/shop?x=1");
    expect(safeNavigationTarget("https://other.test/", "https://host.test/page")).toBe("https://other.test/");
    expect(safeNavigationTarget("javascript:alert(1)", "https://host.test/page")).toBeNull();
    expect(safeNavigationTarget(" JaVaScRiPt:alert(1)", "https://host.test/page")).toBeNull();
    expect(
      safeNavigationTarget("data:text/html,<script>alert(1)</script>", "https://host.test/page"),
    ).toBeNull();
  });

  it("posts to the framing page's origin, as the browser tells it or else as the loader passed it", () => {
    const told = { ancestorOrigins: ["https://host.test"] as unknown as DOMStringList };
    expect(hostOriginOf(told, "https://spoofed.test/")).toBe("https://host.test");
    expect(
      hostOriginOf({ ancestorOrigins: undefined as unknown as DOMStringList }, "https://host.test/a/b"),
    ).toBe("https://host.test");
    expect(hostOriginOf({ ancestorOrigins: undefined as unknown as DOMStringList }, "not a url")).toBeNull();
  });
});
