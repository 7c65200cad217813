import { describe, expect, it } from "vitest";
import {
  canAgentReply,
  conversationDisplayStatuses,
  lastMessageText,
  liveConnectionStates,
  withManualTakeover,
  withMessagesSeen,
} from "./live";

describe("live conversations", () => {
  it("names the connection and display states", () => {
    expect(liveConnectionStates).toEqual(["connecting", "online", "offline"]);
    expect(conversationDisplayStatuses).toEqual(["new", "connected", "disconnected", "closed"]);
  });

  it("lets an agent reply unless the conversation is closed", () => {
    expect(canAgentReply({ status: "Ongoing" })).toBe(true);
    expect(canAgentReply({ status: "Closed" })).toBe(false);
  });

  it("locks on takeover and clears new messages when seen, without touching the original", () => {
    const conversation = { id: "c", is_locked: false, newUserMessages: 3 };
    expect(withManualTakeover(conversation)).toEqual({ id: "c", is_locked: true, newUserMessages: 3 });
    expect(withMessagesSeen(conversation)).toEqual({ id: "c", is_locked: false, newUserMessages: 0 });
    expect(conversation).toEqual({ id: "c", is_locked: false, newUserMessages: 3 });
  });

  it("reads the last message text", () => {
    expect(lastMessageText({ messages: [] })).toBe("");
    expect(
      lastMessageText({
        messages: [
          { role: "user", content: "hi", timestamp: "t1" },
          { role: "assistant", content: "hello", timestamp: "t2" },
        ],
      }),
    ).toBe("hello");
  });
});
