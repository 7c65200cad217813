/**
 * Agents' notifications (spec 02 §9, "Live conversations"), stored per user (one id per event, shared by its
 * recipients' rows): a chat notification when a
 * visitor writes in a taken-over conversation (not when the same message raised an alert), an alert
 * notification when the assistant's alert triggers fire. Who gets them: the active users of the
 * configuration's customer and the active admins.
 */
import { randomUUID } from "node:crypto";
import { DomainError } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { isId } from "../../platform/ids";

export type Notification = Schemas["Notification"];

export const alertFallbackText = "A user requires your attention!";
const alertWords = 5;
/** A chat notification shows the start of the visitor's message. */
const chatTextLength = 200;

/** An alert's text: its first 5 words, with an ellipsis when it had more; the fallback when it has none. */
export function alertNotificationText(text: string | null | undefined): string {
  const words = (text ?? "").replace(/<[^>]*>/g, " ").split(/\s+/u).filter(Boolean);
  if (words.length === 0) return alertFallbackText;
  return words.length > alertWords ? `${words.slice(0, alertWords).join(" ")}...` : words.join(" ");
}

export function chatNotificationText(text: string): string {
  const plain = text.replace(/<[^>]*>/g, " ").replace(/\s+/gu, " ").trim();
  return plain.length > chatTextLength ? `${plain.slice(0, chatTextLength - 3)}...` : plain;
}

interface NotificationRow {
  id: string;
  user_id: string;
  configuration_id: string;
  type: "chat" | "alert";
  message: string;
  sender: string | null;
  session_id: string | null;
  is_read: boolean;
  created_at: Date | string;
}

const columns = "id, user_id, configuration_id, type, message, sender, session_id, is_read, created_at";

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    sender: row.type === "alert" ? row.sender : null,
    timestamp: new Date(row.created_at).toISOString(),
    isRead: row.is_read,
    icon: row.type === "alert" ? "LuTriangleAlert" : "LuMessageCircle",
    color: row.type === "alert" ? "error" : "purple",
    configurationId: row.configuration_id,
    session_id: row.type === "alert" ? row.session_id : null,
  };
}

/** The users a configuration's notifications go to (the configuration given as an SQL expression). */
const recipientsOf = (configurationId: string) => `SELECT u.id FROM users u JOIN configurations c ON c.id = ${configurationId}
  WHERE u.status = 'active' AND (u.role = 'admin' OR (c.customer_id IS NOT NULL AND u.customer_id = c.customer_id))`;

/** One notification event: the same payload (one id) for every recipient, each of whom has their own row. */
export interface AddedNotification {
  userIds: string[];
  notification: Notification;
}

function added(rows: readonly { user_id: string; created_at: Date | string }[], event: Omit<NotificationRow, "user_id" | "created_at" | "is_read">): AddedNotification | undefined {
  const first = rows[0];
  if (!first) return undefined;
  return { userIds: rows.map((row) => row.user_id), notification: toNotification({ ...event, user_id: first.user_id, created_at: first.created_at, is_read: false }) };
}

/**
 * A chat notification for every recipient when the visitor wrote in a conversation an agent has taken over
 * (`is_manual`), unless the configuration's last chat notification has the same text (a duplicate,
 * suppressed). One statement that needs nothing read before it: the last text is compared and replaced
 * under its row's lock, so two equal messages at once notify once.
 */
export async function addChatNotifications(db: Db, conversationId: string, text: string): Promise<AddedNotification | undefined> {
  const message = chatNotificationText(text);
  if (message === "") return undefined;
  const id = randomUUID();
  const rows = await db.query<{ user_id: string; configuration_id: string; session_id: string; created_at: Date | string }>(
    `WITH manual AS (SELECT configuration_id, session_id FROM conversations WHERE id = $1 AND is_manual),
     fresh AS (
       INSERT INTO chat_notification_last AS last (configuration_id, message) SELECT configuration_id, $2 FROM manual
       ON CONFLICT (configuration_id) DO UPDATE SET message = EXCLUDED.message WHERE last.message IS DISTINCT FROM EXCLUDED.message
       RETURNING configuration_id
     )
     INSERT INTO notifications (id, user_id, configuration_id, type, message, session_id)
     SELECT $3, r.id, fresh.configuration_id, 'chat', $2, manual.session_id
       FROM fresh CROSS JOIN manual CROSS JOIN LATERAL (${recipientsOf("fresh.configuration_id")}) r
     RETURNING user_id, configuration_id, session_id, created_at`,
    [conversationId, message, id],
  );
  const first = rows[0];
  return first && added(rows, { id, configuration_id: first.configuration_id, type: "chat", message, sender: null, session_id: first.session_id });
}

/** An alert notification for every recipient that has none for this configuration and conversation yet. */
export async function addAlertNotifications(
  db: Db,
  configurationId: string,
  sessionId: string,
  alertText: string | null,
  sender: string | null,
): Promise<AddedNotification | undefined> {
  const id = randomUUID();
  const message = alertNotificationText(alertText);
  const rows = await db.query<{ user_id: string; created_at: Date | string }>(
    `INSERT INTO notifications (id, user_id, configuration_id, type, message, session_id, sender)
     SELECT $5, r.id, $1, 'alert', $2, $3, $4 FROM (${recipientsOf("$1")}) r
     ON CONFLICT (user_id, configuration_id, session_id) WHERE type = 'alert' DO NOTHING
     RETURNING user_id, created_at`,
    [configurationId, message, sessionId, sender, id],
  );
  return added(rows, { id, configuration_id: configurationId, type: "alert", message, sender, session_id: sessionId });
}

export async function listNotifications(
  db: Db,
  userId: string,
  filter: { unreadOnly: boolean; configurationId: string | null; limit: number },
): Promise<{ data: Notification[]; unread: number }> {
  const rows = await db.query<NotificationRow>(
    `SELECT ${columns} FROM notifications
      WHERE user_id = $1 AND NOT hidden AND (NOT $2::boolean OR NOT is_read) AND ($3::uuid IS NULL OR configuration_id = $3::uuid)
      ORDER BY created_at DESC, id LIMIT $4`,
    [userId, filter.unreadOnly, filter.configurationId, filter.limit],
  );
  const unread = await queryOne<{ count: number }>(
    db,
    "SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND NOT hidden AND NOT is_read",
    [userId],
  );
  return { data: rows.map(toNotification), unread: unread?.count ?? 0 };
}

const notFound = () => new DomainError("not_found", undefined, 404);

/** Marks the user's own notification read or unread; another user's is not found. */
export async function markNotification(db: Db, userId: string, id: string, read: boolean): Promise<Notification> {
  if (!isId(id)) throw notFound();
  const row = await queryOne<NotificationRow>(
    db,
    `UPDATE notifications SET is_read = $3 WHERE id = $1 AND user_id = $2 AND NOT hidden RETURNING ${columns}`,
    [id.toLowerCase(), userId, read],
  );
  if (!row) throw notFound();
  return toNotification(row);
}

export async function hideNotification(db: Db, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw notFound();
  const row = await queryOne(db, "UPDATE notifications SET hidden = true WHERE id = $1 AND user_id = $2 AND NOT hidden RETURNING id", [
    id.toLowerCase(),
    userId,
  ]);
  if (!row) throw notFound();
}

export async function markAllNotificationsRead(db: Db, userId: string, configurationId: string | null): Promise<number> {
  const rows = await db.query(
    `UPDATE notifications SET is_read = true
      WHERE user_id = $1 AND NOT is_read AND NOT hidden AND ($2::uuid IS NULL OR configuration_id = $2::uuid) RETURNING id`,
    [userId, configurationId],
  );
  return rows.length;
}
