import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";
import { Server as SocketServer } from "socket.io";

/**
 * A stand-in for the other side of the widget's contract, on loopback: the built widget under `/widget/`,
 * `GET /api/widget/{id}/settings`, the HTTP fallback calls, and the `/chat` socket streaming an answer
 * (asyncapi channel chat). It speaks the wire format the real server does; it is not the real server.
 */
export interface FixtureOptions {
  chatbotSettings?: Record<string, unknown>;
  chatbotButtonSettings?: Record<string, unknown>;
  /** The final HTML of every answer. */
  answerHtml?: string;
  /** The raw text pieces streamed before the final answer. */
  deltas?: string[];
  deltaDelayMs?: number;
  /** Answer the settings call with this status instead (an unknown configuration: 404). */
  settingsStatus?: number;
  /** No socket at all, as behind a proxy that refuses websockets: the widget must fall back to HTTP. */
  withoutSocket?: boolean;
}

export interface WidgetFixture {
  origin: string;
  /** Every visitor_message the socket received. */
  received: { message: string; client_message_id?: string; session_id?: string }[];
  /** Every typing event the socket received, with the number of visitor messages received before it. */
  typing: { session_id: string; typing: boolean; afterMessages: number }[];
  /** Every message posted to the HTTP fallback (`test_ticket` only when it was sent). */
  posted: { message: string; session_id?: string | null; test_ticket?: string }[];
  /** The query of every `/chat` connection. */
  handshakes: Record<string, unknown>[];
  /** Every rating posted, with the answer's id from the path. */
  ratings: { messageId: string; session_id: string; page_url?: string; rating: number | null }[];
  /** Every attachment uploaded: the form's session id and the file's name and size in bytes. */
  attachments: { session_id: string | undefined; filename: string | undefined; bytes: number }[];
  /** Tells every `/chat` socket whether an agent of its configuration is online (`agents_online`). */
  agentsOnline: (online: boolean) => void;
  stop: () => Promise<void>;
}

export const distDir = resolve(import.meta.dirname, "../dist");

const contentTypes: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
};

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function serveDist(urlPath: string, response: ServerResponse): boolean {
  if (!urlPath.startsWith("/widget/")) return false;
  const relative = normalize(decodeURIComponent(urlPath.slice("/widget/".length)) || "index.html");
  const file = join(distDir, relative);
  if (!file.startsWith(distDir + sep) || !existsSync(file) || !statSync(file).isFile()) return false;
  response.writeHead(200, { "content-type": contentTypes[extname(file)] ?? "application/octet-stream" });
  response.end(readFileSync(file));
  return true;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "null");
}

export async function startWidgetFixture(options: FixtureOptions = {}): Promise<WidgetFixture> {
  const answerHtml = options.answerHtml ?? "<p>Hello <strong>visitor</strong>, see our FAQ.</p>";
  const deltas = options.deltas ?? ["Hello ", "visitor, ", "see our FAQ."];
  const sources = [{ kind: "url", title: "Our FAQ", url: "https://shop.example/faq" }];
  const received: WidgetFixture["received"] = [];
  const typing: WidgetFixture["typing"] = [];
  const posted: WidgetFixture["posted"] = [];
  const handshakes: WidgetFixture["handshakes"] = [];
  const ratings: WidgetFixture["ratings"] = [];
  const attachments: WidgetFixture["attachments"] = [];
  let sessionCounter = 0;
  /** What was said per socket session, sent back when a visitor reconnects with its id. */
  const histories = new Map<string, Record<string, unknown>[]>();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/widget") {
      response.writeHead(301, { location: "/widget/" }).end();
      return;
    }
    if (serveDist(url.pathname, response)) return;
    const rating = /^\/api\/widget\/[^/]+\/messages\/([^/]+)\/rating$/.exec(url.pathname);
    if (rating && request.method === "POST") {
      void readBody(request).then((body) => {
        ratings.push({ messageId: decodeURIComponent(rating[1]!), ...(body as { session_id: string; rating: number | null }) });
        sendJson(response, 200, { status: "success", rating: (body as { rating: number | null }).rating });
      });
      return;
    }
    const upload = /^\/api\/widget\/([^/]+)\/attachments$/.exec(url.pathname);
    if (upload && request.method === "POST") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        // Enough of the form for the test: the session id's value and the file part's name and bytes.
        const form = Buffer.concat(chunks).toString("latin1");
        const sessionId = /name="session_id"\r\n\r\n([^\r]*)/.exec(form)?.[1];
        const filePart = /name="file"; filename="([^"]*)"\r\nContent-Type: [^\r]*\r\n\r\n([\s\S]*?)\r\n--/.exec(form);
        attachments.push({ session_id: sessionId, filename: filePart?.[1], bytes: filePart?.[2]?.length ?? 0 });
        const id = `5d2a9c4e-1f3b-4e6a-8c7d-${String(attachments.length).padStart(12, "0")}`;
        sendJson(response, 200, {
          status: "success",
          attachment: { id, name: filePart?.[1] ?? "file", contentType: "application/pdf", size: filePart?.[2]?.length ?? 0, url: `/api/widget/${upload[1]}/attachments/${id}` },
        });
      });
      return;
    }
    const api = /^\/api\/widget\/([^/]+)\/(settings|history|messages)$/.exec(url.pathname);
    if (api?.[2] === "settings" && options.settingsStatus) {
      sendJson(response, options.settingsStatus, {
        status: "error",
        code: "not_found",
        message: "Configuration not found.",
      });
      return;
    }
    if (api?.[2] === "settings") {
      sendJson(response, 200, {
        status: "success",
        data: {
          chatbotSettings: { configuration_id: api[1], ...options.chatbotSettings },
          chatbotButtonSettings: { ...options.chatbotButtonSettings },
        },
        online: true,
      });
      return;
    }
    if (api?.[2] === "history") {
      sendJson(response, 200, {
        status: "success",
        data: [],
        session_id: url.searchParams.get("session_id"),
      });
      return;
    }
    if (api?.[2] === "messages" && request.method === "POST") {
      void readBody(request).then((body) => {
        const { session_id: sessionId, message, test_ticket: testTicket } = (body ?? {}) as {
          session_id?: string | null;
          message: string;
          test_ticket?: string;
        };
        posted.push({ message, session_id: sessionId, ...(testTicket === undefined ? {} : { test_ticket: testTicket }) });
        sendJson(response, 200, {
          status: "success",
          session_id: sessionId ?? `http-session-${++sessionCounter}`,
          handled_by: "assistant",
          reply: { role: "assistant", content: answerHtml, timestamp: new Date().toISOString(), sources, is_answer: true },
        });
      });
      return;
    }
    response.writeHead(404).end();
  });

  const sockets = options.withoutSocket
    ? null
    : new SocketServer(server, { path: "/socket.io", transports: ["websocket"], serveClient: false });
  // Without a socket server an upgrade request gets no answer; end it the way a refusing proxy would.
  if (!sockets) server.on("upgrade", (_request, socket) => socket.destroy());
  sockets?.of("/chat").on("connection", (socket) => {
    const query = socket.handshake.query;
    handshakes.push({ ...query });
    const sessionId = typeof query.session_id === "string" ? query.session_id : `session-${++sessionCounter}`;
    // A kept session comes back with what was said in it, as the server answers it.
    const history = histories.get(sessionId) ?? [];
    histories.set(sessionId, history);
    socket.emit("session", { session_id: sessionId, messages: history });
    socket.on("typing", (payload: { session_id: string; typing: boolean }) => typing.push({ ...payload, afterMessages: received.length }));
    socket.on(
      "visitor_message",
      async (payload: WidgetFixture["received"][number], ack: (answer: unknown) => void) => {
        received.push(payload);
        history.push({
          role: "user",
          content: payload.message,
          timestamp: new Date().toISOString(),
          client_message_id: payload.client_message_id,
        });
        ack({ status: "success", session_id: sessionId, handled_by: "assistant" });
        const messageId = `answer-${received.length}`;
        socket.emit("typing", { session_id: sessionId, who: "assistant", typing: true });
        for (const delta of deltas) {
          await new Promise((done) => setTimeout(done, options.deltaDelayMs ?? 250));
          socket.emit("assistant_message", {
            session_id: sessionId,
            message_id: messageId,
            delta,
            done: false,
          });
        }
        await new Promise((done) => setTimeout(done, options.deltaDelayMs ?? 250));
        const answer = { id: messageId, role: "assistant", content: answerHtml, timestamp: new Date().toISOString(), sources, is_answer: true };
        history.push(answer);
        socket.emit("assistant_message", { session_id: sessionId, message_id: messageId, done: true, message: answer });
      },
    );
  });

  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    typing,
    posted,
    handshakes,
    ratings,
    attachments,
    agentsOnline: (online) => {
      for (const socket of sockets?.of("/chat").sockets.values() ?? []) {
        socket.emit("agents_online", { configuration_id: socket.handshake.query.configuration_id, online });
      }
    },
    stop: () =>
      new Promise<void>((closed) => {
        void sockets?.close();
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/**
 * The customer's website: another loopback port (another origin) whose page pastes the snippet, or
 * leaves it out to measure the page without it. A button on the page proves it still works.
 */
export async function startHostSite(
  /** More of the page's head: the website's own stylesheet, say. */
  head = "",
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const widgetOrigin = url.searchParams.get("widget");
    const snippet = widgetOrigin
      ? `<script async src="${widgetOrigin}/widget/loader.js" data-configuration-id="config-1"></script>`
      : "";
    if (url.pathname === "/image.png") {
      // A slow image keeps the host page's load event a little later, like real pages.
      setTimeout(() => response.writeHead(204).end(), 100);
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${head}${snippet}</head>
<body><h1>Our shop</h1><img src="/image.png" alt="">
<button id="counter" onclick="this.textContent = String(Number(this.textContent) + 1)">0</button>
</body></html>`);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
