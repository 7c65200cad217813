import type { LiveConversation } from "@parley/sdk";
import { typingShownMs } from "@parley/domain/live";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLiveStore, displayStatus, liveCountOf } from "./liveStore";

const base: LiveConversation = { session_id: "s-1", id: "c-1", configuration_id: "cfg-1", status: "Ongoing", messages: [], is_locked: false, is_manual: false, is_test: false };

describe("live store", () => {
  it("shows the spec's display statuses", () => {
    expect(displayStatus({ ...base, isNew: true })).toBe("new");
    expect(displayStatus({ ...base, isNew: false })).toBe("disconnected");
    expect(displayStatus({ ...base, is_locked: true, is_manual: true })).toBe("connected");
    expect(displayStatus({ ...base, status: "Closed", is_manual: true })).toBe("closed");
  });

  it("moves a conversation with a new message to the top, keeps one changed otherwise in its place, and says whether it is new", () => {
    const store = createLiveStore();
    store.replaceAll([base, { ...base, session_id: "s-2" }]);
    const message = { id: "m-1", role: "user" as const, content: "Hello", timestamp: "2026-11-25T10:00:00.000Z" };
    expect(store.upsert({ ...base, session_id: "s-2", is_locked: true, messages: [message] })).toBe(false);
    expect(store.get().conversations.map((item) => item.session_id)).toEqual(["s-2", "s-1"]);
    // Read, or a note: nothing new happened in it, so the list stays as the agent sees it.
    expect(store.upsert({ ...base, session_id: "s-1", newUserMessages: 0, agent_note: "Call back" })).toBe(false);
    expect(store.get().conversations.map((item) => [item.session_id, item.agent_note ?? null])).toEqual([
      ["s-2", null],
      ["s-1", "Call back"],
    ]);
    expect(store.upsert({ ...base, session_id: "s-3" })).toBe(true);
    expect(store.get().conversations[0]!.session_id).toBe("s-3");
  });

  it("knows when the connection's list came and which conversation is open, and a reset keeps the open one", () => {
    const store = createLiveStore();
    expect(store.get()).toMatchObject({ listed: false, opened: null });
    store.replaceAll([base]);
    store.setOpened("s-1");
    expect(store.get()).toMatchObject({ listed: true, opened: "s-1" });
    // The connection dropped: its list is gone, the dialog the agent has open is not.
    store.reset();
    expect(store.get()).toMatchObject({ listed: false, opened: "s-1", conversations: [] });
    store.setOpened(null);
    expect(store.get().opened).toBeNull();
  });

  it("counts the ongoing conversations of the selected configuration, or all", () => {
    const list = [base, { ...base, session_id: "s-2", status: "Closed" as const }, { ...base, session_id: "s-3", configuration_id: "cfg-2" }];
    expect(liveCountOf(list, "cfg-1")).toBe(1);
    expect(liveCountOf(list, null)).toBe(2);
  });

  describe("the visitor's typing mark", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("is set and cleared by the visitor's typing, and cleared by the visitor's message, not by another's", () => {
      const store = createLiveStore();
      store.setVisitorTyping("s-1", true);
      store.setVisitorTyping("s-2", true);
      expect(store.get().typing).toEqual(["s-1", "s-2"]);
      store.setVisitorTyping("s-2", false);
      expect(store.get().typing).toEqual(["s-1"]);
      store.upsert({ ...base, emitted_by: "assistant" });
      expect(store.get().typing).toEqual(["s-1"]);
      store.upsert({ ...base, emitted_by: "user" });
      expect(store.get().typing).toEqual([]);
    });

    it("goes by itself when no typing news came for a while, and stays while it is renewed", () => {
      vi.useFakeTimers();
      const store = createLiveStore();
      store.setVisitorTyping("s-1", true);
      vi.advanceTimersByTime(typingShownMs - 1);
      store.setVisitorTyping("s-1", true);
      vi.advanceTimersByTime(typingShownMs - 1);
      expect(store.get().typing).toEqual(["s-1"]);
      vi.advanceTimersByTime(1);
      expect(store.get().typing).toEqual([]);
      store.setVisitorTyping("s-2", true);
      store.reset();
      vi.advanceTimersByTime(typingShownMs);
      expect(store.get().typing).toEqual([]);
    });
  });
});
