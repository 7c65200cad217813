import { Field, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { toIsoDate } from "@parley/domain/dates";
import { dateRangeForPreset, datePresets, maxDateRangeDays, type DatePreset } from "@parley/domain/reporting";
import { checkDateRange, type DateRangeIssue } from "@parley/domain/validation/dateRange";
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
 * The date range of a conversation list: the presets today, yesterday, last 7 days, or custom dates. A date
 * that breaks a rule is marked and described by `rulesId`, the `DateRangeRules` below the filter row: a rule
 * shown under its field would make the row taller and move the controls beside the dates.
 */
export function DateRangeFilter({ value, onChange, rulesId, now = new Date() }: { value: DateRangeValue; onChange: (value: DateRangeValue) => void; rulesId: string; now?: Date }) {
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
        <Input
          type="date"
          value={value[path]}
          max={path === "to" ? toIsoDate(now) : undefined}
          aria-describedby={issue ? rulesId : undefined}
          onChange={(event) => onChange({ ...value, preset: "custom", [path]: event.target.value })}
        />
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
      </Field.Root>
      {dateField("from")}
      {dateField("to")}
    </HStack>
  );
}

/** The rules a range breaks, each with the field it concerns, on the lines below the filter row (`id` describes the fields). */
export function DateRangeRules({ value, id, now = new Date() }: { value: DateRangeValue; id: string; now?: Date }) {
  const { t } = useTranslation(["history", "messages"]);
  const issues = dateRangeIssues(value, now);
  return (
    <Stack id={id} gap="1" aria-live="polite" data-testid="date-range-rules">
      {issues.map((issue) => (
        <Text key={`${issue.path}:${issue.key}`} fontSize="sm" color="fg.error">
          {t("history.range.rule", { field: t(`history.range.${issue.path}`), rule: t(`messages:validation.${issue.key}`, { days: maxDateRangeDays }) })}
        </Text>
      ))}
    </Stack>
  );
}
