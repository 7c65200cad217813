import { newSubscriptionDefaults } from "@parley/domain/subscription";
import { describe, expect, it } from "vitest";
import type { Lead } from "../leads/hooks";
import { endingTrials, leadFigures, newestLeadsShown, productRows, subscriptionFigures } from "./figures";
import type { Configuration, LocalSubscription } from "./hooks";

const now = new Date("2026-11-22T12:00:00Z");

// An admin's new subscription (inactive, a 14-day trial ending 2026-12-06) with the fields a test sets.
const subscription = (fields: Partial<LocalSubscription>): LocalSubscription => ({ ...newSubscriptionDefaults({ selfOnboarding: false, now }), ...fields });
const configuration = (_id: string, product: Configuration["product"]) => ({ _id, name: _id, product, customerId: null }) as Configuration;

describe("CRM figures", () => {
  it("lists at most five newest leads, newest first", () => {
    const leads = Array.from({ length: 7 }, (_, day) => ({ _id: `u${day}`, signedUpAt: `2026-11-0${day + 1}T10:00:00Z`, trialExpired: false, onboardingFinished: false, status: "active" }) as Lead);
    const figures = leadFigures(leads, now);
    expect(newestLeadsShown).toBe(5);
    expect(figures.newest.map((lead) => lead._id)).toEqual(["u6", "u5", "u4", "u3", "u2"]);
    expect(figures.total).toBe(7);
    expect(figures.newSignUps).toBe(7);
  });

  it("counts no revenue from trials and rounds the sum to cents", () => {
    const figures = subscriptionFigures(
      [
        subscription({ is_active: true, subscription_type: "annual", manual_amount: 19.99, year_discount: 16.63 }),
        subscription({ is_active: true, manual_amount: 0.1 }),
        subscription({ is_active: false, manual_amount: 500, end_date: "2026-11-24" }),
      ],
      now,
    );
    expect(figures).toEqual({ active: 2, inTrial: 1, trialEndingSoon: 1, trialExpired: 0, monthlyRecurringRevenue: 16.77 });
  });

  it("leaves out products nobody is on, and subscriptions without a configuration", () => {
    const rows = productRows([configuration("a", "basic"), configuration("b", "basic")], [subscription({ configuration_id: "a", is_active: true }), subscription({ is_active: true })], now);
    expect(rows).toEqual([{ product: "basic", configurations: 2, active: 1, inTrial: 0 }]);
  });

  it("names an ending trial by what it knows, soonest first", () => {
    const trials = endingTrials(
      [subscription({ configuration_id: "gone", customer_id: "c9", end_date: "2026-11-28" }), subscription({ configuration_id: "a", customer_id: "c1", end_date: "2026-11-23" })],
      [configuration("a", "entry")],
      [{ _id: "c1", name: "Bakery" }],
      now,
    );
    expect(trials).toEqual([
      { configurationId: "a", configurationName: "a", customerId: "c1", customerName: "Bakery", endDate: "2026-11-23", daysLeft: 1 },
      { configurationId: "gone", configurationName: null, customerId: "c9", customerName: null, endDate: "2026-11-28", daysLeft: 6 },
    ]);
  });
});
