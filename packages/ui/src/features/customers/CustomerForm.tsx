import { Badge, Button, Card, Flex, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { missingAddressFields } from "@parley/domain/address";
import { customerSaveOutcome } from "@parley/domain/customers";
import { customerSchema } from "@parley/domain/validation/customer";
import { Form, Formik } from "formik";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { UnsavedChangesGuard } from "../../forms/UnsavedChangesGuard";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { catalogueIssueOf } from "../../forms/serverReason";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { showToast } from "../../shell/toasts";
import type { CustomerEditorEvent, CustomerEditorState } from "./editor";
import { CustomerFields } from "./CustomerFields";
import { toCustomerInput, toFormValues, type CustomerFormValues } from "./form";
import { useCreateOrUpdateCustomer, useCustomerHasConfiguration, useDeleteCustomer } from "./hooks";

export function AddressCompleteness({ values }: { values: CustomerFormValues }) {
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
  const { t } = useTranslation(["customers", "messages"]);
  const save = useCreateOrUpdateCustomer();
  const remove = useDeleteCustomer();
  const [confirming, setConfirming] = useState(false);
  const [noChanges, setNoChanges] = useState(false);
  const { selected } = editor;

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
              applyFieldErrors(error, helpers, catalogueIssueOf);
            }
          }}
        >
          {({ values, isSubmitting, dirty }) => (
            <Form noValidate aria-labelledby="customer-form-title">
              <UnsavedChangesGuard when={dirty && !isSubmitting} />
              <Stack gap="4">
                <Stack gap="2">
                  <Heading as="h2" size="lg" id="customer-form-title" tabIndex={-1} outline="none">
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
                <CustomerFields stripeCustomerId={selected.stripe_customer_id} />
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
          // Deleted, the form is a new customer's: its heading takes the focus the Delete button had.
          returnFocusTo={() => document.getElementById("customer-form-title")}
        />
      </Card.Body>
    </Card.Root>
  );
}
