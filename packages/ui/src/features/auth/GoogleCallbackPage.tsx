import { Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { useValidateTokenLogin } from "./hooks";
import { ApiError } from "../../api/errors";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { AuthLayout } from "../../layout/AuthLayout";
import { usePortal } from "../../portalContext";
import { completeSignIn } from "./signIn";

/** Google returns here with `?token=` (or `?error=<code>`); the token is checked and the session stored. */
export function GoogleCallbackPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const errorCode = searchParams.get("error");
  const tokenLogin = useValidateTokenLogin();
  const portal = usePortal().kind;
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    tokenLogin.mutate(token, {
      onSuccess: async (answer) => {
        const { token: renewed, status: _status, ...user } = answer;
        navigate(await completeSignIn({ token: renewed, user }, null, portal), { replace: true });
      },
    });
  }, [token, tokenLogin, navigate, portal]);

  const error = errorCode ? new ApiError(errorCode, errorCode, 400) : !token ? new ApiError("invalid_token", "", 400) : tokenLogin.error;
  return (
    <AuthLayout title={t("auth.google.title")}>
      {error ? (
        <Stack gap="4">
          <ErrorAlert error={error} />
          <Button asChild>
            <RouterLink to="/login">{t("auth.backToLogin")}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="3" py="6" aria-live="polite">
          <Spinner size="lg" />
          <Text>{t("auth.google.signingIn")}</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
