/**
 * Calendar-date helpers shared by the rules that speak in days and months (trial end, usage reset,
 * date ranges). Everything works on UTC calendar days so server and portals agree on the date.
 */

const millisecondsPerDay = 24 * 60 * 60 * 1000;
const isoDatePrefix = /^(\d{4})-(\d{2})-(\d{2})/;

/** The UTC calendar date of an instant as YYYY-MM-DD. */
export function toIsoDate(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid date");
  return instant.toISOString().slice(0, 10);
}

/**
 * Reads a date given as YYYY-MM-DD (optionally followed by a time, which is ignored so the written
 * calendar day wins over any time zone), as another date string, or as a Date. Answers midnight UTC
 * of that calendar day, or null when the value is not a real date.
 */
export function parseCalendarDate(value: string | Date): Date | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()));
  }
  const trimmed = value.trim();
  const match = isoDatePrefix.exec(trimmed);
  if (match) {
    const [, year, month, day] = match.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    // Date.UTC rolls 2026-02-30 over to March; a real calendar date reads back the same.
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
      return null;
    return date;
  }
  if (trimmed === "") return null;
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? null : parseCalendarDate(parsed);
}

/** The same instant `days` calendar days later (negative goes back). */
export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * millisecondsPerDay);
}

/**
 * The same UTC day of the month `months` later; when that month is shorter the last day is used
 * (31 January plus one month is 28 or 29 February), like a monthly billing cycle.
 */
export function addMonths(instant: Date, months: number): Date {
  const target = new Date(instant.getTime());
  const day = instant.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDayOfTargetMonth = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDayOfTargetMonth));
  return target;
}

/** Whole calendar days from `from` to `to` (UTC); positive when `to` is later. */
export function calendarDaysBetween(from: Date, to: Date): number {
  const start = parseCalendarDate(from);
  const end = parseCalendarDate(to);
  if (!start || !end) throw new RangeError("Invalid date");
  return Math.round((end.getTime() - start.getTime()) / millisecondsPerDay);
}
