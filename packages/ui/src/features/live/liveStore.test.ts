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

  it("moves a changed conversation to the top and says whether it is new", () => {
    const store = createLiveStore();
    store.replaceAll([base, { ...base, session_id: "s-2" }]);
    expect(store.upsert({ ...base, session_id: "s-2", is_locked: true })).toBe(false);
    expect(store.get().conversations.map((item) => item.session_id)).toEqual(["s-2", "s-1"]);
    expect(store.upsert({ ...base, session_id: "s-3" })).toBe(true);
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
