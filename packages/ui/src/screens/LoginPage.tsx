import { Button, Flex, Link, Separator, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { useAuthMethods, useLogin } from "../api/hooks";
import type { PortalKind } from "../guard/decide";
import { ErrorAlert } from "../forms/ErrorAlert";
import { TextField } from "../forms/TextField";
import { applyFieldErrors } from "../forms/applyFieldErrors";
import { translateValidation } from "../forms/translateValidation";
import { useSmallForm } from "../forms/useSmallForm";
import { yupMessages } from "../forms/yupMessages";
import { AuthLayout } from "./AuthLayout";
import { GoogleIcon } from "./authIcons";
import { completeSignIn, type SignInAnswer } from "./signIn";

// A type alias (not an interface) so it fits Record<string, string>.
type LoginValues = {
  username: string;
  password: string;
};

/** The sign-in rules (and yup with them) load with the first check instead of with the page. */
async function validateLogin(values: LoginValues) {
  const { loginSchema } = await import("@parley/domain/validation/auth");
  return yupMessages(loginSchema, values);
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
  // formik's behaviour without formik: this is the first route of both portals (size budget, issue 5).
  const form = useSmallForm<LoginValues>({
    initialValues: { username: "", password: "" },
    validate: validateLogin,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await login.mutateAsync({ username: values.username.trim(), password: values.password });
        navigate(await completeSignIn(answer as unknown as SignInAnswer, searchParams.get("redirect")), { replace: true });
      } catch (error) {
        applyFieldErrors(error, helpers);
      }
    },
  });
  const googleHref = `${apiBase}/auth/google/start?portal=${portal}&languageCode=${encodeURIComponent(i18n.resolvedLanguage ?? "en")}`;

  return (
    <AuthLayout title={t("auth.login.title")} subtitle={t(portal === "admin" ? "auth.login.subtitleAdmin" : "auth.login.subtitle")} brand={brand}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <Stack gap="4">
          <ErrorAlert error={login.error} />
          <TextField
            {...form.field("username")}
            label={t("auth.fields.email")}
            type="email"
            autoComplete="username"
            required
            error={translateValidation(t, form.errorOf("username"))}
          />
          <TextField
            {...form.field("password")}
            label={t("auth.fields.password")}
            type="password"
            autoComplete="current-password"
            required
            error={translateValidation(t, form.errorOf("password"))}
          />
          <Flex justify="flex-end">
            <Link asChild fontSize="sm" colorPalette="primary" color="colorPalette.fg">
              <RouterLink to="/forgot-password">{t("auth.login.forgot")}</RouterLink>
            </Link>
          </Flex>
          <Button type="submit" loading={form.isSubmitting} w="full">
            {t("auth.login.submit")}
          </Button>
        </Stack>
      </form>
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
              <GoogleIcon /> {t("auth.login.google")}
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
