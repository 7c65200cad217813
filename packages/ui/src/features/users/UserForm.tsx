import { Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { roles } from "@parley/domain/roles";
import { passwordTooWeak } from "@parley/domain/validation/password";
import { userMaxLengths, userSchema, userStatuses } from "@parley/domain/validation/user";
import { Form, Formik } from "formik";
import { useTranslation } from "react-i18next";
import { failureCode } from "../../api/errors";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { UnsavedChangesGuard } from "../../forms/UnsavedChangesGuard";
import { CheckboxField } from "../../forms/CheckboxField";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";
import { sortOptionsByLabel } from "../../forms/sortOptions";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { catalogueIssueOf } from "../../forms/serverReason";
import { getSessionUser } from "../../session/session";
import { showToast } from "../../shell/toasts";
import type { Customer } from "../customers/hooks";
import { toUserFormValues, toUserInput, type UserFormValues } from "./form";
import { useAddOrUpdateUser, type UserListEntry } from "./hooks";

// The sign-in name is the e-mail address, filled in when sending.
const userFormSchema = userSchema.omit(["username"]);

export interface UserFormProps {
  user: UserListEntry | null;
  /** Changes whenever the form must take the user's values again (cancel, new). */
  revision: number;
  customers: Customer[] | undefined;
  onSaved: (user: UserListEntry) => void;
  onCancel: () => void;
}

/** The form of the selected user (or a new one): name, e-mail, role, customer, status, forced password renewal. */
export function UserForm({ user, revision, customers, onSaved, onCancel }: UserFormProps) {
  const { t, i18n } = useTranslation(["users", "messages"]);
  const save = useAddOrUpdateUser();
  const customerOptions = sortOptionsByLabel(
    (customers ?? []).map((customer) => ({ value: customer._id, label: customer.name })),
    i18n.language,
  );
  // Nobody deactivates themselves or changes their own role (the server refuses it too): that would lock them out.
  const isSelf = user !== null && user.id === getSessionUser()?.id;

  return (
    <Card.Root>
      <Card.Body>
        <Formik<UserFormValues>
          key={`${user?.id ?? "new"}-${revision}`}
          initialValues={toUserFormValues(user)}
          validationSchema={userFormSchema}
          onSubmit={async (values, helpers) => {
            try {
              const { data } = await save.mutateAsync(toUserInput(values));
              const customerName = customers?.find((customer) => customer._id === data.customerId)?.name ?? null;
              onSaved({ ...data, customerName });
              void showToast((tt) => ({ type: "success", title: tt("messages:success.data_saved") }));
            } catch (error) {
              applyFieldErrors(error, helpers, catalogueIssueOf);
              // The address belongs to another user: said at the field, in the admin's words (not "try logging in").
              if (failureCode(error) === "account_exists") helpers.setFieldError("email", "email_in_use");
            }
          }}
        >
          {({ values, isSubmitting, dirty }) => (
            <Form noValidate aria-labelledby="user-form-title">
              <UnsavedChangesGuard when={dirty && !isSubmitting} />
              <Stack gap="4">
                <Heading as="h2" size="lg" id="user-form-title" tabIndex={-1} outline="none">
                  {user ? t("users.form.editTitle", { name: `${user.firstname} ${user.lastname}` }) : t("users.form.newTitle")}
                </Heading>
                {failureCode(save.error) !== "account_exists" && <ErrorAlert error={save.error} />}
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField name="firstname" maxLength={userMaxLengths.firstname} label={t("users.fields.firstname")} required />
                  <FormField name="lastname" maxLength={userMaxLengths.lastname} label={t("users.fields.lastname")} required />
                  <FormField name="email" maxLength={userMaxLengths.email} label={t("users.fields.email")} type="email" autoComplete="off" required helperText={t("users.form.emailHelp")} />
                  <FormField
                    name="password"
                    label={user ? t("users.fields.newPassword") : t("users.fields.password")}
                    type="password"
                    autoComplete="new-password"
                    maxLength={userMaxLengths.password}
                    required={!user}
                    helperText={user ? t("users.form.keepPassword") : t("messages:validation.password_too_weak", passwordTooWeak.values)}
                  />
                  <SelectField
                    name="role"
                    label={t("users.fields.role")}
                    placeholder={t("users.form.choose")}
                    options={roles.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
                    required
                    disabled={isSelf}
                    helperText={isSelf ? t("users.form.selfHelp") : undefined}
                  />
                  {values.role !== "admin" && (
                    <SelectField name="customerId" label={t("users.fields.customer")} placeholder={t("users.form.noCustomer")} options={customerOptions} required />
                  )}
                  <SelectField
                    name="status"
                    label={t("users.fields.status")}
                    options={userStatuses.map((status) => ({ value: status, label: t(`users.statuses.${status}`) }))}
                    disabled={isSelf}
                  />
                </SimpleGrid>
                {values.status === "inactive" && (
                  <Text fontSize="sm" color="fg.muted" role="note">
                    {t("users.form.inactiveHelp")}
                  </Text>
                )}
                <CheckboxField name="forceRefreshPassword" label={t("users.fields.forceRefreshPassword")} helperText={t("users.form.forceRefreshHelp")} />
                <HStack gap="2">
                  <Button type="submit" loading={isSubmitting}>
                    {t("users.actions.save")}
                  </Button>
                  <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
                    {t("users.actions.cancel")}
                  </Button>
                </HStack>
              </Stack>
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Card.Root>
  );
}
