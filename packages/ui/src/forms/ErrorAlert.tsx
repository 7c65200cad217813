import { Alert } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { serverReasonLine } from "./serverReason";
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
 * Shows a failed call by its catalogue code, translated, with what to do next; with `serverReason`, also what
 * the server said beyond the code (its field messages or its own reason), for a screen whose failures the
 * server explains (a shop it could not use).
 */
export function ErrorAlert({ error, serverReason = false }: { error: unknown; serverReason?: boolean }) {
  const { t, i18n } = useTranslation("messages");
  const code = shownFailureCode(i18n, error);
  if (!error) return null;
  const said = serverReason ? serverReasonLine(t, i18n, error) : null;
  return (
    <Alert.Root status="error" role="alert" data-error-code={code}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(`errors.${code}`)}</Alert.Title>
        {said && <Alert.Description data-testid="server-reason">{said}</Alert.Description>}
        <Alert.Description>{t(errorHelpKey(code))}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
