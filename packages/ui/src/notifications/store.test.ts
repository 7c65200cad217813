import { describe, expect, it, vi } from "vitest";
import { createNotificationStore, type PortalNotification } from "./store";

const chat: PortalNotification = { id: "n1", type: "chat", message: "Hello", timestamp: "2026-11-22T10:00:00Z", isRead: false };
const alert: PortalNotification = { id: "n2", type: "alert", message: "Angry customer…", sender: "Visitor", timestamp: "2026-11-22T10:01:00Z", isRead: false };

describe("notification store", () => {
  it("plays the notification sound for every new notification and lists the newest first", () => {
    const sound = vi.fn();
    const store = createNotificationStore(sound);
    store.add(chat);
    store.add(alert);
    expect(sound).toHaveBeenCalledTimes(2);
    expect(store.list().map((item) => item.id)).toEqual(["n2", "n1"]);
  });

  it("marks all as read, toggles one, and hides one", () => {
    const store = createNotificationStore(() => {});
    store.add(chat);
    store.add(alert);
    let changes = 0;
    store.subscribe(() => changes++);
    store.markAllRead();
    expect(store.list().every((item) => item.isRead)).toBe(true);
    store.setRead("n1", false);
    expect(store.list().find((item) => item.id === "n1")?.isRead).toBe(false);
    store.hide("n2");
    expect(store.list().map((item) => item.id)).toEqual(["n1"]);
    expect(changes).toBe(3);
  });
});
