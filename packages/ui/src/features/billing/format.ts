import { formatAmount } from "@parley/domain/subscription";
import { useTranslation } from "react-i18next";

/** Amounts in euro and calendar dates (YYYY-MM-DD, shown as that day wherever the reader is) in the interface language. */
export function useBillingFormat() {
  const { i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return {
    amount: (value: number) => formatAmount(value, i18n.language),
    date: (value: string) => dates.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)),
  };
}
