/**
 * The dashboard's counts, by calendar month in UTC, over the conversations of the configurations a scope
 * may see (one configuration, or all of them when none is given). Every statement filters by the scope in SQL.
 */
import type { Db } from "../../platform/db/db";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

/** The conversations and messages a dashboard counts: those of one configuration or of every one in scope, in [from, until). */
export interface DashboardRange {
  configurationId: string | null;
  from: Date;
  until: Date;
}

export interface ConversationMonthRow {
  month: string;
  conversations: number;
  manual_conversations: number;
}

export interface MessageMonthRow {
  month: string;
  messages: number;
}

export interface TokenMonthRow {
  month: string;
  model: string | null;
  answers: number;
  prompt_tokens: number;
  completion_tokens: number;
}

// `YYYY-MM` of an instant's month in UTC, whatever the session's time zone.
const utcMonth = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;

function parameters(scope: Scope, range: DashboardRange): unknown[] {
  return [...scopeParams(scope), range.configurationId, range.from.toISOString(), range.until.toISOString()];
}

// The conversations overview counts visitors: a customer's "conversations this month" is how many visitors
// chatted, so conversations started from the portal's test environment (`is_test`) and their messages are left
// out of it. The language-model cost keeps them: their answers were generated and paid for all the same.
const visitorsOnly = "AND NOT c.is_test";

/** Visitors' conversations by the month they started in (taken over by an agent counted apart too). */
export function conversationsByMonth(db: Db, scope: Scope, range: DashboardRange): Promise<ConversationMonthRow[]> {
  return db.query<ConversationMonthRow>(
    `SELECT ${utcMonth("c.time_started")} AS month,
            count(*)::int AS conversations,
            count(*) FILTER (WHERE c.is_manual)::int AS manual_conversations
       FROM conversations c
       JOIN configurations cf ON cf.id = c.configuration_id
      WHERE ${scopeCondition("cf.customer_id", 1)} AND ($3::uuid IS NULL OR c.configuration_id = $3::uuid)
        AND c.time_started >= $4::timestamptz AND c.time_started < $5::timestamptz ${visitorsOnly}
      GROUP BY 1`,
    parameters(scope, range),
  );
}

/** Messages of `role` in visitors' conversations by the month they were written in. */
export function messagesByMonth(db: Db, scope: Scope, range: DashboardRange, role: "user" | "assistant"): Promise<MessageMonthRow[]> {
  return db.query<MessageMonthRow>(
    `SELECT ${utcMonth("m.created_at")} AS month, count(*)::int AS messages
       FROM conversation_messages m
       JOIN conversations c ON c.id = m.conversation_id
       JOIN configurations cf ON cf.id = c.configuration_id
      WHERE ${scopeCondition("cf.customer_id", 1)} AND ($3::uuid IS NULL OR c.configuration_id = $3::uuid)
        AND c.last_activity >= $4::timestamptz AND c.time_started < $5::timestamptz
        AND m.created_at >= $4::timestamptz AND m.created_at < $5::timestamptz AND m.role = $6 ${visitorsOnly}
      GROUP BY 1`,
    [...parameters(scope, range), role],
  );
}

/** The assistant's answers by month and model, with the tokens recorded for them (0 for the extractive ones). */
export function tokensByMonth(db: Db, scope: Scope, range: DashboardRange): Promise<TokenMonthRow[]> {
  return db.query<TokenMonthRow>(
    `SELECT ${utcMonth("m.created_at")} AS month, m.model,
            count(*)::int AS answers,
            coalesce(sum(m.prompt_tokens), 0)::float8 AS prompt_tokens,
            coalesce(sum(m.completion_tokens), 0)::float8 AS completion_tokens
       FROM conversation_messages m
       JOIN conversations c ON c.id = m.conversation_id
       JOIN configurations cf ON cf.id = c.configuration_id
      WHERE ${scopeCondition("cf.customer_id", 1)} AND ($3::uuid IS NULL OR c.configuration_id = $3::uuid)
        AND c.last_activity >= $4::timestamptz AND c.time_started < $5::timestamptz
        AND m.created_at >= $4::timestamptz AND m.created_at < $5::timestamptz AND m.role = 'assistant'
      GROUP BY 1, 2`,
    parameters(scope, range),
  );
}
