import { Alert } from "@chakra-ui/react";
import { maxTrainingFileBytes } from "@parley/domain";
import type { i18n as I18n, TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { failureCode } from "../../api/errors";
import { serverReasonLine } from "../../forms/serverReason";

/**
 * A section whose failures read differently: a 503 there is the shop's or the WordPress site's, not "Services
 * are offline" (ours).
 */
export type FailureScope = "webshop" | "wordpress";

/** The outbound client's refusals, whose catalogue text ends with what to do (`errors.ts` of the domain). */
const adviceInReason = new Set([
  "url_credentials_not_allowed",
  "url_port_not_allowed",
  "url_address_not_allowed",
  "url_too_many_redirects",
  "url_host_not_found",
  "url_connection_failed",
  "url_timeout",
  "url_response_too_large",
  "url_content_type_not_accepted",
  "url_response_invalid",
  "url_page_too_complex",
]);

/**
 * What a failed training step means and what to do next: the catalogue's text and the screen's advice.
 * A `scope` may say either in its own words (`<scope>.failures.<code>.reason|help`). The outbound client's
 * refusals already say in their text what to change; without advice of their own they get none,
 * not "try again; contact support", which is wrong for a private address or a port that is never fetched.
 */
export function failureTexts(t: TFunction, i18n: I18n, code = "unknown_error", scope?: FailureScope): { reason: string; help: string } {
  const scoped = (part: "reason" | "help") => {
    const key = `${scope}.failures.${code}.${part}`;
    return scope && i18n.exists(key, { ns: "training" }) ? t(`training:${key}`) : undefined;
  };
  const reason =
    scoped("reason") ?? (code === "cancelled" ? t("training:run.cancelledItem") : t(`messages:errors.${i18n.exists(`errors.${code}`, { ns: "messages" }) ? code : "unknown_error"}`));
  const ownHelp = i18n.exists(`help.${code}`, { ns: "training" });
  const help =
    scoped("help") ??
    (!ownHelp && adviceInReason.has(code)
      ? ""
      : t(`training:help.${ownHelp ? code : "default"}`, { megabytes: maxTrainingFileBytes / (1024 * 1024) }));
  return { reason, help };
}

/**
 * A failed training call: what went wrong, by its catalogue code, the server's own reason where it gave one
 * (the shop's answer, a refused field), and the screen's advice for it.
 */
export function TrainingFailureAlert({ error, scope }: { error: unknown; scope?: FailureScope }) {
  const { t, i18n } = useTranslation(["training", "messages"]);
  const code = failureCode(error);
  const { reason, help } = failureTexts(t, i18n, code, scope);
  const said = serverReasonLine(t, i18n, error);
  return (
    <Alert.Root status="error" role="alert" data-error-code={code}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{reason}</Alert.Title>
        {said && <Alert.Description data-testid="server-reason">{said}</Alert.Description>}
        {help && <Alert.Description>{help}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
