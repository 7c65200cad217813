import { Badge, Button, Card, Heading, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { plans, selfOnboardingAnnualAmount, trialDays, type Plan } from "@parley/domain/subscription";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useSelectedConfiguration } from "../../configuration/selection";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { usePreferences } from "../../preferences/context";
import { skinSurface } from "../../shell/skin";
import { useSessionUser } from "../../shell/useSessionUser";
import { BillingPeriodSwitch, CheckoutFailure, useStartCheckout } from "./checkout";
import { useBillingFormat } from "./format";
import { useClientSettings, useSubscription, type Subscription } from "./hooks";
import { SubscriptionStatusBadge, subscriptionStateOf } from "./SubscriptionStatus";

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  price: ReactNode;
  action: ReactNode;
}

function PlanCard({ plan, current, price, action }: PlanCardProps) {
  const { t } = useTranslation("billing");
  const [preferences] = usePreferences();
  const id = `plan-${plan.id}`;
  return (
    <Card.Root as="section" aria-labelledby={id} css={skinSurface(preferences.skin)} borderColor={current ? "green.solid" : undefined} borderWidth={current ? "2px" : undefined}>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg" id={id}>
            {t(`pricing.plans.${plan.id}.name`)}
          </Heading>
          {current && (
            <Badge colorPalette="green" alignSelf="flex-start">
              {t("pricing.current")}
            </Badge>
          )}
        </Stack>
        <Text fontSize="2xl" fontWeight="semibold">
          {price}
        </Text>
        <List.Root gap="1" ps="5">
          {plan.messages !== null && <List.Item>{t(plan.trialDays ? "pricing.messagesTotal" : "pricing.messagesPerMonth", { count: plan.messages })}</List.Item>}
          {plan.trialDays !== null && <List.Item>{t("pricing.trialDays", { count: plan.trialDays })}</List.Item>}
          <List.Item>{t(`pricing.plans.${plan.id}.text`)}</List.Item>
        </List.Root>
        <Stack mt="auto">{action}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The trial card's line: the current trial's days left, its end, or that a paid plan runs. Without a stored
 * subscription the trial runs from the first configuration (domain `leadTrial`): started once there is one.
 */
function TrialStatus({ subscription, hasConfiguration, now }: { subscription: Subscription | null; hasConfiguration: boolean; now: Date }) {
  const { t } = useTranslation("billing");
  if (!subscription) return <Text color="fg.muted">{t(hasConfiguration ? "pricing.trialStarted" : "pricing.trialNotStarted", { count: trialDays })}</Text>;
  // A bare "Active" under the trial would read as a running trial: the trial is over, a paid plan runs.
  if (subscription.is_active) return <Text color="fg.muted">{t("pricing.trialOverPaid")}</Text>;
  return <SubscriptionStatusBadge state={subscriptionStateOf(subscription, now)} />;
}

/**
 * The self-onboarding customer's plans (spec 02 §9): Trial with its days left, Basic monthly or annual
 * through the fixed-price checkout with the configuration lookup's price id, Custom by contact.
 */
export function PricingPage({ titleKey, now = () => new Date() }: { titleKey?: string; now?: () => Date }) {
  const { t } = useTranslation(["billing", "pages"]);
  const format = useBillingFormat();
  const configurationId = useSelectedConfiguration()?._id ?? "";
  const customerId = useSessionUser()?.customerId ?? null;
  const subscription = useSubscription(configurationId);
  const settings = useClientSettings();
  const checkout = useStartCheckout();
  // Until the customer flips it, the switch shows the period the customer pays: an annual subscriber sees the annual price.
  const [chosenAnnual, setAnnual] = useState<boolean | null>(null);

  const current = subscription.data ?? null;
  const onBasic = current?.is_active === true && current.chosen_product === "so_basic";
  const annual = chosenAnnual ?? (onBasic && current.subscription_type === "annual");
  const priceId = annual ? settings.data?.basicAnnualPriceId : settings.data?.basicMonthlyPriceId;

  const cardOf = (plan: Plan) => {
    if (plan.id === "trial") {
      // Nothing said while the subscription loads: "no subscription" is not known yet.
      const status = configurationId !== "" && !subscription.isSuccess ? null : <TrialStatus subscription={current} hasConfiguration={configurationId !== ""} now={now()} />;
      return <PlanCard key={plan.id} plan={plan} current={current !== null && !current.is_active} price={t("pricing.free")} action={status} />;
    }
    if (plan.id === "custom") {
      return (
        <PlanCard
          key={plan.id}
          plan={plan}
          current={false}
          price={t("pricing.byContact")}
          action={
            <Button asChild variant="outline">
              <RouterLink to="/contact-premium">{t("pricing.contact")}</RouterLink>
            </Button>
          }
        />
      );
    }
    const amount = annual ? selfOnboardingAnnualAmount : (plan.monthlyAmount ?? 0);
    return (
      <PlanCard
        key={plan.id}
        plan={plan}
        current={onBasic}
        price={t(annual ? "details.perYear" : "details.perMonth", { amount: format.amount(amount) })}
        action={
          <>
            {settings.isSuccess && !priceId && <Text color="fg.error">{t("pricing.notAvailable")}</Text>}
            <Button
              loading={checkout.isPending || settings.isPending}
              disabled={!priceId || !customerId}
              onClick={() => priceId && customerId && checkout.startFixed({ customer_id: customerId, stripe_price_id: priceId })}
            >
              {t(annual ? "pricing.chooseAnnual" : "pricing.chooseMonthly", { plan: t("pricing.plans.basic.name") })}
            </Button>
          </>
        }
      />
    );
  };

  return (
    <Stack gap="6" maxW="6xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(titleKey ?? "pages:titles.pricing")}
        </Heading>
        <Text color="fg.muted">{t("pricing.intro")}</Text>
      </Stack>
      <BillingPeriodSwitch annual={annual} onChange={setAnnual} disabled={checkout.isPending} />
      <CheckoutFailure error={checkout.error} />
      <ErrorAlert error={settings.error} />
      {!customerId && <Text color="fg.error">{t("view.noCustomer")}</Text>}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {plans.map(cardOf)}
      </SimpleGrid>
    </Stack>
  );
}
