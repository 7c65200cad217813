/**
 * What the agent's live connection knows (spec 01 §4, spec 02 §4): the connection state, the watched
 * conversations and the actions the connection offers. The shell reads it for the live count and the
 * connection state; the live screen for its list. No socket code here: the socket client loads with the
 * connection (a lazy chunk), never with the shell's first paint.
 */
import type { LiveConversation, LiveNotification } from "@parley/sdk";
import type { PortalNotification } from "../../notifications/store";
import { typingShownMs, type ConversationDisplayStatus, type LiveConnectionState } from "@parley/domain/live";
import { useSyncExternalStore } from "react";

export type { LiveConversation };

/** What an agent can do to a conversation; each resolves once the server acknowledged it. */
export interface LiveActions {
  takeover(conversation: LiveConversation): Promise<void>;
  reply(conversation: LiveConversation, text: string): Promise<void>;
  release(conversation: LiveConversation): Promise<void>;
  close(conversation: LiveConversation): Promise<void>;
  /** The agent types a reply (true) or stopped (false); the visitor of a taken-over conversation sees it. */
  typing(conversation: LiveConversation, typing: boolean): Promise<void>;
  /** Writes the conversation's note for the agents (empty removes it). */
  setNote(conversation: LiveConversation, note: string): Promise<void>;
  /** The agent opened the conversation: its new visitor messages are read, for every agent and after a reload. */
  markSeen(conversation: LiveConversation): Promise<void>;
}

export interface LiveSnapshot {
  connection: LiveConnectionState;
  /** The catalogue code of the last connection failure (`invalid_token`, `services_offline`, ...). */
  errorCode: string | null;
  /** Most recently active first. */
  conversations: LiveConversation[];
  actions: LiveActions | null;
  /** The sessions whose visitor is typing now. */
  typing: readonly string[];
  /** Whether the server's list of this connection arrived: a conversation missing from it is not live (any more). */
  listed: boolean;
  /** The conversation the agent has open in the detail dialog: its messages and alerts ring no bell. */
  opened: string | null;
}

type Listener = () => void;

export interface LiveStore {
  get(): LiveSnapshot;
  subscribe(listener: Listener): () => void;
  setConnection(connection: LiveConnectionState, errorCode?: string | null): void;
  setActions(actions: LiveActions | null): void;
  /** The list the server sent on connect replaces the one before. */
  replaceAll(conversations: readonly LiveConversation[]): void;
  /**
   * A conversation with a new message moves to the top (the list is most recently active first, as the server
   * orders it); another change (read, a note) keeps its place. Answers whether it was not known before.
   */
  upsert(conversation: LiveConversation): boolean;
  /** Changes one conversation in place (a local change before the server answers). */
  patch(sessionId: string, change: (conversation: LiveConversation) => LiveConversation): void;
  /** A configuration's live conversations were cleared: they are closed. */
  clearConfiguration(configurationId: string): void;
  /** The visitor types (or stopped); the mark goes by itself when no news came for `typingShownMs`, or with the visitor's message. */
  setVisitorTyping(sessionId: string, typing: boolean): void;
  /** The agent opened a conversation in the detail dialog (null: closed it). */
  setOpened(sessionId: string | null): void;
  /** The connection ended: everything it brought is forgotten; the open dialog stays the screen's. */
  reset(): void;
}

const initial: LiveSnapshot = { connection: "offline", errorCode: null, conversations: [], actions: null, typing: [], listed: false, opened: null };

export function createLiveStore(): LiveStore {
  let snapshot: LiveSnapshot = initial;
  const listeners = new Set<Listener>();
  const set = (change: Partial<LiveSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    listeners.forEach((listener) => listener());
  };
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const setTyping = (sessionId: string, typing: boolean) => {
    clearTimeout(typingTimers.get(sessionId));
    typingTimers.delete(sessionId);
    if (typing) typingTimers.set(sessionId, setTimeout(() => setTyping(sessionId, false), typingShownMs));
    const shown = snapshot.typing.includes(sessionId);
    if (shown !== typing) set({ typing: typing ? [...snapshot.typing, sessionId] : snapshot.typing.filter((item) => item !== sessionId) });
  };
  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setConnection(connection, errorCode = null) {
      if (connection === snapshot.connection && errorCode === snapshot.errorCode) return;
      set({ connection, errorCode });
    },
    setActions: (actions) => set({ actions }),
    replaceAll: (conversations) => set({ conversations: [...conversations], listed: true }),
    upsert(conversation) {
      const known = snapshot.conversations.find((item) => item.session_id === conversation.session_id);
      // The visitor's message ends their typing.
      if (conversation.emitted_by === "user") setTyping(conversation.session_id, false);
      if (known && conversation.messages.length === known.messages.length) {
        set({ conversations: snapshot.conversations.map((item) => (item === known ? conversation : item)) });
        return false;
      }
      set({ conversations: [conversation, ...snapshot.conversations.filter((item) => item !== known)] });
      return !known;
    },
    patch(sessionId, change) {
      if (!snapshot.conversations.some((item) => item.session_id === sessionId)) return;
      set({ conversations: snapshot.conversations.map((item) => (item.session_id === sessionId ? change(item) : item)) });
    },
    clearConfiguration(configurationId) {
      set({
        conversations: snapshot.conversations.map((item) =>
          item.configuration_id === configurationId ? { ...item, status: "Closed", is_locked: false } : item,
        ),
      });
    },
    setVisitorTyping: setTyping,
    setOpened(sessionId) {
      if (sessionId !== snapshot.opened) set({ opened: sessionId });
    },
    reset() {
      typingTimers.forEach((timer) => clearTimeout(timer));
      typingTimers.clear();
      set({ ...initial, opened: snapshot.opened });
    },
  };
}

/** The signed-in agent's live state (one connection per agent, held by the shell). */
export const liveStore = createLiveStore();

export function useLiveSnapshot(store: LiveStore = liveStore): LiveSnapshot {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The conversations of one configuration (all when none is given). */
export function conversationsOf(conversations: readonly LiveConversation[], configurationId: string | null | undefined): LiveConversation[] {
  return configurationId ? conversations.filter((item) => item.configuration_id === configurationId) : [...conversations];
}

/** The live count of the navigation: ongoing conversations of the selected configuration (all without one). */
export function liveCountOf(conversations: readonly LiveConversation[], configurationId: string | null | undefined): number {
  return conversationsOf(conversations, configurationId).filter((item) => item.status === "Ongoing").length;
}

export function useLiveCount(configurationId: string | null | undefined, store: LiveStore = liveStore): number {
  const { conversations } = useLiveSnapshot(store);
  return liveCountOf(conversations, configurationId);
}

/**
 * The status an agent sees: closed once the server closed it; connected while an agent has it (taken
 * over); new while the visitor has written at most once and nobody took over; disconnected when it is
 * ongoing with no agent connected (the assistant answers, e.g. after a hand-back).
 */
export function displayStatus(conversation: Pick<LiveConversation, "status" | "is_locked" | "is_manual" | "isNew">): ConversationDisplayStatus {
  if (conversation.status === "Closed") return "closed";
  if (conversation.is_locked || conversation.is_manual) return "connected";
  if (conversation.isNew) return "new";
  return "disconnected";
}

/** A notification of the contract as the bell shows it. */
export function toPortalNotification(notification: LiveNotification): PortalNotification {
  return {
    id: notification.id,
    type: notification.type,
    message: notification.message,
    ...(notification.sender ? { sender: notification.sender } : {}),
    timestamp: notification.timestamp,
    isRead: notification.isRead,
    configurationId: notification.configurationId,
    ...(notification.session_id ? { session_id: notification.session_id } : {}),
  };
}
