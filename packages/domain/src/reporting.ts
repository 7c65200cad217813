/**
 * Conversation overview and reporting constants (spec 02 §9).
 */
import { addDays, addMonths, toIsoDate } from "./dates";

/** The customer's conversations overview covers this many months back. */
export const conversationsOverviewMonths = 6;
/** The GPT cost metric is expressed per this many messages. */
export const gptCostMessagesUnit = 100;
export const pageSizeOptions = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizeOptions)[number];
export const defaultPageSize: PageSize = pageSizeOptions[0];
/** A date range may span at most this many days (from and to inclusive of the end points' difference). */
export const maxDateRangeDays = 7;

export const datePresets = ["today", "yesterday", "last7Days", "custom"] as const;
export type DatePreset = (typeof datePresets)[number];

/** Cost per `gptCostMessagesUnit` messages; 0 when there were none. */
export function gptCostPerUnit(totalCost: number, messageCount: number): number {
  if (messageCount <= 0) return 0;
  return (totalCost / messageCount) * gptCostMessagesUnit;
}

/** The first day (YYYY-MM-DD) the conversations overview covers. */
export function conversationsOverviewStart(now: Date): string {
  return toIsoDate(addMonths(now, -conversationsOverviewMonths));
}

/** The from/to dates (YYYY-MM-DD) of a preset; null for custom, which the user picks. */
export function dateRangeForPreset(preset: DatePreset, now: Date): { from: string; to: string } | null {
  const today = toIsoDate(now);
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = toIsoDate(addDays(now, -1));
      return { from: yesterday, to: yesterday };
    }
    case "last7Days":
      return { from: toIsoDate(addDays(now, -maxDateRangeDays)), to: today };
    case "custom":
      return null;
  }
}

export function isPageSize(value: number): value is PageSize {
  return (pageSizeOptions as readonly number[]).includes(value);
}

/**
 * What a language model costs, in euro per million tokens (input, output): the providers' list prices
 * for the models Parley configures, converted to euro. They are estimates for the dashboard, not an
 * invoice. A model is matched by the longest listed prefix of its name (`gpt-4o-2024-08-06` is
 * `gpt-4o`, `gpt-4o-mini-default` is `gpt-4o-mini`); a model not listed is priced as the default one.
 */
export const modelPricesEurPerMillionTokens = {
  "gpt-4o-mini": { input: 0.14, output: 0.55 },
  "gpt-4o": { input: 2.3, output: 9.2 },
  "gpt-4.1-nano": { input: 0.09, output: 0.37 },
  "gpt-4.1-mini": { input: 0.37, output: 1.47 },
  "gpt-4.1": { input: 1.84, output: 7.36 },
  "gpt-3.5-turbo": { input: 0.46, output: 1.38 },
} as const satisfies Record<string, { input: number; output: number }>;

export type PricedModel = keyof typeof modelPricesEurPerMillionTokens;
/** The price of a model the table does not list: that of the configurations' default model. */
export const fallbackPricedModel: PricedModel = "gpt-4o";

const pricedModelsLongestFirst = (Object.keys(modelPricesEurPerMillionTokens) as PricedModel[]).sort((a, b) => b.length - a.length);

/** The listed model a model name is priced as. */
export function pricedModelOf(model: string | null | undefined): PricedModel {
  const name = (model ?? "").trim().toLowerCase();
  return pricedModelsLongestFirst.find((prefix) => name.startsWith(prefix)) ?? fallbackPricedModel;
}

/** The cost in euro of one model's recorded tokens. */
export function tokenCostEur(model: string | null | undefined, promptTokens: number, completionTokens: number): number {
  const price = modelPricesEurPerMillionTokens[pricedModelOf(model)];
  return (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
}
