import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import {
  chargeAmounts,
  annualAmount,
  toCents,
  currency,
  invoiceNumber,
  paidPeriodEnd,
  daysLeft,
  formatAmount,
  isTrialActive,
  isTrialEndingSoon,
  isTrialExpired,
  monthlyRecurringAmount,
  isYearDiscountOption,
  newSubscriptionDefaults,
  normaliseEndDate,
  periodAmount,
  selfOnboardingAnnualAmount,
  plans,
  subscriptionSaveOutcome,
  subscriptionEntryFor,
  subscriptionStatuses,
  trialDays,
  trialEndingSoonDays,
  yearDiscountOptions,
} from "./subscription";

const now = new Date("2026-11-22T15:00:00Z");

describe("subscription defaults", () => {
  it("starts an admin subscription inactive on entry at 149.00 with a 14-day trial", () => {
    expect(
      newSubscriptionDefaults({ selfOnboarding: false, now, configurationId: "cfg", customerId: "cus" }),
    ).toEqual({
      configuration_id: "cfg",
      customer_id: "cus",
      subscription_type: "monthly",
      is_active: false,
      chosen_product: "entry",
      manual_amount: 149,
      year_discount: 0,
      end_date: "2026-12-06",
      trial_days: 14,
    });
  });

  it("starts self-onboarding on so_basic 19.99 with 16.63 year discount", () => {
    const subscription = newSubscriptionDefaults({ selfOnboarding: true, now });
    expect(subscription).toMatchObject({
      chosen_product: "so_basic",
      manual_amount: 19.99,
      year_discount: 16.63,
      trial_days: 14,
      is_active: false,
      subscription_type: "monthly",
      configuration_id: null,
    });
    expect(daysLeft(subscription.end_date, now)).toBe(trialDays);
  });

  it("offers year discounts 0 to 30 by 5, in euro", () => {
    expect(yearDiscountOptions).toEqual([0, 5, 10, 15, 20, 25, 30]);
    expect(isYearDiscountOption(30)).toBe(true);
    expect(isYearDiscountOption(35)).toBe(false);
    expect(isYearDiscountOption(16.63)).toBe(false);
    expect(currency).toBe("EUR");
    expect(formatAmount(149, "en")).toBe("€149.00");
    expect(formatAmount(19.99, "nl")).toMatch(/^€\s19,99$/u);
  });

  it("lists the payment provider's statuses", () => {
    expect(subscriptionStatuses).toEqual([
      "active",
      "trialing",
      "canceled",
      "incomplete",
      "incomplete_expired",
      "past_due",
      "unpaid",
    ]);
  });
});

describe("end date and days left", () => {
  it("normalises the end date to YYYY-MM-DD", () => {
    expect(normaliseEndDate("2026-12-06T00:00:00.000Z")).toBe("2026-12-06");
    expect(normaliseEndDate(new Date("2026-12-06T22:00:00Z"))).toBe("2026-12-06");
    expect(normaliseEndDate("2026-12-06")).toBe("2026-12-06");
    expect(() => normaliseEndDate("2026-13-01")).toThrow(DomainError);
    expect(() => normaliseEndDate("")).toThrow(DomainError);
  });

  it("counts calendar days until the end date", () => {
    expect(daysLeft("2026-11-23", now)).toBe(1);
    expect(daysLeft("2026-11-22", now)).toBe(0);
    expect(daysLeft("2026-11-21", now)).toBe(-1);
  });
});

describe("trial state", () => {
  const trial = (end_date: string, overrides: { is_active?: boolean; trial_days?: number } = {}) => ({
    is_active: false,
    trial_days: 14,
    end_date,
    ...overrides,
  });

  it("is active with 1 day left and expired with 0 days left", () => {
    expect(isTrialActive(trial("2026-11-23"), now)).toBe(true);
    expect(isTrialExpired(trial("2026-11-23"), now)).toBe(false);
    expect(isTrialActive(trial("2026-11-22"), now)).toBe(false);
    expect(isTrialExpired(trial("2026-11-22"), now)).toBe(true);
    expect(isTrialExpired(trial("2026-10-01"), now)).toBe(true);
  });

  it("never expires an active subscription or one without trial days", () => {
    expect(isTrialExpired(trial("2026-10-01", { is_active: true }), now)).toBe(false);
    expect(isTrialExpired(trial("2026-10-01", { trial_days: 0 }), now)).toBe(false);
    expect(isTrialActive(trial("2026-12-01", { trial_days: 0 }), now)).toBe(false);
    expect(isTrialActive(trial("2026-12-01", { is_active: true }), now)).toBe(false);
  });
});

describe("trial ending soon", () => {
  const trial = (end_date: string, is_active = false) => ({ is_active, trial_days: 14, end_date });

  it("warns from 7 days before the end of a running trial, not earlier and not once it ended", () => {
    expect(trialEndingSoonDays).toBe(7);
    expect(isTrialEndingSoon(trial("2026-11-23"), now)).toBe(true);
    expect(isTrialEndingSoon(trial("2026-11-29"), now)).toBe(true);
    expect(isTrialEndingSoon(trial("2026-11-30"), now)).toBe(false);
    expect(isTrialEndingSoon(trial("2026-11-22"), now)).toBe(false);
    expect(isTrialEndingSoon(trial("2026-11-25", true), now)).toBe(false);
  });
});

describe("monthly recurring amount", () => {
  it("counts an active monthly subscription's amount and spreads a discounted year over twelve months", () => {
    expect(monthlyRecurringAmount({ is_active: true, subscription_type: "monthly", manual_amount: 149, year_discount: 0 })).toBe(149);
    expect(monthlyRecurringAmount({ is_active: true, subscription_type: "annual", manual_amount: 149, year_discount: 10 })).toBe(134.1);
    expect(monthlyRecurringAmount({ is_active: true, subscription_type: "annual", manual_amount: 19.99, year_discount: 16.63 })).toBe(16.67);
  });

  it("counts nothing for an inactive subscription", () => {
    expect(monthlyRecurringAmount({ is_active: false, subscription_type: "monthly", manual_amount: 149, year_discount: 0 })).toBe(0);
  });
});

describe("plans and saving", () => {
  it("shows Trial (14 days, 200 messages), Basic (500 a month) and Custom by contact", () => {
    expect(plans.map((plan) => [plan.name, plan.trialDays, plan.messages, plan.byContact])).toEqual([
      ["Trial", 14, 200, false],
      ["Basic", null, 500, false],
      ["Custom", null, null, true],
    ]);
  });

  it("reads 200 as saved and 204 or 304 as unchanged", () => {
    expect(subscriptionSaveOutcome(200)).toBe("saved");
    expect(subscriptionSaveOutcome(204)).toBe("unchanged");
    expect(subscriptionSaveOutcome(304)).toBe("unchanged");
    expect(subscriptionSaveOutcome(500)).toBe("failed");
  });
});

describe("prices", () => {
  it("takes the year discount off twelve months, in whole cents", () => {
    expect(selfOnboardingAnnualAmount).toBe(199.99);
    expect(annualAmount(149, 0)).toBe(1788);
    expect(annualAmount(149, 10)).toBe(1609.2);
  });

  it("charges a monthly subscription its month and an annual one its discounted year", () => {
    expect(periodAmount({ subscription_type: "monthly", manual_amount: 19.99, year_discount: 16.63 })).toBe(19.99);
    expect(periodAmount({ subscription_type: "annual", manual_amount: 19.99, year_discount: 16.63 })).toBe(199.99);
  });
});

describe("subscription entry", () => {
  const address = { street: "Main", houseNumber: "1", postalCode: "1234 AB", city: "Utrecht", country: "NL" };

  it("sends a customer with an incomplete address to the profile first", () => {
    expect(subscriptionEntryFor("customer", { ...address, city: "" })).toEqual({
      route: "/customer-profile",
      continueToSubscription: true,
    });
    expect(subscriptionEntryFor("customer_so", null)).toEqual({
      route: "/customer-profile",
      continueToSubscription: true,
    });
  });

  it("sends a complete customer to the role's subscription page", () => {
    expect(subscriptionEntryFor("customer", address)).toEqual({
      route: "/subscription/view",
      continueToSubscription: false,
    });
    expect(subscriptionEntryFor("customer_so", address)).toEqual({
      route: "/pricing",
      continueToSubscription: false,
    });
  });
});

describe("chargeAmounts", () => {
  it("charges a month, or twelve months less the annual discount, with 21 % VAT unless tax exempt", () => {
    expect(chargeAmounts({ monthlyAmount: 149, yearDiscount: 10, type: "monthly", taxExempt: false })).toEqual({
      subtotalCents: 14_900,
      discountCents: 0,
      taxesCents: 3_129,
      totalCents: 18_029,
    });
    expect(chargeAmounts({ monthlyAmount: 100, yearDiscount: 10, type: "annual", taxExempt: false })).toEqual({
      subtotalCents: 120_000,
      discountCents: 12_000,
      taxesCents: 22_680,
      totalCents: 130_680,
    });
    expect(chargeAmounts({ monthlyAmount: 19.99, yearDiscount: 16.63, type: "annual", taxExempt: true })).toEqual({
      subtotalCents: 23_988,
      discountCents: 3_989,
      taxesCents: 0,
      totalCents: 19_999,
    });
  });

  it("numbers invoices per year and ends paid periods a month or a year on", () => {
    expect(invoiceNumber(2026, 12)).toBe("PAR-2026-0012");
    expect(invoiceNumber(2026, 12_345)).toBe("PAR-2026-12345");
    expect(paidPeriodEnd(new Date("2026-01-31T12:00:00Z"), "annual")).toBe("2027-01-31");
    expect(paidPeriodEnd(new Date("2026-03-15T12:00:00Z"), "monthly")).toBe("2026-04-15");
  });
});

describe("the price shown and the price charged", () => {
  it("agree: an annual charge before VAT is the annual price the pricing screen shows", () => {
    for (const [monthly, discount] of [[19.99, 16.63], [149, 10], [49.5, 25], [1000, 30]] as const) {
      const charged = chargeAmounts({ monthlyAmount: monthly, yearDiscount: discount, type: "annual", taxExempt: true });
      expect(charged.totalCents, `${monthly} at ${discount} %`).toBe(toCents(annualAmount(monthly, discount)));
    }
  });
});
