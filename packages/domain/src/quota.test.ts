import { describe, expect, it } from "vitest";
import { quotaColor, remainingPercent } from "./quota";

describe("quota colour", () => {
  it.each([
    [61, 100, "green"],
    [60, 100, "amber"],
    [31, 100, "amber"],
    [30, 100, "red"],
    [0, 100, "red"],
    [-5, 100, "red"],
    [100, 100, "green"],
    [121, 200, "green"],
    [120, 200, "amber"],
    [60, 200, "red"],
    [61, 200, "amber"],
    [16, 50, "amber"],
    [15, 50, "red"],
    [31, 50, "green"],
    [30, 50, "amber"],
  ] as const)("%i of %i remaining is %s", (remaining, limit, color) => {
    expect(quotaColor(remaining, limit)).toBe(color);
  });

  it("is green when unlimited", () => {
    expect(quotaColor(0, 0)).toBe("green");
    expect(remainingPercent(0, 0)).toBe(100);
  });

  it("reports the remaining percentage", () => {
    expect(remainingPercent(30, 200)).toBe(15);
  });
});
