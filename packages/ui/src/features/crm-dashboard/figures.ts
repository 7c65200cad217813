/**
 * The CRM dashboard's figures, computed from the full lists the admin's list calls answer (customers,
 * leads, configurations, local subscriptions). Pure, so the tests give lists and a date.
 */
import { isNewSignUp } from "@parley/domain/leads";
import { productNames, type Product } from "@parley/domain/products";
import { daysLeft, isTrialActive, isTrialEndingSoon, isTrialExpired, monthlyRecurringAmount } from "@parley/domain/subscription";
import type { Lead } from "../leads/hooks";
import type { Configuration, LocalSubscription } from "./hooks";

/** How many of the newest leads the dashboard lists (the leads screen has them all). */
export const newestLeadsShown = 5;

export interface LeadFigures {
  total: number;
  newSignUps: number;
  trialRunning: number;
  trialExpired: number;
  onboardingFinished: number;
  onboardingUnfinished: number;
  inactive: number;
  /** The newest first, at most `newestLeadsShown`. */
  newest: Lead[];
}

export function leadFigures(leads: readonly Lead[], now: Date): LeadFigures {
  const newest = [...leads].sort((a, b) => Date.parse(b.signedUpAt) - Date.parse(a.signedUpAt)).slice(0, newestLeadsShown);
  return {
    total: leads.length,
    newSignUps: leads.filter((lead) => isNewSignUp(lead.signedUpAt, now)).length,
    trialRunning: leads.filter((lead) => !lead.trialExpired).length,
    trialExpired: leads.filter((lead) => lead.trialExpired).length,
    onboardingFinished: leads.filter((lead) => lead.onboardingFinished).length,
    onboardingUnfinished: leads.filter((lead) => !lead.onboardingFinished).length,
    inactive: leads.filter((lead) => lead.status === "inactive").length,
    newest,
  };
}

export interface SubscriptionFigures {
  active: number;
  inTrial: number;
  trialEndingSoon: number;
  trialExpired: number;
  /** Euro per month of the active subscriptions. */
  monthlyRecurringRevenue: number;
}

export function subscriptionFigures(subscriptions: readonly LocalSubscription[], now: Date): SubscriptionFigures {
  return {
    active: subscriptions.filter((subscription) => subscription.is_active).length,
    inTrial: subscriptions.filter((subscription) => isTrialActive(subscription, now)).length,
    trialEndingSoon: subscriptions.filter((subscription) => isTrialEndingSoon(subscription, now)).length,
    trialExpired: subscriptions.filter((subscription) => isTrialExpired(subscription, now)).length,
    monthlyRecurringRevenue: Math.round(subscriptions.reduce((sum, subscription) => sum + monthlyRecurringAmount(subscription), 0) * 100) / 100,
  };
}

export interface ProductRow {
  product: Product;
  configurations: number;
  /** Of those configurations, how many have an active subscription, and how many a running trial. */
  active: number;
  inTrial: number;
}

/** Configurations per product (the products in the domain's order, only those in use), with their subscriptions' state. */
export function productRows(configurations: readonly Configuration[], subscriptions: readonly LocalSubscription[], now: Date): ProductRow[] {
  const subscriptionOf = new Map(subscriptions.filter((subscription) => subscription.configuration_id).map((subscription) => [subscription.configuration_id, subscription]));
  return productNames
    .map((product) => {
      const onProduct = configurations.filter((configuration) => configuration.product === product);
      const states = onProduct.map((configuration) => subscriptionOf.get(configuration._id));
      return {
        product,
        configurations: onProduct.length,
        active: states.filter((subscription) => subscription?.is_active).length,
        inTrial: states.filter((subscription) => subscription !== undefined && isTrialActive(subscription, now)).length,
      };
    })
    .filter((row) => row.configurations > 0);
}

export interface EndingTrial {
  configurationId: string | null;
  configurationName: string | null;
  customerId: string | null;
  customerName: string | null;
  endDate: string;
  daysLeft: number;
}

/** The trials that end within the warning period, soonest first, named by their configuration and customer. */
export function endingTrials(
  subscriptions: readonly LocalSubscription[],
  configurations: readonly Pick<Configuration, "_id" | "name">[],
  customers: readonly { _id: string; name: string }[],
  now: Date,
): EndingTrial[] {
  const configurationName = new Map(configurations.map((configuration) => [configuration._id, configuration.name]));
  const customerName = new Map(customers.map((customer) => [customer._id, customer.name]));
  return subscriptions
    .filter((subscription) => isTrialEndingSoon(subscription, now))
    .map((subscription) => ({
      configurationId: subscription.configuration_id,
      configurationName: subscription.configuration_id ? (configurationName.get(subscription.configuration_id) ?? null) : null,
      customerId: subscription.customer_id,
      customerName: subscription.customer_id ? (customerName.get(subscription.customer_id) ?? null) : null,
      endDate: subscription.end_date,
      daysLeft: daysLeft(subscription.end_date, now),
    }))
    .sort((a, b) => a.daysLeft - b.daysLeft);
}
