/**
 * Agents' notifications (spec 02 §9, "Live conversations"): a chat notification when a visitor writes in a
 * taken-over conversation (not when the same message raised an alert), an alert notification when the
 * assistant's alert triggers fire. Who gets them: the users of the configuration's customer and the admins.
 *
 * Stored once per event (migration 016, `notification_events`), not once per recipient: a user sees the events
 * of their customer's configurations (an admin: of all) that happened after the user was created, and their
 * own read, unread and hidden state is a row of `notification_states`, written only when they change it.
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

/** The start of a visitor's message, cut by whole characters (half an emoji is no text a notification can show or store). */
export function chatNotificationText(text: string): string {
  const characters = Array.from(text.replace(/<[^>]*>/g, " ").replace(/\s+/gu, " ").trim());
  return characters.length > chatTextLength ? `${characters.slice(0, chatTextLength - 3).join("")}...` : characters.join("");
}

interface NotificationRow {
  id: string;
  configuration_id: string;
  type: "chat" | "alert";
  message: string;
  sender: string | null;
  session_id: string | null;
  is_read: boolean;
  created_at: Date | string;
}

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
    // The conversation it is about (chat and alert); null for a chat notification stored before chat ones had it.
    session_id: row.session_id,
  };
}

/**
 * The events the user (`$1`) sees, as `e`, with the user's state of each as `s` (null: unread, shown): their
 * customer's (an admin: every customer's), from the user's creation on. Hidden ones are included; callers
 * leave them out.
 */
const eventsOfUser = `notification_events e
  JOIN users u ON u.id = $1 AND e.created_at >= u.created_at AND (u.role = 'admin' OR e.customer_id = u.customer_id)
  LEFT JOIN notification_states s ON s.user_id = u.id AND s.notification_id = e.id`;
const shown = "NOT COALESCE(s.hidden, false)";
const isRead = "COALESCE(s.is_read, false)";
const columns = `e.id, e.configuration_id, e.type, e.message, e.sender, e.session_id, ${isRead} AS is_read, e.created_at`;

/** One notification event: its payload (the same for every recipient) and whose users see it. */
export interface AddedNotification {
  /** The configuration's customer (null: admins only). */
  customerId: string | null;
  notification: Notification;
}

interface EventRow {
  configuration_id: string;
  customer_id: string | null;
  session_id: string | null;
  created_at: Date | string;
}

function added(row: EventRow | undefined, event: Pick<NotificationRow, "id" | "type" | "message" | "sender">): AddedNotification | undefined {
  if (!row) return undefined;
  return {
    customerId: row.customer_id,
    notification: toNotification({ ...event, configuration_id: row.configuration_id, session_id: row.session_id, created_at: row.created_at, is_read: false }),
  };
}

/**
 * A chat notification of a visitor's message, as the common table expressions of a statement named `manual`,
 * `fresh` and `chat_event` (which returns the stored event's row, none when nothing was stored), with its
 * parameters from `$<first>` on (the message's text, the event's id) and how to read the row. The
 * conversation (given as an SQL expression) must be taken over (`is_manual`), and the configuration's last chat
 * notification must not have the same text (a duplicate is suppressed): the last text is compared and replaced
 * under its row's lock, so two equal messages at once notify once.
 */
export function chatNotificationOf(text: string, conversation: string, first: number) {
  const message = chatNotificationText(text);
  const id = randomUUID();
  const [text$, id$] = [`$${first}::text`, `$${first + 1}::uuid`];
  return {
    with: `manual AS (
       SELECT c.configuration_id, c.session_id, cfg.customer_id
         FROM conversations c JOIN configurations cfg ON cfg.id = c.configuration_id WHERE c.id = ${conversation} AND c.is_manual AND ${text$} <> ''
     ), fresh AS (
       INSERT INTO chat_notification_last AS last (configuration_id, message) SELECT configuration_id, ${text$} FROM manual
       ON CONFLICT (configuration_id) DO UPDATE SET message = EXCLUDED.message WHERE last.message IS DISTINCT FROM EXCLUDED.message
       RETURNING configuration_id
     ), chat_event AS (
       INSERT INTO notification_events (id, configuration_id, customer_id, type, message, session_id)
       SELECT ${id$}, manual.configuration_id, manual.customer_id, 'chat', ${text$}, manual.session_id FROM fresh JOIN manual USING (configuration_id)
       RETURNING configuration_id, customer_id, session_id, created_at
     )`,
    /** The stored event's row as JSON (null when none was stored). */
    select: "(SELECT row_to_json(chat_event) FROM chat_event)",
    params: [message, id] as const,
    result: (row: unknown): AddedNotification | undefined => (row ? added(row as EventRow, { id, type: "chat", message, sender: null }) : undefined),
  };
}

/** An alert notification, unless the configuration has one for this conversation already. */
export async function addAlertNotifications(
  db: Db,
  configurationId: string,
  sessionId: string,
  alertText: string | null,
  sender: string | null,
): Promise<AddedNotification | undefined> {
  const id = randomUUID();
  const message = alertNotificationText(alertText);
  const row = await queryOne<EventRow>(
    db,
    `INSERT INTO notification_events (id, configuration_id, customer_id, type, message, session_id, sender)
     SELECT $5, c.id, c.customer_id, 'alert', $2, $3, $4 FROM configurations c WHERE c.id = $1
     ON CONFLICT (configuration_id, session_id) WHERE type = 'alert' DO NOTHING
     RETURNING configuration_id, customer_id, session_id, created_at`,
    [configurationId, message, sessionId, sender, id],
  );
  return added(row, { id, type: "alert", message, sender });
}

export async function listNotifications(
  db: Db,
  userId: string,
  filter: { unreadOnly: boolean; configurationId: string | null; limit: number },
): Promise<{ data: Notification[]; unread: number }> {
  const rows = await db.query<NotificationRow>(
    `SELECT ${columns} FROM ${eventsOfUser}
      WHERE ${shown} AND (NOT $2::boolean OR NOT ${isRead}) AND ($3::uuid IS NULL OR e.configuration_id = $3::uuid)
      ORDER BY e.created_at DESC, e.seq DESC LIMIT $4`,
    [userId, filter.unreadOnly, filter.configurationId, filter.limit],
  );
  const unread = await queryOne<{ count: number }>(db, `SELECT count(*)::int AS count FROM ${eventsOfUser} WHERE ${shown} AND NOT ${isRead}`, [userId]);
  return { data: rows.map(toNotification), unread: unread?.count ?? 0 };
}

const notFound = () => new DomainError("not_found", undefined, 404);

/**
 * Sets the user's state of a notification they see and have not hidden (`$2`, the event's id), in one
 * statement; `change` is the state row's column and its new value as SQL. Answers the notification as it
 * is now, or undefined when the user does not see it.
 */
async function changeState(db: Db, userId: string, id: string, change: { column: "is_read" | "hidden"; value: boolean }): Promise<NotificationRow | undefined> {
  if (!isId(id)) return undefined;
  return queryOne<NotificationRow>(
    db,
    `WITH seen AS (SELECT ${columns} FROM ${eventsOfUser} WHERE e.id = $2 AND ${shown}),
     stored AS (
       INSERT INTO notification_states (user_id, notification_id, ${change.column}) SELECT $1, id, $3 FROM seen
       ON CONFLICT (user_id, notification_id) DO UPDATE SET ${change.column} = EXCLUDED.${change.column}
     )
     SELECT id, configuration_id, type, message, sender, session_id, ${change.column === "is_read" ? "$3::boolean" : "is_read"} AS is_read, created_at FROM seen`,
    [userId, id.toLowerCase(), change.value],
  );
}

/** Marks a notification the user sees read or unread; another's (or a hidden one) is not found. */
export async function markNotification(db: Db, userId: string, id: string, read: boolean): Promise<Notification> {
  const row = await changeState(db, userId, id, { column: "is_read", value: read });
  if (!row) throw notFound();
  return toNotification(row);
}

export async function hideNotification(db: Db, userId: string, id: string): Promise<void> {
  if (!(await changeState(db, userId, id, { column: "hidden", value: true }))) throw notFound();
}

/** Marks every unread notification the user sees (of one configuration, when given) read; answers how many. */
export async function markAllNotificationsRead(db: Db, userId: string, configurationId: string | null): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notification_states (user_id, notification_id, is_read)
     SELECT $1, e.id, true FROM ${eventsOfUser}
      WHERE ${shown} AND NOT ${isRead} AND ($2::uuid IS NULL OR e.configuration_id = $2::uuid)
     ON CONFLICT (user_id, notification_id) DO UPDATE SET is_read = true
     RETURNING notification_id`,
    [userId, configurationId],
  );
  return rows.length;
}
