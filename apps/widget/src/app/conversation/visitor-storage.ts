import { widgetStorageKeys } from "@parley/domain/widget";
import type { PendingMessage } from "./types";
import { chatStateOf, type ChatState } from "../../protocol/messages";

/**
 * What the widget keeps in its own origin's localStorage per configuration: the visitor's session id (the
 * conversation continues across page loads) and the messages the server has not acknowledged yet (resent
 * with the same client_message_id, so the server can drop a duplicate). Storage may be unavailable
 * (blocked third-party storage, private modes); the widget then works for the page's lifetime only.
 */
export interface VisitorRecord {
  sessionId: string | null;
  pending: PendingMessage[];
}

const keyOf = widgetStorageKeys.visitor;

/**
 * `keptByHost`: the session id the loader kept in the host page's storage for a frame whose own storage is
 * refused; used when this frame's storage holds none.
 */
export function loadVisitorRecord(configurationId: string, keptByHost: string | null = null): VisitorRecord {
  try {
    const stored = JSON.parse(
      localStorage.getItem(keyOf(configurationId)) ?? "null",
    ) as Partial<VisitorRecord> | null;
    const pending = Array.isArray(stored?.pending)
      ? stored.pending.filter(
          (message): message is PendingMessage =>
            typeof message?.clientMessageId === "string" && typeof message.text === "string",
        )
      : [];
    return { sessionId: typeof stored?.sessionId === "string" ? stored.sessionId : keptByHost, pending };
  } catch {
    return { sessionId: keptByHost, pending: [] };
  }
}

/** Whether the record was stored; false when storage is full or blocked (the conversation still works until the page closes). */
export function saveVisitorRecord(configurationId: string, record: VisitorRecord): boolean {
  try {
    localStorage.setItem(keyOf(configurationId), JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

export type Rating = "up" | "down";

const ratingsKeyOf = widgetStorageKeys.ratings;

/**
 * The visitor's thumbs per answer, as given in this browser: they show at once and override what the
 * conversation's history holds (the server keeps them too, `rateWidgetMessage`, for a browser that keeps
 * no storage in a third-party frame).
 */
export function loadRatings(configurationId: string): Record<string, Rating> {
  try {
    const stored = JSON.parse(localStorage.getItem(ratingsKeyOf(configurationId)) ?? "{}") as Record<
      string,
      unknown
    >;
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, Rating] => entry[1] === "up" || entry[1] === "down",
      ),
    );
  } catch {
    return {};
  }
}

export function saveRatings(configurationId: string, ratings: Record<string, Rating>): void {
  try {
    localStorage.setItem(ratingsKeyOf(configurationId), JSON.stringify(ratings));
  } catch {
    // As above: the rating shows until the page closes.
  }
}

const chatStateKeyOf = widgetStorageKeys.chatState;

/**
 * Whether the visitor left the chat open, closed or full screen, for the browser session (sessionStorage:
 * the chat follows the visitor through reloads and the site's pages, but a visit days later starts as the
 * design says). `keptByHost`: the state the loader kept in the host page for a frame whose own storage is
 * refused; used when this frame's storage holds none.
 */
export function loadChatState(configurationId: string, keptByHost: ChatState | null = null): ChatState | null {
  try {
    return chatStateOf(sessionStorage.getItem(chatStateKeyOf(configurationId))) ?? keptByHost;
  } catch {
    return keptByHost;
  }
}

/** Whether the state was stored; false when this frame's storage is refused. */
export function saveChatState(configurationId: string, state: ChatState): boolean {
  try {
    sessionStorage.setItem(chatStateKeyOf(configurationId), state);
    return true;
  } catch {
    return false;
  }
}
