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

export interface NotificationStore {
  list(): PortalNotification[];
  add(notification: PortalNotification): void;
  markAllRead(): void;
  setRead(id: string, isRead: boolean): void;
  hide(id: string): void;
  subscribe(listener: Listener): () => void;
}

/** Keeps the bell's notifications; adding one plays the notification sound. */
export function createNotificationStore(onAdd: (notification: PortalNotification) => void = playNotificationSound): NotificationStore {
  let items: PortalNotification[] = [];
  const listeners = new Set<Listener>();
  const set = (next: PortalNotification[]) => {
    items = next;
    listeners.forEach((listener) => listener());
  };
  return {
    list: () => items,
    add(notification) {
      set([notification, ...items.filter((item) => item.id !== notification.id)]);
      onAdd(notification);
    },
    markAllRead: () => set(items.map((item) => ({ ...item, isRead: true }))),
    setRead: (id, isRead) => set(items.map((item) => (item.id === id ? { ...item, isRead } : item))),
    hide: (id) => set(items.filter((item) => item.id !== id)),
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
