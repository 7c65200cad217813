import { Alert, Button, Card, Field, HStack, Heading, SimpleGrid, Stack, Switch, Text } from "@chakra-ui/react";
import { isUnlimited, messageLimitFor, productNames } from "@parley/domain/products";
import { annualAmount, newSubscriptionDefaults, selfOnboardingYearDiscount, yearDiscountOptions } from "@parley/domain/subscription";
import { parseCalendarDate } from "@parley/domain/dates";
import { parseAmount, subscriptionFormSchema } from "@parley/domain/validation/subscription";
import { Form, Formik, useField } from "formik";
import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { LoadFailed, LoadingState } from "../../forms/EditorStates";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { catalogueIssueOf } from "../../forms/serverReason";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { showFailureToast, showToast } from "../../shell/toasts";
import { SubscriptionStatusBadge, subscriptionStateOf } from "../billing/SubscriptionStatus";
import { useBillingFormat } from "../billing/format";
import { useCancelSubscriptionWithToasts, useSaveSubscription, useSubscription, type Subscription } from "../billing/hooks";
import type { Configuration } from "../settings/hooks";
import { formValuesOf, subscriptionBodyOf, type SubscriptionFormValues } from "./form";

export interface AdminSubscriptionSectionProps {
  configuration: Configuration;
  /** Whether the form holds unsaved changes (the settings screen's one leave guard asks for them too). */
  onDirtyChange?: (dirty: boolean) => void;
  now?: () => Date;
}

/**
 * The subscription of the selected configuration, for provider staff (spec 01 §1, §3–§5): the stored one,
 * or the defaults proposed when there is none; save answers 'saved' (200) or 'no changes' (204/304);
 * an active one can be cancelled after a confirmation, and is read again.
 */
export function AdminSubscriptionSection({ configuration, onDirtyChange, now = () => new Date() }: AdminSubscriptionSectionProps) {
  const { t } = useTranslation("adminSubscription");
  const subscription = useSubscription(configuration._id);

  const body = (() => {
    if (subscription.isPending) return <LoadingState label={t("loading")} />;
    if (subscription.isError) return <LoadFailed error={subscription.error} onRetry={() => void subscription.refetch()} />;
    // Keyed by the stored copy: a save or a cancel that changes it starts the form again from it.
    return <SubscriptionForm key={JSON.stringify(subscription.data)} configuration={configuration} stored={subscription.data} onDirtyChange={onDirtyChange} now={now} />;
  })();

  return (
    <Card.Root as="section" aria-labelledby="admin-subscription">
      <Card.Header>
        <Heading as="h2" size="md" id="admin-subscription">
          {t("title")}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t("intro")}
        </Text>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}

interface SubscriptionFormProps {
  configuration: Configuration;
  stored: Subscription | null;
  onDirtyChange?: (dirty: boolean) => void;
  now: () => Date;
}

function SubscriptionForm({ configuration, stored, onDirtyChange, now }: SubscriptionFormProps) {
  const { t } = useTranslation(["adminSubscription", "billing", "messages"]);
  const save = useSaveSubscription(configuration._id);
  const cancel = useCancelSubscriptionWithToasts(configuration._id);
  const [confirming, setConfirming] = useState(false);
  const customerId = stored?.customer_id ?? configuration.customerId ?? null;
  // Computed once per stored copy (the form is keyed by it).
  const [initialValues] = useState(() =>
    formValuesOf(
      stored ??
        // The proposal: a configuration on a self-onboarding product starts as self-onboarding does.
        newSubscriptionDefaults({ selfOnboarding: configuration.product.startsWith("so_"), now: now(), configurationId: configuration._id, customerId }),
    ),
  );

  return (
    <Formik<SubscriptionFormValues>
      initialValues={initialValues}
      validationSchema={subscriptionFormSchema}
      onSubmit={async (values, helpers) => {
        try {
          const answer = await save.mutateAsync(subscriptionBodyOf(values, { configurationId: configuration._id, customerId }));
          await showToast((text) =>
            answer.outcome === "saved" ? { type: "success", title: text("messages:success.data_saved") } : { type: "info", title: text("messages:errors.no_changes_detected") },
          );
        } catch (error) {
          applyFieldErrors(error, helpers, catalogueIssueOf);
          await showFailureToast(error, undefined, fieldsNamedBy(error, t));
        }
      }}
    >
      {({ values, dirty, isSubmitting, resetForm }) => (
        <Form noValidate aria-labelledby="admin-subscription">
          <DirtyReport dirty={dirty} onDirtyChange={onDirtyChange} />
          <Stack gap="5">
            {!stored && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t("noneTitle")}</Alert.Title>
                  <Alert.Description>{t("proposal")}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <LiveStatus values={values} now={now} />
            {/* What failed and what to do next (for a 400: correct the marked fields). */}
            <ErrorAlert error={save.error} />
            <SubscriptionFields values={values} />
            <HStack justify="space-between" wrap="wrap" gap="3">
              <HStack gap="3" wrap="wrap">
                <Button type="submit" loading={isSubmitting}>
                  {t("save")}
                </Button>
                <Button variant="outline" disabled={!dirty || isSubmitting} onClick={() => resetForm()}>
                  {t("reset")}
                </Button>
              </HStack>
              {stored?.is_active && (
                <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={!customerId}>
                  {t("billing:view.cancel")}
                </Button>
              )}
            </HStack>
            {stored?.is_active && !customerId && (
              <Text fontSize="sm" color="fg.muted">
                {t("noCustomer")}
              </Text>
            )}
          </Stack>
          <ConfirmDialog
            open={confirming}
            title={t("billing:view.cancelTitle")}
            text={t("cancelText")}
            confirmLabel={t("billing:view.cancelConfirm")}
            loading={cancel.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => customerId && cancel.cancel(customerId, () => setConfirming(false))}
          />
        </Form>
      )}
    </Formik>
  );
}

/** The labels of the form's fields a failed save names ("Check the marked field: End date"), or none. */
function fieldsNamedBy(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError) || !error.fields?.length) return undefined;
  const names = error.fields.map((field) => field.path.replace(/^\/?(body\/)?/, "")).filter((name) => name in formFieldLabels);
  return names.length ? t("adminSubscription:failedFields", { fields: names.map((name) => t(`adminSubscription:fields.${name}`)).join(", ") }) : undefined;
}

const formFieldLabels: Record<keyof SubscriptionFormValues, true> = {
  chosen_product: true,
  subscription_type: true,
  manual_amount: true,
  year_discount: true,
  end_date: true,
  trial_days: true,
  is_active: true,
};

function DirtyReport({ dirty, onDirtyChange }: { dirty: boolean; onDirtyChange?: (dirty: boolean) => void }) {
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  return null;
}

/** The status the form's values give (active, the trial's days left, trial ended), by the domain's trial rules. */
function LiveStatus({ values, now }: { values: SubscriptionFormValues; now: () => Date }) {
  if (!parseCalendarDate(values.end_date) || !/^\d{4}-\d{2}-\d{2}$/.test(values.end_date) || !/^\d+$/.test(values.trial_days)) return null;
  const state = subscriptionStateOf({ is_active: values.is_active, end_date: values.end_date, trial_days: Number(values.trial_days) }, now());
  return (
    <HStack>
      <SubscriptionStatusBadge state={state} />
    </HStack>
  );
}

function SubscriptionFields({ values }: { values: SubscriptionFormValues }) {
  const { t, i18n } = useTranslation(["adminSubscription", "billing"]);
  const format = useBillingFormat();
  const productOptions = productNames.map((product) => {
    const limit = messageLimitFor(product);
    const messages = isUnlimited(limit) ? t("billing:details.unlimited") : t("billing:details.messagesPerMonth", { count: limit });
    return { value: product, label: `${t(`billing:products.${product}`)} (${product}) — ${messages}` };
  });
  const discounts: number[] = [...yearDiscountOptions];
  // The self-onboarding discount (or another stored value) is offered only to keep it where it is stored.
  if (Number(values.year_discount) === selfOnboardingYearDiscount || !discounts.includes(Number(values.year_discount))) discounts.push(Number(values.year_discount));
  const discountOptions = discounts.sort((a, b) => a - b).map((percent) => ({
    value: String(percent),
    label: t(percent === selfOnboardingYearDiscount ? "selfOnboardingDiscount" : "discountOption", { percent: percent.toLocaleString(i18n.language) }),
  }));
  const amount = parseAmount(values.manual_amount);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <SelectField name="chosen_product" label={t("fields.chosen_product")} options={productOptions} />
      <SelectField
        name="subscription_type"
        label={t("fields.subscription_type")}
        options={[
          { value: "monthly", label: t("billing:period.monthly") },
          { value: "annual", label: t("billing:period.annual") },
        ]}
      />
      <FormField name="manual_amount" label={t("fields.manual_amount")} inputMode="decimal" helperText={t("amountHelp")} />
      <Stack gap="1">
        <SelectField name="year_discount" label={t("fields.year_discount")} options={discountOptions} />
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="annual-price">
          {Number.isNaN(amount) || amount < 0 ? t("annualPriceUnknown") : t("annualPrice", { amount: format.amount(annualAmount(amount, Number(values.year_discount))) })}
        </Text>
      </Stack>
      <FormField name="end_date" label={t("fields.end_date")} type="date" />
      <FormField name="trial_days" label={t("fields.trial_days")} inputMode="numeric" />
      <ActiveSwitch label={t("fields.is_active")} />
    </SimpleGrid>
  );
}

function ActiveSwitch({ label }: { label: string }) {
  const [input, , helpers] = useField<boolean>("is_active");
  return (
    <Field.Root>
      <Switch.Root checked={input.value} onCheckedChange={(details) => void helpers.setValue(details.checked)} name="is_active">
        <Switch.HiddenInput onBlur={input.onBlur} />
        <Switch.Control />
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
    </Field.Root>
  );
}
