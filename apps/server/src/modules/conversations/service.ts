/**
 * Conversation history and post-processed conversations of one configuration (spec 01 §2, §5): the date
 * rules of the domain, paging by the page sizes of spec 02 §9, each conversation with its messages,
 * sources and ratings, and the CSV export of everything a filter finds.
 */
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { DomainError, addDays, checkDateRange, parseCalendarDate, type PageSize } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { notFound } from "../tenancy";
import { findHistoryRow, listExportPage, listHistoryPage, ratedMessagesAfter, ratedMessagesOf, type ExportRow, type HistoryFilter, type HistoryRow, type RatedMessage } from "./history";
import { answerHtmlToText } from "../assistant/text/sanitise-answer";

export type ConversationDetail = Schemas["ConversationDetail"];
export type PostProcessedConversation = Schemas["PostProcessedConversation"];

/** The export holds at most this many conversations (7 days of a busy website). */
export const exportConversationLimit = 10_000;

/**
 * How the export is read and written, so that neither the event loop nor memory is held by its size: the
 * conversations a page at a time, their messages in batches of about this many (a conversation is never
 * split), and the CSV sent on in chunks of about this many rows, with a turn of the event loop after each.
 */
export const exportPaging = { conversations: 200, messages: 2_000, rowsPerChunk: 50 } as const;

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

    /**
     * The CSV of every conversation the filter finds, one row per message, as a stream; and its file name.
     * The range is checked and the first page read before anything is sent, so that a broken range or an
     * unreachable database is still answered as such.
     */
    async exportCsv(configurationId: string, query: RangeQuery & { status?: "Ongoing" | "Closed"; search?: string }) {
      const range = rangeOf(query, clock());
      const filter: HistoryFilter = { configurationId, ...range, status: query.status, search: query.search };
      const first = await listExportPage(db, filter, null, Math.min(exportPaging.conversations, exportConversationLimit));
      return { csv: Readable.from(exportChunks(db, filter, first), { objectMode: false }), filename: `conversations-${query.from}-${query.to}.csv` };
    },
  };
}

/**
 * The export's bytes, page by page: the byte order mark and the header, then the rows of each batch of
 * conversations, read by keyset on (start, id) — the export's order — up to the export's limit. Only a page
 * of conversations and one batch of messages are held at a time; the stream asks for the next chunk only
 * when the client has taken the last ones.
 */
async function* exportChunks(db: Db, filter: HistoryFilter, first: ExportRow[]): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${csvColumns.join(",")}\r\n`, "utf8");
  let page = first;
  let requested = Math.min(exportPaging.conversations, exportConversationLimit);
  let exported = 0;
  for (;;) {
    for (const batch of messageBatches(page)) {
      const long = batch.length === 1 && batch[0]!.message_count > exportPaging.messages ? batch[0]! : undefined;
      if (long) {
        // A conversation longer than a batch (some reach thousands of messages): its messages a batch at a time.
        const conversation = detailOf(long, []);
        let afterSeq: string | null = null;
        for (;;) {
          const messages = await ratedMessagesAfter(db, long.id, afterSeq, exportPaging.messages);
          yield* csvChunks(messages.map((message) => () => csvRowOf(conversation, message)));
          if (messages.length < exportPaging.messages) break;
          afterSeq = messages.at(-1)!.seq;
        }
      } else {
        const messages = await ratedMessagesOf(db, batch.map((row) => row.id));
        yield* csvChunks(
          batch.flatMap((row) => {
            const conversation = detailOf(row, []);
            return (messages.get(row.id) ?? []).map((message) => () => csvRowOf(conversation, message));
          }),
        );
      }
    }
    exported += page.length;
    const last = page.at(-1);
    if (!last || page.length < requested || exported >= exportConversationLimit) return;
    requested = Math.min(exportPaging.conversations, exportConversationLimit - exported);
    page = await listExportPage(db, filter, { time: last.cursor_time, id: last.id }, requested);
  }
}

/**
 * The rows as CSV in chunks of `exportPaging.rowsPerChunk`, each row written only when its chunk is due,
 * with a turn of the event loop after each chunk: turning answers' HTML into text takes time, and other
 * requests get theirs in between.
 */
async function* csvChunks(rows: readonly (() => string)[]): AsyncGenerator<Buffer> {
  for (let start = 0; start < rows.length; start += exportPaging.rowsPerChunk) {
    const lines = rows.slice(start, start + exportPaging.rowsPerChunk).map((row) => row());
    yield Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
    await nextTurn();
  }
}

/** A page's conversations in runs whose messages add up to about one batch (a longer conversation alone). */
function* messageBatches(page: readonly ExportRow[]): Generator<ExportRow[]> {
  let batch: ExportRow[] = [];
  let messages = 0;
  for (const row of page) {
    if (batch.length > 0 && messages + row.message_count > exportPaging.messages) {
      yield batch;
      batch = [];
      messages = 0;
    }
    batch.push(row);
    messages += row.message_count;
  }
  if (batch.length > 0) yield batch;
}

export type ConversationsService = ReturnType<typeof createConversationsService>;

export const csvColumns = ["session_id", "conversation_status", "is_test", "started_at", "client_ip", "message_time", "role", "agent_name", "content", "rating", "sources"] as const;

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break; a text a spreadsheet would run
 * as a formula gets an apostrophe first: one that starts with a tab or a carriage return, or whose first
 * character other than white space is =, +, - or @ (spreadsheets skip leading spaces before a formula).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^(?:[\t\r]|\s*[=+\-@])/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV line of one message of a conversation (no line end). */
function csvRowOf(conversation: ConversationDetail, message: RatedMessage | ConversationDetail["messages"][number]): string {
  const sources = (message.sources ?? []).map((source) => (source.url ? `${source.title} (${source.url})` : source.title)).join(" | ");
  return [
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
    .join(",");
}

/** The conversations as CSV (UTF-8 with a byte order mark, CRLF line ends), one row per message. */
export function conversationsCsv(conversations: readonly ConversationDetail[]): string {
  const lines = [csvColumns.join(","), ...conversations.flatMap((conversation) => conversation.messages.map((message) => csvRowOf(conversation, message)))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
