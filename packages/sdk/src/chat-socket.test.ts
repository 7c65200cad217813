import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket as ServerSocket } from "socket.io";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  chatNamespace,
  type AssistantMessagePayload,
  type ChatClientToServerEvents,
  type ChatServerToClientEvents,
  type VisitorMessageAck,
  type VisitorMessagePayload,
} from "./chat-events";
import { createChatSocket, type ChatSocket } from "./chat-socket";

type VisitorSocket = ServerSocket<ChatClientToServerEvents, ChatServerToClientEvents>;

let httpServer: HttpServer;
let io: Server;
let url: string;
let pollingRequests = 0;
const queries: Record<string, unknown>[] = [];
const openSockets: ChatSocket[] = [];

/** Answers like the contract's socket document: `session` first, an acknowledged message, a streamed answer. */
beforeAll(async () => {
  httpServer = createServer();
  httpServer.prependListener("request", (request) => {
    if (request.url?.startsWith("/socket.io/")) pollingRequests += 1;
  });
  io = new Server(httpServer);
  const chat = io.of(chatNamespace);
  chat.use((socket, next) => {
    queries.push({ ...socket.handshake.query });
    if (socket.handshake.query.configuration_id === "cfg-unknown") next(new Error("not_found"));
    else next();
  });
  chat.on("connection", (socket: VisitorSocket) => {
    const sessionId = String(socket.handshake.query.session_id ?? "s-new");
    socket.emit("session", { session_id: sessionId, messages: [] });
    socket.on(
      "visitor_message",
      (payload: VisitorMessagePayload, acknowledge?: (ack: VisitorMessageAck) => void) => {
        if (payload.message.length > 4000) {
          acknowledge?.({ status: "error", code: "validation_failed", message: "message: too long" });
          return;
        }
        acknowledge?.({ status: "success", session_id: sessionId, handled_by: "assistant" });
        socket.emit("typing", { session_id: sessionId, who: "assistant", typing: true });
        socket.emit("assistant_message", {
          session_id: sessionId,
          message_id: "m-1",
          delta: "Hal",
          done: false,
        });
        socket.emit("assistant_message", {
          session_id: sessionId,
          message_id: "m-1",
          done: true,
          message: {
            id: "m-1",
            role: "assistant",
            content: "<p>Hallo</p>",
            timestamp: "2026-11-27T10:00:00.000Z",
          },
        });
      },
    );
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}${chatNamespace}`;
});

afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.disconnect();
  queries.length = 0;
  pollingRequests = 0;
});

afterAll(async () => {
  await io.close();
});

function open(options: Partial<Parameters<typeof createChatSocket>[0]> = {}) {
  const socket = createChatSocket({ url, configurationId: "cfg-1", ...options });
  openSockets.push(socket);
  return socket;
}

function next<Event extends keyof ChatServerToClientEvents>(socket: ChatSocket, event: Event) {
  return new Promise<Parameters<ChatServerToClientEvents[Event]>[0]>((resolve) => {
    const listener = ((payload: Parameters<ChatServerToClientEvents[Event]>[0]) => resolve(payload)) as never;
    socket.once(event, listener);
  });
}

describe("the visitors' chat socket", () => {
  it("connects over websocket only with the configuration, session, language and page in the query", async () => {
    const socket = open({
      sessionId: "s-7",
      language: "nl",
      pageUrl: "https://shop.test/faq",
      testTicket: null,
    });
    const session = await next(socket, "session");
    expect(session).toEqual({ session_id: "s-7", messages: [] });
    expect(queries[0]).toMatchObject({
      configuration_id: "cfg-1",
      session_id: "s-7",
      language: "nl",
      page_url: "https://shop.test/faq",
    });
    expect(queries[0]).not.toHaveProperty("test_ticket");
    expect(pollingRequests).toBe(0);
  });

  it("sends a message, gets the acknowledgement, then the streamed answer", async () => {
    const socket = open();
    const { session_id } = await next(socket, "session");
    const chunks: string[] = [];
    const answered = new Promise<AssistantMessagePayload>((resolve) => {
      socket.on("assistant_message", (payload) => {
        if (payload.done) resolve(payload);
        else if (payload.delta) chunks.push(payload.delta);
      });
    });
    const typing = next(socket, "typing");
    const ack = await socket.emitWithAck("visitor_message", { session_id, message: "Hallo" });
    expect(ack).toEqual({ status: "success", session_id: "s-new", handled_by: "assistant" });
    expect(await typing).toEqual({ session_id: "s-new", who: "assistant", typing: true });
    const closing = await answered;
    expect(chunks).toEqual(["Hal"]);
    expect(closing.message?.content).toBe("<p>Hallo</p>");
  });

  it("answers a refused message with the contract's error code", async () => {
    const socket = open();
    await next(socket, "session");
    const ack = await socket.emitWithAck("visitor_message", { message: "x".repeat(4001) });
    expect(ack).toEqual({ status: "error", code: "validation_failed", message: "message: too long" });
  });

  it("reports a refused connection with the code as the message", async () => {
    const socket = open({ configurationId: "cfg-unknown" });
    const error = await new Promise<Error>((resolve) => socket.once("connect_error", resolve));
    expect(error.message).toBe("not_found");
  });
});

// Compile-time checks (run by `pnpm typecheck`).
export function typedEvents(socket: ChatSocket) {
  // @ts-expect-error `message` is required
  socket.emit("visitor_message", { session_id: "s-1" });
  // @ts-expect-error not an event of /chat
  socket.on("conversation_update", () => undefined);
  socket.on("agent_message", ({ message }) => message.role);
}
