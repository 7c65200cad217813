import { describe, expect, it } from "vitest";
import { parseAmount, subscriptionFormSchema } from "./subscription";

const valid = { chosen_product: "entry", subscription_type: "monthly", manual_amount: "149.00", year_discount: 0, end_date: "2026-12-06", trial_days: "14", is_active: false };

async function issues(values: Record<string, unknown>) {
  try {
    await subscriptionFormSchema.validate({ ...valid, ...values }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; message: unknown }[] }).inner.map(({ path, message }) => ({ path, message }));
  }
}

describe("subscription form validation", () => {
  it("passes amounts with up to two decimals, a comma as their separator too", async () => {
    expect(await issues({})).toEqual([]);
    expect(await issues({ manual_amount: "19,9", trial_days: "0" })).toEqual([]);
    expect(parseAmount("19,99")).toBe(19.99);
    expect(parseAmount("abc")).toBeNaN();
  });

  it("refuses a negative amount, a third decimal, broken days and a date that is none", async () => {
    expect(await issues({ manual_amount: "-1", trial_days: "1.5", end_date: "2026-02-30" })).toEqual([
      { path: "manual_amount", message: { key: "number_between", values: { min: 0, max: 1_000_000 } } },
      { path: "manual_amount", message: { key: "amount_two_decimals" } },
      { path: "end_date", message: { key: "invalid_date" } },
      { path: "trial_days", message: { key: "whole_number_between", values: { min: 0, max: 365 } } },
    ]);
    expect(await issues({ manual_amount: "149.999" })).toEqual([{ path: "manual_amount", message: { key: "amount_two_decimals" } }]);
    expect(await issues({ chosen_product: "gold" })).toEqual([{ path: "chosen_product", message: { key: "invalid_field" } }]);
  });
});
