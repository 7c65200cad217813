import { Alert, Button, Field, Flex, Link, PinInput, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { oneTimeCodeDigits } from "@parley/domain/auth";
import { passwordTooWeak } from "@parley/domain/validation/password";
import { registrationSchema, validateOtpSchema } from "@parley/domain/validation/auth";
import { Form, Formik } from "formik";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FcGoogle } from "react-icons/fc";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { useAuthMethods, useRegister, useValidateOtp, type RegisterBody } from "./hooks";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FieldErrorText } from "../../forms/FieldErrorText";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";
import { applyFieldErrors, repeatsCallFailure } from "../../forms/fieldIssues";
import { interfaceLanguages, isLanguageCode } from "@parley/domain/locale";
import { changeLanguage } from "../../i18n/setup";
import { AuthLayout } from "../../layout/AuthLayout";
import { completeSignIn } from "./signIn";

function CodeStep({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const validateOtp = useValidateOtp();
  return (
    <Formik
      initialValues={{ email, otp: "" }}
      validationSchema={validateOtpSchema}
      onSubmit={async (values, helpers) => {
        try {
          const answer = await validateOtp.mutateAsync(values);
          navigate(await completeSignIn(answer, null, "customer"), { replace: true });
        } catch (error) {
          applyFieldErrors(error, helpers);
        }
      }}
    >
      {({ values, setFieldValue, setFieldTouched, errors, touched, isSubmitting }) => {
        const error = touched.otp ? errors.otp : undefined;
        return (
          <Form noValidate>
            <Stack gap="4">
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Description>{t("auth.register.codeSent", { email })}</Alert.Description>
              </Alert.Root>
              <ErrorAlert error={validateOtp.error} />
              <Field.Root invalid={Boolean(error)} required>
                <Field.Label>{t("auth.register.code")}</Field.Label>
                {/* `name` on the root: Enter in a complete code submits the form (zag submits only a named pin input). */}
                {/* The step replaces the form the Enter key was pressed in: the cursor goes to the code. */}
                <PinInput.Root
                  name="otp"
                  autoFocus
                  otp
                  count={oneTimeCodeDigits}
                  value={values.otp.split("")}
                  onValueChange={(details) => void setFieldValue("otp", details.valueAsString)}
                  onValueComplete={() => void setFieldTouched("otp", true)}
                  type="numeric"
                >
                  <PinInput.HiddenInput name="otp" />
                  <PinInput.Control>
                    {Array.from({ length: oneTimeCodeDigits }, (_, index) => (
                      <PinInput.Input key={index} index={index} aria-label={t("auth.register.codeDigit", { position: index + 1 })} />
                    ))}
                  </PinInput.Control>
                </PinInput.Root>
                <FieldErrorText error={repeatsCallFailure(error, validateOtp.error) ? undefined : error} />
              </Field.Root>
              <Button type="submit" loading={isSubmitting}>
                {t("auth.register.verify")}
              </Button>
              <Button variant="ghost" onClick={onBack}>
                {t("auth.register.back")}
              </Button>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}

/** Registration (language choice) and its one-time-code step. */
export function RegisterPage({ apiBase = "/api" }: { apiBase?: string }) {
  const { t, i18n } = useTranslation("auth");
  const register = useRegister();
  const methods = useAuthMethods();
  const [details, setDetails] = useState<RegisterBody | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const current = i18n.resolvedLanguage;

  return (
    <AuthLayout title={t("auth.register.title")} subtitle={codeStep ? t("auth.register.codeSubtitle") : t("auth.register.subtitle")}>
      {codeStep && details ? (
        <CodeStep email={details.email} onBack={() => setCodeStep(false)} />
      ) : (
        <Formik<RegisterBody>
          initialValues={
            details ?? {
              firstname: "",
              lastname: "",
              email: "",
              password: "",
              confirmPassword: "",
              languageCode: isLanguageCode(current) ? current : "en",
            }
          }
          validationSchema={registrationSchema}
          onSubmit={async (values, helpers) => {
            try {
              const body = { ...values, email: values.email.trim() };
              await register.mutateAsync(body);
              setDetails(body);
              setCodeStep(true);
              if (isLanguageCode(values.languageCode)) void changeLanguage(values.languageCode);
            } catch (error) {
              applyFieldErrors(error, helpers);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="4">
                <ErrorAlert error={register.error} />
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <FormField name="firstname" label={t("auth.fields.firstname")} autoComplete="given-name" required />
                  <FormField name="lastname" label={t("auth.fields.lastname")} autoComplete="family-name" required />
                </SimpleGrid>
                <FormField name="email" label={t("auth.fields.email")} type="email" autoComplete="email" required />
                <FormField
                  name="password"
                  label={t("auth.fields.password")}
                  type="password"
                  autoComplete="new-password"
                  helperText={t("messages:validation.password_too_weak", passwordTooWeak.values)}
                  required
                />
                <FormField name="confirmPassword" label={t("auth.fields.confirmPassword")} type="password" autoComplete="new-password" required />
                <SelectField
                  name="languageCode"
                  label={t("auth.fields.language")}
                  placeholder={t("auth.register.chooseLanguage")}
                  options={interfaceLanguages.map((language) => ({ value: language.code, label: language.name }))}
                  required
                />
                <Button type="submit" loading={isSubmitting}>
                  {t("auth.register.submit")}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
      {!codeStep && methods.data?.google && (
        <Button asChild variant="outline" w="full">
          <a href={`${apiBase}/auth/google/start?portal=customer&languageCode=${encodeURIComponent(current ?? "en")}`}>
            <FcGoogle /> {t("auth.register.google")}
          </a>
        </Button>
      )}
      <Flex justify="center" gap="1" fontSize="sm">
        <Text>{t("auth.register.haveAccount")}</Text>
        <Link asChild color="colorPalette.fg" fontWeight="medium">
          <RouterLink to="/login">{t("auth.register.login")}</RouterLink>
        </Link>
      </Flex>
    </AuthLayout>
  );
}
