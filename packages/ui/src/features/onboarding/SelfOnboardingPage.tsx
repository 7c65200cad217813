import { Alert, Box, Button, Card, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { onboardingSteps, type OnboardingStep } from "@parley/domain/onboarding";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { usePreferences } from "../../preferences/context";
import { skinSurface } from "../../shell/skin";
import { DesignStep } from "./DesignStep";
import { FaqStep } from "./FaqStep";
import { FinalizeStep } from "./FinalizeStep";
import { useOnboardingAttempt } from "./hooks";
import { PersonaStep } from "./PersonaStep";
import { ScanProgress } from "./ScanProgress";
import { UrlsStep } from "./UrlsStep";
import { WelcomeStep } from "./WelcomeStep";
import { emptyDraft, resumeFrom, scanStages, withStageResult, type ScanStage, type WizardDraft } from "./wizard";

/** The attempt in progress is kept in the address (`?attempt=`) and, for a visit without it, in session storage. */
export const attemptParam = "attempt";
export const attemptStorageKey = "parley.onboardingAttempt";

/** Where the wizard is: one of the steps, or the scan that runs between Welcome and Persona. */
type View = OnboardingStep | "scan";

function StepList({ view }: { view: View }) {
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
 * FAQ, URLs), Persona, FAQ, URLs, Design and Finalize, with Back and Continue. A reload resumes the attempt
 * named in the address through getOnboardingAttempt; edits made after the scan live in the page only (the
 * contract has no call to store them before finalising).
 */
export function SelfOnboardingPage() {
  const { t } = useTranslation("onboarding");
  const [preferences] = usePreferences();
  const [params, setParams] = useSearchParams();
  const resumeId = params.get(attemptParam) ?? sessionStorage.getItem(attemptStorageKey);
  const [draft, setDraft] = useState<WizardDraft | null>(null);
  const [view, setView] = useState<View>("welcome");
  const [pendingStages, setPendingStages] = useState<readonly ScanStage[]>(scanStages);
  // Asked only when the page opens with an attempt and no draft; afterwards the draft is the truth.
  const resumed = useOnboardingAttempt(draft === null ? resumeId : null);

  useEffect(() => {
    if (draft !== null || !resumed.data) return;
    const { draft: restored, remaining } = resumeFrom(resumed.data);
    setDraft(restored);
    setPendingStages(remaining);
    setView(remaining.length > 0 ? "scan" : "persona");
    if (!params.get(attemptParam)) setParams({ [attemptParam]: restored.attemptId }, { replace: true });
  }, [draft, resumed.data, params, setParams]);

  const startOver = () => {
    sessionStorage.removeItem(attemptStorageKey);
    setParams({}, { replace: true });
    setDraft(null);
    setView("welcome");
  };

  // A new step takes the focus to its heading, so keyboard and screen reader users start at its top.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [view]);
  const go = (next: View) => {
    moved.current = true;
    setView(next);
  };
  const edit = (change: Partial<WizardDraft>) => setDraft((current) => (current ? { ...current, ...change } : current));
  const stepIndex = onboardingSteps.indexOf(view === "scan" ? "welcome" : view);
  const previous = (): View => onboardingSteps[Math.max(stepIndex - 1, 0)] ?? "welcome";
  const next = (): View => onboardingSteps[Math.min(stepIndex + 1, onboardingSteps.length - 1)] ?? "finalize";

  const loadingAttempt = draft === null && resumeId !== null && resumed.isPending;

  let content;
  if (loadingAttempt) {
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
          <Button variant="outline" onClick={() => void resumed.refetch()}>
            {t("actions.retry")}
          </Button>
          <Button onClick={startOver}>{t("resume.startOver")}</Button>
        </HStack>
      </Stack>
    );
  } else if (view === "welcome" || draft === null) {
    content = (
      <WelcomeStep
        checkedUrl={draft?.url ?? null}
        onUnchanged={() => go("persona")}
        onChecked={(url, attemptId) => {
          sessionStorage.setItem(attemptStorageKey, attemptId);
          setParams({ [attemptParam]: attemptId }, { replace: true });
          setDraft(emptyDraft(url, attemptId));
          setPendingStages(scanStages);
          go("scan");
        }}
      />
    );
  } else if (view === "scan") {
    content = (
      <ScanProgress
        key={draft.attemptId}
        draft={draft}
        stages={pendingStages}
        onResult={(result) => setDraft((current) => (current ? withStageResult(current, result) : current))}
        onBack={() => go("welcome")}
        onContinue={() => {
          setPendingStages([]);
          go("persona");
        }}
      />
    );
  } else if (view === "persona") {
    content = <PersonaStep persona={draft.persona} onChange={(persona) => edit({ persona })} onBack={() => go(previous())} onContinue={() => go(next())} />;
  } else if (view === "faq") {
    content = <FaqStep rows={draft.faq} onChange={(faq) => edit({ faq })} onBack={() => go(previous())} onContinue={() => go(next())} />;
  } else if (view === "urls") {
    content = <UrlsStep rows={draft.urls} onChange={(urls) => edit({ urls })} onBack={() => go(previous())} onContinue={() => go(next())} />;
  } else if (view === "design") {
    content = <DesignStep draft={draft} onChange={edit} onBack={() => go(previous())} onContinue={() => go(next())} />;
  } else {
    content = <FinalizeStep draft={draft} onBack={() => go(previous())} onFinished={() => sessionStorage.removeItem(attemptStorageKey)} />;
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
      {view !== "welcome" && draft && (
        <Alert.Root status="info" variant="subtle" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t("keepOpen")}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
