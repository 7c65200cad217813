import { Badge } from "@chakra-ui/react";
import { daysLeft, isTrialActive, isTrialExpired } from "@parley/domain/subscription";
import { useTranslation } from "react-i18next";
import type { Subscription } from "./hooks";

/** What the status badge says: paid and active, a running trial with its days, an ended trial, or inactive. */
export type SubscriptionState = { kind: "active" } | { kind: "trial"; days: number } | { kind: "trialEnded" } | { kind: "inactive" };

export function subscriptionStateOf(subscription: Pick<Subscription, "is_active" | "trial_days" | "end_date">, now: Date): SubscriptionState {
  if (subscription.is_active) return { kind: "active" };
  if (isTrialActive(subscription, now)) return { kind: "trial", days: daysLeft(subscription.end_date, now) };
  if (isTrialExpired(subscription, now)) return { kind: "trialEnded" };
  return { kind: "inactive" };
}

const stateColour = { active: "green", trial: "blue", trialEnded: "orange", inactive: "gray" } as const;

/** The status badge of a subscription, e.g. "Trial: 9 days left". */
export function SubscriptionStatusBadge({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation("billing");
  return (
    <Badge colorPalette={stateColour[state.kind]} size="lg" data-testid="subscription-status">
      {state.kind === "trial" ? t("status.trialDays", { count: state.days }) : t(`status.${state.kind}`)}
    </Badge>
  );
}
