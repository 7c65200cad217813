import { Alert, Button, Link, Spinner, Stack } from "@chakra-ui/react";
import { isRole } from "@parley/domain/roles";
import { newPasswordSchema } from "@parley/domain/validation/auth";
import { passwordTooWeak } from "@parley/domain/validation/password";
import { Form, Formik } from "formik";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { useCheckPasswordResetToken, useRefreshPassword, useResetPassword } from "./hooks";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FormField } from "../../forms/FormField";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { homePathIn } from "../../guard/decide";
import { usePortal } from "../../portalContext";
import { getSessionUser, getToken, setToken, updateSessionUser } from "../../session/session";
import { toaster } from "../../toaster";
import { AuthLayout } from "../../layout/AuthLayout";

/**
 * New password and confirmation. With `?token=` from the e-mailed link it resets the password;
 * a signed-in user who must refresh the password sets it with `/users/refresh_password`.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const portal = usePortal().kind;
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get("token");
  const forced = !linkToken && Boolean(getToken());
  const reset = useResetPassword();
  const refresh = useRefreshPassword();
  const mutation = forced ? refresh : reset;
  // The link is checked as the page opens, so a used or expired one says so before a password is typed.
  const linkCheck = useCheckPasswordResetToken(reset.isSuccess ? null : linkToken);

  if (!linkToken && !forced) {
    return (
      <AuthLayout title={t("auth.reset.title")}>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("auth.reset.noToken")}</Alert.Title>
            <Alert.Description>{t("auth.reset.noTokenHelp")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild>
          <RouterLink to="/forgot-password">{t("auth.reset.requestNew")}</RouterLink>
        </Button>
      </AuthLayout>
    );
  }

  if (linkToken && !reset.isSuccess && linkCheck.isPending) {
    return (
      <AuthLayout title={t("auth.reset.title")}>
        <Stack align="center" py="6" role="status" aria-live="polite">
          <Spinner size="lg" aria-label={t("auth.reset.checking")} />
        </Stack>
      </AuthLayout>
    );
  }

  // A check that could not be made says nothing about the link: the form stays, the reset call decides.
  if (linkToken && !reset.isSuccess && linkCheck.data?.valid === false) {
    return (
      <AuthLayout title={t("auth.reset.title")}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("auth.reset.linkUnusable")}</Alert.Title>
            <Alert.Description>{t("auth.reset.linkUnusableHelp")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild>
          <RouterLink to="/forgot-password">{t("auth.reset.requestNew")}</RouterLink>
        </Button>
        <Link asChild color="colorPalette.fg" fontSize="sm" alignSelf="center">
          <RouterLink to="/login">{t("auth.backToLogin")}</RouterLink>
        </Link>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t("auth.reset.title")}>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("messages:success.password_updated")}</Alert.Title>
            <Alert.Description>{t("auth.reset.doneText")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild>
          <RouterLink to="/login">{t("auth.backToLogin")}</RouterLink>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("auth.reset.title")} subtitle={forced ? t("auth.reset.forcedSubtitle") : t("auth.reset.subtitle")}>
      <Formik
        initialValues={{ password: "", confirmPassword: "" }}
        validationSchema={newPasswordSchema}
        onSubmit={async (values, helpers) => {
          try {
            if (forced) {
              const { token } = await refresh.mutateAsync(values.password);
              // The server ended every session of the user but this one, which goes on with the new token.
              setToken(token);
              updateSessionUser({ forceRefreshPassword: false });
              toaster.create({ type: "success", title: t("messages:success.password_updated") });
              const role = getSessionUser()?.role;
              navigate(isRole(role) ? homePathIn(portal, role) : "/", { replace: true });
            } else {
              await reset.mutateAsync({ token: linkToken ?? "", ...values });
            }
          } catch (error) {
            applyFieldErrors(error, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap="4">
              <ErrorAlert error={mutation.error} />
              <FormField
                name="password"
                label={t("auth.fields.newPassword")}
                type="password"
                autoComplete="new-password"
                helperText={t("messages:validation.password_too_weak", passwordTooWeak.values)}
                required
              />
              <FormField name="confirmPassword" label={t("auth.fields.confirmPassword")} type="password" autoComplete="new-password" required />
              <Button type="submit" loading={isSubmitting}>
                {t("auth.reset.submit")}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
      {!forced && (
        <Link asChild color="colorPalette.fg" fontSize="sm" alignSelf="center">
          <RouterLink to="/login">{t("auth.backToLogin")}</RouterLink>
        </Link>
      )}
    </AuthLayout>
  );
}
