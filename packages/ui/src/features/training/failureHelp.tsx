import { Alert } from "@chakra-ui/react";
import { maxTrainingFileBytes } from "@parley/domain";
import type { i18n as I18n, TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { failureCode } from "../../api/errors";

/** A section whose failures read differently (a 503 of the webshop is the shop's, not a WordPress site's). */
export type FailureScope = "webshop";

/**
 * What a failed training step means and what to do next: the catalogue's text and the screen's advice.
 * A `scope` may say either in its own words (`<scope>.failures.<code>.reason|help`).
 */
export function failureTexts(t: TFunction, i18n: I18n, code = "unknown_error", scope?: FailureScope): { reason: string; help: string } {
  const scoped = (part: "reason" | "help") => {
    const key = `${scope}.failures.${code}.${part}`;
    return scope && i18n.exists(key, { ns: "training" }) ? t(`training:${key}`) : undefined;
  };
  const reason =
    scoped("reason") ?? (code === "cancelled" ? t("training:run.cancelledItem") : t(`messages:errors.${i18n.exists(`errors.${code}`, { ns: "messages" }) ? code : "unknown_error"}`));
  const help = scoped("help") ?? t(`training:help.${i18n.exists(`help.${code}`, { ns: "training" }) ? code : "default"}`, { megabytes: maxTrainingFileBytes / (1024 * 1024) });
  return { reason, help };
}

/** A failed training call: what went wrong, by its catalogue code, and the screen's advice for it. */
export function TrainingFailureAlert({ error, scope }: { error: unknown; scope?: FailureScope }) {
  const { t, i18n } = useTranslation(["training", "messages"]);
  const code = failureCode(error);
  const { reason, help } = failureTexts(t, i18n, code, scope);
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
