import { useSyncExternalStore } from "react";
import { playNotificationSound } from "./sound";

/** A notification of the bell (spec 01 §3 Notification). */
export interface PortalNotification {
  id: string;
  type: "chat" | "alert";
  message: string;
  sender?: string;
  timestamp: string;
  isRead: boolean;
  configurationId?: string;
  session_id?: string;
}

type Listener = () => void;

/** Where the bell's changes are stored (the server's notifications calls); each rejects when it fails. */
export interface NotificationBackend {
  setRead(id: string, isRead: boolean): Promise<unknown>;
  hide(id: string): Promise<unknown>;
  markAllRead(): Promise<unknown>;
}

export interface NotificationStore {
  list(): PortalNotification[];
  add(notification: PortalNotification): void;
  /** The notifications the server listed, without a sound; a newer one already added stays. */
  replaceAll(notifications: readonly PortalNotification[]): void;
  /** Forgets every notification (signing out: the next user must not see them). */
  clear(): void;
  /** Stores the changes from now on (null: only here). A change the backend refuses is undone. */
  setBackend(backend: NotificationBackend | null): void;
  markAllRead(): void;
  setRead(id: string, isRead: boolean): void;
  hide(id: string): void;
  subscribe(listener: Listener): () => void;
}

/** Keeps the bell's notifications; adding one plays the notification sound. */
export function createNotificationStore(onAdd: (notification: PortalNotification) => void = playNotificationSound): NotificationStore {
  let items: PortalNotification[] = [];
  let backend: NotificationBackend | null = null;
  const listeners = new Set<Listener>();
  const set = (next: PortalNotification[]) => {
    items = next;
    listeners.forEach((listener) => listener());
  };
  /** Shows the change at once; puts back what was there when the backend refuses it. */
  const change = (next: PortalNotification[], store: ((backend: NotificationBackend) => Promise<unknown>) | null) => {
    const before = items;
    set(next);
    if (backend && store) {
      store(backend).catch(() => {
        if (items === next) set(before);
      });
    }
  };
  return {
    list: () => items,
    add(notification) {
      set([notification, ...items.filter((item) => item.id !== notification.id)]);
      onAdd(notification);
    },
    replaceAll(notifications) {
      const listed = new Set(notifications.map((item) => item.id));
      set([...items.filter((item) => !listed.has(item.id)), ...notifications].sort((a, b) => b.timestamp.localeCompare(a.timestamp)));
    },
    clear: () => set([]),
    setBackend(next) {
      backend = next;
    },
    markAllRead: () => change(items.map((item) => ({ ...item, isRead: true })), (target) => target.markAllRead()),
    setRead: (id, isRead) => change(items.map((item) => (item.id === id ? { ...item, isRead } : item)), (target) => target.setRead(id, isRead)),
    hide: (id) => change(items.filter((item) => item.id !== id), (target) => target.hide(id)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const notificationStore = createNotificationStore();

export function useNotifications(store: NotificationStore = notificationStore): PortalNotification[] {
  return useSyncExternalStore(store.subscribe, store.list, store.list);
}
