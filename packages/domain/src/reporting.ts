/**
 * Conversation overview and reporting constants (spec 02 §9).
 */
import { addDays, addMonths, toIsoDate } from "./dates";

/** The customer's conversations overview covers this many months back. */
export const conversationsOverviewMonths = 6;
/** The GPT cost metric is expressed per this many messages. */
export const gptCostMessagesUnit = 100;
export const pageSizeOptions = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizeOptions)[number];
export const defaultPageSize: PageSize = pageSizeOptions[0];
/** A date range may span at most this many days (from and to inclusive of the end points' difference). */
export const maxDateRangeDays = 7;

export const datePresets = ["today", "yesterday", "last7Days", "custom"] as const;
export type DatePreset = (typeof datePresets)[number];

/** Cost per `gptCostMessagesUnit` messages; 0 when there were none. */
export function gptCostPerUnit(totalCost: number, messageCount: number): number {
  if (messageCount <= 0) return 0;
  return (totalCost / messageCount) * gptCostMessagesUnit;
}

/** The first day (YYYY-MM-DD) the conversations overview covers. */
export function conversationsOverviewStart(now: Date): string {
  return toIsoDate(addMonths(now, -conversationsOverviewMonths));
}

/** The from/to dates (YYYY-MM-DD) of a preset; null for custom, which the user picks. */
export function dateRangeForPreset(preset: DatePreset, now: Date): { from: string; to: string } | null {
  const today = toIsoDate(now);
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = toIsoDate(addDays(now, -1));
      return { from: yesterday, to: yesterday };
    }
    case "last7Days":
      return { from: toIsoDate(addDays(now, -maxDateRangeDays)), to: today };
    case "custom":
      return null;
  }
}

export function isPageSize(value: number): value is PageSize {
  return (pageSizeOptions as readonly number[]).includes(value);
}
