/**
 * Visitors' conversations and their messages. A conversation is reached by its session id, the visitor's
 * secret; the screens of agents reach it through the configuration's tenant (a later issue).
 */
import { DomainError, type LanguageCode } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";

export type Message = Schemas["Message"];
export type MessageSource = Schemas["MessageSource"];
export type MessageRole = Message["role"];

export interface ConversationRecord {
  id: string;
  configuration_id: string;
  session_id: string;
  status: "Ongoing" | "Closed";
  language: LanguageCode;
  client_ip: string | null;
  page_url: string | null;
  time_started: string;
  user_message_count: number;
  is_locked: boolean;
  is_manual: boolean;
  taken_over_by: string | null;
  /** How many of its messages the agents had when one of them last read it (opened or took it over). */
  agents_seen_messages: number;
  alert_triggered: boolean;
  alert_message: string | null;
  agent_note: string | null;
  /** The workflows an AI function call last ran (their names), for the agents. */
  workflow_triggered: string | null;
  /** Started in the portals' test environment: its answers use no message of the quota. */
  is_test: boolean;
}

export interface MessageRow {
  id: string;
  role: MessageRole;
  content: string;
  raw_input: string | null;
  client_message_id: string | null;
  agent_name: string | null;
  sources: MessageSource[];
  created_at: Date | string;
  reply_to: string | null;
  is_answer: boolean;
}

export interface StoredMessage extends Message {
  id: string;
  reply_to: string | null;
}

const conversationColumns = `id, configuration_id, session_id, status, language, client_ip, page_url,
  to_char(time_started AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time_started, user_message_count,
  is_locked, is_manual, taken_over_by, alert_triggered, alert_message, agent_note, is_test, agents_seen_messages, workflow_triggered`;
export const messageColumns = "id, role, content, raw_input, client_message_id, agent_name, sources, created_at, reply_to, is_answer";

export function toMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    raw_input: row.raw_input,
    client_message_id: row.client_message_id,
    agent_name: row.agent_name,
    sources: row.sources,
    timestamp: new Date(row.created_at).toISOString(),
    reply_to: row.reply_to,
    is_answer: row.is_answer,
  };
}

/** The message as the widget and the screens receive it (without the internal link to what it answers). */
export function publicMessage(message: StoredMessage): Message {
  const { reply_to: _replyTo, ...rest } = message;
  return rest;
}

export function findConversationBySession(db: Db, sessionId: string): Promise<ConversationRecord | undefined> {
  return queryOne<ConversationRecord>(db, `SELECT ${conversationColumns} FROM conversations WHERE session_id = $1`, [sessionId]);
}

export async function startConversation(
  db: Db,
  fields: { configurationId: string; sessionId: string; language: LanguageCode; clientIp: string | null; pageUrl: string | null; isTest?: boolean },
): Promise<ConversationRecord> {
  // Two first messages of one socket at once both start it: the second finds the first's.
  const row =
    (await queryOne<ConversationRecord>(
      db,
      `INSERT INTO conversations (configuration_id, session_id, language, client_ip, page_url, is_test)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (session_id) DO NOTHING RETURNING ${conversationColumns}`,
      [fields.configurationId, fields.sessionId, fields.language, fields.clientIp, fields.pageUrl, fields.isTest ?? false],
    )) ?? (await findConversationBySession(db, fields.sessionId));
  if (!row || row.configuration_id !== fields.configurationId) throw new Error("the conversation was not stored");
  return row;
}

/**
 * Stores a visitor message and counts it, unless the same `clientMessageId` was stored before in this
 * conversation: then the first one is answered with `duplicate` true and nothing changes. One statement, so
 * two sends of one message at once store it once.
 */
export async function insertVisitorMessage(
  db: Db,
  conversationId: string,
  message: { content: string; rawInput: string | null; clientMessageId: string | null; language: LanguageCode },
): Promise<{ message: StoredMessage; duplicate: boolean }> {
  const inserted = await queryOne<MessageRow>(
    db,
    `WITH stored AS (
       INSERT INTO conversation_messages (conversation_id, role, content, raw_input, client_message_id)
       VALUES ($1, 'user', $2, $3, $4)
       ON CONFLICT (conversation_id, client_message_id) DO NOTHING
       RETURNING ${messageColumns}
     ), counted AS (
       UPDATE conversations SET user_message_count = user_message_count + 1, last_activity = now(), language = $5
        WHERE id = $1 AND EXISTS (SELECT 1 FROM stored)
     )
     SELECT * FROM stored`,
    [conversationId, message.content, message.rawInput, message.clientMessageId, message.language],
  );
  if (inserted) return { message: toMessage(inserted), duplicate: false };
  const earlier = await messageOfClient(db, conversationId, message.clientMessageId);
  if (!earlier) throw new Error("a message that conflicted is not there");
  return { message: earlier, duplicate: true };
}

/**
 * `insertVisitorMessage` for the visitor's ongoing conversation of the configuration named by its session id,
 * found by the same statement (one round trip): the conversation as the message left it (counted, its
 * language set: `language`, or the conversation's own when null), or undefined when the session names no
 * ongoing conversation of the configuration (nothing is stored then).
 */
export async function insertVisitorMessageInSession(
  db: Db,
  target: { sessionId: string; configurationId: string },
  message: { content: string; rawInput: string | null; clientMessageId: string | null; language: LanguageCode | null },
): Promise<{ conversation: ConversationRecord; message: StoredMessage; duplicate: boolean } | undefined> {
  // No message is newer than the largest seq: the read is of the conversation row only.
  const stored = await insertVisitorMessageAndRead(db, target, { ...message, alert: null }, Number.MAX_SAFE_INTEGER);
  return stored && { conversation: stored.read.conversation, message: stored.message, duplicate: stored.duplicate };
}

/** The message a client gave this id in this conversation (a visitor's or an agent's), if any. */
export async function messageOfClient(db: Db, conversationId: string, clientMessageId: string | null): Promise<StoredMessage | undefined> {
  const row = await queryOne<MessageRow>(db, `SELECT ${messageColumns} FROM conversation_messages WHERE conversation_id = $1 AND client_message_id = $2`, [
    conversationId,
    clientMessageId,
  ]);
  return row && toMessage(row);
}

/** A language model's answer: the model, and the tokens its provider counted. */
export interface ModelUsage {
  model: string;
  promptTokens: number;
  completionTokens: number;
}

export async function insertReply(
  db: Db,
  conversationId: string,
  reply: {
    /** Given when the id was announced before the reply was stored (a streamed answer's chunks carry it). */
    id?: string;
    role: Exclude<MessageRole, "user">;
    content: string;
    replyTo: string | null;
    sources?: MessageSource[];
    agentName?: string | null;
    /** What the language model that wrote the answer reported using (the dashboard prices it). */
    usage?: ModelUsage;
    /** An assistant message that answers the visitor's question (not small talk or a note): it can be rated. */
    answer?: boolean;
  },
): Promise<StoredMessage> {
  const row = await queryOne<MessageRow>(
    db,
    `WITH stored AS (
       INSERT INTO conversation_messages (id, conversation_id, role, content, reply_to, sources, agent_name, model, prompt_tokens, completion_tokens, is_answer)
       VALUES (COALESCE($7::uuid, gen_random_uuid()), $1, $2, $3, $4, $5::jsonb, $6, $8, $9, $10, $11)
       RETURNING ${messageColumns}
     ), touched AS (UPDATE conversations SET last_activity = now() WHERE id = $1)
     SELECT * FROM stored`,
    [
      conversationId,
      reply.role,
      reply.content,
      reply.replyTo,
      JSON.stringify(reply.sources ?? []),
      reply.agentName ?? null,
      reply.id ?? null,
      reply.usage ? reply.usage.model.slice(0, 200) : null,
      reply.usage?.promptTokens ?? null,
      reply.usage?.completionTokens ?? null,
      reply.role === "assistant" && reply.answer === true,
    ],
  );
  if (!row) throw new Error("the reply was not stored");
  return toMessage(row);
}

/**
 * Claims a visitor message for an answer: true for the one caller that claims it first, false for every other
 * (so a message is answered once, whichever paths reach it at the same moment).
 */
export async function claimAnswer(db: Db, messageId: string): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    "UPDATE conversation_messages SET answer_claimed_at = now() WHERE id = $1 AND role = 'user' AND answer_claimed_at IS NULL RETURNING id",
    [messageId],
  );
  return row !== undefined;
}

/** The first reply to a visitor message (the assistant's answer or the note that it could not answer). */
export async function findReplyTo(db: Db, messageId: string): Promise<StoredMessage | undefined> {
  const row = await queryOne<MessageRow>(
    db,
    `SELECT ${messageColumns} FROM conversation_messages WHERE reply_to = $1 ORDER BY seq LIMIT 1`,
    [messageId],
  );
  return row && toMessage(row);
}

/** The conversation's last `limit` messages, oldest first, each with the visitor's rating: what the visitor's widget shows. */
export async function latestRatedMessages(db: Db, conversationId: string, limit: number): Promise<(Message & { rating: 1 | -1 | null })[]> {
  const rows = await db.query<MessageRow & { rating: number | null }>(
    `SELECT * FROM (SELECT ${messageColumns}, rating, seq FROM conversation_messages WHERE conversation_id = $1
       ORDER BY seq DESC LIMIT $2) latest ORDER BY seq`,
    [conversationId, limit],
  );
  return rows.map((row) => ({ ...publicMessage(toMessage(row)), rating: row.rating === 1 || row.rating === -1 ? row.rating : null }));
}

/** The conversation's messages, oldest first (the last `limit` of them when given). */
export async function listMessages(db: Db, conversationId: string, limit?: number): Promise<StoredMessage[]> {
  const rows = await db.query<MessageRow>(
    limit === undefined
      ? `SELECT ${messageColumns} FROM conversation_messages WHERE conversation_id = $1 ORDER BY seq`
      : `SELECT * FROM (SELECT ${messageColumns}, seq FROM conversation_messages WHERE conversation_id = $1
           ORDER BY seq DESC LIMIT $2) latest ORDER BY seq`,
    limit === undefined ? [conversationId] : [conversationId, limit],
  );
  return rows.map(toMessage);
}

/** The turns before a message, oldest first: at most `count` visitor messages with what answered them. */
export async function turnsBefore(db: Db, conversationId: string, messageId: string, count: number): Promise<StoredMessage[]> {
  if (count <= 0) return [];
  const rows = await db.query<MessageRow>(
    `WITH current AS (SELECT seq FROM conversation_messages WHERE id = $2),
     first_turn AS (
       SELECT min(seq) AS seq FROM (
         SELECT seq FROM conversation_messages
          WHERE conversation_id = $1 AND role = 'user' AND seq < (SELECT seq FROM current)
          ORDER BY seq DESC LIMIT $3) visitor_turns)
     SELECT ${messageColumns} FROM conversation_messages
      WHERE conversation_id = $1 AND seq >= (SELECT seq FROM first_turn) AND seq < (SELECT seq FROM current)
        AND role IN ('user', 'assistant', 'human_agent')
      ORDER BY seq`,
    [conversationId, messageId, count],
  );
  return rows.map(toMessage);
}

export async function markAlert(db: Db, conversationId: string, alertMessage: string): Promise<void> {
  await db.query("UPDATE conversations SET alert_triggered = true, alert_message = $2 WHERE id = $1", [conversationId, alertMessage]);
}

/** The messages of several conversations, each oldest first (the live screens' list). */
export async function listMessagesOf(db: Db, conversationIds: readonly string[]): Promise<Map<string, StoredMessage[]>> {
  const byConversation = new Map<string, StoredMessage[]>(conversationIds.map((id) => [id, []]));
  if (conversationIds.length === 0) return byConversation;
  const rows = await db.query<MessageRow & { conversation_id: string }>(
    `SELECT conversation_id, ${messageColumns} FROM conversation_messages WHERE conversation_id = ANY($1::uuid[]) ORDER BY conversation_id, seq`,
    [conversationIds],
  );
  for (const row of rows) byConversation.get(row.conversation_id)?.push(toMessage(row));
  return byConversation;
}

/** Ongoing conversations of the given configurations (of every one with `all`), most recently active first. */
export function listOngoingConversations(db: Db, watch: { all: boolean; configurationIds: readonly string[]; customerIds: readonly string[] }, limit: number): Promise<ConversationRecord[]> {
  return db.query<ConversationRecord>(
    `SELECT ${conversationColumns} FROM conversations
      WHERE status = 'Ongoing'
        AND ($1::boolean OR configuration_id = ANY($2::uuid[])
             OR configuration_id IN (SELECT id FROM configurations WHERE customer_id = ANY($3::uuid[])))
      ORDER BY last_activity DESC LIMIT $4`,
    [watch.all, watch.configurationIds, watch.customerIds, limit],
  );
}

export function findConversationById(db: Db, id: string): Promise<ConversationRecord | undefined> {
  return queryOne<ConversationRecord>(db, `SELECT ${conversationColumns} FROM conversations WHERE id = $1`, [id]);
}

/** A conversation with the messages stored after `afterSeq` (all of them from 0), oldest first, and how many it has. */
export interface ConversationRead {
  conversation: ConversationRecord;
  /** The messages with `seq` above the one asked for. */
  newer: StoredMessage[];
  /** The `seq` of the last of `newer` (the one asked for when there are none). */
  lastSeq: number;
  messageCount: number;
  /** What `also.select` answered (null without it). */
  also: unknown;
}

/**
 * More work for the read's statement (so it costs no round trip of its own): common table expressions to run
 * first (they may write; their parameters start at `$3`) and an expression of them to answer as `also`.
 */
export interface AlsoInRead {
  with: string;
  select: string;
  params: readonly unknown[];
}

/**
 * One statement, so the conversation, its newer messages and the count are of one snapshot: a caller that
 * holds the earlier messages knows its copy is whole when it and `newer` together make `messageCount` (a
 * message of another transaction may commit with a lower `seq` after a higher one was read).
 */
export async function readConversationSince(db: Db, id: string, afterSeq: number, also?: AlsoInRead): Promise<ConversationRead | undefined> {
  const row = await queryOne<ConversationRecord & ReadColumns>(
    db,
    `${also ? `WITH ${also.with} ` : ""}SELECT ${conversationColumns}, ${also ? also.select : "null"} AS also, ${readColumns("c.id", "$2")}
      FROM conversations c WHERE c.id = $1`,
    [id, afterSeq, ...(also?.params ?? [])],
  );
  if (!row) return undefined;
  const { message_count: messageCount, newer, also: answered, ...conversation } = row;
  return readOf(conversation, { message_count: messageCount, newer, also: answered }, afterSeq);
}

interface ReadColumns {
  message_count: number;
  newer: (MessageRow & { seq: number | string })[];
  also: unknown;
}

/** The count of a conversation's messages and its messages after a `seq`, as JSON (the columns of `ReadColumns`). */
const readColumns = (conversationId: string, afterSeq: string) => `
       (SELECT count(*)::int FROM conversation_messages m WHERE m.conversation_id = ${conversationId}) AS message_count,
       COALESCE((SELECT json_agg(json_build_object(
                  'seq', m.seq, 'id', m.id, 'role', m.role, 'content', m.content, 'raw_input', m.raw_input,
                  'client_message_id', m.client_message_id, 'agent_name', m.agent_name, 'sources', m.sources,
                  'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reply_to', m.reply_to)
                  ORDER BY m.seq)
                   FROM conversation_messages m WHERE m.conversation_id = ${conversationId} AND m.seq > ${afterSeq}), '[]'::json) AS newer`;

function readOf(conversation: ConversationRecord, columns: ReadColumns, afterSeq: number): ConversationRead {
  const { message_count: messageCount, newer, also } = columns;
  return { conversation, messageCount, newer: newer.map(toMessage), lastSeq: newer.length > 0 ? Number(newer.at(-1)!.seq) : afterSeq, also: also ?? null };
}

/** In `insertVisitorMessageAndRead`'s statement: the conversation's id when the message was stored, else null. */
export const notifiableConversation = "(SELECT id FROM found WHERE EXISTS (SELECT 1 FROM stored))";

/**
 * A visitor's message stored in the session's ongoing conversation of the configuration, with the read of the
 * conversation for the agents' update in the same statement (one round trip; see `readConversationSince`):
 * `read` is of the snapshot *before* the message (its conversation as the message left it, counted, the
 * language set when one was detected, the alert recorded when one was raised; `newer` and `messageCount`
 * without the message). A resend of a `clientMessageId` stores nothing (`duplicate`). Undefined when the
 * session names no ongoing conversation of the configuration. `also` (parameters from `$9`) runs in the
 * statement too (`notifiableConversation` names the conversation for it).
 */
export async function insertVisitorMessageAndRead(
  db: Db,
  target: { sessionId: string; configurationId: string },
  message: { content: string; rawInput: string | null; clientMessageId: string | null; language: LanguageCode | null; alert: string | null },
  afterSeq: number,
  also?: AlsoInRead,
): Promise<{ message: StoredMessage; seq: number; duplicate: boolean; read: ConversationRead } | undefined> {
  const row = await queryOne<{ found: ConversationRecord; counted: ConversationRecord | null; stored: (MessageRow & { seq: number | string }) | null } & ReadColumns>(
    db,
    `WITH found AS (
       SELECT ${conversationColumns} FROM conversations WHERE session_id = $1 AND configuration_id = $2 AND status = 'Ongoing'
     ), stored AS (
       INSERT INTO conversation_messages (conversation_id, role, content, raw_input, client_message_id)
       SELECT id, 'user', $3, $4, $5 FROM found
       ON CONFLICT (conversation_id, client_message_id) DO NOTHING
       RETURNING ${messageColumns}, seq
     ), counted AS (
       UPDATE conversations SET user_message_count = user_message_count + 1, last_activity = now(), language = COALESCE($6, language),
              alert_triggered = alert_triggered OR $7::text IS NOT NULL, alert_message = COALESCE($7::text, alert_message)
        WHERE id = (SELECT id FROM found) AND EXISTS (SELECT 1 FROM stored)
        RETURNING ${conversationColumns}
     )${also ? `, ${also.with}` : ""}
     SELECT row_to_json(found) AS found, (SELECT row_to_json(counted) FROM counted) AS counted, (SELECT row_to_json(stored) FROM stored) AS stored,
            ${also ? also.select : "null"} AS also, ${readColumns("found.id", "$8")}
       FROM found`,
    [target.sessionId, target.configurationId, message.content, message.rawInput, message.clientMessageId, message.language, message.alert, afterSeq, ...(also?.params ?? [])],
  );
  if (!row) return undefined;
  const read = readOf(row.counted ?? row.found, row, afterSeq);
  if (row.stored) return { message: toMessage(row.stored), seq: Number(row.stored.seq), duplicate: false, read };
  const earlier = await messageOfClient(db, read.conversation.id, message.clientMessageId);
  if (!earlier) throw new Error("a message that conflicted is not there");
  return { message: earlier, seq: 0, duplicate: true, read };
}

/**
 * An agent's change of a conversation: taken over, handed back, closed. Only an ongoing conversation changes
 * (with `takenOver`, only one an agent has; with `notTakenOverBy`, only one no agent other than that user has):
 * undefined otherwise, so of two changes at once (two closes, a close and a takeover, two takeovers) the one
 * that came second changes nothing, whatever it read before.
 */
export function updateConversationState(
  db: Db,
  id: string,
  state: Partial<Pick<ConversationRecord, "is_locked" | "is_manual" | "taken_over_by" | "status">>,
  takenOver = false,
  notTakenOverBy: string | null = null,
): Promise<ConversationRecord | undefined> {
  return queryOne<ConversationRecord>(
    db,
    `UPDATE conversations SET
       is_locked = COALESCE($2, is_locked), is_manual = COALESCE($3, is_manual),
       taken_over_by = CASE WHEN $4::boolean THEN $5::uuid ELSE taken_over_by END,
       status = COALESCE($6, status), last_activity = now()
      WHERE id = $1 AND status = 'Ongoing' AND (NOT $7::boolean OR is_manual OR is_locked)
        AND ($8::uuid IS NULL OR NOT is_manual OR taken_over_by IS NULL OR taken_over_by = $8::uuid) RETURNING ${conversationColumns}`,
    [id, state.is_locked ?? null, state.is_manual ?? null, "taken_over_by" in state, state.taken_over_by ?? null, state.status ?? null, takenOver, notTakenOverBy],
  );
}

/** Writes the agents' note on the conversation (null removes it); its activity time does not change. */
export function setAgentNote(db: Db, id: string, note: string | null): Promise<ConversationRecord | undefined> {
  return queryOne<ConversationRecord>(db, `UPDATE conversations SET agent_note = $2 WHERE id = $1 RETURNING ${conversationColumns}`, [id, note]);
}

/** The conversation speaks `language` from now on (the provider judged the visitor's message to be in it). */
export async function setConversationLanguage(db: Db, conversationId: string, language: LanguageCode): Promise<void> {
  await db.query("UPDATE conversations SET language = $2 WHERE id = $1", [conversationId, language]);
}

/** Records the workflows an AI function call ran in the conversation (shown with it from its next update). */
export async function recordWorkflowTriggered(db: Db, conversationId: string, workflows: string): Promise<void> {
  await db.query("UPDATE conversations SET workflow_triggered = $2 WHERE id = $1", [conversationId, workflows]);
}

/**
 * The agents read the conversation (an agent opened it on the live screen, or took it over): every message it has
 * now is seen, its activity time unchanged. Answers the conversation as it is then.
 */
export function markConversationSeen(db: Db, id: string): Promise<ConversationRecord | undefined> {
  return queryOne<ConversationRecord>(
    db,
    `UPDATE conversations c SET agents_seen_messages = (SELECT count(*)::int FROM conversation_messages m WHERE m.conversation_id = c.id)
      WHERE c.id = $1 RETURNING ${conversationColumns}`,
    [id],
  );
}

/** Closes every ongoing conversation of a configuration; answers the closed ones. */
export function closeOngoingConversations(db: Db, configurationId: string): Promise<ConversationRecord[]> {
  return db.query<ConversationRecord>(
    `UPDATE conversations SET status = 'Closed', last_activity = now() WHERE configuration_id = $1 AND status = 'Ongoing'
      RETURNING ${conversationColumns}`,
    [configurationId],
  );
}

/**
 * Stores a human agent's message, unless the same `clientMessageId` was stored before in this conversation
 * (a resend after a reconnect): then that one is answered with `duplicate` true. Undefined when the
 * conversation is no longer ongoing and taken over (closed or handed back since the caller read it).
 */
export async function insertAgentMessage(
  db: Db,
  conversationId: string,
  message: { content: string; agentName: string | null; clientMessageId: string | null },
): Promise<{ message: StoredMessage; duplicate: boolean } | undefined> {
  const inserted = await queryOne<MessageRow>(
    db,
    `WITH stored AS (
       INSERT INTO conversation_messages (conversation_id, role, content, agent_name, client_message_id)
       SELECT $1::uuid, 'human_agent', $2::text, $3::text, $4::text
        WHERE EXISTS (SELECT 1 FROM conversations WHERE id = $1 AND status = 'Ongoing' AND is_manual)
       ON CONFLICT (conversation_id, client_message_id) DO NOTHING
       RETURNING ${messageColumns}
     ), touched AS (UPDATE conversations SET last_activity = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM stored))
     SELECT * FROM stored`,
    [conversationId, message.content, message.agentName, message.clientMessageId],
  );
  if (inserted) return { message: toMessage(inserted), duplicate: false };
  const earlier = message.clientMessageId === null ? undefined : await messageOfClient(db, conversationId, message.clientMessageId);
  if (!earlier) return undefined;
  if (earlier.role !== "human_agent") throw new DomainError("validation_failed", "client_message_id is already used by another message", 400);
  return { message: earlier, duplicate: true };
}

/**
 * The visitor's rating of one of the assistant's answers in their own conversation (found by session id within
 * the configuration); false when there is no such answer there.
 */
export async function rateAnswer(db: Db, target: { configurationId: string; sessionId: string; messageId: string }, rating: 1 | -1 | null): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    `UPDATE conversation_messages m SET rating = $4
       FROM conversations c
      WHERE m.id = $3::uuid AND m.conversation_id = c.id AND m.role = 'assistant' AND m.is_answer
        AND c.session_id = $2 AND c.configuration_id = $1
      RETURNING m.id`,
    [target.configurationId, target.sessionId, target.messageId, rating],
  );
  return row !== undefined;
}
