import { formatAmount } from "@parley/domain/subscription";
import type { TFunction } from "i18next";
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

/**
 * A product as provider staff read it: its name in the interface language, with its code where the name alone
 * is not enough ("Basic (so_basic)" beside "Basic": the self-service plans share their names).
 */
export function productLabel(t: TFunction, product: string): string {
  const name = t(`billing:products.${product}`, { defaultValue: product });
  return name.toLowerCase() === product ? name : `${name} (${product})`;
}
