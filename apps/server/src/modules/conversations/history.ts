/**
 * The agents' reads of stored conversations: the history and post-processed lists of one configuration
 * (filtered by start day, status and message text, one page at a time), one conversation, and the rows of
 * the CSV export. The configuration has been checked against the caller's tenant before any of these run.
 */
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { messageColumns, toMessage, type Message, type MessageRow } from "./repository";

export interface HistoryFilter {
  configurationId: string;
  /** Midnight UTC of the first day, included. */
  from: Date | null;
  /** Midnight UTC of the day after the last, excluded. */
  until: Date | null;
  status?: "Ongoing" | "Closed";
  /** Text in any message; empty or undefined: every conversation. */
  search?: string;
}

export interface HistoryRow {
  id: string;
  session_id: string;
  configuration_id: string;
  status: "Ongoing" | "Closed";
  client_ip: string | null;
  started_at: string;
  last_message_at: string;
  message_count: number;
  user_message_count: number;
  first_user_message: string | null;
  is_manual: boolean;
  is_test: boolean;
  alert_triggered: boolean;
  agent_note: string | null;
  workflow_triggered: string | null;
  thumbs_up: number;
  thumbs_down: number;
}

export type RatedMessage = Message & { rating: 1 | -1 | null };

const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const historyColumns = `c.id, c.session_id, c.configuration_id, c.status, c.client_ip, ${isoTime("c.time_started")} AS started_at,
  ${isoTime("c.last_activity")} AS last_message_at, c.user_message_count, c.is_manual, c.is_test, c.alert_triggered, c.agent_note, c.workflow_triggered,
  stats.message_count, stats.first_user_message, stats.thumbs_up, stats.thumbs_down`;

const statsJoin = `CROSS JOIN LATERAL (
    SELECT count(*)::int AS message_count,
           (array_agg(m.content ORDER BY m.seq) FILTER (WHERE m.role = 'user'))[1] AS first_user_message,
           count(*) FILTER (WHERE m.rating = 1)::int AS thumbs_up,
           count(*) FILTER (WHERE m.rating = -1)::int AS thumbs_down
      FROM conversation_messages m WHERE m.conversation_id = c.id) stats`;

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereOf(filter: HistoryFilter): { sql: string; params: unknown[] } {
  const search = filter.search?.trim() ?? "";
  return {
    sql: `c.configuration_id = $1
      AND ($2::timestamptz IS NULL OR c.time_started >= $2) AND ($3::timestamptz IS NULL OR c.time_started < $3)
      AND ($4::text IS NULL OR c.status = $4)
      AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM conversation_messages s WHERE s.conversation_id = c.id AND s.content ILIKE $5))`,
    params: [filter.configurationId, filter.from, filter.until, filter.status ?? null, search === "" ? null : containsPattern(search)],
  };
}

/** One page of the conversations the filter finds, newest first, and how many it finds in all. */
export async function listHistoryPage(db: Db, filter: HistoryFilter, page: { offset: number; limit: number }): Promise<{ rows: HistoryRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, counted] = await Promise.all([
    db.query<HistoryRow>(
      `SELECT ${historyColumns} FROM conversations c ${statsJoin}
        WHERE ${where.sql} ORDER BY c.time_started DESC, c.id LIMIT $6 OFFSET $7`,
      [...where.params, page.limit, page.offset],
    ),
    queryOne<{ total: number }>(db, `SELECT count(*)::int AS total FROM conversations c WHERE ${where.sql}`, where.params),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Where a page of the export ends: the last conversation's start, to the microsecond (the rendered
 * started_at stops at milliseconds, and two conversations can start in the same one), and its id.
 */
export interface ExportCursor {
  time: string;
  id: string;
}

export type ExportRow = HistoryRow & { cursor_time: string };

/**
 * One page of the conversations the filter finds for the export, oldest first (start, then id), after
 * `after` (keyset paging: each page reads from the index where the last one stopped, however far in).
 */
export function listExportPage(db: Db, filter: HistoryFilter, after: ExportCursor | null, limit: number): Promise<ExportRow[]> {
  const where = whereOf(filter);
  const cursorTime = `to_char(c.time_started AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time`;
  const columns = `${historyColumns}, ${cursorTime}`;
  return after === null
    ? db.query<ExportRow>(`SELECT ${columns} FROM conversations c ${statsJoin} WHERE ${where.sql} ORDER BY c.time_started, c.id LIMIT $6`, [...where.params, limit])
    : db.query<ExportRow>(
        `SELECT ${columns} FROM conversations c ${statsJoin}
          WHERE ${where.sql} AND (c.time_started, c.id) > ($6::timestamptz, $7::uuid) ORDER BY c.time_started, c.id LIMIT $8`,
        [...where.params, after.time, after.id, limit],
      );
}

/** A conversation of the configuration by its session id, or undefined when it is not one of its. */
export function findHistoryRow(db: Db, configurationId: string, sessionId: string): Promise<HistoryRow | undefined> {
  return queryOne<HistoryRow>(db, `SELECT ${historyColumns} FROM conversations c ${statsJoin} WHERE c.configuration_id = $1 AND c.session_id = $2`, [
    configurationId,
    sessionId,
  ]);
}

type RatedMessageRow = MessageRow & { rating: number | null };

function ratedMessageOf(row: RatedMessageRow): RatedMessage {
  const { reply_to: _replyTo, ...message } = toMessage(row);
  return { ...message, rating: row.rating === 1 || row.rating === -1 ? row.rating : null };
}

/** The messages of the conversations, each oldest first, with the visitor's ratings. */
export async function ratedMessagesOf(db: Db, conversationIds: readonly string[]): Promise<Map<string, RatedMessage[]>> {
  const byConversation = new Map<string, RatedMessage[]>(conversationIds.map((id) => [id, []]));
  if (conversationIds.length === 0) return byConversation;
  const rows = await db.query<RatedMessageRow & { conversation_id: string }>(
    `SELECT conversation_id, ${messageColumns}, rating FROM conversation_messages WHERE conversation_id = ANY($1::uuid[]) ORDER BY conversation_id, seq`,
    [conversationIds],
  );
  for (const row of rows) byConversation.get(row.conversation_id)?.push(ratedMessageOf(row));
  return byConversation;
}

/**
 * At most `limit` messages of one conversation, oldest first, after the one of `afterSeq` (keyset paging for
 * a conversation too long to read at once), each with its `seq` to go on from.
 */
export async function ratedMessagesAfter(db: Db, conversationId: string, afterSeq: string | null, limit: number): Promise<(RatedMessage & { seq: string })[]> {
  const rows = await db.query<RatedMessageRow & { seq_text: string }>(
    `SELECT ${messageColumns}, rating, seq::text AS seq_text FROM conversation_messages
      WHERE conversation_id = $1 AND ($2::bigint IS NULL OR seq > $2::bigint) ORDER BY seq LIMIT $3`,
    [conversationId, afterSeq, limit],
  );
  return rows.map((row) => ({ ...ratedMessageOf(row), seq: row.seq_text }));
}
