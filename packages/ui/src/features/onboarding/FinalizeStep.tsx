import { Alert, Button, DataList, Heading, HStack, List, Stack, Text } from "@chakra-ui/react";
import { isLanguageCode } from "@parley/domain/locale";
import { routes } from "@parley/domain/roles";
import { customerSchema } from "@parley/domain/validation/customer";
import { Form, Formik, useFormikContext, type FormikHelpers } from "formik";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { shownFailureCode } from "../../forms/shownFailureCode";
import { changeLanguage } from "../../i18n/setup";
import { updateSessionUser } from "../../session/session";
import { useSessionUser } from "../../shell/useSessionUser";
import { CustomerFields } from "../customers/CustomerFields";
import { blankCustomer } from "../customers/editor";
import { toFormValues, type CustomerFormValues } from "../customers/form";
import { finalizeSteps, type Finalize, type FinalizeState, type FinalizeStep as FinalizeStepName } from "./useFinalizeOnboarding";
import { StatusItem, type ItemStatus } from "./StatusItem";
import { configurationNameOf, shownPrimaryColor, type WizardDraft } from "./wizard";

export interface FinalizeStepProps {
  draft: WizardDraft;
  /** The run of the saves; the page holds it, so stepping back and returning keeps what was made. */
  finalize: Finalize;
  /** The company details as typed, kept by the page when the user steps back. */
  onCustomerChange: (customer: CustomerFormValues) => void;
  onBack: () => void;
  /** Called once everything is saved, before leaving for the customer home. */
  onFinished: () => void;
}

function statusOf(step: FinalizeStepName, state: FinalizeState, completed: readonly FinalizeStepName[]): ItemStatus {
  if (completed.includes(step)) return "done";
  if (state.status === "running" && state.step === step) return "running";
  if (state.status === "failed" && state.step === step) return "failed";
  return "waiting";
}

function FinalizeProgress({ state, completed }: { state: FinalizeState; completed: readonly FinalizeStepName[] }) {
  const { t, i18n } = useTranslation(["onboarding", "messages"]);
  const failedCode = state.status === "failed" ? shownFailureCode(i18n, state.error) : null;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" data-testid="finalize-progress">
      <Heading as="h3" size="sm">
        {t("scan.phase.finalizing")}
      </Heading>
      <List.Root gap="2" variant="plain" aria-label={t("finalize.progressLabel")}>
        {finalizeSteps.map((step) => (
          <StatusItem key={step} testId={`finalize-${step}`} status={statusOf(step, state, completed)} label={t(`finalize.steps.${step}`)} />
        ))}
      </List.Root>
      {state.status === "failed" && failedCode && (
        <Alert.Root status="error" role="alert" data-error-code={failedCode} data-failed-step={state.step}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("finalize.failed", { step: t(`finalize.steps.${state.step}`) })}</Alert.Title>
            <Alert.Description>
              <Text>{t(`messages:errors.${failedCode}`)}</Text>
              <Text>{t("finalize.failedHelp")}</Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Text srOnly aria-live="polite">
        {state.status === "running" ? t(`finalize.steps.${state.step}`) : state.status === "failed" ? t("finalize.failed", { step: t(`finalize.steps.${state.step}`) }) : ""}
      </Text>
    </Stack>
  );
}

/**
 * Finalize: the company's details (the customer form's fields), a summary of what will be set up, and Finish,
 * which runs the saves of spec 01 §4 in order with their progress. A failed save shows which step failed and
 * Retry (from that step); success switches to the language chosen for the company (else the wizard's) and
 * goes to the customer home with the new configuration selected.
 */
/** Tells the page every change of the form's values. */
function ReportValues({ onChange }: { onChange: (values: CustomerFormValues) => void }) {
  const { values } = useFormikContext<CustomerFormValues>();
  useEffect(() => onChange(values), [values, onChange]);
  return null;
}

export function FinalizeStep({ draft, finalize, onCustomerChange, onBack, onFinished }: FinalizeStepProps) {
  const { t, i18n } = useTranslation(["onboarding", "customers"]);
  const navigate = useNavigate();
  const user = useSessionUser();
  const { state, completed, run } = finalize;
  const wizardLanguage = isLanguageCode(i18n.language) ? i18n.language : "en";
  const faqCount = draft.faq.filter((row) => row.question.trim() !== "" && row.answer.trim() !== "").length;
  const urlCount = draft.urls.filter((row) => row.included).length;
  const initialValues: CustomerFormValues = draft.customer ?? {
    ...toFormValues(blankCustomer()),
    contactPerson: [user?.firstname, user?.lastname].filter(Boolean).join(" "),
    contactPersonEmail: user?.email ?? "",
    language: wizardLanguage,
  };
  const busy = state.status === "running" || state.status === "done";
  const faqHeaders = [
    { text: t("finalize.faqColumns.question"), value: "question" },
    { text: t("finalize.faqColumns.answer"), value: "answer" },
  ];

  const finish = async (values: CustomerFormValues, helpers: FormikHelpers<CustomerFormValues>) => {
    const ended = await run({ draft, customer: values, language: wizardLanguage, faqHeaders });
    // A refused field of the company details is shown at the field too.
    if (ended.status === "failed" && ended.step === "save_customer") applyFieldErrors(ended.error, helpers);
    if (ended.status !== "done") return;
    const language = isLanguageCode(values.language) ? values.language : wizardLanguage;
    await changeLanguage(language);
    updateSessionUser({ languageCode: language });
    onFinished();
    navigate(routes.customerHome, { replace: true });
  };

  return (
    <Formik<CustomerFormValues> initialValues={initialValues} validationSchema={customerSchema} onSubmit={finish}>
      {({ isSubmitting, submitForm }) => (
        <Form noValidate aria-label={t("finalize.formLabel")}>
          <ReportValues onChange={onCustomerChange} />
          <Stack gap="5">
            <Text color="fg.muted">{t("finalize.intro")}</Text>
            {/* The details are saved by the first step; after that they are fixed (a retry goes on from the failed step). */}
            <fieldset disabled={state.status === "running" || completed.includes("save_customer")}>
              <Stack gap="4">
                <CustomerFields />
              </Stack>
            </fieldset>
            <Stack gap="2" borderWidth="1px" borderRadius="md" p="4">
              <Heading as="h3" size="sm">
                {t("finalize.summary")}
              </Heading>
              <DataList.Root orientation="horizontal" size="sm" data-testid="finalize-summary">
                {[
                  ["website", draft.url],
                  ["configuration", configurationNameOf(draft)],
                  ["faq", String(faqCount)],
                  ["urls", String(urlCount)],
                  ["colour", shownPrimaryColor(draft)],
                  ["logo", draft.logoUrl ? t("finalize.logoChosen") : t("design.noLogo")],
                ].map(([key, value]) => (
                  <DataList.Item key={key}>
                    <DataList.ItemLabel>{t(`finalize.summaryItems.${key}`)}</DataList.ItemLabel>
                    <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Stack>
            {state.status !== "idle" && <FinalizeProgress state={state} completed={completed} />}
            <HStack gap="2" justify="space-between">
              <Button variant="outline" onClick={onBack} disabled={busy || isSubmitting}>
                {t("actions.back")}
              </Button>
              {state.status === "failed" ? (
                <Button onClick={() => void submitForm()} loading={isSubmitting}>
                  {t("actions.retry")}
                </Button>
              ) : (
                <Button type="submit" loading={isSubmitting || busy} loadingText={t("finalize.finishing")}>
                  {t("finalize.finish")}
                </Button>
              )}
            </HStack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
