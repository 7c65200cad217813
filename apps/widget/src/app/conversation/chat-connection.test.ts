import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConversationEvent } from "./conversation-state";

/** A stand-in for the `/chat` socket: the test fires its events. */
const handlers = new Map<string, (payload?: unknown) => void>();
vi.mock("socket.io-client", () => ({
  io: () => ({
    connected: false,
    on: (event: string, handler: (payload?: unknown) => void) => handlers.set(event, handler),
    removeAllListeners: () => handlers.clear(),
    disconnect: () => undefined,
  }),
}));

const { openChatConnection } = await import("./chat-connection");

function open() {
  const events: ConversationEvent[] = [];
  const online: boolean[] = [];
  const connection = openChatConnection({
    configurationId: "c1",
    sessionId: null,
    language: "en",
    pageUrl: "https://not-allowed.example/",
    onEvent: (event) => events.push(event),
    onTransport: () => undefined,
    currentSessionId: () => null,
    onAgentsOnline: (value) => online.push(value),
  });
  return { events, online, connection };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the chat connection refused by the server", () => {
  it("tells at once, before any message, that this website may not use the assistant", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { events, connection } = open();
    handlers.get("connect_error")!(
      Object.assign(new Error("forbidden"), { data: { status: "error", code: "forbidden", message: "This website may not use this assistant" } }),
    );
    expect(events).toEqual([{ type: "failed", code: "forbidden" }]);
    // The site's developer finds the reason in the console.
    expect(String(warn.mock.calls[0]?.[0])).toContain("allowed websites");
    connection.close();
  });

  it("says nothing yet when the server is only unreachable (the message waits and is resent)", () => {
    const { events, connection } = open();
    handlers.get("connect_error")!(new Error("xhr poll error"));
    expect(events).toEqual([]);
    connection.close();
  });
});

describe("agents coming and going", () => {
  it("passes on every agents_online of this configuration, and nothing of another or a malformed one", () => {
    const { events, online, connection } = open();
    handlers.get("agents_online")!({ configuration_id: "c1", online: true });
    handlers.get("agents_online")!({ configuration_id: "c1", online: false });
    handlers.get("agents_online")!({ configuration_id: "c2", online: true });
    handlers.get("agents_online")!({ configuration_id: "c1", online: "yes" });
    handlers.get("agents_online")!(undefined);
    handlers.get("agents_online")!({ configuration_id: "c1", online: true });
    expect(online).toEqual([true, false, true]);
    // Not a conversation's event.
    expect(events).toEqual([]);
    connection.close();
  });
});
