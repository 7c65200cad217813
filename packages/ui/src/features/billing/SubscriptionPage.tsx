import { Button, Card, DataList, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { isUnlimited, messageLimitFor } from "@parley/domain/products";
import { periodAmount } from "@parley/domain/subscription";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuCreditCard } from "react-icons/lu";
import { useSelectedConfiguration } from "../../configuration/selection";
import { EmptyNotice, LoadFailed, LoadingState } from "../../forms/EditorStates";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { usePreferences } from "../../preferences/context";
import { skinSurface } from "../../shell/skin";
import { useSessionUser } from "../../shell/useSessionUser";
import { BillingPeriodSwitch, CheckoutFailure, useStartCheckout } from "./checkout";
import { useBillingFormat } from "./format";
import { useCancelSubscriptionWithToasts, useSubscription, type Subscription } from "./hooks";
import { SubscriptionStatusBadge, subscriptionStateOf } from "./SubscriptionStatus";

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation("billing");
  const format = useBillingFormat();
  const limit = messageLimitFor(subscription.chosen_product);
  const annual = subscription.subscription_type === "annual";
  const rows: [label: string, value: string][] = [
    [t("details.product"), t(`products.${subscription.chosen_product}`)],
    [t("details.messages"), isUnlimited(limit) ? t("details.unlimited") : t("details.messagesPerMonth", { count: limit })],
    [t("details.period"), t(annual ? "period.annual" : "period.monthly")],
    [t("details.price"), t(annual ? "details.perYear" : "details.perMonth", { amount: format.amount(periodAmount(subscription)) })],
    [subscription.is_active ? t("details.renews") : t("details.endDate"), format.date(subscription.end_date)],
  ];
  return (
    <DataList.Root orientation="horizontal" gap="3">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="10rem">{label}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * The configuration's subscription (spec 01 §3, §4): plan, status with the trial's days left, period, end
 * date and price; buying or changing the plan starts a checkout, cancelling asks first and reads it again.
 */
export function SubscriptionPage({ titleKey, now = () => new Date() }: { titleKey?: string; now?: () => Date }) {
  const { t } = useTranslation(["billing", "pages", "messages"]);
  const [preferences] = usePreferences();
  const configurationId = useSelectedConfiguration()?._id ?? "";
  const customerIdOfUser = useSessionUser()?.customerId ?? null;
  const subscription = useSubscription(configurationId);
  const cancel = useCancelSubscriptionWithToasts(configurationId);
  const checkout = useStartCheckout();
  const [confirming, setConfirming] = useState(false);
  const [annual, setAnnual] = useState<boolean | null>(null);

  const current = subscription.data ?? null;
  const customerId = current?.customer_id ?? customerIdOfUser;
  const payAnnually = annual ?? current?.subscription_type === "annual";

  // The next step of an empty screen: the purchase below, its heading focused so a keyboard continues there.
  const handleChoosePlan = () => {
    const heading = document.getElementById("subscription-actions");
    heading?.scrollIntoView?.({ block: "start" });
    heading?.focus();
  };

  const handleCancel = () => {
    if (customerId) cancel.cancel(customerId, () => setConfirming(false));
  };

  const body = (() => {
    if (!configurationId) return <EmptyNotice icon={<LuCreditCard />} title={t("messages:selectConfiguration.title")} text={t("messages:selectConfiguration.text")} />;
    if (subscription.isPending) return <LoadingState label={t("view.loading")} />;
    if (subscription.isError) return <LoadFailed error={subscription.error} onRetry={() => void subscription.refetch()} />;
    if (!current)
      return (
        <EmptyNotice
          icon={<LuCreditCard />}
          title={t("view.noneTitle")}
          text={t("view.none")}
          action={
            <Button variant="outline" onClick={handleChoosePlan}>
              {t("view.choosePlan")}
            </Button>
          }
        />
      );
    return (
      <Stack gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="lg">
            {t(`products.${current.chosen_product}`)}
          </Heading>
          <SubscriptionStatusBadge state={subscriptionStateOf(current, now())} />
        </HStack>
        {current.activation === "pending" && <Text color="fg.muted">{t("view.activationPending")}</Text>}
        <SubscriptionDetails subscription={current} />
      </Stack>
    );
  })();

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(titleKey ?? "pages:titles.subscription")}
        </Heading>
        <Text color="fg.muted">{t("view.intro")}</Text>
      </Stack>
      <Card.Root css={skinSurface(preferences.skin)}>
        <Card.Body>{body}</Card.Body>
      </Card.Root>
      {configurationId && !subscription.isPending && !subscription.isError && (
        <Card.Root as="section" aria-labelledby="subscription-actions" css={skinSurface(preferences.skin)}>
          <Card.Body gap="4">
            <Heading as="h2" size="md" id="subscription-actions" tabIndex={-1}>
              {current?.is_active ? t("view.changeTitle") : t("view.buyTitle")}
            </Heading>
            <Text color="fg.muted">{t("view.checkoutHelp")}</Text>
            <CheckoutFailure error={checkout.error} />
            {!customerId && <Text color="fg.error">{t("view.noCustomer")}</Text>}
            <HStack justify="space-between" wrap="wrap" gap="4">
              <BillingPeriodSwitch annual={payAnnually} onChange={setAnnual} disabled={checkout.isPending} />
              <HStack gap="3">
                {current?.is_active && (
                  <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={!customerId}>
                    {t("view.cancel")}
                  </Button>
                )}
                <Button
                  loading={checkout.isPending}
                  disabled={!customerId}
                  onClick={() => customerId && checkout.startGeneric({ customer_id: customerId, is_annual: payAnnually })}
                >
                  {current?.is_active ? t("view.change") : t("view.buy")}
                </Button>
              </HStack>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("view.cancelTitle")}
        text={t("view.cancelText")}
        confirmLabel={t("view.cancelConfirm")}
        loading={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={handleCancel}
      />
    </Stack>
  );
}
