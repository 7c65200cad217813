import { Button, Card, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { defaultAdminProduct, isProduct, isUnlimited, messageLimitFor } from "@parley/domain/products";
import { newConfigurationSchema } from "@parley/domain/validation/configuration";
import { Form, Formik } from "formik";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { selectConfiguration } from "../../configuration/selection";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { catalogueIssueOf } from "../../forms/serverReason";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useSaveConfiguration } from "./hooks";
import { useCustomerOptions, useProductOptions } from "./SettingsPages";

/**
 * An admin's new configuration: a name, the customer and the product; the server adds the domain's
 * defaults and the product's message limit. It is selected at once, so the sidebar finds it.
 */
export function NewConfigurationForm() {
  const { t } = useTranslation(["settings", "shell"]);
  const productOptions = useProductOptions();
  const navigate = useNavigate();
  const save = useSaveConfiguration();
  const customerOptions = useCustomerOptions();
  return (
    <Stack gap="6" maxW="2xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t("shell:configuration.new")}
        </Heading>
        <Text color="fg.muted">{t("newConfiguration.intro")}</Text>
      </Stack>
      <Card.Root>
        <Card.Body>
          <Formik
            initialValues={{ name: "", customerId: "", product: defaultAdminProduct as string }}
            validationSchema={newConfigurationSchema}
            onSubmit={async (values, helpers) => {
              try {
                const answer = await save.mutateAsync({
                  name: values.name.trim(),
                  customerId: values.customerId || null,
                  product: isProduct(values.product) ? values.product : defaultAdminProduct,
                });
                selectConfiguration({ _id: answer.data._id, name: answer.data.name });
                await showToast((text) => ({ type: "success", title: text("messages:success.data_saved") }));
                // The form goes, and its button with the focus: the new configuration's first field takes it.
                navigate("/settings/general", { replace: true, state: { focusFirstField: true } });
              } catch (error) {
                applyFieldErrors(error, helpers, catalogueIssueOf);
                await showFailureToast(error);
              }
            }}
          >
            {({ values, isSubmitting }) => {
              const limit = isProduct(values.product) ? messageLimitFor(values.product) : null;
              return (
                <Form noValidate>
                  <Stack gap="4">
                    <ErrorAlert error={save.error} />
                    <FormField name="name" label={t("fields.name")} required autoFocus />
                    <SelectField name="customerId" label={t("fields.customerId")} options={customerOptions} />
                    <SelectField name="product" label={t("fields.product")} options={productOptions} required />
                    {limit !== null && (
                      <Text fontSize="sm" color="fg.muted" data-testid="new-message-limit">
                        {isUnlimited(limit) ? t("newConfiguration.unlimited") : t("newConfiguration.messageLimit", { limit })}
                      </Text>
                    )}
                    <HStack justify="flex-end">
                      <Button variant="outline" onClick={() => navigate("/")}>
                        {t("newConfiguration.cancel")}
                      </Button>
                      <Button type="submit" loading={isSubmitting}>
                        {t("newConfiguration.create")}
                      </Button>
                    </HStack>
                  </Stack>
                </Form>
              );
            }}
          </Formik>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
