/**
 * The quota footer's colour (spec 02 §9): green above 60 percent of the limit remaining, amber
 * above 30 percent, red otherwise. An unlimited product is always green.
 */
import { isUnlimited } from "./products";

export const quotaGreenAbovePercent = 60;

/**
 * Answers in the portal's test environment use no message of the quota, up to this many per configuration in
 * any 24 hours; beyond it they count like a visitor's. Trying the assistant out is a few dozen questions a day;
 * the cap keeps a test ticket (12 hours, reusable) from becoming a way around the plan.
 */
export const freeTestAnswersPerDay = 100;
export const quotaAmberAbovePercent = 30;

export const quotaColors = ["green", "amber", "red"] as const;
export type QuotaColor = (typeof quotaColors)[number];

/** Percentage of the limit still remaining (may exceed 100 or drop below 0); 100 when unlimited. */
export function remainingPercent(remaining: number, limit: number): number {
  if (isUnlimited(limit)) return 100;
  return (remaining / limit) * 100;
}

export function quotaColor(remaining: number, limit: number): QuotaColor {
  if (isUnlimited(limit)) return "green";
  // Compare remaining * 100 with threshold * limit so 60 of 100 is exactly 60, free of float rounding.
  if (remaining * 100 > quotaGreenAbovePercent * limit) return "green";
  if (remaining * 100 > quotaAmberAbovePercent * limit) return "amber";
  return "red";
}
