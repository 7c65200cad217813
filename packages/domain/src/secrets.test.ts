import { describe, expect, it } from "vitest";
import { isMaskedSecret, maskSecret } from "./secrets";

describe("secret masks", () => {
  it("shows at most the last four characters of a long secret and none of a short one", () => {
    const masked = maskSecret("abcdefghijklmnop1234");
    expect(masked.endsWith("1234")).toBe(true);
    expect(masked).not.toContain("abcd");
    expect(maskSecret("short")).not.toContain("ort");
  });

  it("recognises a mask, never a typed secret", () => {
    expect(isMaskedSecret(maskSecret("abcdefghijklmnop1234"))).toBe(true);
    expect(isMaskedSecret("abcdefghijklmnop1234")).toBe(false);
    expect(isMaskedSecret(null)).toBe(false);
  });
});
