import { describe, expect, it } from "vitest";
import { addDays, addMonths, calendarDaysBetween, parseCalendarDate, toIsoDate } from "./dates";

describe("calendar dates", () => {
  it("formats the UTC calendar day", () => {
    expect(toIsoDate(new Date("2026-11-22T23:59:59.999Z"))).toBe("2026-11-22");
    expect(() => toIsoDate(new Date("nonsense"))).toThrow(RangeError);
  });

  it("keeps the written day of a date string, whatever its time zone", () => {
    expect(toIsoDate(parseCalendarDate("2026-12-05T23:30:00+02:00")!)).toBe("2026-12-05");
    expect(toIsoDate(parseCalendarDate(" 2026-12-05 ")!)).toBe("2026-12-05");
    expect(toIsoDate(parseCalendarDate("December 5, 2026 12:00 UTC")!)).toBe("2026-12-05");
  });

  it("refuses dates that do not exist", () => {
    expect(parseCalendarDate("2026-02-30")).toBeNull();
    expect(parseCalendarDate("")).toBeNull();
    expect(parseCalendarDate("soon")).toBeNull();
    expect(parseCalendarDate(new Date(Number.NaN))).toBeNull();
  });

  it("adds days and months, clamping to the end of a shorter month", () => {
    expect(toIsoDate(addDays(new Date("2026-12-25T10:00:00Z"), 14))).toBe("2027-01-08");
    expect(toIsoDate(addMonths(new Date("2026-01-31T10:00:00Z"), 1))).toBe("2026-02-28");
    expect(toIsoDate(addMonths(new Date("2028-01-31T10:00:00Z"), 1))).toBe("2028-02-29");
    expect(toIsoDate(addMonths(new Date("2026-12-15T10:00:00Z"), 1))).toBe("2027-01-15");
  });

  it("counts calendar days, ignoring the time of day", () => {
    expect(calendarDaysBetween(new Date("2026-11-22T23:00:00Z"), new Date("2026-11-23T01:00:00Z"))).toBe(1);
    expect(calendarDaysBetween(new Date("2026-11-23T01:00:00Z"), new Date("2026-11-22T23:00:00Z"))).toBe(-1);
    expect(calendarDaysBetween(new Date("2026-11-22T00:00:00Z"), new Date("2026-11-22T23:59:00Z"))).toBe(0);
  });
});
