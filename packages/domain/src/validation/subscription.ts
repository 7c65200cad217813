/**
 * The subscription form of the admin portal (spec 01 §3, §5): the amount per month in euro with at most
 * two decimals, trial days a whole number, the end date a calendar date. Amounts and days are typed as
 * text (a comma may be the decimal separator); `parseAmount` reads them as the schema does.
 */
import "./yupLocale";
import { boolean, number, object, string } from "yup";
import { parseCalendarDate } from "../dates";
import { productNames } from "../products";
import { subscriptionTypes } from "../subscription";
import { validationIssue } from "./messages";

/** The contract's bounds of `manual_amount` and `trial_days`. */
export const subscriptionRanges = { manual_amount: { min: 0, max: 1_000_000 }, trial_days: { min: 0, max: 365 } } as const;

/** A typed amount ("149", "149.5", "149,50") as a number; NaN when it is none. */
export function parseAmount(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  return /^-?\d+(\.\d*)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const amountRange = validationIssue("number_between", subscriptionRanges.manual_amount);
const daysRange = validationIssue("whole_number_between", subscriptionRanges.trial_days);

export const subscriptionFormSchema = object({
  chosen_product: string().required().oneOf(productNames),
  subscription_type: string().required().oneOf(subscriptionTypes),
  manual_amount: string()
    .trim()
    .required(validationIssue("field_required"))
    .test("amount-range", amountRange, (value) => {
      const amount = parseAmount(value);
      return !Number.isNaN(amount) && amount >= subscriptionRanges.manual_amount.min && amount <= subscriptionRanges.manual_amount.max;
    })
    .test("amount-cents", validationIssue("amount_two_decimals"), (value) => /^\d+([.,]\d{1,2})?$/.test(value)),
  year_discount: number().required().min(0).max(100),
  end_date: string()
    .trim()
    .required(validationIssue("field_required"))
    .test("date", validationIssue("invalid_date"), (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseCalendarDate(value) !== null),
  trial_days: string()
    .trim()
    .required(validationIssue("field_required"))
    .test("days", daysRange, (value) => /^\d+$/.test(value) && Number(value) <= subscriptionRanges.trial_days.max),
  is_active: boolean().required(),
});
