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

describe("notification store with the server behind it", () => {
  it("lists the server's notifications without a sound, keeping a newer one that arrived first", () => {
    const sound = vi.fn();
    const store = createNotificationStore(sound);
    const newer: PortalNotification = { ...chat, id: "n3", timestamp: "2026-11-22T10:05:00Z" };
    store.add(newer);
    store.replaceAll([alert, chat]);
    expect(store.list().map((item) => item.id)).toEqual(["n3", "n2", "n1"]);
    expect(sound).toHaveBeenCalledTimes(1);
  });

  it("stores each change and undoes one the server refuses", async () => {
    const store = createNotificationStore(() => {});
    store.replaceAll([chat, alert]);
    const calls: string[] = [];
    store.setBackend({
      setRead: async (id, isRead) => calls.push(`${id} ${isRead ? "read" : "unread"}`),
      markAllRead: async () => calls.push("all read"),
      hide: async (id) => {
        calls.push(`hide ${id}`);
        throw new Error("not_found");
      },
    });
    store.setRead("n1", true);
    store.markAllRead();
    store.hide("n2");
    expect(store.list().map((item) => item.id)).toEqual(["n1"]);
    await vi.waitFor(() => expect(store.list().map((item) => item.id)).toEqual(["n2", "n1"]));
    expect(calls).toEqual(["n1 read", "all read", "hide n2"]);
    store.setBackend(null);
    store.hide("n2");
    expect(calls).toHaveLength(3);
  });
});
