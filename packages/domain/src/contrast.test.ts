import { describe, expect, it } from "vitest";
import { contrastRatio, meetsContrast, parseColour, readableTextOn } from "./contrast";

describe("WCAG contrast", () => {
  it("reads hex and rgb colours, and refuses the rest", () => {
    expect(parseColour("#fff")).toEqual({ red: 255, green: 255, blue: 255 });
    expect(parseColour("#4f46e5")).toEqual({ red: 79, green: 70, blue: 229 });
    expect(parseColour("rgba(0,0,0,0.2)")).toEqual({ red: 0, green: 0, blue: 0 });
    expect(parseColour("rgb(300, 0, 0)")).toBeNull();
    expect(parseColour("red")).toBeNull();
  });

  it("gives 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#4f46e5", "#4f46e5")).toBeCloseTo(1, 5);
  });

  it("matches published ratios", () => {
    // #777 on white is the classic just-failing grey (4.48:1).
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(meetsContrast("#777777", "#ffffff")).toBe(false);
    expect(meetsContrast("#777777", "#ffffff", true)).toBe(true);
    // The default design: white on indigo header.
    expect(meetsContrast("#ffffff", "#4f46e5")).toBe(true);
  });

  it("does not warn about colours it cannot read, and picks a readable fallback", () => {
    expect(contrastRatio("red", "#fff")).toBeNull();
    expect(meetsContrast("red", "#fff")).toBe(true);
    expect(readableTextOn("#ffffff")).toBe("#000000");
    expect(readableTextOn("#1f2937")).toBe("#ffffff");
  });
});
