import { Alert, Button, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import { addressFields, missingAddressFields, type AddressField } from "@parley/domain/address";
import { errorMessages } from "@parley/domain/errors";
import { isLanguageCode } from "@parley/domain/locale";
import { routes } from "@parley/domain/roles";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { ApiError, failureCode } from "../../api/errors";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { useFetchCustomer } from "../../shell/hooks";
import { continueToSubscriptionKey } from "../../shell/ProfileMenu";
import { useCreateCheckoutSession, useCreateFixedCheckoutSession } from "./hooks";

/** Where the browser goes to pay: a separate object, so a test can watch the page leave. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The server's own checkout page (no payment provider set up) speaks the portal's language, not only the account's. */
const builtInCheckoutPath = /\/api\/orders\/local-checkout\/[^/]+$/;

/** The payment page's address, with the interface language added where the page is the built-in one. */
export function checkoutAddress(url: string, language: string | undefined): string {
  if (!isLanguageCode(language)) return url;
  try {
    const address = new URL(url, window.location.href);
    if (!builtInCheckoutPath.test(address.pathname)) return url;
    address.searchParams.set("lang", language);
    return address.toString();
  } catch {
    return url;
  }
}

/**
 * Starts a checkout, generic (customer, with is_annual) or fixed-price (customer_so, with the price id),
 * and sends the browser to the payment page the answer names. The customer's address must be complete
 * first (spec 01 §5): it is read before the checkout starts, so the customer learns what to fill in before
 * the payment provider is involved; the server's own `customer_details_incomplete` reads the same.
 */
export function useStartCheckout() {
  const fetchCustomer = useFetchCustomer();
  const generic = useCreateCheckoutSession();
  const fixed = useCreateFixedCheckoutSession();
  const [profileError, setProfileError] = useState<unknown>(null);
  const { i18n } = useTranslation();
  const leave = ({ url }: { url: string }) => browserNavigation.assign(checkoutAddress(url, i18n.resolvedLanguage));

  const afterProfileCheck = async (customerId: string, start: () => void) => {
    setProfileError(null);
    generic.reset();
    fixed.reset();
    try {
      const missing = missingAddressFields((await fetchCustomer.mutateAsync(customerId)).data);
      if (missing.length > 0) {
        const fields = missing.map((path) => ({ path, message: errorMessages.field_required }));
        setProfileError(new ApiError("customer_details_incomplete", errorMessages.customer_details_incomplete, 400, fields));
        return;
      }
    } catch (error) {
      setProfileError(error);
      return;
    }
    start();
  };

  return {
    startGeneric: (body: { customer_id: string; is_annual: boolean }) => void afterProfileCheck(body.customer_id, () => generic.mutate(body, { onSuccess: leave })),
    startFixed: (body: { customer_id: string; stripe_price_id: string }) => void afterProfileCheck(body.customer_id, () => fixed.mutate(body, { onSuccess: leave })),
    // Pending until the browser has left: the answer's URL is loading.
    isPending: fetchCustomer.isPending || generic.isPending || fixed.isPending || generic.isSuccess || fixed.isSuccess,
    error: profileError ?? generic.error ?? fixed.error,
  };
}

/** The address fields a `customer_details_incomplete` answer names (its `errors` paths), in the form's order. */
export function missingFieldsOf(error: unknown): AddressField[] {
  const paths = new Set(error instanceof ApiError ? (error.fields ?? []).map((field) => field.path) : []);
  return addressFields.filter((field) => paths.has(field));
}

/**
 * A checkout that could not start. Incomplete customer details (spec 01 §5) say what to fill in and lead to
 * the profile, which continues to the subscription afterwards; other failures say what to do next.
 */
export function CheckoutFailure({ error }: { error: unknown }) {
  const { t } = useTranslation(["billing", "customers", "messages"]);
  if (!error) return null;
  if (failureCode(error) !== "customer_details_incomplete") return <ErrorAlert error={error} />;
  const missing = missingFieldsOf(error);
  return (
    <Alert.Root status="warning" role="alert" data-error-code="customer_details_incomplete">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t("messages:errors.customer_details_incomplete")}</Alert.Title>
        <Alert.Description>
          <Stack gap="2" align="flex-start">
            <Text>
              {missing.length > 0
                ? t("billing:checkout.missingFields", { fields: missing.map((field) => t(`customers:customers.fields.${field}`)).join(", ") })
                : t("billing:checkout.completeProfile")}
            </Text>
            <Button asChild size="sm" variant="outline">
              <RouterLink to={routes.customerProfile} onClick={() => sessionStorage.setItem(continueToSubscriptionKey, "1")}>
                {t("billing:checkout.toProfile")}
              </RouterLink>
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export interface BillingPeriodSwitchProps {
  annual: boolean;
  onChange: (annual: boolean) => void;
  disabled?: boolean;
}

/** Monthly or annual payment, as one switch. */
export function BillingPeriodSwitch({ annual, onChange, disabled }: BillingPeriodSwitchProps) {
  const { t } = useTranslation("billing");
  return (
    <HStack gap="3">
      <Text color={annual ? "fg.muted" : "fg"} aria-hidden>
        {t("period.monthly")}
      </Text>
      <Switch.Root checked={annual} disabled={disabled} onCheckedChange={(details) => onChange(details.checked)}>
        <Switch.HiddenInput aria-label={t("period.payAnnually")} />
        <Switch.Control />
      </Switch.Root>
      <Text color={annual ? "fg" : "fg.muted"} aria-hidden>
        {t("period.annual")}
      </Text>
    </HStack>
  );
}
