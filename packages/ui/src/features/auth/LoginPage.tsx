import { Button, Flex, Link, Stack, Text } from "@chakra-ui/react";
import { Form, Formik } from "formik";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import type { PortalKind } from "@parley/domain/pages";
import { FormField } from "../../forms/FormField";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { lazySchemaValidation } from "../../forms/lazySchema";
import { AuthLayout } from "../../layout/AuthLayout";
import { lazyNamed } from "../../routing";
import { useAuthMethods, useLogin, type LoginBody } from "./hooks";

// The first route of both portals (size budget): the alert loads with the first failure, the rules
// (yup, from the domain) with the first check, Google sign-in once the server offers it.
const ErrorAlert = lazyNamed(() => import("../../forms/ErrorAlert"), "ErrorAlert", { firstRoute: true, namespaces: ["messages"] });
const GoogleSignIn = lazyNamed(() => import("./GoogleSignIn"), "GoogleSignIn", { firstRoute: true });
const validateLogin = lazySchemaValidation<LoginBody>(async () => (await import("@parley/domain/validation/auth")).loginSchema);

export interface LoginPageProps {
  portal: PortalKind;
  /** Absolute path of the API (for the Google redirect), default `/api`. */
  apiBase?: string;
  brand?: string;
}

/** E-mail and password sign-in; Google only when the server offers it. */
export function LoginPage({ portal, apiBase = "/api", brand }: LoginPageProps) {
  const { t, i18n } = useTranslation("auth");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  // No Google button while the server has not said it offers Google sign-in.
  const googleOffered = useAuthMethods().data?.google === true;
  const googleHref = `${apiBase}/auth/google/start?portal=${portal}&languageCode=${encodeURIComponent(i18n.resolvedLanguage ?? "en")}`;

  return (
    <AuthLayout title={t("auth.login.title")} subtitle={t(portal === "admin" ? "auth.login.subtitleAdmin" : "auth.login.subtitle")} brand={brand}>
      <Formik<LoginBody>
        initialValues={{ username: "", password: "" }}
        validate={validateLogin}
        onSubmit={async (values, helpers) => {
          try {
            const answer = await login.mutateAsync({ username: values.username.trim(), password: values.password });
            const { completeSignIn } = await import("./signIn");
            navigate(await completeSignIn(answer, searchParams.get("redirect"), portal), { replace: true });
          } catch (error) {
            applyFieldErrors(error, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap="4">
              {login.isError && (
                <Suspense fallback={null}>
                  <ErrorAlert error={login.error} />
                </Suspense>
              )}
              <FormField name="username" label={t("auth.fields.email")} type="email" autoComplete="username" required />
              <FormField name="password" label={t("auth.fields.password")} type="password" autoComplete="current-password" required />
              <Flex justify="flex-end">
                <Link asChild fontSize="sm" colorPalette="primary" color="colorPalette.fg">
                  <RouterLink to="/forgot-password">{t("auth.login.forgot")}</RouterLink>
                </Link>
              </Flex>
              <Button type="submit" loading={isSubmitting} w="full">
                {t("auth.login.submit")}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
      {googleOffered && (
        <Suspense fallback={null}>
          <GoogleSignIn href={googleHref} />
        </Suspense>
      )}
      {portal === "customer" && (
        <Text fontSize="sm" textAlign="center">
          {t("auth.login.noAccount")}{" "}
          <Link asChild color="colorPalette.fg" fontWeight="medium">
            <RouterLink to="/register">{t("auth.login.register")}</RouterLink>
          </Link>
        </Text>
      )}
    </AuthLayout>
  );
}
