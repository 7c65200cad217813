/**
 * Leads (spec 01 §2, admin): self-onboarding sign-ups that are not paying customers yet, with their
 * trial and how far onboarding got.
 */
import { isUnlimited } from "./products";
import { daysLeft, isTrialExpired, newSubscriptionDefaults } from "./subscription";

export interface LeadTrial {
  /** The last day of the trial, YYYY-MM-DD. */
  endDate: string;
  /** Whole days until the end date, never below 0. */
  daysLeft: number;
  expired: boolean;
}

/**
 * A lead's trial: the subscription a self-onboarding customer starts with (inactive, 14 trial days,
 * ending 14 days after it started), read with the trial rules (expired when days left reach 0).
 */
export function leadTrial(startedAt: Date, now: Date): LeadTrial {
  const subscription = newSubscriptionDefaults({ selfOnboarding: true, now: startedAt });
  return {
    endDate: subscription.end_date,
    daysLeft: Math.max(0, daysLeft(subscription.end_date, now)),
    expired: isTrialExpired(subscription, now),
  };
}

/** Messages used of a configuration's limit; an unlimited one has no count to read. */
export function messagesUsed(messageLimit: number, remainingMessages: number): number {
  if (isUnlimited(messageLimit)) return 0;
  return Math.max(0, messageLimit - remainingMessages);
}

/**
 * Onboarding is finished once it saved the customer and turned the wizard off (spec 01 §4: finalize
 * saves the customer, …, then sets showWizard false).
 */
export function isOnboardingFinished(user: { customerId: string | null; showWizard: boolean }): boolean {
  return user.customerId !== null && !user.showWizard;
}

export const leadTrialFilters = ["active", "expired"] as const;
export type LeadTrialFilter = (typeof leadTrialFilters)[number];
export const leadOnboardingFilters = ["finished", "unfinished"] as const;
export type LeadOnboardingFilter = (typeof leadOnboardingFilters)[number];

/** A sign-up counts as new on the CRM dashboard for this many days. */
export const newSignUpDays = 30;

/** Signed up within the last `newSignUpDays` days (a date in the future counts as new too). */
export function isNewSignUp(signedUpAt: string | Date, now: Date): boolean {
  const signedUp = new Date(signedUpAt).getTime();
  if (Number.isNaN(signedUp)) return false;
  return now.getTime() - signedUp <= newSignUpDays * 24 * 60 * 60 * 1000;
}
