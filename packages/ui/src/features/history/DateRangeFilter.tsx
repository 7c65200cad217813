import { Field, HStack, Input, NativeSelect } from "@chakra-ui/react";
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
        {issue && <Field.ErrorText>{t(`messages:validation.${issue.key}`, { days: maxDateRangeDays })}</Field.ErrorText>}
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
