import { Alert } from "@chakra-ui/react";
import type { i18n as I18n, TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { failureCode } from "../../api/errors";

/** What a failed training step means and what to do next: the catalogue's text and the screen's advice. */
export function failureTexts(t: TFunction, i18n: I18n, code = "unknown_error"): { reason: string; help: string } {
  const reason = code === "cancelled" ? t("training:run.cancelledItem") : t(`messages:errors.${i18n.exists(`errors.${code}`, { ns: "messages" }) ? code : "unknown_error"}`);
  const help = t(`training:help.${i18n.exists(`help.${code}`, { ns: "training" }) ? code : "default"}`);
  return { reason, help };
}

/** A failed training call: what went wrong, by its catalogue code, and the screen's advice for it. */
export function TrainingFailureAlert({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation(["training", "messages"]);
  const code = failureCode(error);
  const { reason, help } = failureTexts(t, i18n, code);
  return (
    <Alert.Root status="error" role="alert" data-error-code={code}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{reason}</Alert.Title>
        <Alert.Description>{help}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
