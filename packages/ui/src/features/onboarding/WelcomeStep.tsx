import { Button, Checkbox, Field, Fieldset, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { hasAllConsents, onboardingConsents, type OnboardingConsent } from "@parley/domain/onboarding";
import { Form, Formik, useField, useFormikContext } from "formik";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { useSessionUser } from "../../shell/useSessionUser";
import { useCheckOnboardingUrl } from "./hooks";
import { normaliseWebsiteUrl } from "./wizard";

/** The URL check outcomes of spec 01 §5 the server answers with `valid` false; each has its own "what to do next". */
export const urlCheckCodes = ["no_url_provided", "invalid_domain", "blocked_keyword", "domain_blocked", "domain_unreachable", "url_unsafe", "url_parse_error", "url_not_allowed"] as const;
const isUrlCheckCode = (code: string): code is (typeof urlCheckCodes)[number] => (urlCheckCodes as readonly string[]).includes(code);

/**
 * The outcomes where the website exists but could not be read (down, under construction, behind a login or a
 * firewall, refusing bots): the user may set up without it. Every other refusal stays a refusal.
 */
const unreadableCodes: readonly string[] = ["domain_unreachable"];

interface WelcomeValues {
  url: string;
  consents: Record<OnboardingConsent, boolean>;
}

export interface WelcomeStepProps {
  /** The website of the attempt in progress, if any: continuing with it unchanged keeps what was found. */
  checkedUrl: string | null;
  onChecked: (url: string, attemptId: string) => void;
  onUnchanged: () => void;
  /** The website could not be read and the user chose to write the proposals themselves. */
  onSetUpWithoutWebsite: (url: string) => void;
}

function UrlField({ outcome }: { outcome: string | null }) {
  const { t } = useTranslation(["onboarding", "messages"]);
  const [field, meta] = useField<string>("url");
  const code = (meta.touched && meta.error) || outcome;
  return (
    <Field.Root invalid={Boolean(code)} required>
      <Field.Label>
        {t("welcome.url")}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...field} type="url" inputMode="url" autoComplete="url" placeholder={t("welcome.urlPlaceholder")} autoFocus />
      {!code && <Field.HelperText>{t("welcome.urlHelp")}</Field.HelperText>}
      {code && (
        <Field.ErrorText data-testid="url-outcome" data-code={code}>
          {t(`messages:errors.${code}`)} {isUrlCheckCode(code) ? t(`welcome.outcomeHelp.${code}`) : t("welcome.outcomeHelp.default")}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}

function Consents() {
  const { t } = useTranslation("onboarding");
  const { values, setFieldValue, errors, submitCount } = useFormikContext<WelcomeValues>();
  const missing = submitCount > 0 && Boolean(errors.consents);
  return (
    <Fieldset.Root invalid={missing}>
      <Fieldset.Legend fontWeight="medium">{t("welcome.consentLegend")}</Fieldset.Legend>
      <Stack gap="2" mt="2">
        {onboardingConsents.map((consent) => (
          <Checkbox.Root
            key={consent}
            checked={values.consents[consent]}
            onCheckedChange={(details) => void setFieldValue(`consents.${consent}`, details.checked === true)}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput name={`consents.${consent}`} />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>{t(`welcome.consent.${consent}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {missing && <Fieldset.ErrorText role="alert">{t("welcome.consentRequired")}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

/** The way on for a website that could not be read; the consents are checked again, as they may have been unticked since. */
function SetUpWithoutWebsite({ onChoose }: { onChoose: (url: string) => void }) {
  const { t } = useTranslation("onboarding");
  const { values, validateForm } = useFormikContext<WelcomeValues>();
  const helpId = useId();
  const handleChoose = async () => {
    const errors = await validateForm();
    if (Object.keys(errors).length === 0) onChoose(normaliseWebsiteUrl(values.url));
  };
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle" data-testid="without-website">
      <Text fontWeight="medium">{t("welcome.withoutWebsite.title")}</Text>
      <Text id={helpId} fontSize="sm" color="fg.muted">
        {t("welcome.withoutWebsite.help")}
      </Text>
      <Button variant="outline" alignSelf="flex-start" aria-describedby={helpId} onClick={() => void handleChoose()}>
        {t("welcome.withoutWebsite.action")}
      </Button>
    </Stack>
  );
}

/**
 * Welcome (spec 01 §2, §5): the website and the consent, then the URL check. A refused URL is shown at the
 * field by its code, in the user's language, with what to do next; a call that failed altogether is shown
 * above the form. A website that exists but could not be read does not stop the user: they may set up
 * without it and write the proposals themselves.
 */
export function WelcomeStep({ checkedUrl, onChecked, onUnchanged, onSetUpWithoutWebsite }: WelcomeStepProps) {
  const { t } = useTranslation("onboarding");
  const userId = useSessionUser()?.id;
  const check = useCheckOnboardingUrl();
  // A refused address's code, shown while the field still holds that address.
  const [outcome, setOutcome] = useState<{ url: string; code: string } | null>(null);
  const initialValues: WelcomeValues = {
    url: checkedUrl ?? "",
    // A user coming back to change the website has consented already.
    consents: Object.fromEntries(onboardingConsents.map((consent) => [consent, checkedUrl !== null])) as Record<OnboardingConsent, boolean>,
  };

  return (
    <Formik<WelcomeValues>
      initialValues={initialValues}
      validate={(values) => ({
        ...(values.url.trim() === "" ? { url: "no_url_provided" } : {}),
        ...(hasAllConsents(values.consents) ? {} : { consents: "consent_required" }),
      })}
      onSubmit={async (values) => {
        setOutcome(null);
        const url = normaliseWebsiteUrl(values.url);
        if (checkedUrl !== null && url === checkedUrl) return onUnchanged();
        const answer = await check.mutateAsync({ url, ...(userId ? { userId } : {}) }).catch((error: unknown) => {
          // A server that refuses the address with a problem instead of `valid` false is shown the same way.
          if (error instanceof ApiError && isUrlCheckCode(error.code)) setOutcome({ url: values.url, code: error.code });
          return null;
        });
        if (!answer) return;
        if (answer.valid && answer.attempt_id) onChecked(url, answer.attempt_id);
        else setOutcome({ url: values.url, code: answer.code ?? "url_parse_error" });
      }}
    >
      {({ isSubmitting, values }) => {
        const shownOutcome = outcome?.url === values.url ? outcome.code : null;
        return (
          <Form noValidate aria-label={t("welcome.formLabel")}>
            <Stack gap="5">
              <Stack gap="1">
                <Text fontWeight="medium">{t("welcome.title")}</Text>
                <Text color="fg.muted">{t("welcome.intro")}</Text>
              </Stack>
              <ErrorAlert error={check.error instanceof ApiError && isUrlCheckCode(check.error.code) ? null : check.error} />
              <UrlField outcome={shownOutcome} />
              <Consents />
              <HStack gap="2">
                <Button type="submit" loading={isSubmitting} loadingText={t("welcome.checking")}>
                  {t("actions.continue")}
                </Button>
              </HStack>
              {shownOutcome !== null && unreadableCodes.includes(shownOutcome) && !isSubmitting && <SetUpWithoutWebsite onChoose={onSetUpWithoutWebsite} />}
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
