import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket as ServerSocket } from "socket.io";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  ClearConfigPayload,
  CloseConversationPayload,
  HumanAgentMessagePayload,
  LiveAck,
  LiveClientToServerEvents,
  LiveConversation,
  LiveNotification,
  LiveServerToClientEvents,
  ManualTakeoverPayload,
} from "./live-events";
import { liveNamespace } from "./live-events";
import {
  createLiveSocket,
  type LiveConnectionState,
  type LiveSocket,
  type LiveSocketOptions,
} from "./live-socket";

const validToken = "agent-token";

const conversation: LiveConversation = {
  session_id: "s-1",
  id: "conv-1",
  configuration_id: "cfg-1",
  status: "Ongoing",
  messages: [{ role: "user", raw_input: "Hallo", content: "Hallo", timestamp: "2026-11-22T01:00:00.000Z" }],
  is_locked: false,
  is_manual: false,
  is_test: false,
};

interface Received {
  event: string;
  payload: unknown;
}

type AgentSocket = ServerSocket<LiveClientToServerEvents, LiveServerToClientEvents>;

let httpServer: HttpServer;
let io: Server;
let url: string;
let pollingRequests = 0;
let handshakes = 0;
let agents: AgentSocket[] = [];
let received: Received[] = [];
let disconnectReasons: string[] = [];
const openSockets: LiveSocket[] = [];

/** Answers like the contract's socket document: takeover and agent message are acknowledged. */
function handleAgentEvent(
  socket: AgentSocket,
  event: string,
  payload: unknown,
  acknowledge?: (ack: LiveAck) => void,
) {
  received.push({ event, payload });
  if (event === "clear_config") {
    socket.emit("config_cleared", { configuration_id: (payload as ClearConfigPayload).configuration_id });
  }
  if (event === "manual_takeover") {
    const { session_id } = payload as ManualTakeoverPayload;
    if (session_id === "s-closed") {
      acknowledge?.({ status: "error", code: "not_found", message: "The conversation is closed" });
    } else if (session_id !== "s-silent") {
      acknowledge?.({
        status: "success",
        conversation: { ...conversation, is_locked: true, is_manual: true },
      });
    }
  }
  if (event === "human_agent_message") {
    const { messageContent, client_message_id } = payload as HumanAgentMessagePayload;
    if (client_message_id === undefined) acknowledge?.({ status: "success" });
    else {
      const duplicate = sentMessageIds.has(client_message_id);
      sentMessageIds.add(client_message_id);
      acknowledge?.({
        status: "success",
        message: { id: `m-${client_message_id}`, role: "human_agent", content: `<p>${messageContent}</p>`, timestamp: "2026-11-22T01:01:00.000Z", agent_name: "Eva" },
        duplicate,
      });
    }
  }
  if (event === "release_conversation") {
    acknowledge?.({ status: "success", conversation: { ...conversation, is_locked: false, is_manual: false } });
  }
  if (event === "close_conversation") {
    const { session_id } = payload as CloseConversationPayload;
    if (session_id === "s-other") acknowledge?.({ status: "error", code: "not_found", message: "Not found" });
    else acknowledge?.({ status: "success", conversation: { ...conversation, status: "Closed" } });
  }
  if (event === "change_agent_presence") acknowledge?.({ status: "success" });
}

const sentMessageIds = new Set<string>();

beforeAll(async () => {
  httpServer = createServer();
  // socket.io answers its own HTTP requests; counting them shows whether long-polling was tried.
  httpServer.prependListener("request", (request) => {
    if (request.url?.startsWith("/socket.io/")) pollingRequests += 1;
  });
  io = new Server(httpServer);
  const live = io.of(liveNamespace);
  live.use((socket, next) => {
    handshakes += 1;
    const token = socket.handshake.query.token;
    if (token === "disabled-account") {
      next(
        Object.assign(new Error("account_inactive"), {
          data: { code: "account_inactive", message: "Disabled" },
        }),
      );
    } else if (token !== validToken) {
      next(new Error("invalid_token"));
    } else {
      next();
    }
  });
  live.on("connection", (socket: AgentSocket) => {
    agents.push(socket);
    socket.onAny((event: string, payload: unknown, acknowledge?: (ack: LiveAck) => void) =>
      handleAgentEvent(socket, event, payload, acknowledge),
    );
    socket.on("disconnect", (reason) => disconnectReasons.push(reason));
    socket.emit("initial_conversations", [conversation]);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}${liveNamespace}`;
});

afterAll(async () => {
  await io.close();
});

// Close every client of a test and wait until the server has seen it go, so no event leaks into the next test.
afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.disconnect();
  await until(() => agents.every((agent) => agent.disconnected), "the server to see every agent leave");
});

beforeEach(() => {
  pollingRequests = 0;
  handshakes = 0;
  agents = [];
  received = [];
  disconnectReasons = [];
});

function open(options: Partial<LiveSocketOptions> = {}) {
  const socket = createLiveSocket({
    url,
    token: validToken,
    customerId: "cust-1",
    firstname: "Eva",
    lastname: "de Vries",
    userId: "user-1",
    ...options,
  });
  openSockets.push(socket);
  return socket;
}

function recordStates(socket: LiveSocket) {
  const states: LiveConnectionState[] = [socket.state];
  socket.onStateChange((state) => states.push(state));
  return states;
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function closedPort() {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}

const takeover = (session_id: string): ManualTakeoverPayload => ({
  configuration_id: "cfg-1",
  session_id,
  first_name: "Eva",
  last_name: "de Vries",
});

describe("connecting", () => {
  it("goes from connecting to online over websocket only, with the agent in the query", async () => {
    const socket = open();
    const states = recordStates(socket);
    await socket.ready;
    expect(states).toEqual(["connecting", "online"]);
    expect(socket.state).toBe("online");
    await until(() => agents.length === 1, "the server to see the agent");
    const agent = agents[0]!;
    expect(agent.handshake.query).toMatchObject({
      token: validToken,
      customerId: "cust-1",
      firstname: "Eva",
      lastname: "de Vries",
    });
    expect(agent.conn.transport.name).toBe("websocket");
    expect(pollingRequests).toBe(0);
  });

  it("leaves out query fields the agent does not have", async () => {
    const socket = open({ customerId: null, firstname: undefined, lastname: "" });
    await socket.ready;
    await until(() => agents.length === 1, "the server to see the agent");
    expect(Object.keys(agents[0]!.handshake.query).sort()).toEqual(["EIO", "token", "transport"]);
  });

  it("names an admin's watched configurations in the query, comma-separated", async () => {
    const socket = open({ customerId: null, configurationIds: ["cfg-1", "cfg-2"] });
    await socket.ready;
    await until(() => agents.length === 1, "the server to see the agent");
    expect(agents[0]!.handshake.query.configuration_ids).toBe("cfg-1,cfg-2");
  });

  it("never connects without a token: offline, and ready rejects", async () => {
    const socket = open({ token: null });
    expect(socket.state).toBe("offline");
    await expect(socket.ready).rejects.toMatchObject({
      code: "user_token_not_found",
      message: "User token not found",
    });
    await expect(socket.manualTakeover(takeover("s-1"))).rejects.toThrow("Socket is not connected!");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handshakes).toBe(0);
  });

  it("goes offline and rejects with the server's code when the connection is refused", async () => {
    const socket = open({ token: "stolen" });
    const states = recordStates(socket);
    await expect(socket.ready).rejects.toMatchObject({ code: "invalid_token", message: "Invalid token" });
    expect(states).toEqual(["connecting", "offline"]);
    const disabled = open({ token: "disabled-account" });
    await expect(disabled.ready).rejects.toMatchObject({ code: "account_inactive", message: "Disabled" });
    expect(handshakes).toBe(2);
  });

  it("goes offline with the error's message when nothing listens", async () => {
    const socket = open({ url: `http://127.0.0.1:${await closedPort()}${liveNamespace}` });
    await expect(socket.ready).rejects.toMatchObject({
      code: "services_offline",
      message: "websocket error",
    });
    expect(socket.state).toBe("offline");
  });

  it("goes offline when the server disconnects it", async () => {
    const socket = open();
    await socket.ready;
    await until(() => agents.length === 1, "the server to see the agent");
    agents[0]!.disconnect(true);
    await until(() => socket.state === "offline", "the client to go offline");
  });
});

describe("received events", () => {
  it("delivers conversations, updates and clear errors until a listener stops", async () => {
    const socket = open();
    const initial: LiveConversation[][] = [];
    const updates: LiveConversation[] = [];
    socket.on("initial_conversations", (conversations) => initial.push(conversations));
    const stop = socket.on("conversation_update", (update) => updates.push(update));
    await until(() => initial.length === 1, "initial_conversations");
    expect(initial[0]).toEqual([conversation]);
    const update = { ...conversation, is_locked: true, messages: [...conversation.messages] };
    agents[0]!.emit("conversation_update", update);
    await until(() => updates.length === 1, "conversation_update");
    expect(updates[0]).toEqual(update);
    const errors: string[] = [];
    socket.on("config_clear_error", (payload) => errors.push(`${payload.code}: ${payload.message}`));
    stop();
    // Events arrive in order: once the error is in, the update sent before it was delivered (and ignored).
    agents[0]!.emit("conversation_update", conversation);
    agents[0]!.emit("config_clear_error", {
      status: "error",
      code: "unexpected_error",
      configuration_id: "cfg-1",
      message: "Could not clear",
    });
    await until(() => errors.length === 1, "config_clear_error");
    expect(updates).toHaveLength(1);
    expect(errors).toEqual(["unexpected_error: Could not clear"]);
  });

  it("delivers notifications", async () => {
    const socket = open();
    const notifications: LiveNotification[] = [];
    socket.on("notification", (notification) => notifications.push(notification));
    await socket.ready;
    await until(() => agents.length === 1, "the server to see the agent");
    const notification: LiveNotification = {
      id: "n-1",
      type: "alert",
      message: "Ik wil een mens…",
      sender: "visitor",
      timestamp: "2026-11-22T01:05:00.000Z",
      isRead: false,
      icon: "LuBellRing",
      color: "error",
      configurationId: "cfg-1",
      session_id: "s-1",
    };
    agents[0]!.emit("notification", notification);
    await until(() => notifications.length === 1, "notification");
    expect(notifications).toEqual([notification]);
  });
});

describe("sent events", () => {
  it("sends every agent event with its payload and reads the acknowledgements", async () => {
    const socket = open();
    const cleared: string[] = [];
    socket.on("config_cleared", (payload) => cleared.push(payload.configuration_id));
    await socket.ready;
    const takenOver = await socket.manualTakeover(takeover("s-1"));
    expect(takenOver.conversation).toMatchObject({ id: "conv-1", is_locked: true, is_manual: true });
    const sent = await socket.sendHumanAgentMessage({
      configurationId: "cfg-1",
      conversationId: "s-1",
      messageContent: "Hoi!",
    });
    expect(sent).toEqual({ status: "success" });
    await socket.changeAgentPresence({ user_id: "user-1", is_available: false });
    await socket.clearConfig({ configuration_id: "cfg-1" });
    await until(() => cleared.length === 1, "config_cleared");
    expect(received).toEqual([
      { event: "manual_takeover", payload: takeover("s-1") },
      {
        event: "human_agent_message",
        payload: { configurationId: "cfg-1", conversationId: "s-1", messageContent: "Hoi!" },
      },
      { event: "change_agent_presence", payload: { user_id: "user-1", is_available: false } },
      { event: "clear_config", payload: { configuration_id: "cfg-1" } },
    ]);
    expect(cleared).toEqual(["cfg-1"]);
  });

  it("hands back and closes a conversation, resolving with the acknowledged conversation", async () => {
    const socket = open();
    await socket.ready;
    const released = await socket.releaseConversation({ configuration_id: "cfg-1", session_id: "s-1" });
    expect(released.conversation).toMatchObject({ is_locked: false, is_manual: false });
    const closed = await socket.closeConversation({ configuration_id: "cfg-1", session_id: "s-1" });
    expect(closed.conversation?.status).toBe("Closed");
    await expect(socket.closeConversation({ configuration_id: "cfg-1", session_id: "s-other" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(received.map((entry) => entry.event)).toEqual(["release_conversation", "close_conversation", "close_conversation"]);
    expect(received[0]!.payload).toEqual({ configuration_id: "cfg-1", session_id: "s-1" });
  });

  it("reads the stored message and whether a resent agent message was a duplicate", async () => {
    const socket = open();
    await socket.ready;
    const payload = { configurationId: "cfg-1", conversationId: "s-1", messageContent: "Hoi!", client_message_id: "reply-1" };
    const first = await socket.sendHumanAgentMessage(payload);
    expect(first).toMatchObject({ status: "success", duplicate: false, message: { id: "m-reply-1", role: "human_agent" } });
    const again = await socket.sendHumanAgentMessage(payload);
    expect(again.duplicate).toBe(true);
    expect(received[0]!.payload).toEqual(payload);
  });

  it("rejects a takeover with the code of the server's acknowledgement", async () => {
    const socket = open();
    await socket.ready;
    await expect(socket.manualTakeover(takeover("s-closed"))).rejects.toMatchObject({
      code: "not_found",
      message: "The conversation is closed",
    });
  });

  it("rejects a takeover the server never acknowledges", async () => {
    const socket = open({ ackTimeoutMs: 100 });
    await socket.ready;
    await expect(socket.manualTakeover(takeover("s-silent"))).rejects.toMatchObject({
      code: "services_offline",
      message: "Services are offline",
    });
    // The event did leave: on a loaded machine the server may read it only after the 100 ms wait ran out.
    await until(() => received.length === 1, "the takeover at the server");
    expect(received.map((entry) => entry.event)).toEqual(["manual_takeover"]);
  });

  it("refuses to send before it is connected and sends nothing", async () => {
    const socket = open();
    expect(socket.state).toBe("connecting");
    const refusals = [
      socket.manualTakeover(takeover("s-1")),
      socket.sendHumanAgentMessage({ configurationId: "cfg-1", conversationId: "s-1", messageContent: "x" }),
      socket.changeAgentPresence({ user_id: "user-1", is_available: true }),
      socket.clearConfig({ configuration_id: "cfg-1" }),
      socket.releaseConversation({ configuration_id: "cfg-1", session_id: "s-1" }),
      socket.closeConversation({ configuration_id: "cfg-1", session_id: "s-1" }),
    ];
    for (const refusal of refusals) {
      await expect(refusal).rejects.toMatchObject({
        code: "socket_not_connected",
        message: "Socket is not connected!",
      });
    }
    await socket.ready;
    await socket.changeAgentPresence({ user_id: "user-1", is_available: true });
    await until(() => received.length === 1, "the presence after connecting");
    expect(received.map((entry) => entry.event)).toEqual(["change_agent_presence"]);
  });

  it("tells the server the agent disconnected, then refuses to send", async () => {
    const socket = open();
    await socket.ready;
    await until(() => agents.length === 1, "the server to see the agent");
    socket.disconnect();
    expect(socket.state).toBe("offline");
    await until(() => disconnectReasons.length === 1, "the server to see the disconnect");
    expect(received).toEqual([{ event: "agent_disconnected", payload: { user_id: "user-1" } }]);
    expect(disconnectReasons).toEqual(["client namespace disconnect"]);
    await expect(socket.clearConfig({ configuration_id: "cfg-1" })).rejects.toThrow(
      "Socket is not connected!",
    );
  });
});
