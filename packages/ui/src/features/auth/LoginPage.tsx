import { Button, Flex, Link, Separator, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { Suspense, useEffect, useState } from "react";
import { useApi } from "../api/client";
import { unwrap } from "../api/errors";
import type { PortalKind } from "../guard/decide";
import { TextField } from "../forms/TextField";
import { applyFieldErrors } from "../forms/applyFieldErrors";
import { useSmallForm } from "../forms/useSmallForm";
import { yupMessages } from "../forms/yupMessages";
import { AuthLayout } from "./AuthLayout";
import { GoogleIcon } from "./authIcons";
import { lazyNamed } from "../routing";
import type { SignInAnswer } from "./signIn";
import type { translateValidation as TranslateValidation } from "../forms/translateValidation";

// A type alias (not an interface) so it fits Record<string, string>.
type LoginValues = {
  username: string;
  password: string;
};

// Loaded when needed, not with the page (the first route of both portals, size budget of issue 5):
// the alert with the first failure, the rules (yup) and their translations with the first check.
const ErrorAlert = lazyNamed(() => import("../forms/ErrorAlert"), "ErrorAlert");
let translateValidation: typeof TranslateValidation | undefined;

async function validateLogin(values: LoginValues) {
  const [{ loginSchema }, translation] = await Promise.all([import("@parley/domain/validation/auth"), import("../forms/translateValidation")]);
  translateValidation = translation.translateValidation;
  return yupMessages(loginSchema, values);
}

/**
 * Whether the server offers Google sign-in (asked once per visit; no Google button when it cannot
 * tell). Plain calls rather than React Query hooks keep its observers off the first route.
 */
function useGoogleSignInOffered(): boolean {
  const api = useApi();
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let current = true;
    api.GET("/auth/methods", {}).then(
      (result) => {
        if (current && result.success) setOffered(Boolean(result.data.google));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);
  return offered;
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
  const api = useApi();
  const googleOffered = useGoogleSignInOffered();
  const [loginError, setLoginError] = useState<unknown>(null);
  // formik's behaviour without formik: this is the first route of both portals (size budget, issue 5).
  const form = useSmallForm<LoginValues>({
    initialValues: { username: "", password: "" },
    validate: validateLogin,
    onSubmit: async (values, helpers) => {
      try {
        setLoginError(null);
        let answer;
        try {
          answer = unwrap(await api.POST("/login", { body: { username: values.username.trim(), password: values.password } }));
        } catch (error) {
          setLoginError(error);
          throw error;
        }
        const { completeSignIn } = await import("./signIn");
        navigate(await completeSignIn(answer as unknown as SignInAnswer, searchParams.get("redirect")), { replace: true });
      } catch (error) {
        applyFieldErrors(error, helpers);
      }
    },
  });
  // Messages exist only after a check, which loaded their translation.
  const translated = (message: string | undefined) => (translateValidation ? translateValidation(t, message) : message);
  const googleHref = `${apiBase}/auth/google/start?portal=${portal}&languageCode=${encodeURIComponent(i18n.resolvedLanguage ?? "en")}`;

  return (
    <AuthLayout title={t("auth.login.title")} subtitle={t(portal === "admin" ? "auth.login.subtitleAdmin" : "auth.login.subtitle")} brand={brand}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <Stack gap="4">
          {Boolean(loginError) && (
            <Suspense fallback={null}>
              <ErrorAlert error={loginError} />
            </Suspense>
          )}
          <TextField
            {...form.field("username")}
            label={t("auth.fields.email")}
            type="email"
            autoComplete="username"
            required
            error={translated(form.errorOf("username"))}
          />
          <TextField
            {...form.field("password")}
            label={t("auth.fields.password")}
            type="password"
            autoComplete="current-password"
            required
            error={translated(form.errorOf("password"))}
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
      {googleOffered && (
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
