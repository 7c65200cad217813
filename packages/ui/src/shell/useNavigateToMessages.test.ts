import { describe, expect, it } from "vitest";
import { navigateTargetOf } from "./useNavigateToMessages";

describe("parent-page navigate-to message", () => {
  it("accepts an in-app path", () => {
    expect(navigateTargetOf({ type: "navigate-to", path: "/assistant/faq" })).toBe("/assistant/faq");
  });

  it("ignores other messages and anything that would leave the app", () => {
    expect(navigateTargetOf({ type: "collapseChat" })).toBeNull();
    expect(navigateTargetOf("navigate-to")).toBeNull();
    expect(navigateTargetOf({ type: "navigate-to", path: "https://evil.example/" })).toBeNull();
    expect(navigateTargetOf({ type: "navigate-to", path: "//evil.example/" })).toBeNull();
    expect(navigateTargetOf({ type: "navigate-to", path: 42 })).toBeNull();
  });
});
