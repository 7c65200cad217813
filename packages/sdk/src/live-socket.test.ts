import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket as ServerSocket } from "socket.io";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LiveClientToServerEvents, LiveConversation, LiveServerToClientEvents } from "./live-events";
import { liveNamespace } from "./live-events";
import { createLiveSocket, type LiveConnectionState, type LiveSocket, type LiveSocketOptions } from "./live-socket";

const validToken = "agent-token";

const conversation: LiveConversation = {
  session_id: "s-1",
  id: "conv-1",
  configuration_id: "cfg-1",
  status: "Ongoing",
  messages: [{ role: "user", raw_input: "Hallo", content: "Hallo", timestamp: "2026-11-22T01:00:00.000Z" }],
  is_locked: false,
  is_manual: false,
};

interface Received {
  event: string;
  payload: unknown;
}

let httpServer: HttpServer;
let io: Server;
let url: string;
let pollingRequests = 0;
let handshakes = 0;
let agents: ServerSocket<LiveClientToServerEvents, LiveServerToClientEvents>[] = [];
let received: Received[] = [];
let disconnectReasons: string[] = [];
const openSockets: LiveSocket[] = [];

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
    if (socket.handshake.query.token !== validToken) next(new Error("Invalid token"));
    else next();
  });
  live.on("connection", (socket: ServerSocket<LiveClientToServerEvents, LiveServerToClientEvents>) => {
    agents.push(socket);
    socket.onAny((event: string, payload: unknown) => {
      received.push({ event, payload });
      if (event === "clear_config") {
        socket.emit("config_cleared", { configuration_id: (payload as { configuration_id: string }).configuration_id });
      }
    });
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

  it("never connects without a token: offline, and ready rejects", async () => {
    const socket = open({ token: null });
    expect(socket.state).toBe("offline");
    await expect(socket.ready).rejects.toMatchObject({ code: "user_token_not_found", message: "User token not found" });
    await expect(socket.manualTakeover({ configuration_id: "c", session_id: "s", first_name: "E", last_name: "V" }))
      .rejects.toThrow("Socket is not connected!");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handshakes).toBe(0);
  });

  it("goes offline and rejects with the server's message when the connection is refused", async () => {
    const socket = open({ token: "stolen" });
    const states = recordStates(socket);
    await expect(socket.ready).rejects.toMatchObject({ code: "connection_failed", message: "Invalid token" });
    expect(states).toEqual(["connecting", "offline"]);
    expect(handshakes).toBe(1);
  });

  it("goes offline when the server disconnects it", async () => {
    const socket = open();
    await socket.ready;
    await until(() => agents.length === 1, "the server to see the agent");
    agents[0]!.disconnect(true);
    await until(() => socket.state === "offline", "the client to go offline");
  });
});

describe("events", () => {
  it("receives the initial conversations and updates", async () => {
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
    socket.on("config_clear_error", (payload) => errors.push(payload.message));
    stop();
    // Events arrive in order: once the error is in, the update sent before it was delivered (and ignored).
    agents[0]!.emit("conversation_update", conversation);
    agents[0]!.emit("config_clear_error", { configuration_id: "cfg-1", message: "Could not clear" });
    await until(() => errors.length === 1, "config_clear_error");
    expect(updates).toHaveLength(1);
    expect(errors).toEqual(["Could not clear"]);
  });

  it("sends every agent event with its payload", async () => {
    const socket = open();
    const cleared: string[] = [];
    socket.on("config_cleared", (payload) => cleared.push(payload.configuration_id));
    await socket.ready;
    await socket.manualTakeover({
      configuration_id: "cfg-1",
      session_id: "s-1",
      first_name: "Eva",
      last_name: "de Vries",
    });
    await socket.sendHumanAgentMessage({ configurationId: "cfg-1", conversationId: "conv-1", messageContent: "Hoi!" });
    await socket.changeAgentPresence({ user_id: "user-1", is_available: false });
    await socket.clearConfig({ configuration_id: "cfg-1" });
    await until(() => cleared.length === 1, "config_cleared");
    expect(received).toEqual([
      {
        event: "manual_takeover",
        payload: { configuration_id: "cfg-1", session_id: "s-1", first_name: "Eva", last_name: "de Vries" },
      },
      {
        event: "human_agent_message",
        payload: { configurationId: "cfg-1", conversationId: "conv-1", messageContent: "Hoi!" },
      },
      { event: "change_agent_presence", payload: { user_id: "user-1", is_available: false } },
      { event: "clear_config", payload: { configuration_id: "cfg-1" } },
    ]);
    expect(cleared).toEqual(["cfg-1"]);
  });

  it("refuses to send before it is connected and sends nothing", async () => {
    const socket = open();
    expect(socket.state).toBe("connecting");
    const refusals = [
      socket.manualTakeover({ configuration_id: "cfg-1", session_id: "s-1", first_name: "E", last_name: "V" }),
      socket.sendHumanAgentMessage({ configurationId: "cfg-1", conversationId: "conv-1", messageContent: "x" }),
      socket.changeAgentPresence({ user_id: "user-1", is_available: true }),
      socket.clearConfig({ configuration_id: "cfg-1" }),
    ];
    for (const refusal of refusals) {
      await expect(refusal).rejects.toMatchObject({ code: "socket_not_connected", message: "Socket is not connected!" });
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
    await expect(socket.clearConfig({ configuration_id: "cfg-1" })).rejects.toThrow("Socket is not connected!");
  });
});
