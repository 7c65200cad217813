/**
 * The dashboard (spec 01 §2 "/" and "/customer", spec 02 §9): conversations per month over the last
 * months, and what the language model cost per 100 messages.
 *
 * Months are calendar months in UTC, the current one last; a month without conversations is there with 0.
 *
 * The cost is priced from what the assistant records: an answer written by a language model keeps the
 * provider's token counts and model, priced with the domain's euro price table. The embedded extractive
 * assistant calls no model, so its answers cost 0. Only the answer's own call is recorded (not the small
 * language-detection, URL-search and alert calls). "Messages" of the cost are the assistant's answers, the
 * messages the quota counts; "messages" of the overview are those visitors wrote.
 */
import { conversationsOverviewMonths, gptCostPerUnit, tokenCostEur } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { scopeOf } from "../tenancy";
import { conversationsByMonth, messagesByMonth, tokensByMonth, type DashboardRange } from "./repository";

/** The last `count` calendar months in UTC (`YYYY-MM`, oldest first) and the instants they span. */
export function monthsUpTo(now: Date, count: number): { months: string[]; from: Date; until: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const start = new Date(Date.UTC(year, month - back, 1));
    months.push(`${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return { months, from: new Date(Date.UTC(year, month - (count - 1), 1)), until: new Date(Date.UTC(year, month + 1, 1)) };
}

// Euro amounts are answered to a hundredth of a cent: finer is noise, coarser hides a cheap model's cost.
const roundEur = (amount: number) => Math.round(amount * 10_000) / 10_000;

export interface DashboardQuery {
  months?: number;
}

export function createDashboardService(db: Db, clock: () => Date = () => new Date()) {
  function rangeOf(configuration: Configuration | undefined, query: DashboardQuery) {
    const span = monthsUpTo(clock(), query.months ?? conversationsOverviewMonths);
    const range: DashboardRange = { configurationId: configuration?._id ?? null, from: span.from, until: span.until };
    return { months: span.months, range };
  }

  return {
    /** `configuration` was loaded within the caller's scope by `x-tenant`; none: every configuration the caller sees. */
    async conversationsOverview(caller: Caller, configuration: Configuration | undefined, query: DashboardQuery) {
      const scope = scopeOf(caller);
      const { months, range } = rangeOf(configuration, query);
      const [conversations, messages] = await Promise.all([
        conversationsByMonth(db, scope, range),
        messagesByMonth(db, scope, range, "user"),
      ]);
      const conversationsIn = new Map(conversations.map((row) => [row.month, row]));
      const messagesIn = new Map(messages.map((row) => [row.month, row.messages]));
      return {
        status: "success" as const,
        data: months.map((month) => ({
          month,
          conversations: conversationsIn.get(month)?.conversations ?? 0,
          messages: messagesIn.get(month) ?? 0,
          manual_conversations: conversationsIn.get(month)?.manual_conversations ?? 0,
        })),
      };
    },

    async gptCost(caller: Caller, configuration: Configuration | undefined, query: DashboardQuery) {
      const { months, range } = rangeOf(configuration, query);
      const rows = await tokensByMonth(db, scopeOf(caller), range);
      const perMonth = new Map(months.map((month) => [month, { cost: 0, answers: 0 }]));
      for (const row of rows) {
        const entry = perMonth.get(row.month);
        if (!entry) continue;
        entry.answers += row.answers;
        entry.cost += tokenCostEur(row.model, Number(row.prompt_tokens), Number(row.completion_tokens));
      }
      let totalCost = 0;
      let totalAnswers = 0;
      const monthly = months.map((month) => {
        const { cost, answers } = perMonth.get(month)!;
        totalCost += cost;
        totalAnswers += answers;
        return { month, cost_per_100_messages: roundEur(gptCostPerUnit(cost, answers)), total_cost: roundEur(cost), messages: answers };
      });
      return {
        status: "success" as const,
        data: {
          currency: "EUR" as const,
          cost_per_100_messages: roundEur(gptCostPerUnit(totalCost, totalAnswers)),
          total_cost: roundEur(totalCost),
          messages: totalAnswers,
          months: monthly,
        },
      };
    },
  };
}
