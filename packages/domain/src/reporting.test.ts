import { describe, expect, it } from "vitest";
import {
  pricedModelOf,
  tokenCostEur,
  conversationsOverviewStart,
  dateRangeForPreset,
  datePresets,
  defaultPageSize,
  gptCostPerUnit,
  isPageSize,
  pageSizeOptions,
} from "./reporting";
import { checkDateRange } from "./validation/dateRange";

const now = new Date("2026-11-22T09:00:00Z");

describe("reporting constants", () => {
  it("offers page sizes 10, 25, 50, 100 starting at 10", () => {
    expect(pageSizeOptions).toEqual([10, 25, 50, 100]);
    expect(defaultPageSize).toBe(10);
    expect(isPageSize(25)).toBe(true);
    expect(isPageSize(20)).toBe(false);
  });

  it("covers the last 6 months", () => {
    expect(conversationsOverviewStart(now)).toBe("2026-05-22");
  });

  it("expresses GPT cost per 100 messages", () => {
    expect(gptCostPerUnit(2.5, 50)).toBe(5);
    expect(gptCostPerUnit(2.5, 0)).toBe(0);
  });
});

describe("date presets", () => {
  it("offers today, yesterday, last 7 days and custom", () => {
    expect(datePresets).toEqual(["today", "yesterday", "last7Days", "custom"]);
    expect(dateRangeForPreset("today", now)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(dateRangeForPreset("yesterday", now)).toEqual({ from: "2026-11-21", to: "2026-11-21" });
    expect(dateRangeForPreset("last7Days", now)).toEqual({ from: "2026-11-15", to: "2026-11-22" });
    expect(dateRangeForPreset("custom", now)).toBeNull();
  });

  it("gives ranges the date-range rule accepts", () => {
    for (const preset of datePresets) {
      const range = dateRangeForPreset(preset, now);
      if (range) expect(checkDateRange(range, now)).toEqual([]);
    }
  });
});

describe("language-model cost", () => {
  it("prices a model by its longest listed prefix, an unknown one as the default model", () => {
    expect(pricedModelOf("gpt-4o-2024-08-06")).toBe("gpt-4o");
    expect(pricedModelOf("gpt-4o-mini-default")).toBe("gpt-4o-mini");
    expect(pricedModelOf("GPT-4.1-mini")).toBe("gpt-4.1-mini");
    expect(pricedModelOf("llama-3")).toBe("gpt-4o");
    expect(pricedModelOf(null)).toBe("gpt-4o");
  });

  it("costs input and output tokens at their own prices", () => {
    expect(tokenCostEur("gpt-4o", 1_000_000, 0)).toBeCloseTo(2.3);
    expect(tokenCostEur("gpt-4o", 0, 1_000_000)).toBeCloseTo(9.2);
    expect(tokenCostEur("gpt-4o-mini", 0, 0)).toBe(0);
  });
});
