/**
 * Conversation history and post-processed conversations of one configuration (spec 01 §2, §5): the date
 * rules of the domain, paging by the page sizes of spec 02 §9, each conversation with its messages,
 * sources and ratings, and the CSV export of everything a filter finds.
 */
import { DomainError, addDays, checkDateRange, parseCalendarDate, type PageSize } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { notFound } from "../tenancy";
import { findHistoryRow, listHistoryPage, listHistoryRows, ratedMessagesOf, type HistoryFilter, type HistoryRow, type RatedMessage } from "./history";
import { answerHtmlToText } from "../assistant/text/sanitise-answer";

export type ConversationDetail = Schemas["ConversationDetail"];
export type PostProcessedConversation = Schemas["PostProcessedConversation"];

/** The export holds at most this many conversations (7 days of a busy website). */
export const exportConversationLimit = 10_000;

export interface RangeQuery {
  from?: string;
  to?: string;
}

export interface ListQuery extends RangeQuery {
  search?: string;
  page?: number;
  page_size?: PageSize;
}

/**
 * The instants a range of calendar days covers, checked by the domain's rules; a broken rule answers 400
 * with each failing field in the catalogue's words. `optional`: no dates at all is no range.
 */
export function rangeOf(query: RangeQuery, now: Date, optional = false): { from: Date | null; until: Date | null } {
  if (optional && !query.from && !query.to) return { from: null, until: null };
  const issues = checkDateRange({ from: query.from, to: query.to }, now);
  if (issues.length > 0) {
    throw new DomainError(
      "validation_failed",
      issues.map((issue) => issue.message).join("; "),
      400,
      issues.map(({ path, message }) => ({ path, message })),
    );
  }
  return { from: parseCalendarDate(query.from!), until: addDays(parseCalendarDate(query.to!)!, 1) };
}

function summaryOf(row: HistoryRow) {
  return {
    session_id: row.session_id,
    configuration_id: row.configuration_id,
    status: row.status,
    started_at: row.started_at,
    last_message_at: row.last_message_at,
    message_count: row.message_count,
    user_message_count: row.user_message_count,
    first_user_message: row.first_user_message,
    is_manual: row.is_manual,
    is_test: row.is_test,
    alert_triggered: row.alert_triggered,
    client_ip: row.client_ip,
    thumbs_up: row.thumbs_up,
    thumbs_down: row.thumbs_down,
  };
}

function detailOf(row: HistoryRow, messages: RatedMessage[]): ConversationDetail {
  return { ...summaryOf(row), messages, agent_note: row.agent_note, workflow_triggered: row.workflow_triggered };
}

/** Nothing post-processes conversations yet (a later reporting issue): each is listed as not processed. */
function postProcessedOf(row: HistoryRow): PostProcessedConversation {
  return {
    session_id: row.session_id,
    configuration_id: row.configuration_id,
    started_at: row.started_at,
    last_message_at: row.last_message_at,
    message_count: row.message_count,
    first_user_message: row.first_user_message,
    status: "not_processed",
    processed_at: null,
    summary: null,
    labels: [],
    sentiment: null,
    outcome: null,
    sent_to: null,
  };
}

function pageOf(query: ListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 10;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function createConversationsService(db: Db, clock: () => Date = () => new Date()) {
  return {
    async history(configurationId: string, query: ListQuery & { status?: "Ongoing" | "Closed" }) {
      const range = rangeOf(query, clock());
      const { page, pageSize, offset } = pageOf(query);
      const filter: HistoryFilter = { configurationId, ...range, status: query.status, search: query.search };
      const { rows, total } = await listHistoryPage(db, filter, { offset, limit: pageSize });
      const messages = await ratedMessagesOf(db, rows.map((row) => row.id));
      return { items: rows.map((row) => detailOf(row, messages.get(row.id) ?? [])), total, page, page_size: pageSize };
    },

    async postProcessed(configurationId: string, query: ListQuery) {
      const range = rangeOf(query, clock(), true);
      const { page, pageSize, offset } = pageOf(query);
      const { rows, total } = await listHistoryPage(db, { configurationId, ...range, status: "Closed", search: query.search }, { offset, limit: pageSize });
      return { items: rows.map(postProcessedOf), total, page, page_size: pageSize };
    },

    async conversation(configurationId: string, sessionId: string): Promise<ConversationDetail> {
      const row = await findHistoryRow(db, configurationId, sessionId);
      if (!row) throw notFound("Conversation not found");
      const messages = await ratedMessagesOf(db, [row.id]);
      return detailOf(row, messages.get(row.id) ?? []);
    },

    /** The CSV of every conversation the filter finds, one row per message; and its file name. */
    async exportCsv(configurationId: string, query: RangeQuery & { status?: "Ongoing" | "Closed"; search?: string }) {
      const range = rangeOf(query, clock());
      const rows = await listHistoryRows(db, { configurationId, ...range, status: query.status, search: query.search }, exportConversationLimit);
      const messages = await ratedMessagesOf(db, rows.map((row) => row.id));
      return { csv: conversationsCsv(rows.map((row) => detailOf(row, messages.get(row.id) ?? []))), filename: `conversations-${query.from}-${query.to}.csv` };
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;

export const csvColumns = ["session_id", "conversation_status", "is_test", "started_at", "client_ip", "message_time", "role", "agent_name", "content", "rating", "sources"] as const;

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break; a text a spreadsheet would run
 * as a formula (it starts with =, +, -, @, a tab or a carriage return) gets an apostrophe first.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The conversations as CSV (UTF-8 with a byte order mark, CRLF line ends), one row per message. */
export function conversationsCsv(conversations: readonly ConversationDetail[]): string {
  const lines = [csvColumns.join(",")];
  for (const conversation of conversations) {
    for (const message of conversation.messages) {
      const sources = (message.sources ?? []).map((source) => (source.url ? `${source.title} (${source.url})` : source.title)).join(" | ");
      lines.push(
        [
          conversation.session_id,
          conversation.status,
          // A spreadsheet filter tells the portal's test conversations from visitors' ones.
          String(conversation.is_test),
          conversation.started_at,
          conversation.client_ip,
          message.timestamp,
          message.role,
          message.agent_name,
          // As a reader sees it: answers and notes are stored as HTML for the chat (a visitor's own text is not).
          message.role === "user" ? message.content : answerHtmlToText(message.content),
          message.rating ?? null,
          sources,
        ]
          .map(csvCell)
          .join(","),
      );
    }
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
