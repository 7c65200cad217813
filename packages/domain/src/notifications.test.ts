import { describe, expect, it } from "vitest";
import {
  alertFallbackText,
  alertText,
  isDuplicateAlert,
  isDuplicateChatNotification,
  newAlertNotification,
  newChatNotification,
  notificationColors,
  shouldShowAlert,
  shouldShowMessageNotification,
  toastDefaults,
} from "./notifications";

describe("alert text", () => {
  it("keeps up to 5 words as they are", () => {
    expect(alertText("one two three four five")).toBe("one two three four five");
    expect(alertText("  help  me ")).toBe("help me");
  });

  it("cuts a longer text to 5 words with an ellipsis", () => {
    expect(alertText("one two three four five six")).toBe("one two three four five...");
  });

  it("falls back when there is no text", () => {
    expect(alertText("")).toBe("A user requires your attention!");
    expect(alertText("   ")).toBe(alertFallbackText);
    expect(alertText(undefined)).toBe(alertFallbackText);
    expect(alertText(null)).toBe(alertFallbackText);
  });
});

describe("de-duplication", () => {
  it("suppresses a chat notification with the same last text and configuration", () => {
    const previous = { text: "Hello", configurationId: "cfg1" };
    expect(isDuplicateChatNotification(previous, { text: "Hello", configurationId: "cfg1" })).toBe(true);
    expect(isDuplicateChatNotification(previous, { text: "Hello", configurationId: "cfg2" })).toBe(false);
    expect(isDuplicateChatNotification(previous, { text: "Hello!", configurationId: "cfg1" })).toBe(false);
    expect(isDuplicateChatNotification(null, previous)).toBe(false);
  });

  it("keeps one alert per configuration and session", () => {
    const existing = [
      { type: "alert" as const, configurationId: "cfg1", session_id: "s1" },
      { type: "chat" as const, configurationId: "cfg1", session_id: "s2" },
    ];
    expect(isDuplicateAlert(existing, { configurationId: "cfg1", session_id: "s1" })).toBe(true);
    expect(isDuplicateAlert(existing, { configurationId: "cfg2", session_id: "s1" })).toBe(false);
    expect(isDuplicateAlert(existing, { configurationId: "cfg1", session_id: "s2" })).toBe(false);
  });
});

describe("when notifications show", () => {
  const conversation = { id: "c1", alert_triggered: true, is_manual: true, newUserMessages: 1 };

  it("shows an alert only when its conversation is not selected", () => {
    expect(shouldShowAlert(conversation, null)).toBe(true);
    expect(shouldShowAlert(conversation, "c2")).toBe(true);
    expect(shouldShowAlert(conversation, "c1")).toBe(false);
    expect(shouldShowAlert({ ...conversation, alert_triggered: false }, null)).toBe(false);
  });

  it("shows a message notification for a manual, unselected conversation with a new user message and no alert", () => {
    const manual = { ...conversation, alert_triggered: false };
    expect(shouldShowMessageNotification(manual, null)).toBe(true);
    expect(shouldShowMessageNotification(manual, "c1")).toBe(false);
    expect(shouldShowMessageNotification({ ...manual, is_manual: false }, null)).toBe(false);
    expect(shouldShowMessageNotification({ ...manual, newUserMessages: 0 }, null)).toBe(false);
    expect(shouldShowMessageNotification(conversation, null)).toBe(false);
  });
});

describe("notification shapes", () => {
  it("colours chat purple and alerts error", () => {
    expect(notificationColors).toEqual({ chat: "purple", alert: "error" });
    expect(newChatNotification({ id: "n1", message: "Hi", timestamp: "t", configurationId: "cfg" })).toEqual({
      id: "n1",
      type: "chat",
      message: "Hi",
      timestamp: "t",
      isRead: false,
      icon: "LuMessageCircle",
      color: "purple",
      configurationId: "cfg",
    });
  });

  it("builds an unread alert with the cut text", () => {
    expect(
      newAlertNotification({
        id: "n2",
        message: "I want to speak to a human now please",
        sender: "visitor",
        timestamp: "t",
        configurationId: "cfg",
        session_id: "s1",
      }),
    ).toEqual({
      id: "n2",
      type: "alert",
      message: "I want to speak to...",
      sender: "visitor",
      timestamp: "t",
      isRead: false,
      icon: "LuTriangleAlert",
      color: "error",
      configurationId: "cfg",
      session_id: "s1",
    });
  });

  it("closes toasts after 5000 ms at the top right", () => {
    expect(toastDefaults).toEqual({ autoCloseMs: 5000, position: "top-right" });
  });
});
