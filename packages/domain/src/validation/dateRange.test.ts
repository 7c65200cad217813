import { describe, expect, it } from "vitest";
import { failureText } from "./failureText.test-support";
import { ValidationError } from "yup";
import { checkDateRange, dateRangeSchema } from "./dateRange";


const now = new Date("2026-11-22T12:00:00Z");
const keys = (range: Parameters<typeof checkDateRange>[0]) =>
  checkDateRange(range, now).map((issue) => [issue.path, issue.key]);

describe("date range", () => {
  it("accepts exactly 7 days ending today", () => {
    expect(keys({ from: "2026-11-15", to: "2026-11-22" })).toEqual([]);
  });

  it("refuses 8 days", () => {
    expect(keys({ from: "2026-11-14", to: "2026-11-22" })).toEqual([["from", "date_range_too_long"]]);
    expect(checkDateRange({ from: "2026-11-14", to: "2026-11-22" }, now)[0]?.message).toBe(
      "The period can span at most 7 days",
    );
  });

  it("accepts a single day and Date values", () => {
    expect(keys({ from: new Date("2026-11-22T00:00:00Z"), to: new Date("2026-11-22T10:00:00Z") })).toEqual(
      [],
    );
  });

  it("refuses from after to", () => {
    expect(keys({ from: "2026-11-21", to: "2026-11-20" })).toEqual([["from", "date_from_after_to"]]);
  });

  it("refuses an end in the future, even tomorrow", () => {
    expect(keys({ from: "2026-11-22", to: "2026-11-23" })).toEqual([["to", "date_in_future"]]);
  });

  it("requires both dates and real dates", () => {
    expect(keys({})).toEqual([
      ["from", "field_required"],
      ["to", "field_required"],
    ]);
    expect(keys({ from: "", to: "2026-02-30" })).toEqual([
      ["from", "field_required"],
      ["to", "invalid_field"],
    ]);
  });
});

describe("date range schema", () => {
  const schema = dateRangeSchema(() => now);

  it("passes a valid range", async () => {
    await expect(schema.validate({ from: "2026-11-20", to: "2026-11-21" })).resolves.toBeTruthy();
  });

  it("reports every problem with its path", async () => {
    try {
      await schema.validate({ from: "2026-12-01", to: "2026-11-30" }, { abortEarly: false });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).inner.map((inner) => [inner.path, inner.message])).toEqual([
        ["to", { key: "date_in_future", values: { days: 7 } }],
        ["from", { key: "date_from_after_to", values: { days: 7 } }],
      ]);
    }
  });

  it("reads now at validation time", async () => {
    let clock = new Date("2026-11-20T12:00:00Z");
    const moving = dateRangeSchema(() => clock);
    expect(await failureText(moving.validate({ from: "2026-11-21", to: "2026-11-21" }))).toContain("future");
    clock = new Date("2026-11-21T00:00:00Z");
    await expect(moving.validate({ from: "2026-11-21", to: "2026-11-21" })).resolves.toBeTruthy();
  });
});
