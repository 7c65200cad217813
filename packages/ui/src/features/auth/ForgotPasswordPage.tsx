import { Alert, Button, Link, Stack } from "@chakra-ui/react";
import { forgotPasswordSchema } from "@parley/domain/validation/auth";
import { Form, Formik } from "formik";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useRequestPasswordReset } from "./hooks";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FormField } from "../../forms/FormField";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { AuthLayout } from "../../layout/AuthLayout";

/** Sends a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const request = useRequestPasswordReset();
  return (
    <AuthLayout title={t("auth.forgot.title")} subtitle={t("auth.forgot.subtitle")}>
      {request.isSuccess ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("auth.forgot.sentTitle")}</Alert.Title>
            <Alert.Description>{t("auth.forgot.sentText", { email: request.variables })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Formik
          initialValues={{ email: "" }}
          validationSchema={forgotPasswordSchema}
          onSubmit={async (values, helpers) => {
            try {
              await request.mutateAsync(values.email.trim());
            } catch (error) {
              applyFieldErrors(error, helpers);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="4">
                <ErrorAlert error={request.error} />
                <FormField name="email" label={t("auth.fields.email")} type="email" autoComplete="email" required />
                <Button type="submit" loading={isSubmitting}>
                  {t("auth.forgot.submit")}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
      <Link asChild color="colorPalette.fg" fontSize="sm" alignSelf="center">
        <RouterLink to="/login">{t("auth.backToLogin")}</RouterLink>
      </Link>
    </AuthLayout>
  );
}
