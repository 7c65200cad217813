import { Alert } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { failureHelpText } from "./failureAdvice";
import { shownFailureCode } from "./shownFailureCode";

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
        <Alert.Description>{failureHelpText(t, i18n.language, error, code)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
