import { Alert, Button, HStack, List, Progress, Stack, Text } from "@chakra-ui/react";
import { isLanguageCode } from "@parley/domain/locale";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { shownFailureCode } from "../../forms/shownFailureCode";
import { useSessionUser } from "../../shell/useSessionUser";
import { StatusItem, type ItemStatus } from "./StatusItem";
import { useDiscoverBranding, useExtractFaq, useExtractUrls, useGenerateAssistantPersona } from "./hooks";
import { progressOf, scanStages, type ScanStage, type StageResult, type WizardDraft } from "./wizard";

export interface ScanProgressProps {
  draft: WizardDraft;
  /** The attempt the stages store their results in. */
  attemptId: string;
  /** The stages still to run, in order (all four for a new attempt, fewer when one is resumed); read once. */
  stages: readonly ScanStage[];
  onResult: (result: StageResult) => void;
  /** A stage is over: found or skipped. */
  onSettled: (stage: ScanStage) => void;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * Runs the scan's stages one after another with the progress of spec 02 §7.9 (10, 35, 65, 90, 100). A failed
 * stage shows its reason with Retry and, since each stage only proposes what the user can write in the
 * following steps, "Continue without" (branding falls back to the default design, the others to empty lists
 * or texts the user fills in).
 */
export function ScanProgress({ draft, attemptId, stages: initialStages, onResult, onSettled, onBack, onContinue }: ScanProgressProps) {
  const { t, i18n } = useTranslation(["onboarding", "messages"]);
  const userId = useSessionUser()?.id;
  const branding = useDiscoverBranding();
  const persona = useGenerateAssistantPersona();
  const faq = useExtractFaq();
  const urls = useExtractUrls();
  // The page drops stages from its list as they settle; this run keeps the list it started with.
  const [stages] = useState(initialStages);
  const [position, setPosition] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef<string | null>(null);
  const skippedStages = useRef(new Set<ScanStage>());
  const current = stages[position];
  const languageCode = isLanguageCode(i18n.language) ? i18n.language : "en";

  useEffect(() => {
    if (!current || failure !== null) return;
    // Once per stage and try, also when React runs effects twice in development.
    const key = `${position}:${attempt}`;
    if (started.current === key) return;
    started.current = key;
    const base = { url: draft.url, attemptId };
    const call = async (): Promise<StageResult> => {
      switch (current) {
        case "branding":
          return { stage: "branding", value: await branding.mutateAsync({ ...base, ...(userId ? { userId } : {}) }) };
        case "persona":
          return { stage: "persona", value: await persona.mutateAsync({ ...base, languageCode, ...(userId ? { userId } : {}) }) };
        case "faq":
          return { stage: "faq", value: await faq.mutateAsync({ ...base, languageCode }) };
        case "urls":
          return { stage: "urls", value: await urls.mutateAsync({ ...base, languageCode }) };
      }
    };
    call().then(
      (result) => {
        onResult(result);
        onSettled(result.stage);
        setPosition((at) => at + 1);
      },
      (error: unknown) => setFailure(error),
    );
    // The stage, its try and a failure decide a run; the mutations and callbacks need not restart one.
  }, [current, position, attempt, failure]);

  const finished = current === undefined;
  const statusOf = (stage: ScanStage): ItemStatus => {
    const index = stages.indexOf(stage);
    if (index === -1 || index < position) return skippedStages.current.has(stage) ? "skipped" : "done";
    if (index > position) return "waiting";
    return failure !== null ? "failed" : "running";
  };
  const percent = finished ? progressOf("done") : progressOf(current);
  const failedCode = failure !== null ? shownFailureCode(i18n, failure) : null;

  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
  };
  const skip = () => {
    if (current) {
      skippedStages.current.add(current);
      onSettled(current);
    }
    setFailure(null);
    setPosition((at) => at + 1);
  };

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text fontWeight="medium">{t(finished ? "scan.doneTitle" : "scan.title", { url: draft.url })}</Text>
        <Text color="fg.muted">{t(finished ? "scan.doneIntro" : "scan.intro")}</Text>
      </Stack>
      <Progress.Root value={percent} max={100} colorPalette={failure !== null ? "orange" : undefined} aria-label={t("scan.progressLabel")}>
        <HStack justify="space-between">
          <Progress.Label>{finished ? t("scan.phase.done") : t(`scan.phase.${current}`)}</Progress.Label>
          <Progress.ValueText data-testid="scan-percent">{`${percent}%`}</Progress.ValueText>
        </HStack>
        <Progress.Track mt="2">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <List.Root gap="2" variant="plain" aria-label={t("scan.stagesLabel")}>
        {scanStages.map((stage) => (
          <StatusItem key={stage} testId={`stage-${stage}`} status={statusOf(stage)} label={`${t(`scan.phase.${stage}`)} (${progressOf(stage)}%)`} />
        ))}
      </List.Root>
      {failure !== null && current && failedCode && (
        <Alert.Root status="error" role="alert" data-error-code={failedCode}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("scan.failed", { stage: t(`scan.phase.${current}`) })}</Alert.Title>
            <Alert.Description>
              <Text>{t(`messages:errors.${failedCode}`)}</Text>
              <Text>{t(`scan.skipHelp.${current}`)}</Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={onBack}>
          {t("actions.back")}
        </Button>
        {failure !== null && (
          <>
            <Button onClick={retry}>{t("actions.retry")}</Button>
            <Button variant="ghost" onClick={skip}>
              {t("scan.continueWithout")}
            </Button>
          </>
        )}
        {finished && (
          <Button onClick={onContinue} autoFocus>
            {t("actions.continue")}
          </Button>
        )}
      </HStack>
      <Text srOnly aria-live="polite">
        {finished ? t("scan.phase.done") : failure !== null ? t("scan.failed", { stage: t(`scan.phase.${current}`) }) : t(`scan.phase.${current}`)}
      </Text>
    </Stack>
  );
}
