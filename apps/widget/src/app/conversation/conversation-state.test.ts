import { describe, expect, it } from "vitest";
import { answersUnseenQuestion, conversationReducer, emptyConversation } from "./conversation-state";
import type { ServerMessage } from "./types";

const pending = { clientMessageId: "c1", text: "Hello?", timestamp: "2025-01-01T10:00:00Z" };
const answer: ServerMessage = {
  role: "assistant",
  content: "<p>Hi!</p>",
  timestamp: "2025-01-01T10:00:01Z",
  sources: [{ kind: "url", title: "FAQ", url: "https://host.test/faq" }],
};

describe("the conversation", () => {
  it("keeps a message pending until acknowledged, then shows it as sent", () => {
    let state = conversationReducer(emptyConversation(null), { type: "queued", message: pending });
    expect(state.pending).toHaveLength(1);
    state = conversationReducer(state, { type: "acknowledged", clientMessageId: "c1", sessionId: "s1" });
    expect(state.pending).toHaveLength(0);
    expect(state.sessionId).toBe("s1");
    expect(state.messages.map((message) => message.content)).toEqual(["Hello?"]);
  });

  it("shows streamed text, then replaces it with the final message", () => {
    let state = emptyConversation("s1");
    state = conversationReducer(state, { type: "delta", messageId: "m1", delta: "Hi" });
    state = conversationReducer(state, { type: "delta", messageId: "m1", delta: "!" });
    expect(state.streaming).toEqual([{ messageId: "m1", text: "Hi!" }]);
    state = conversationReducer(state, { type: "done", messageId: "m1", message: answer });
    expect(state.streaming).toEqual([]);
    expect(state.messages).toEqual([{ ...answer, key: "m1" }]);
  });

  it("keys an answer the same when it streamed in and when the history brings it back (a reload keeps its rating)", () => {
    let state = conversationReducer(emptyConversation("s1"), { type: "done", messageId: "m1", message: { ...answer, id: "m1" } });
    const keyWhenStreamed = state.messages[0]!.key;
    state = conversationReducer(emptyConversation(null), {
      type: "session",
      sessionId: "s1",
      messages: [{ role: "user", content: "Hello?", timestamp: pending.timestamp, client_message_id: "c1", id: "u1" }, { ...answer, id: "m1" }],
    });
    expect(state.messages.map((message) => message.key)).toEqual(["c1", keyWhenStreamed]);
  });

  it("shows an answer once when a resent message's answer comes again after the history brought it", () => {
    const question: ServerMessage = { id: "u1", role: "user", content: "Hello?", timestamp: pending.timestamp, client_message_id: "c1" };
    let state = conversationReducer(emptyConversation("s1"), { type: "queued", message: pending });
    state = conversationReducer(state, { type: "session", sessionId: "s1", messages: [question, { ...answer, id: "m1" }] });
    state = conversationReducer(state, { type: "done", messageId: "m1", message: { ...answer, id: "m1" } });
    expect(state.messages.map((message) => message.key)).toEqual(["c1", "m1"]);
    expect(state.pending).toEqual([]);
  });

  it("knows an answer to a question asked in another tab: nothing of its own waits for an answer", () => {
    let state = conversationReducer(emptyConversation("s1"), { type: "queued", message: pending });
    expect(answersUnseenQuestion(state)).toBe(false);
    state = conversationReducer(state, { type: "acknowledged", clientMessageId: "c1", sessionId: "s1" });
    expect(answersUnseenQuestion(state)).toBe(false);
    state = conversationReducer(state, { type: "done", messageId: "m1", message: { ...answer, id: "m1" } });
    expect(answersUnseenQuestion(state)).toBe(true);
    expect(answersUnseenQuestion(emptyConversation("s1"))).toBe(true);
  });

  it("takes the server's history after a reconnect without showing a stored pending message twice", () => {
    let state = conversationReducer(emptyConversation("s1"), { type: "queued", message: pending });
    state = conversationReducer(state, { type: "queued", message: { ...pending, clientMessageId: "c2" } });
    state = conversationReducer(state, {
      type: "session",
      sessionId: "s1",
      messages: [{ role: "user", content: "Hello?", timestamp: pending.timestamp, client_message_id: "c1" }],
    });
    expect(state.messages).toHaveLength(1);
    expect(state.pending.map((message) => message.clientMessageId)).toEqual(["c2"]);
  });

  it("keeps what was said when an agent closed the conversation and the visitor's next message starts a new one", () => {
    const closedNote: ServerMessage = { role: "system", content: "<p>This conversation has been closed.</p>", timestamp: "2025-01-01T10:05:00Z" };
    let state = conversationReducer(emptyConversation("s1"), { type: "session", sessionId: "s1", messages: [answer] });
    state = conversationReducer(state, { type: "agentMessage", message: closedNote });
    state = conversationReducer(state, { type: "queued", message: { ...pending, clientMessageId: "c9" } });
    // The server moves the socket to a new, empty conversation, then acknowledges the message in it.
    state = conversationReducer(state, { type: "session", sessionId: "s2", messages: [] });
    state = conversationReducer(state, { type: "acknowledged", clientMessageId: "c9", sessionId: "s2" });
    expect(state.sessionId).toBe("s2");
    expect(state.messages.map((message) => message.role)).toEqual(["assistant", "system", "user"]);
    // A reconnect to a conversation the server holds still takes the server's history.
    state = conversationReducer(state, { type: "session", sessionId: "s2", messages: [{ role: "user", content: "Hello?", timestamp: pending.timestamp, client_message_id: "c9" }] });
    expect(state.messages.map((message) => message.role)).toEqual(["user"]);
  });

  it("marks the conversation's history as told once the server sent it, until the visitor starts over", () => {
    expect(emptyConversation("s1").historyLoaded).toBe(false);
    const state = conversationReducer(emptyConversation("s1"), { type: "session", sessionId: "s1", messages: [answer] });
    expect(state.historyLoaded).toBe(true);
    expect(conversationReducer(state, { type: "reset" }).historyLoaded).toBe(false);
  });

  it("adds the HTTP fallback's reply, and starts over empty", () => {
    let state = conversationReducer(emptyConversation(null), { type: "queued", message: pending });
    state = conversationReducer(state, {
      type: "answeredOverHttp",
      clientMessageId: "c1",
      sessionId: "s2",
      reply: answer,
    });
    expect(state.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(conversationReducer(state, { type: "reset" })).toEqual(emptyConversation(null));
  });

  it("drops the failure of a message the server could not be reached for once the message is delivered", () => {
    let state = conversationReducer(emptyConversation("s1"), { type: "queued", message: pending });
    state = conversationReducer(state, { type: "failed", code: "service_unavailable" });
    expect(state.errorCode).toBe("service_unavailable");
    // The server is back: the socket reconnects and the pending message is resent and acknowledged.
    state = conversationReducer(state, { type: "acknowledged", clientMessageId: "c1", sessionId: "s1" });
    expect(state).toMatchObject({ errorCode: null, pending: [] });
  });

  it("shows a failure and stops the typing indicator", () => {
    let state = conversationReducer(emptyConversation("s1"), { type: "typing", typing: true });
    state = conversationReducer(state, { type: "failed", code: "rate_limited" });
    expect(state).toMatchObject({ typing: false, errorCode: "rate_limited" });
  });

  it("shows the note that the message limit is used up once, in place of the refusal's line, in the tab that sent the message and in another", () => {
    const note: ServerMessage = { id: "n1", role: "system", content: "<p>Sorry, de assistent is op dit moment niet beschikbaar.</p>", timestamp: "2025-01-01T10:00:02Z" };
    // The sending tab: its message is acknowledged, the server refuses the answer, then sends every tab the note.
    let sender = conversationReducer(emptyConversation("s1"), { type: "queued", message: pending });
    sender = conversationReducer(sender, { type: "acknowledged", clientMessageId: "c1", sessionId: "s1" });
    sender = conversationReducer(sender, { type: "typing", typing: true });
    sender = conversationReducer(sender, { type: "failed", code: "rate_limited" });
    sender = conversationReducer(sender, { type: "done", messageId: "n1", message: note });
    expect(sender).toMatchObject({ typing: false, errorCode: null });
    expect(sender.messages.map((message) => [message.role, message.content])).toEqual([["user", "Hello?"], ["system", note.content]]);
    // Another tab of the session gets the note only.
    const other = conversationReducer(emptyConversation("s1"), { type: "done", messageId: "n1", message: note });
    expect(other).toMatchObject({ errorCode: null, messages: [{ ...note, key: "n1" }] });
    // An answer does not clear a refusal (a message refused by the per-minute limit stays refused).
    const refused = conversationReducer(emptyConversation("s1"), { type: "failed", code: "rate_limited" });
    expect(conversationReducer(refused, { type: "done", messageId: "m1", message: answer }).errorCode).toBe("rate_limited");
  });
});
