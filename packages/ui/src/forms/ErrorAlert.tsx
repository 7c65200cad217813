import { Alert } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { shownFailureCode } from "./shownFailureCode";

/** Codes with a specific "what to do next"; every other code gets the general advice. */
const codesWithHelp = new Set([
  "invalid_credentials",
  "account_inactive",
  "account_exists",
  "invalid_otp",
  "password_reset_failed",
  "rate_limited",
  "services_offline",
  "service_unavailable",
  "invalid_token",
  "token_validation_failed",
  "authentication_required",
  "validation_failed",
  "image_upload_failed",
]);

export function errorHelpKey(code: string): string {
  return codesWithHelp.has(code) ? `errorHelp.${code}` : "errorHelp.default";
}

/**
 * Shows a failed call by its catalogue code, translated, with what to do next; `detail` says more between
 * them (what the server said beyond the code: serverReason.ts's `serverReasonLine`).
 */
export function ErrorAlert({ error, detail }: { error: unknown; detail?: string | null }) {
  const { t, i18n } = useTranslation("messages");
  const code = shownFailureCode(i18n, error);
  if (!error) return null;
  return (
    <Alert.Root status="error" role="alert" data-error-code={code}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(`errors.${code}`)}</Alert.Title>
        {detail && <Alert.Description data-testid="server-reason">{detail}</Alert.Description>}
        <Alert.Description>{t(errorHelpKey(code))}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
