import { Alert, Box, Button, Card, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { onboardingSteps, type OnboardingStep } from "@parley/domain/onboarding";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { homeRouteFor } from "@parley/domain/roles";
import { Navigate, useSearchParams } from "react-router-dom";
import { failureCode } from "../../api/errors";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { usePreferences } from "../../preferences/context";
import { getSessionUser } from "../../session/session";
import { skinSurface } from "../../shell/skin";
import type { CustomerFormValues } from "../customers/form";
import { DesignStep } from "./DesignStep";
import { FaqStep } from "./FaqStep";
import { FinalizeStep } from "./FinalizeStep";
import { useOnboardingAttempt } from "./hooks";
import { PersonaStep } from "./PersonaStep";
import { ScanProgress } from "./ScanProgress";
import { clearStoredOnboarding, draftStorageKey, loadStoredWizard, storeWizard } from "./storage";
import { useFinalizeOnboarding } from "./useFinalizeOnboarding";
import { UrlsStep } from "./UrlsStep";
import { WelcomeStep } from "./WelcomeStep";
import { draftWithoutWebsite, emptyDraft, resumeFrom, scanStages, withStageResult, type ScanStage, type WizardDraft, type WizardView } from "./wizard";

/**
 * The attempt in progress is kept in the address (`?attempt=`) and, for a visit without it, in session storage.
 * A draft set up without reading the website has no attempt: only session storage knows it.
 */
export const attemptParam = "attempt";

function StepList({ view }: { view: WizardView }) {
  const { t } = useTranslation("onboarding");
  const shown: OnboardingStep = view === "scan" ? "welcome" : view;
  const at = onboardingSteps.indexOf(shown);
  return (
    <HStack as="ol" gap="2" wrap="wrap" listStyleType="none" aria-label={t("steps.label")}>
      {onboardingSteps.map((step, index) => (
        <Box
          as="li"
          key={step}
          aria-current={index === at ? "step" : undefined}
          px="3"
          py="1"
          borderRadius="full"
          fontSize="sm"
          borderWidth="1px"
          bg={index === at ? "colorPalette.solid" : index < at ? "colorPalette.subtle" : "transparent"}
          color={index === at ? "colorPalette.contrast" : index < at ? "colorPalette.fg" : "fg.muted"}
          borderColor={index <= at ? "colorPalette.solid" : "border"}
        >
          {t("steps.numbered", { number: index + 1, name: t(`steps.${step}`) })}
        </Box>
      ))}
    </HStack>
  );
}

/**
 * The self-onboarding wizard (spec 01 §2, §4): Welcome (website and consent), the scan (branding, persona,
 * FAQ, URLs), Persona, FAQ, URLs, Design and Finalize, with Back and Continue. The attempt id is kept in the
 * address; a reload in the same tab restores the user's edits and step from session storage, and a visit
 * with only the attempt id (another tab, a link) resumes it through getOnboardingAttempt.
 */
export function SelfOnboardingPage() {
  // Judged once, on arrival: finishing turns the wizard off while this page still shows its last step.
  const [home] = useState(() => {
    const user = getSessionUser();
    const onboarding = user?.role === "customer_so" && (!user.customerId || user.showWizard === true);
    return user?.role && !onboarding ? homeRouteFor({ role: user.role, customerId: user.customerId }) : null;
  });
  // Onboarded already (or not a self-service account): a second run would make a second assistant of the same name.
  return home ? <Navigate to={home} replace /> : <OnboardingWizard />;
}

function OnboardingWizard() {
  const { t } = useTranslation("onboarding");
  const [preferences] = usePreferences();
  const [params, setParams] = useSearchParams();
  const resumeId = params.get(attemptParam) ?? sessionStorage.getItem(draftStorageKey);
  const [stored] = useState(() => (resumeId ? loadStoredWizard(resumeId) : null));
  const [draft, setDraft] = useState<WizardDraft | null>(stored?.draft ?? null);
  const [view, setView] = useState<WizardView>(stored?.view ?? "welcome");
  // The scan's stages that have not found or been skipped yet.
  const [remaining, setRemaining] = useState<readonly ScanStage[]>(stored?.remaining ?? scanStages);
  const finalize = useFinalizeOnboarding(draft?.draftId ?? null);
  // Asked only when the page opens with an attempt it has no draft of; afterwards the draft is the truth.
  const resumed = useOnboardingAttempt(draft === null ? resumeId : null);

  useEffect(() => {
    if (draft !== null || !resumed.data) return;
    const { draft: restored, remaining: toRun } = resumeFrom(resumed.data);
    setDraft(restored);
    setRemaining(toRun);
    setView(toRun.length > 0 ? "scan" : "persona");
  }, [draft, resumed.data]);

  // Once finished, nothing is kept for a later visit.
  const finished = useRef(false);
  const finish = useCallback(() => {
    finished.current = true;
    clearStoredOnboarding();
  }, []);
  useEffect(() => {
    if (draft === null || finished.current) return;
    storeWizard({ draft, view, remaining: [...remaining] });
    if (params.get(attemptParam) !== draft.attemptId) setParams(draft.attemptId === null ? {} : { [attemptParam]: draft.attemptId }, { replace: true });
  }, [draft, view, remaining, params, setParams]);

  // A new step takes the focus to its heading, so keyboard and screen reader users start at its top.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [view]);
  const go = (next: WizardView) => {
    moved.current = true;
    setView(next);
  };

  const startOver = () => {
    clearStoredOnboarding();
    setParams({}, { replace: true });
    setDraft(null);
    setView("welcome");
  };

  const edit = (change: Partial<WizardDraft>) => setDraft((current) => (current ? { ...current, ...change } : current));
  const keepCustomer = useCallback((customer: CustomerFormValues) => setDraft((current) => (current ? { ...current, customer } : current)), []);
  const stepIndex = onboardingSteps.indexOf(view === "scan" ? "welcome" : view);
  const back = () => go(onboardingSteps[Math.max(stepIndex - 1, 0)] ?? "welcome");
  const next = () => go(onboardingSteps[Math.min(stepIndex + 1, onboardingSteps.length - 1)] ?? "finalize");

  let content;
  if (draft === null && resumeId !== null && resumed.isPending) {
    content = (
      <HStack gap="2" role="status">
        <Spinner size="sm" />
        <Text>{t("resume.loading")}</Text>
      </HStack>
    );
  } else if (draft === null && resumeId !== null && resumed.isError) {
    content = (
      <Stack gap="3" align="flex-start">
        <Text fontWeight="medium">{t("resume.failed")}</Text>
        <ErrorAlert error={resumed.error} />
        <HStack gap="2">
          {/* A scan that is not (or not this user's) stays so: only a failure to reach it is worth another try. */}
          {failureCode(resumed.error) !== "not_found" && (
            <Button variant="outline" onClick={() => void resumed.refetch()}>
              {t("actions.retry")}
            </Button>
          )}
          <Button onClick={startOver}>{t("resume.startOver")}</Button>
        </HStack>
      </Stack>
    );
  } else if (view === "welcome" || draft === null) {
    content = (
      <WelcomeStep
        checkedUrl={draft?.url ?? null}
        // The same website again: on with what was found, or with the rest of its scan.
        onUnchanged={() => go(remaining.length > 0 ? "scan" : "persona")}
        onChecked={(url, attemptId) => {
          setDraft(emptyDraft(url, attemptId));
          setRemaining(scanStages);
          go("scan");
        }}
        // The website could not be read: nothing to scan, the user writes the proposals in the steps.
        onSetUpWithoutWebsite={(url) => {
          setDraft(draftWithoutWebsite(url));
          setRemaining([]);
          go("persona");
        }}
      />
    );
  } else if (view === "scan" && draft.attemptId !== null) {
    content = (
      <ScanProgress
        key={draft.attemptId}
        draft={draft}
        attemptId={draft.attemptId}
        stages={remaining}
        onResult={(result) => setDraft((current) => (current ? withStageResult(current, result) : current))}
        onSettled={(stage) => setRemaining((current) => current.filter((each) => each !== stage))}
        onBack={() => go("welcome")}
        onContinue={() => go("persona")}
      />
    );
  } else if (view === "persona" || view === "scan") {
    // (A draft without an attempt has nothing to scan.)
    content = <PersonaStep persona={draft.persona} fromWebsite={draft.attemptId !== null} onChange={(persona) => edit({ persona })} onBack={back} onContinue={next} />;
  } else if (view === "faq") {
    content = <FaqStep rows={draft.faq} onChange={(faq) => edit({ faq })} onBack={back} onContinue={next} />;
  } else if (view === "urls") {
    content = <UrlsStep rows={draft.urls} onChange={(urls) => edit({ urls })} onBack={back} onContinue={next} />;
  } else if (view === "design") {
    content = <DesignStep draft={draft} onChange={edit} onBack={back} onContinue={next} />;
  } else {
    content = <FinalizeStep draft={draft} finalize={finalize} onCustomerChange={keepCustomer} onBack={back} onFinished={finish} />;
  }

  return (
    <Stack gap="6" maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t("title")}
        </Heading>
        <Text color="fg.muted">{t("intro")}</Text>
      </Stack>
      <StepList view={view} />
      <Card.Root css={skinSurface(preferences.skin)}>
        <Card.Header>
          <Heading as="h2" size="lg" ref={stepHeading} tabIndex={-1} outline="none">
            {view === "scan" ? t("scan.heading") : t(`steps.${view}`)}
          </Heading>
        </Card.Header>
        <Card.Body>{content}</Card.Body>
      </Card.Root>
      {/* True until the first finalize save; after that the account holds part of it. */}
      {view !== "welcome" && draft && finalize.completed.length === 0 && (
        <Alert.Root status="info" variant="subtle" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t("keepOpen")}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
