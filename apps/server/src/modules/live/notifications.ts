/**
 * Agents' notifications (spec 02 §9, "Live conversations"), stored per user: a chat notification when a
 * visitor writes in a taken-over conversation (not when the same message raised an alert), an alert
 * notification when the assistant's alert triggers fire. Who gets them: the active users of the
 * configuration's customer and the active admins.
 */
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

/** The users a configuration's notifications go to. */
const recipients = `SELECT u.id FROM users u JOIN configurations c ON c.id = $1
  WHERE u.status = 'active' AND (u.role = 'admin' OR (c.customer_id IS NOT NULL AND u.customer_id = c.customer_id))`;

export interface StoredNotification {
  userId: string;
  notification: Notification;
}

const stored = (rows: NotificationRow[]): StoredNotification[] => rows.map((row) => ({ userId: row.user_id, notification: toNotification(row) }));

/**
 * A chat notification for every recipient, except one whose latest chat notification of this configuration
 * has the same text (a duplicate, suppressed).
 */
export async function addChatNotifications(db: Db, configurationId: string, sessionId: string, text: string): Promise<StoredNotification[]> {
  const message = chatNotificationText(text);
  if (message === "") return [];
  const rows = await db.query<NotificationRow>(
    `INSERT INTO notifications (user_id, configuration_id, type, message, session_id)
     SELECT r.id, $1, 'chat', $2, $3 FROM (${recipients}) r
      WHERE NOT EXISTS (
        SELECT 1 FROM (SELECT message FROM notifications n WHERE n.user_id = r.id AND n.configuration_id = $1 AND n.type = 'chat'
                        ORDER BY n.created_at DESC LIMIT 1) latest
         WHERE latest.message = $2)
     RETURNING ${columns}`,
    [configurationId, message, sessionId],
  );
  return stored(rows);
}

/** An alert notification for every recipient that has none for this configuration and conversation yet. */
export async function addAlertNotifications(
  db: Db,
  configurationId: string,
  sessionId: string,
  alertText: string | null,
  sender: string | null,
): Promise<StoredNotification[]> {
  const rows = await db.query<NotificationRow>(
    `INSERT INTO notifications (user_id, configuration_id, type, message, session_id, sender)
     SELECT r.id, $1, 'alert', $2, $3, $4 FROM (${recipients}) r
     ON CONFLICT (user_id, configuration_id, session_id) WHERE type = 'alert' DO NOTHING
     RETURNING ${columns}`,
    [configurationId, alertNotificationText(alertText), sessionId, sender],
  );
  return stored(rows);
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
