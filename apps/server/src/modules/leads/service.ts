import { isOnboardingFinished, isUnlimited, leadTrial, messagesUsed, type LeadOnboardingFilter, type LeadTrialFilter } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { forbidden, scopeOf } from "../tenancy";
import { listLeadRows, type LeadRow } from "./repository";

export interface LeadFilters {
  search?: string;
  trial?: LeadTrialFilter;
  onboarding?: LeadOnboardingFilter;
}

/**
 * A stored self-onboarding user as a lead. Its trial runs from its first configuration (onboarding
 * starts the subscription there), else from the sign-up.
 */
export function toLead(row: LeadRow, now: Date): Schemas["Lead"] {
  const trial = leadTrial(new Date(row.configuration_created_at ?? row.created_at), now);
  const limit = row.message_limit;
  return {
    _id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    status: row.status,
    signedUpAt: new Date(row.created_at).toISOString(),
    website: row.configuration_name,
    configurationId: row.configuration_id,
    messagesUsed: limit === null ? 0 : messagesUsed(limit, row.remaining_messages ?? limit),
    messageLimit: limit === null || isUnlimited(limit) ? null : limit,
    trialEndDate: trial.endDate,
    trialDaysLeft: trial.daysLeft,
    trialExpired: trial.expired,
    onboardingFinished: isOnboardingFinished({ customerId: row.customer_id, showWizard: row.show_wizard }),
  };
}

function matches(lead: Schemas["Lead"], { trial, onboarding }: LeadFilters): boolean {
  if (trial && lead.trialExpired !== (trial === "expired")) return false;
  if (onboarding && lead.onboardingFinished !== (onboarding === "finished")) return false;
  return true;
}

/**
 * Every self-onboarding user is a lead until paying: subscriptions are not stored yet, so none drops
 * out for having paid. Admins only.
 */
export async function listLeads(db: Db, caller: Caller, filters: LeadFilters, now = new Date()) {
  if (caller.role !== "admin") throw forbidden("Only an admin can see leads");
  const rows = await listLeadRows(db, scopeOf(caller), filters.search?.trim() ?? "");
  return { status: "success" as const, data: rows.map((row) => toLead(row, now)).filter((lead) => matches(lead, filters)) };
}
