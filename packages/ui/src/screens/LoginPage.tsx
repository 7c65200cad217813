import { Button, Flex, Link, Separator, Stack, Text } from "@chakra-ui/react";
import { Form, Formik, validateYupSchema, yupToFormErrors, type FormikErrors } from "formik";
import { useTranslation } from "react-i18next";
import { FcGoogle } from "react-icons/fc";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { useAuthMethods, useLogin } from "../api/hooks";
import type { PortalKind } from "../guard/decide";
import { ErrorAlert } from "../forms/ErrorAlert";
import { FormField } from "../forms/FormField";
import { applyFieldErrors } from "../forms/applyFieldErrors";
import { AuthLayout } from "./AuthLayout";
import { completeSignIn, type SignInAnswer } from "./signIn";

interface LoginValues {
  username: string;
  password: string;
}

/** The sign-in rules (and yup with them) load with the first check instead of with the page. */
async function validateLogin(values: LoginValues): Promise<FormikErrors<LoginValues>> {
  const { loginSchema } = await import("@parley/domain/validation/auth");
  try {
    await validateYupSchema(values, loginSchema);
    return {};
  } catch (error) {
    if (error instanceof Error && error.name === "ValidationError") return yupToFormErrors<LoginValues>(error);
    throw error;
  }
}

export interface LoginPageProps {
  portal: PortalKind;
  /** Absolute path of the API (for the Google redirect), default `/api`. */
  apiBase?: string;
  brand?: string;
}

/** E-mail and password sign-in; Google only when the server offers it. */
export function LoginPage({ portal, apiBase = "/api", brand }: LoginPageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const methods = useAuthMethods();
  const googleHref = `${apiBase}/auth/google/start?portal=${portal}&languageCode=${encodeURIComponent(i18n.resolvedLanguage ?? "en")}`;

  return (
    <AuthLayout title={t("auth.login.title")} subtitle={t(portal === "admin" ? "auth.login.subtitleAdmin" : "auth.login.subtitle")} brand={brand}>
      <Formik
        initialValues={{ username: "", password: "" } satisfies LoginValues}
        validate={validateLogin}
        onSubmit={async (values, helpers) => {
          try {
            const answer = await login.mutateAsync({ username: values.username.trim(), password: values.password });
            navigate(await completeSignIn(answer as unknown as SignInAnswer, searchParams.get("redirect")), { replace: true });
          } catch (error) {
            applyFieldErrors(error, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap="4">
              <ErrorAlert error={login.error} />
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
      {methods.data?.google && (
        <Stack gap="4">
          <Flex align="center" gap="3">
            <Separator flex="1" />
            <Text fontSize="sm" color="fg.muted">
              {t("auth.or")}
            </Text>
            <Separator flex="1" />
          </Flex>
          <Button asChild variant="outline" w="full">
            <a href={googleHref}>
              <FcGoogle /> {t("auth.login.google")}
            </a>
          </Button>
        </Stack>
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
