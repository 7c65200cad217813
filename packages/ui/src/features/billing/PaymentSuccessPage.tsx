import { Alert, Button, Flex, Spinner, Stack, Text } from "@chakra-ui/react";
import { routes } from "@parley/domain/roles";
import { paymentPollIntervalMs, paymentPollTimeoutMs, type PaymentState } from "@parley/domain/subscription";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { failureCode } from "../../api/errors";
import { getSelectedConfiguration } from "../../configuration/selection";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { homePathIn } from "../../guard/decide";
import { AuthLayout } from "../../layout/AuthLayout";
import { usePortal } from "../../portalContext";
import { getSessionUser } from "../../session/session";
import { useActivateProduct, useCheckPaymentStatus, useSubscription } from "./hooks";

/** Why the payment could not be confirmed: not in time, refused by the provider, or a failed call. */
type FailureReason = "timeout" | "failed" | "error";

export interface PaymentConfirmation {
  state: PaymentState;
  reason: FailureReason | null;
  error: unknown;
  retry: () => void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Activates what the checkout session bought (idempotent), then asks for the customer's payment until it
 * is paid, refused or the time is up; activates once more when the payment arrived after the first try.
 * Without a signed-in customer to ask about, the activation's answer decides.
 */
export function usePaymentConfirmation(sessionId: string, customerId: string | null, { intervalMs = paymentPollIntervalMs, timeoutMs = paymentPollTimeoutMs } = {}): PaymentConfirmation {
  const activate = useActivateProduct();
  const check = useCheckPaymentStatus();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Omit<PaymentConfirmation, "retry">>({ state: "waiting", reason: null, error: null });
  const { mutateAsync: activateAsync } = activate;
  const { mutateAsync: checkAsync } = check;

  useEffect(() => {
    let stopped = false;
    const finish = (state: PaymentState, reason: FailureReason | null = null, error: unknown = null) => {
      if (!stopped) setOutcome({ state, reason, error });
    };
    setOutcome({ state: "waiting", reason: null, error: null });
    void (async () => {
      try {
        const first = await activateAsync(sessionId);
        if (!customerId) return finish(first.success ? "success" : "failure", first.success ? null : "timeout");
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          if (stopped) return;
          const status = await checkAsync(customerId);
          if (status === "paid") {
            if (!first.success) await activateAsync(sessionId);
            return finish("success");
          }
          if (status === "failed") return finish("failure", "failed");
          if (Date.now() + intervalMs > deadline) return finish("failure", "timeout");
          await pause(intervalMs);
        }
      } catch (error) {
        finish("failure", "error", error);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [sessionId, customerId, intervalMs, timeoutMs, attempt, activateAsync, checkAsync]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...outcome, retry };
}

/** The plan the payment activated: the selected configuration's subscription, when one is selected. */
function ActivatedPlan() {
  const { t } = useTranslation("billing");
  const configurationId = useRef(getSelectedConfiguration()?._id ?? "").current;
  const subscription = useSubscription(configurationId);
  const current = subscription.data;
  if (!current) return null;
  return (
    <Text data-testid="activated-plan">
      {t("payment.activatedPlan", { plan: t(`products.${current.chosen_product}`), period: t(current.subscription_type === "annual" ? "period.annual" : "period.monthly") })}
    </Text>
  );
}

/** One outcome of the page: what happened and what to do next. */
function Outcome({ status, title, text }: { status: "success" | "error" | "warning"; title: string; text: string }) {
  return (
    <Alert.Root status={status} role={status === "success" ? "status" : "alert"}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export interface PaymentSuccessPageProps {
  /** How often and how long to ask (the domain's defaults). */
  intervalMs?: number;
  timeoutMs?: number;
}

function PaymentProgress({ sessionId, intervalMs, timeoutMs }: PaymentSuccessPageProps & { sessionId: string }) {
  const { t } = useTranslation(["billing", "messages"]);
  const portal = usePortal().kind;
  const user = getSessionUser();
  const confirmation = usePaymentConfirmation(sessionId, user?.customerId ?? null, { intervalMs, timeoutMs });
  const home = user?.role ? homePathIn(portal, user.role) : routes.login;

  if (confirmation.state === "waiting") {
    return (
      <Flex role="status" aria-live="polite" align="center" gap="3" minH="24">
        <Spinner /> <Text>{t("payment.waiting")}</Text>
      </Flex>
    );
  }
  if (confirmation.state === "success") {
    return (
      <Stack gap="4">
        <Outcome status="success" title={t("payment.successTitle")} text={t("payment.successText")} />
        <ActivatedPlan />
        <Button asChild>
          <RouterLink to={home}>{user ? t("payment.toHome") : t("payment.toLogin")}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      {confirmation.reason === "error" && failureCode(confirmation.error) !== "not_found" ? (
        <ErrorAlert error={confirmation.error} />
      ) : (
        <Outcome
          status="error"
          title={confirmation.reason === "failed" ? t("payment.failedTitle") : confirmation.reason === "error" ? t("payment.unknownTitle") : t("messages:errors.payment_timeout")}
          text={t(confirmation.reason === "failed" ? "payment.failedText" : "payment.timeoutText")}
        />
      )}
      <Button onClick={confirmation.retry}>{t("messages:actions.retry")}</Button>
      <Button asChild variant="outline">
        <RouterLink to={home}>{user ? t("payment.toHome") : t("payment.toLogin")}</RouterLink>
      </Button>
    </Stack>
  );
}

/** The payment return page (`?session_id=`): activates the product and waits for the payment; passes the route guard. */
export function PaymentSuccessPage({ intervalMs, timeoutMs }: PaymentSuccessPageProps) {
  const { t } = useTranslation("billing");
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  return (
    <AuthLayout title={t("payment.title")}>
      {sessionId ? (
        <PaymentProgress sessionId={sessionId} intervalMs={intervalMs} timeoutMs={timeoutMs} />
      ) : (
        <Stack gap="4">
          <Outcome status="warning" title={t("payment.noSession")} text={t("payment.noSessionText")} />
          <Button asChild variant="outline">
            <RouterLink to={routes.customerHome}>{t("payment.toHome")}</RouterLink>
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
