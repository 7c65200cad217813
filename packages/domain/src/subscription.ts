/**
 * Subscription defaults, trial logic and the plans shown (spec 01 §4, spec 02 §9).
 */
import { addDays, addMonths, calendarDaysBetween, parseCalendarDate, toIsoDate } from "./dates";
import { DomainError, errorMessages } from "./errors";
import { messageLimitFor, type Product } from "./products";
import { routes, subscriptionRouteFor, type Role } from "./roles";
import { isAddressComplete } from "./address";

export const trialDays = 14;
export const currency = "EUR";

export const subscriptionTypes = ["monthly", "annual"] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

/** Monthly price of the entry product an admin-created subscription starts with. */
export const entryMonthlyAmount = 149.0;
export const selfOnboardingMonthlyAmount = 19.99;
export const selfOnboardingYearDiscount = 16.63;

export const yearDiscountOptions = [0, 5, 10, 15, 20, 25, 30] as const;

export function isYearDiscountOption(value: number): boolean {
  return (yearDiscountOptions as readonly number[]).includes(value);
}

/** The payment provider's subscription statuses. */
export const subscriptionStatuses = [
  "active",
  "trialing",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "past_due",
  "unpaid",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A local subscription is pending until payment activates it. */
export const activationStates = ["pending", "active"] as const;
/** The payment return screen waits, then shows success (product activated) or failure after a timeout. */
export const paymentStates = ["waiting", "success", "failure"] as const;
export type PaymentState = (typeof paymentStates)[number];

export interface Subscription {
  configuration_id: string | null;
  customer_id: string | null;
  subscription_type: SubscriptionType;
  is_active: boolean;
  chosen_product: Product;
  manual_amount: number;
  year_discount: number;
  end_date: string;
  trial_days: number;
}

/** The subscription a configuration starts with: inactive, a 14-day trial ending 14 days ahead, monthly. */
export function newSubscriptionDefaults(options: {
  selfOnboarding: boolean;
  now: Date;
  configurationId?: string | null;
  customerId?: string | null;
}): Subscription {
  return {
    configuration_id: options.configurationId ?? null,
    customer_id: options.customerId ?? null,
    subscription_type: "monthly",
    is_active: false,
    chosen_product: options.selfOnboarding ? "so_basic" : "entry",
    manual_amount: options.selfOnboarding ? selfOnboardingMonthlyAmount : entryMonthlyAmount,
    year_discount: options.selfOnboarding ? selfOnboardingYearDiscount : 0,
    end_date: toIsoDate(addDays(options.now, trialDays)),
    trial_days: trialDays,
  };
}

/** An end date as YYYY-MM-DD; throws `validation_failed` when it is not a date. */
export function normaliseEndDate(value: string | Date): string {
  const date = parseCalendarDate(value);
  if (!date) {
    throw new DomainError("validation_failed", errorMessages.validation_failed, 400, [
      { path: "end_date", message: errorMessages.validation_failed },
    ]);
  }
  return toIsoDate(date);
}

/** Whole calendar days from today until the end date; 0 on the end date itself, negative after it. */
export function daysLeft(endDate: string | Date, now: Date): number {
  return calendarDaysBetween(now, new Date(normaliseEndDate(endDate)));
}

type TrialFields = Pick<Subscription, "is_active" | "trial_days" | "end_date">;

function inTrial(subscription: TrialFields): boolean {
  return !subscription.is_active && subscription.trial_days > 0;
}

/** Inactive, with trial days, and the end date still ahead. */
export function isTrialActive(subscription: TrialFields, now: Date): boolean {
  return inTrial(subscription) && daysLeft(subscription.end_date, now) > 0;
}

/** Inactive, trial_days above 0 and days left at or below 0. */
export function isTrialExpired(subscription: TrialFields, now: Date): boolean {
  return inTrial(subscription) && daysLeft(subscription.end_date, now) <= 0;
}

/** Provider staff are warned about a trial this many days or fewer before it ends (CRM dashboard). */
export const trialEndingSoonDays = 7;

/** A running trial that ends within `trialEndingSoonDays` days (its last day included). */
export function isTrialEndingSoon(subscription: TrialFields, now: Date): boolean {
  return isTrialActive(subscription, now) && daysLeft(subscription.end_date, now) <= trialEndingSoonDays;
}

/** Saving answers 200 when stored and 204 or 304 when nothing changed. */
export function subscriptionSaveOutcome(status: number): "saved" | "unchanged" | "failed" {
  if (status === 200) return "saved";
  if (status === 204 || status === 304) return "unchanged";
  return "failed";
}

export interface Plan {
  id: "trial" | "basic" | "custom";
  name: string;
  product: Product | null;
  /** Messages included (per month for paid plans); null when agreed by contact. */
  messages: number | null;
  trialDays: number | null;
  monthlyAmount: number | null;
  byContact: boolean;
}

/** The plans on the pricing page. */
export const plans: readonly Plan[] = [
  {
    id: "trial",
    name: "Trial",
    product: "so_trial",
    messages: messageLimitFor("so_trial"),
    trialDays,
    monthlyAmount: null,
    byContact: false,
  },
  {
    id: "basic",
    name: "Basic",
    product: "so_basic",
    messages: messageLimitFor("so_basic"),
    trialDays: null,
    monthlyAmount: selfOnboardingMonthlyAmount,
    byContact: false,
  },
  {
    id: "custom",
    name: "Custom",
    product: null,
    messages: null,
    trialDays: null,
    monthlyAmount: null,
    byContact: true,
  },
];

/**
 * The price of a year paid at once: twelve months less the year discount, in whole cents
 * (so_basic: 19.99 a month with 16.63 % off is 199.99 a year).
 */
export function annualAmount(monthlyAmount: number, yearDiscountPercent: number): number {
  return Math.round(monthlyAmount * 12 * (100 - yearDiscountPercent)) / 100;
}

/** The price a subscription pays per period: the monthly amount, or the discounted year. */
export function periodAmount(subscription: Pick<Subscription, "subscription_type" | "manual_amount" | "year_discount">): number {
  return subscription.subscription_type === "annual"
    ? annualAmount(subscription.manual_amount, subscription.year_discount)
    : subscription.manual_amount;
}

/**
 * What an active subscription brings in per month, in euro: the monthly amount, or the discounted
 * year spread over twelve months (rounded to cents). Inactive subscriptions (trials included) bring nothing.
 */
export function monthlyRecurringAmount(subscription: Pick<Subscription, "is_active" | "subscription_type" | "manual_amount" | "year_discount">): number {
  if (!subscription.is_active) return 0;
  return subscription.subscription_type === "annual" ? Math.round(periodAmount(subscription) * 100 / 12) / 100 : subscription.manual_amount;
}

/** The self-onboarding Basic plan paid yearly. */
export const selfOnboardingAnnualAmount = annualAmount(selfOnboardingMonthlyAmount, selfOnboardingYearDiscount);

/**
 * The payment return screen asks for the payment's state every `paymentPollIntervalMs` and gives up
 * after `paymentPollTimeoutMs` ('Payment was not completed in time').
 */
export const paymentPollIntervalMs = 2_000;
export const paymentPollTimeoutMs = 60_000;

/** An amount in euro for display, e.g. "€149.00" (en) or "€ 149,00" (nl). */
export function formatAmount(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
}

/**
 * Where the profile menu's subscription entry leads: the customer profile first (continuing to the
 * subscription afterwards) while the customer's address is incomplete, else the role's subscription page.
 */
export function subscriptionEntryFor(
  role: Role,
  customer: Parameters<typeof isAddressComplete>[0],
): { route: string; continueToSubscription: boolean } {
  if (!isAddressComplete(customer)) return { route: routes.customerProfile, continueToSubscription: true };
  return { route: subscriptionRouteFor(role), continueToSubscription: false };
}

/**
 * VAT in percent on every invoice: Dutch standard rate, the seller's country (spec 02 §9 says only "currency
 * euro"; it names no rate). A customer marked tax exempt (reverse charge within the EU) pays none.
 */
export const vatPercent = 21;

/**
 * The fixed prices' ids while no payment provider's are configured (`BASIC_MONTHLY_PRICE_ID`,
 * `BASIC_ANNUAL_PRICE_ID`): the built-in checkout sells the Basic plan under these.
 */
export const builtInPriceIds = { monthly: "local_basic_monthly", annual: "local_basic_annual" } as const;

/** The product a self-onboarding customer buys at the fixed price (the Basic plan). */
export const fixedPriceProduct = "so_basic" satisfies Product;

/** Euro cents, rounded half away from zero, so amounts add up exactly. */
export function toCents(euro: number): number {
  return Math.round(euro * 100);
}

export interface ChargeAmounts {
  /** What a year (12 months) or one month costs before any discount, in cents. */
  subtotalCents: number;
  /** The annual discount, in cents (0 monthly). */
  discountCents: number;
  /** VAT on the amount after the discount, in cents. */
  taxesCents: number;
  totalCents: number;
}

/**
 * What a period of a subscription costs: one month of `monthlyAmount`, or twelve months less `yearDiscount`
 * percent when paid annually, with VAT on top unless the customer is tax exempt.
 */
export function chargeAmounts(options: {
  monthlyAmount: number;
  yearDiscount: number;
  type: SubscriptionType;
  taxExempt: boolean;
}): ChargeAmounts {
  const months = options.type === "annual" ? 12 : 1;
  const subtotalCents = toCents(options.monthlyAmount) * months;
  const discountCents = options.type === "annual" ? Math.round((subtotalCents * options.yearDiscount) / 100) : 0;
  const taxesCents = options.taxExempt ? 0 : Math.round(((subtotalCents - discountCents) * vatPercent) / 100);
  return { subtotalCents, discountCents, taxesCents, totalCents: subtotalCents - discountCents + taxesCents };
}

/** The end of a paid period starting `now`: a month or a year on. */
export function paidPeriodEnd(now: Date, type: SubscriptionType): string {
  return toIsoDate(addMonths(now, type === "annual" ? 12 : 1));
}

/** An invoice number: `PAR-<year>-<sequence, four digits at least>`, counted per year. */
export function invoiceNumber(year: number, sequence: number): string {
  return `PAR-${year}-${String(sequence).padStart(4, "0")}`;
}
