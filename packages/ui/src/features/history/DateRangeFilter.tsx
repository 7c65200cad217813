import { Box, Field, HStack, Input, NativeSelect, Stack, type StackProps } from "@chakra-ui/react";
import { toIsoDate } from "@parley/domain/dates";
import { dateRangeForPreset, datePresets, maxDateRangeDays, type DatePreset } from "@parley/domain/reporting";
import { checkDateRange, type DateRangeIssue } from "@parley/domain/validation/dateRange";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface DateRangeValue {
  preset: DatePreset;
  from: string;
  to: string;
}

/** The range a screen opens with: the last 7 days. */
export function initialDateRange(now = new Date()): DateRangeValue {
  return { preset: "last7Days", ...dateRangeForPreset("last7Days", now)! };
}

/** What is wrong with a range (spec 01 §5), empty when it may be asked for. */
export function dateRangeIssues(range: DateRangeValue, now = new Date()): DateRangeIssue[] {
  return checkDateRange({ from: range.from, to: range.to }, now);
}

/**
 * The line under a filter that holds a broken date rule, kept whether or not one shows: a rule that appears
 * then moves nothing in the filter row (the search and Export beside the dates stay where they were).
 */
function RuleLine({ children }: { children?: ReactNode }) {
  return (
    <Box minH="5" data-testid="rule-line">
      {children}
    </Box>
  );
}

/**
 * A control of the filter row beside the date range (search, Export), with the same rule line below it, so it
 * lines up with the date inputs whatever the dates show.
 */
export function BesideDateRange({ children, ...stack }: StackProps) {
  return (
    <Stack gap="1.5" {...stack}>
      {children}
      <RuleLine />
    </Stack>
  );
}

/**
 * The date range of a conversation list: the presets today, yesterday, last 7 days, or custom dates; a
 * rule the dates break shows under the field it concerns.
 */
export function DateRangeFilter({ value, onChange, now = new Date() }: { value: DateRangeValue; onChange: (value: DateRangeValue) => void; now?: Date }) {
  const { t } = useTranslation(["history", "messages"]);
  const issues = dateRangeIssues(value, now);
  const issueOf = (path: "from" | "to") => issues.find((issue) => issue.path === path);
  const choosePreset = (preset: DatePreset) => onChange({ preset, ...(dateRangeForPreset(preset, now) ?? { from: value.from, to: value.to }) });
  const dateField = (path: "from" | "to") => {
    const issue = issueOf(path);
    return (
      <Field.Root invalid={issue !== undefined} width="44">
        <Field.Label fontSize="sm" color="fg.muted">
          {t(`history.range.${path}`)}
        </Field.Label>
        <Input type="date" value={value[path]} max={path === "to" ? toIsoDate(now) : undefined} onChange={(event) => onChange({ ...value, preset: "custom", [path]: event.target.value })} />
        <RuleLine>{issue && <Field.ErrorText mt="0">{t(`messages:validation.${issue.key}`, { days: maxDateRangeDays })}</Field.ErrorText>}</RuleLine>
      </Field.Root>
    );
  };
  return (
    <HStack gap="3" align="start" wrap="wrap">
      <Field.Root width="44">
        <Field.Label fontSize="sm" color="fg.muted">
          {t("history.range.period")}
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={value.preset} onChange={(event) => choosePreset(event.target.value as DatePreset)}>
            {datePresets.map((preset) => (
              <option key={preset} value={preset}>
                {t(`history.range.presets.${preset}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <RuleLine />
      </Field.Root>
      {dateField("from")}
      {dateField("to")}
    </HStack>
  );
}
