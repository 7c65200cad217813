import { Button, Card, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { isAddressComplete } from "@parley/domain/address";
import { customerSaveOutcome } from "@parley/domain/customers";
import { routes, subscriptionRouteFor } from "@parley/domain/roles";
import { customerSchema } from "@parley/domain/validation/customer";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Form, Formik } from "formik";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useApi } from "../../api/client";
import { unwrap } from "../../api/errors";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { continueToSubscriptionKey } from "../../shell/ProfileMenu";
import { showToast } from "../../shell/toasts";
import { useSessionUser } from "../../shell/useSessionUser";
import { AddressCompleteness } from "./CustomerForm";
import { CustomerFields } from "./CustomerFields";
import { toCustomerInput, toFormValues, type CustomerFormValues } from "./form";
import { customerQueryKeys, useCreateOrUpdateCustomer } from "./hooks";

const ownCustomerKey = (id: string) => [...customerQueryKeys.all, "own", id] as const;

/**
 * A customer user's own company details (the profile menu's Profile, spec 01 §2 /customer-profile). The
 * subscription needs a complete address: a user sent here from Subscription continues there once it is saved
 * complete.
 */
export function CustomerProfilePage({ titleKey = "pages:titles.customerProfile" }: { titleKey?: string }) {
  const { t } = useTranslation(["customers", "messages", "pages"]);
  const user = useSessionUser();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useCreateOrUpdateCustomer();
  const [noChanges, setNoChanges] = useState(false);
  const customerId = user?.customerId ?? null;
  const customer = useQuery({
    queryKey: ownCustomerKey(customerId ?? ""),
    queryFn: async () => unwrap(await api.GET("/customer", { params: { query: { _id: customerId ?? "" } } })).data,
    enabled: customerId !== null,
  });
  const continuing = sessionStorage.getItem(continueToSubscriptionKey) === "1";

  return (
    <Stack gap="6" maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(titleKey)}
        </Heading>
        <Text color="fg.muted">{t("customers.profile.intro")}</Text>
      </Stack>
      {continuing && (
        <Text role="status" data-testid="profile-continue-note">
          {t("customers.profile.continueToSubscription")}
        </Text>
      )}
      {customerId === null ? (
        <Text role="status">{t("customers.profile.noCustomer")}</Text>
      ) : customer.isPending ? (
        <HStack gap="2" role="status">
          <Spinner size="sm" />
          <Text>{t("customers.profile.loading")}</Text>
        </HStack>
      ) : customer.isError ? (
        <Stack gap="3" align="start">
          <ErrorAlert error={customer.error} />
          <Button variant="outline" onClick={() => void customer.refetch()}>
            {t("customers.profile.retry")}
          </Button>
        </Stack>
      ) : (
        <Card.Root>
          <Card.Body>
            <Formik<CustomerFormValues>
              key={customer.dataUpdatedAt}
              initialValues={toFormValues(customer.data)}
              validationSchema={customerSchema}
              onSubmit={async (values, helpers) => {
                setNoChanges(false);
                try {
                  const answer = await save.mutateAsync(toCustomerInput(values, customer.data._id));
                  const saved = customerSaveOutcome(answer).saved && answer.updated_customer;
                  if (!saved) {
                    setNoChanges(true);
                  } else {
                    queryClient.setQueryData(ownCustomerKey(customer.data._id), answer.updated_customer);
                    void showToast((tt) => ({ type: "success", title: tt("messages:success.data_saved") }));
                  }
                  const complete = isAddressComplete(saved ? answer.updated_customer! : customer.data);
                  if (continuing && complete && user?.role) {
                    sessionStorage.removeItem(continueToSubscriptionKey);
                    navigate(subscriptionRouteFor(user.role));
                  }
                } catch (error) {
                  applyFieldErrors(error, helpers);
                }
              }}
            >
              {({ values, isSubmitting, dirty, resetForm }) => (
                <Form noValidate aria-label={t(titleKey)}>
                  <Stack gap="4">
                    <HStack gap="2" wrap="wrap">
                      <AddressCompleteness values={values} />
                    </HStack>
                    <ErrorAlert error={save.error} />
                    {noChanges && !dirty && (
                      <Text role="status" color="fg.muted" data-testid="no-changes">
                        {t("messages:errors.no_changes_detected")}
                      </Text>
                    )}
                    <CustomerFields stripeCustomerId={customer.data.stripe_customer_id} />
                    <HStack gap="2" wrap="wrap">
                      <Button type="submit" loading={isSubmitting}>
                        {continuing ? t("customers.profile.saveAndContinue") : t("customers.actions.save")}
                      </Button>
                      <Button variant="outline" onClick={() => resetForm()} disabled={isSubmitting || !dirty}>
                        {t("customers.actions.cancel")}
                      </Button>
                      <Button variant="ghost" onClick={() => navigate(routes.customerHome)} disabled={isSubmitting}>
                        {t("customers.profile.back")}
                      </Button>
                    </HStack>
                  </Stack>
                </Form>
              )}
            </Formik>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
