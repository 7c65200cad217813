import { errorMessages, textTooLongMessage } from "@parley/domain";
import { describe, expect, it } from "vitest";
import { unsafeTextMessage } from "../http/request-text";
import { payloadCheck, unsafeTextProblem } from "./events";

const message = { role: "user", content: "Where is my parcel?", timestamp: "2026-01-01T10:00:00Z" };

describe("payloadCheck", () => {
  it("takes a payload that is its message's", () => {
    expect(payloadCheck("visitorMessage")({ message: "Where is my parcel?", client_message_id: "m-1" })).toBeNull();
    expect(payloadCheck("agentMessage")({ session_id: "s", message })).toBeNull();
  });

  it("names the field at fault with the words an HTTP call's 400 says", () => {
    for (const [key, payload, words] of [
      // Too long, missing, blank: the catalogue's words.
      ["visitorMessage", { message: "x".repeat(4001) }, "message: Use at most 4000 characters"],
      ["visitorMessage", { message: "Hi", page_url: "x".repeat(2049) }, "page_url: Use at most 2048 characters"],
      ["visitorMessage", {}, "message: This field is required"],
      ["visitorMessage", { message: "" }, "message: This field is required"],
      ["humanAgentMessage", { configurationId: "c", conversationId: "s" }, "messageContent: This field is required"],
      ["manualTakeover", { configuration_id: "c", session_id: "s", first_name: "A".repeat(101), last_name: "B" }, "first_name: Use at most 100 characters"],
      // The wrong type, and a payload that is no object at all.
      ["visitorMessage", { message: 42 }, "message: must be string"],
      ["changeAgentPresence", { user_id: "u", is_available: "yes" }, "is_available: must be boolean"],
      ["visitorMessage", "Where is my parcel?", "payload: must be object"],
      ["releaseConversation", null, "payload: must be object"],
      // A value of no allowed one: the allowed ones are said.
      ["typingToVisitor", { session_id: "s", who: "robot", typing: true }, 'who: must be one of: "assistant", "human_agent"'],
      // Nested fields are dotted, as HTTP's are.
      ["agentMessage", { session_id: "s", message: { ...message, timestamp: undefined } }, "message.timestamp: This field is required"],
      ["agentMessage", { session_id: "s", message: { ...message, role: "robot" } }, 'message.role: must be one of: "user", "assistant", "human_agent", "system"'],
      // A oneOf's failed branch is told as HTTP tells it, without Ajv's "must match exactly one schema".
      ["visitorMessageAck", { status: "success", session_id: "s", handled_by: "robot" }, 'handled_by: must be one of: "assistant", "human_agent"'],
    ] as const) {
      expect(payloadCheck(key)(payload), `${key} ${JSON.stringify(payload)?.slice(0, 60)}`).toBe(words);
    }
    // The same texts as the catalogue's (spec 02 §8), not a copy that could drift from them.
    expect(payloadCheck("visitorMessage")({})).toBe(`message: ${errorMessages.field_required}`);
    expect(payloadCheck("visitorMessage")({ message: "x".repeat(4001) })).toBe(`message: ${textTooLongMessage(4000)}`);
  });

  it("says no Ajv wording (instance paths, 'must NOT have', 'must have required property')", () => {
    const said = [
      payloadCheck("visitorMessage")({ message: "x".repeat(4001) }),
      payloadCheck("visitorMessage")({}),
      payloadCheck("setAgentNote")({ configuration_id: "c", session_id: "s", agent_note: "x".repeat(2001) }),
      payloadCheck("agentMessage")({ session_id: "s", message: {} }),
    ];
    for (const text of said) {
      expect(text).toMatch(/^[a-z_A-Z.]+: /);
      expect(text).not.toMatch(/^\/|must NOT have|must have required property/);
    }
  });
});

describe("unsafeTextProblem", () => {
  it("names the field holding a NUL or an unpaired surrogate as HTTP does, and takes a surrogate pair", () => {
    expect(unsafeTextProblem({ session_id: "s\u0000" })).toBe(`session_id: ${unsafeTextMessage}`);
    expect(unsafeTextProblem({ message: { content: "\uD800" } })).toBe(`message.content: ${unsafeTextMessage}`);
    expect(unsafeTextProblem("\uDC00")).toBe(`payload: ${unsafeTextMessage}`);
    expect(unsafeTextProblem({ message: "📦" })).toBeNull();
  });
});
