import { Alert, Button, Card, Checkbox, Fieldset, Heading, Stack, Text } from "@chakra-ui/react";
import { premiumFeatures, type PremiumFeature } from "@parley/domain/products";
import { contactPremiumSchema } from "@parley/domain/validation/contact";
import { Form, Formik, useField, type FormikErrors } from "formik";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { ValidationError } from "yup";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FormField } from "../../forms/FormField";
import { TextareaField } from "../../forms/TextareaField";
import { applyFieldErrors, fieldIssueOf } from "../../forms/fieldIssues";
import { usePreferences } from "../../preferences/context";
import { skinSurface } from "../../shell/skin";
import { useSubmitContactPremium } from "./hooks";

export interface ContactPremiumValues {
  selectedFeatures: PremiumFeature[];
  otherFeature: string;
  message: string;
}

const isPremiumFeature = (value: string | null): value is PremiumFeature => (premiumFeatures as readonly (string | null)[]).includes(value);

/**
 * The domain's schema as formik errors. Its rule for the whole form (a feature or a message) has no field
 * of its own: it is shown with the features, where the reader starts.
 */
export async function validateContactPremium(values: ContactPremiumValues): Promise<FormikErrors<ContactPremiumValues>> {
  try {
    await contactPremiumSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, unknown> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const field = failure.path && !failure.path.startsWith("selectedFeatures") ? failure.path : "selectedFeatures";
      errors[field] ??= failure.message;
    }
    return errors as FormikErrors<ContactPremiumValues>;
  }
}

function FeatureChoices() {
  const { t } = useTranslation(["premium", "shell", "messages"]);
  const [field, meta, helpers] = useField<PremiumFeature[]>("selectedFeatures");
  const issue = meta.touched ? fieldIssueOf(meta.error) : undefined;
  const toggle = (feature: PremiumFeature, checked: boolean) => {
    const chosen = new Set(field.value);
    if (checked) chosen.add(feature);
    else chosen.delete(feature);
    void helpers.setValue(premiumFeatures.filter((each) => chosen.has(each)));
    void helpers.setTouched(true, false);
  };
  const failed = issue !== undefined;
  return (
    <Fieldset.Root invalid={failed}>
      <Fieldset.Legend fontWeight="medium">{t("premium.contact.featuresLegend")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("premium.contact.featuresHelp")}</Fieldset.HelperText>
      <Stack gap="2" mt="2">
        {premiumFeatures.map((feature) => (
          <Checkbox.Root key={feature} checked={field.value.includes(feature)} onCheckedChange={(details) => toggle(feature, details.checked === true)}>
            <Checkbox.HiddenInput name="selectedFeatures" value={feature} />
            <Checkbox.Control />
            <Checkbox.Label>{t(`shell:nav.${feature}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {issue && <Fieldset.ErrorText role="alert">{t(`messages:validation.${issue.key}`, issue.values)}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

/**
 * The premium-features contact form (spec 01 §3, §5): the locked premium items as checkboxes (the one
 * the menu linked from already ticked), another feature, a message; at least one feature or a message.
 */
export function ContactPremiumPage({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation(["premium", "pages", "messages"]);
  const [preferences] = usePreferences();
  const [params] = useSearchParams();
  const submit = useSubmitContactPremium();
  const [sent, setSent] = useState(false);
  const linked = params.get("feature");
  const initialValues: ContactPremiumValues = { selectedFeatures: isPremiumFeature(linked) ? [linked] : [], otherFeature: "", message: "" };

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(titleKey ?? "pages:titles.contactPremium")}
        </Heading>
        <Text color="fg.muted">{t("premium.contact.intro")}</Text>
      </Stack>
      <Card.Root css={skinSurface(preferences.skin)}>
        <Card.Body>
          {sent ? (
            <Stack gap="4" align="flex-start">
              <Alert.Root status="success" role="status">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t("premium.contact.sentTitle")}</Alert.Title>
                  <Alert.Description>{t("premium.contact.sentText")}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <Button
                variant="outline"
                onClick={() => {
                  submit.reset();
                  setSent(false);
                }}
              >
                {t("premium.contact.sendAnother")}
              </Button>
            </Stack>
          ) : (
            <Formik<ContactPremiumValues>
              initialValues={initialValues}
              validate={validateContactPremium}
              onSubmit={async (values, helpers) => {
                try {
                  await submit.mutateAsync({
                    selectedFeatures: values.selectedFeatures,
                    otherFeature: values.otherFeature.trim() || null,
                    message: values.message.trim() || null,
                  });
                  setSent(true);
                } catch (error) {
                  applyFieldErrors(error, helpers);
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate aria-label={t("premium.contact.formLabel")}>
                  <Stack gap="5">
                    <ErrorAlert error={submit.error} />
                    <FeatureChoices />
                    <FormField name="otherFeature" label={t("premium.contact.otherFeature")} helperText={t("premium.contact.otherFeatureHelp")} />
                    <TextareaField name="message" label={t("premium.contact.message")} rows={5} />
                    <Button type="submit" loading={isSubmitting} alignSelf="flex-start">
                      {t("premium.contact.send")}
                    </Button>
                  </Stack>
                </Form>
              )}
            </Formik>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
