import { Badge, Button, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { missingAddressFields } from "@parley/domain/address";
import { customerSaveOutcome } from "@parley/domain/customers";
import { countries, interfaceLanguages } from "@parley/domain/locale";
import { customerSchema } from "@parley/domain/validation/customer";
import { Form, Formik } from "formik";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { CheckboxField } from "../../forms/CheckboxField";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { showToast } from "../../shell/toasts";
import type { CustomerEditorEvent, CustomerEditorState } from "./editor";
import { toCustomerInput, toFormValues, type CustomerFormValues } from "./form";
import { useCreateOrUpdateCustomer, useCustomerHasConfiguration, useDeleteCustomer } from "./hooks";

function AddressCompleteness({ values }: { values: CustomerFormValues }) {
  const { t } = useTranslation("customers");
  const missing = missingAddressFields(values);
  if (missing.length === 0) return <Badge colorPalette="green">{t("customers.address.complete")}</Badge>;
  return (
    <Badge colorPalette="orange" whiteSpace="normal">
      {t("customers.address.incomplete", { fields: missing.map((field) => t(`customers.fields.${field}`)).join(", ") })}
    </Badge>
  );
}

function ConfigurationBadge({ customerId }: { customerId: string }) {
  const { t } = useTranslation("customers");
  const hasConfiguration = useCustomerHasConfiguration(customerId);
  if (hasConfiguration.data === undefined) return null;
  return (
    <Badge colorPalette={hasConfiguration.data ? "green" : "gray"}>
      {t(hasConfiguration.data ? "customers.configuration.has" : "customers.configuration.none")}
    </Badge>
  );
}

/** The form of the selected customer (or a new one), with save, cancel, new and delete (spec 01 §4). */
export function CustomerForm({ editor, dispatch }: { editor: CustomerEditorState; dispatch: (event: CustomerEditorEvent) => void }) {
  const { t, i18n } = useTranslation(["customers", "messages"]);
  const save = useCreateOrUpdateCustomer();
  const remove = useDeleteCustomer();
  const [confirming, setConfirming] = useState(false);
  const [noChanges, setNoChanges] = useState(false);
  const { selected } = editor;
  const regionNames = new Intl.DisplayNames([i18n.language], { type: "region" });
  const countryOptions = countries.map((country) => ({ value: country.code, label: regionNames.of(country.code) ?? country.name }));
  const languageOptions = interfaceLanguages.map((language) => ({ value: language.code, label: language.name }));

  const deleteSelected = async () => {
    if (!selected._id) return;
    try {
      await remove.mutateAsync(selected._id);
      setConfirming(false);
      dispatch({ type: "deleted" });
      void showToast((tt) => ({ type: "success", title: tt("messages:success.data_deleted") }));
    } catch {
      setConfirming(false);
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <Formik<CustomerFormValues>
          key={editor.revision}
          initialValues={toFormValues(selected)}
          validationSchema={customerSchema}
          onSubmit={async (values, helpers) => {
            setNoChanges(false);
            try {
              const answer = await save.mutateAsync(toCustomerInput(values, selected._id));
              const outcome = customerSaveOutcome(answer);
              if (outcome.saved && answer.updated_customer) {
                dispatch({ type: "saved", customer: answer.updated_customer });
                void showToast((tt) => ({ type: "success", title: tt("messages:success.data_saved") }));
              } else {
                setNoChanges(true);
              }
            } catch (error) {
              applyFieldErrors(error, helpers);
            }
          }}
        >
          {({ values, isSubmitting, dirty }) => (
            <Form noValidate aria-labelledby="customer-form-title">
              <Stack gap="4">
                <Stack gap="2">
                  <Heading as="h2" size="lg" id="customer-form-title">
                    {selected._id ? t("customers.form.editTitle", { name: editor.snapshot?.name ?? selected.name }) : t("customers.form.newTitle")}
                  </Heading>
                  <HStack gap="2" wrap="wrap">
                    <AddressCompleteness values={values} />
                    {selected._id && <ConfigurationBadge customerId={selected._id} />}
                  </HStack>
                </Stack>
                <ErrorAlert error={save.error ?? remove.error} />
                {noChanges && !dirty && (
                  <Text role="status" color="fg.muted" data-testid="no-changes">
                    {t("messages:errors.no_changes_detected")}
                  </Text>
                )}
                <Heading as="h3" size="sm">
                  {t("customers.form.company")}
                </Heading>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField name="name" label={t("customers.fields.name")} required />
                  <FormField name="companyName" label={t("customers.fields.companyName")} />
                  <FormField name="contactPerson" label={t("customers.fields.contactPerson")} autoComplete="off" />
                  <FormField name="contactPersonPhone" label={t("customers.fields.contactPersonPhone")} type="tel" helperText={t("customers.form.phoneHelp")} />
                  <FormField name="contactPersonEmail" label={t("customers.fields.contactPersonEmail")} type="email" />
                  <SelectField name="language" label={t("customers.fields.language")} placeholder={t("customers.form.choose")} options={languageOptions} />
                </SimpleGrid>
                <Heading as="h3" size="sm">
                  {t("customers.form.address")}
                </Heading>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField name="street" label={t("customers.fields.street")} />
                  <SimpleGrid columns={2} gap="4">
                    <FormField name="houseNumber" label={t("customers.fields.houseNumber")} />
                    <FormField name="addition" label={t("customers.fields.addition")} />
                  </SimpleGrid>
                  <FormField name="postalCode" label={t("customers.fields.postalCode")} />
                  <FormField name="city" label={t("customers.fields.city")} />
                  <SelectField name="country" label={t("customers.fields.country")} placeholder={t("customers.form.choose")} options={countryOptions} />
                  <FormField name="timezone" label={t("customers.fields.timezone")} placeholder="Europe/Amsterdam" />
                </SimpleGrid>
                <Heading as="h3" size="sm">
                  {t("customers.form.billing")}
                </Heading>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
                  <FormField name="taxId" label={t("customers.fields.taxId")} />
                  <CheckboxField name="taxExempt" label={t("customers.fields.taxExempt")} />
                </SimpleGrid>
                {selected.stripe_customer_id && (
                  <Text fontSize="sm" color="fg.muted">
                    {t("customers.fields.stripeCustomerId")}: {selected.stripe_customer_id}
                  </Text>
                )}
                <Flex gap="2" wrap="wrap" justify="space-between">
                  <HStack gap="2">
                    <Button type="submit" loading={isSubmitting}>
                      {t("customers.actions.save")}
                    </Button>
                    <Button variant="outline" onClick={() => dispatch({ type: "cancel" })} disabled={isSubmitting}>
                      {t("customers.actions.cancel")}
                    </Button>
                  </HStack>
                  {selected._id && (
                    <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={isSubmitting}>
                      {t("customers.actions.delete")}
                    </Button>
                  )}
                </Flex>
              </Stack>
            </Form>
          )}
        </Formik>
        <ConfirmDialog
          open={confirming}
          title={t("customers.delete.title", { name: selected.name })}
          text={t("customers.delete.text")}
          confirmLabel={t("customers.actions.delete")}
          loading={remove.isPending}
          onConfirm={() => void deleteSelected()}
          onCancel={() => setConfirming(false)}
        />
      </Card.Body>
    </Card.Root>
  );
}
