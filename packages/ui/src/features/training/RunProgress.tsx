import { Alert, Button, HStack, List, Progress, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { LuRotateCcw, LuX } from "react-icons/lu";
import { failureTexts, type FailureScope } from "./failureHelp";
import type { RunState } from "./useBatchRun";

export interface RunProgressProps<Item> {
  state: RunState<Item>;
  /** What a counted item is called: `pages`, `files`, `items` (WordPress pages and posts) or `shopPages` (pages of a shop's products). */
  unit: "pages" | "files" | "items" | "shopPages";
  itemLabel: (item: Item) => string;
  onCancel: () => void;
  onRetry: () => void;
  /** What the run has made so far, instead of the articles' counts (a shop's run makes products). */
  summary?: string;
  /** The cancel button's text, when the run is stopped rather than cancelled. */
  cancelLabel?: string;
  /** The section whose words the failures are told in. */
  scope?: FailureScope;
}

/** A long run's progress (done of total), its failures by item, cancel and a retry of what failed. */
export function RunProgress<Item>({ state, unit, itemLabel, onCancel, onRetry, summary, cancelLabel, scope }: RunProgressProps<Item>) {
  const { t, i18n } = useTranslation(["training", "messages"]);
  if (state.status === "idle") return null;
  const running = state.status === "running";
  const reason = (code: string) => failureTexts(t, i18n, code, scope).reason;
  // The advice for each kind of failure, once.
  const advice = [...new Set(state.failures.map((failure) => failureTexts(t, i18n, failure.code, scope).help))].filter(Boolean);
  const { created, failed, notIndexed } = state.counts;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" data-testid={`run-${unit}`}>
      <Progress.Root value={state.done} max={Math.max(state.total, 1)} colorPalette={state.failures.length > 0 ? "orange" : "green"} aria-label={t(`run.progressLabel.${unit}`)}>
        <HStack justify="space-between">
          <Progress.Label>{t(`run.progress.${unit}`, { done: state.done, total: state.total })}</Progress.Label>
          {state.failures.length > 0 && <Text fontSize="sm" color="fg.error">{t(`run.failedCount.${unit}`, { count: state.failures.length })}</Text>}
        </HStack>
        <Progress.Track mt="2">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" aria-live="polite" data-testid="run-status">
        {running ? t("run.running") : state.status === "cancelled" ? t("run.cancelled") : t("run.finished")} {summary ?? t("run.counts", { created, failed, notIndexed })}
      </Text>
      {!running && failed > 0 && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("messages:errors.articles_failed")}</Alert.Title>
            <Alert.Description>{t("run.articlesFailedHelp", { count: failed })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {!running && notIndexed > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("messages:errors.articles_not_indexed")}</Alert.Title>
            <Alert.Description>{t("run.notIndexedHelp")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {state.failures.length > 0 && (
        <Stack gap="1">
          <Text fontWeight="medium">{t(`run.failuresTitle.${unit}`)}</Text>
          <List.Root ps="5" fontSize="sm" aria-label={t(`run.failuresTitle.${unit}`)}>
            {state.failures.map((failure, index) => (
              <List.Item key={`${itemLabel(failure.item)}-${index}`} wordBreak="break-all">
                {itemLabel(failure.item)} — {reason(failure.code)}
              </List.Item>
            ))}
          </List.Root>
          {!running &&
            advice.map((help) => (
              <Text key={help} fontSize="sm" color="fg.muted">
                {help}
              </Text>
            ))}
        </Stack>
      )}
      <HStack>
        {running && (
          <Button variant="outline" onClick={onCancel}>
            <LuX /> {cancelLabel ?? t("run.cancel")}
          </Button>
        )}
        {!running && state.failures.length > 0 && (
          <Button onClick={onRetry}>
            <LuRotateCcw /> {t("run.retry", { count: state.failures.length })}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
