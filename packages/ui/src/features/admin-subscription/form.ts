/** The admin's subscription form values: amounts and days as typed text, read back as the contract's numbers. */
import type { Product } from "@parley/domain/products";
import { normaliseEndDate, type SubscriptionType } from "@parley/domain/subscription";
import { parseAmount } from "@parley/domain/validation/subscription";
import type { Subscription, SubscriptionInput } from "../billing/hooks";

export interface SubscriptionFormValues {
  chosen_product: Product;
  subscription_type: SubscriptionType;
  manual_amount: string;
  year_discount: string;
  end_date: string;
  trial_days: string;
  is_active: boolean;
}

type SubscriptionFields = Omit<Subscription, "_id" | "activation" | "stripe_subscription_id">;

export function formValuesOf(subscription: SubscriptionFields): SubscriptionFormValues {
  return {
    chosen_product: subscription.chosen_product,
    subscription_type: subscription.subscription_type,
    manual_amount: subscription.manual_amount.toFixed(2),
    year_discount: String(subscription.year_discount),
    end_date: subscription.end_date.slice(0, 10),
    trial_days: String(subscription.trial_days),
    is_active: subscription.is_active,
  };
}

/** What the save sends: numbers as numbers, the end date as YYYY-MM-DD, the configuration and customer ids. */
export function subscriptionBodyOf(values: SubscriptionFormValues, ids: { configurationId: string; customerId: string | null }): SubscriptionInput {
  return {
    configuration_id: ids.configurationId,
    customer_id: ids.customerId,
    chosen_product: values.chosen_product,
    subscription_type: values.subscription_type,
    is_active: values.is_active,
    manual_amount: parseAmount(values.manual_amount),
    year_discount: Number(values.year_discount),
    end_date: normaliseEndDate(values.end_date),
    trial_days: Number(values.trial_days),
  };
}
