/**
 * Date range of reports and conversation lists (spec 01 §5): both dates required, from not after
 * to, to not in the future, and at most `maxDateRangeDays` days apart. `now` is injected.
 */
import "./yupLocale";
import { mixed, object, ValidationError } from "yup";
import { calendarDaysBetween, parseCalendarDate } from "../dates";
import { maxDateRangeDays } from "../reporting";
import { validationIssue, validationMessage, type ValidationMessageKey } from "./messages";

export interface DateRangeIssue {
  path: "from" | "to";
  key: ValidationMessageKey;
  message: string;
}

/** Every problem of a range, empty when it is fine. Dates may be YYYY-MM-DD strings or Dates. */
export function checkDateRange(
  range: { from?: string | Date | null; to?: string | Date | null },
  now: Date,
): DateRangeIssue[] {
  const issue = (path: DateRangeIssue["path"], key: ValidationMessageKey): DateRangeIssue => ({
    path,
    key,
    message: validationMessage(key, { days: maxDateRangeDays }),
  });
  const issues: DateRangeIssue[] = [];
  const from = range.from == null || range.from === "" ? null : parseCalendarDate(range.from);
  const to = range.to == null || range.to === "" ? null : parseCalendarDate(range.to);
  if (range.from == null || range.from === "") issues.push(issue("from", "field_required"));
  else if (!from) issues.push(issue("from", "invalid_field"));
  if (range.to == null || range.to === "") issues.push(issue("to", "field_required"));
  else if (!to) issues.push(issue("to", "invalid_field"));
  if (!from || !to) return issues;
  if (calendarDaysBetween(now, to) > 0) issues.push(issue("to", "date_in_future"));
  const span = calendarDaysBetween(from, to);
  if (span < 0) issues.push(issue("from", "date_from_after_to"));
  else if (span > maxDateRangeDays) issues.push(issue("from", "date_range_too_long"));
  return issues;
}

const dateValue = () => mixed<string | Date>().nullable();

/** The same rules as a yup schema; `now` is read at validation time. */
export function dateRangeSchema(now: () => Date = () => new Date()) {
  return object({ from: dateValue(), to: dateValue() }).test("date-range", function check(range) {
    const issues = checkDateRange(range ?? {}, now());
    if (issues.length === 0) return true;
    const prefix = this.path ? `${this.path}.` : "";
    return new ValidationError(
      issues.map((issue) => this.createError({ path: `${prefix}${issue.path}`, message: validationIssue(issue.key, { days: maxDateRangeDays }) })),
    );
  });
}
