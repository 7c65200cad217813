import { afterEach, describe, expect, it, vi } from "vitest";
import { hostChannel } from "./host-channel";

/** A frame whose parent page is at `parentOrigin` (told through ancestorOrigins, as Chromium does). */
function framedBy(parentOrigin: string) {
  const parent = { postMessage: vi.fn() };
  vi.spyOn(window, "parent", "get").mockReturnValue(parent as unknown as Window);
  Object.defineProperty(window.location, "ancestorOrigins", { configurable: true, value: { 0: parentOrigin, length: 1 } });
  return parent;
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window.location, "ancestorOrigins", { configurable: true, value: undefined });
});

describe("telling the page what the visitor asked", () => {
  it("tells Parley's own Test environment, at its origin", () => {
    const parent = framedBy(window.location.origin);
    hostChannel(`${window.location.origin}/assistant/test`).tellQuestion("When are you open?");
    expect(parent.postMessage).toHaveBeenCalledWith({ type: "parley:visitor-question", text: "When are you open?" }, window.location.origin);
  });

  it("never tells a customer's website what its visitors type", () => {
    const parent = framedBy("https://shop.example");
    const channel = hostChannel("https://shop.example/products");
    channel.tellQuestion("my e-mail is jan@example.com");
    expect(parent.postMessage).not.toHaveBeenCalled();
    // The protocol's own messages still reach it.
    channel.post({ type: "extend" });
    expect(parent.postMessage).toHaveBeenCalledWith({ type: "extend" }, "https://shop.example");
  });
});
