/**
 * The live screen, the live connection and the bell against a real socket.io server on loopback that
 * answers like the contract's socket document (openapi/asyncapi.yaml), and the notifications calls on
 * the same HTTP server.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createParleyClient, type LiveAck, type LiveConversation, type LiveNotification } from "@parley/sdk";
import { MemoryRouter } from "react-router-dom";
import { Server, type Socket } from "socket.io";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiProvider } from "../../api/client";
import { selectConfiguration } from "../../configuration/selection";
import { NotificationBell } from "../../notifications/NotificationBell";
import { createNotificationStore, type NotificationStore } from "../../notifications/store";
import { setSession } from "../../session/session";
import { renderWithUi } from "../../test/render";
import { connectLive, type LiveConnection } from "./connection";
import { LiveConversationsPage } from "./LiveConversationsPage";
import { LiveStatus } from "./LiveStatus";
import { createLiveStore, liveCountOf, type LiveStore } from "./liveStore";
import { notificationBackend, useLiveConnection } from "./useLiveConnection";

const token = "agent-token";
const configurationId = "cfg-1";
const attachmentId = "5d2a9c4e-1f3b-4e6a-8c7d-9b0e1a2f3c4d";

function conversation(sessionId: string, change: Partial<LiveConversation> = {}): LiveConversation {
  return {
    session_id: sessionId,
    id: `conv-${sessionId}`,
    configuration_id: configurationId,
    status: "Ongoing",
    messages: [{ id: `m-${sessionId}-1`, role: "user", raw_input: `Hello from ${sessionId}`, content: `Hello from ${sessionId}`, timestamp: "2026-11-25T10:00:00.000Z" }],
    is_locked: false,
    is_manual: false,
    is_test: false,
    isNew: true,
    newUserMessages: 1,
    alert_triggered: false,
    client_ip: "203.0.113.7",
    time_started: "2026-11-25T10:00:00.000Z",
    user_message_count: 1,
    ...change,
  };
}

const answered = conversation("s-answered", {
  isNew: false,
  newUserMessages: 2,
  alert_triggered: true,
  alert_message: "I want to speak to a person…",
  client_ip: "198.51.100.4",
  workflow_triggered: "Order status",
  messages: [
    { id: "a1", role: "user", raw_input: "Where is my order?", content: "Where is my order?", timestamp: "2026-11-25T09:00:00.000Z" },
    {
      id: "a2",
      role: "assistant",
      content: "<p>Orders ship in <strong>2 days</strong>.</p>",
      timestamp: "2026-11-25T09:00:05.000Z",
      sources: [{ kind: "faq", title: "How fast do you ship?", url: "https://shop.example/shipping" }],
    },
    { id: "a3", role: "user", raw_input: "I want to speak to a person", content: "I want to speak to a person", timestamp: "2026-11-25T09:01:00.000Z" },
  ],
  user_message_count: 2,
});
const otherConfiguration = conversation("s-other", { configuration_id: "cfg-2" });

interface Received {
  event: string;
  payload: Record<string, unknown>;
}

let httpServer: HttpServer;
let io: Server;
let origin: string;
let received: Received[] = [];
let agents: Socket[] = [];
/** A takeover waits for this before it is acknowledged, so a test can look in between. */
let releaseTakeover: (() => void) | null = null;
let holdTakeover = false;
let refuseClose = false;
let notificationCalls: string[] = [];
let storedNotifications: LiveNotification[] = [];

const sessions = new Map<string, LiveConversation>();

function answer(event: string, payload: Record<string, unknown>, ack?: (reply: LiveAck) => void) {
  received.push({ event, payload });
  const sessionId = String(payload.session_id ?? payload.conversationId ?? "");
  const current = sessions.get(sessionId);
  const reply = (change: Partial<LiveConversation>) => {
    const next = { ...current!, ...change };
    sessions.set(sessionId, next);
    ack?.({ status: "success", conversation: next });
  };
  if (event === "manual_takeover" && sessionId === "s-race") {
    // A colleague took it over a moment before: the server answers with the conversation as it is, theirs.
    const joined = { id: "n-bram", role: "system" as const, content: "<p>Bram has joined the conversation.</p>", timestamp: "2026-11-25T10:01:00.000Z", agent_name: "Bram" };
    reply({ is_locked: true, is_manual: true, isNew: false, taken_over_by: "user-2", messages: [...current!.messages, joined] });
  } else if (event === "manual_takeover") {
    const done = () => reply({ is_locked: true, is_manual: true, isNew: false });
    if (holdTakeover) releaseTakeover = done;
    else done();
  } else if (event === "human_agent_message") {
    const message = {
      id: `m-${String(payload.client_message_id)}`,
      role: "human_agent" as const,
      content: `<p>${String(payload.messageContent)}</p>`,
      timestamp: "2026-11-25T10:05:00.000Z",
      agent_name: "Eva",
    };
    const next = { ...current!, messages: [...current!.messages, message], newUserMessages: 0 };
    sessions.set(sessionId, next);
    ack?.({ status: "success", conversation: next, message, duplicate: false });
  } else if (event === "release_conversation") {
    reply({ is_locked: false, is_manual: false });
  } else if (event === "set_agent_note") {
    if (payload.agent_note === "refuse") ack?.({ status: "error", code: "validation_failed", message: "agent_note must NOT have more than 2000 characters" });
    else reply({ agent_note: String(payload.agent_note).trim() || null });
  } else if (event === "mark_conversation_seen") {
    // The server stores it: the next list (after a reload) has the count at 0.
    reply({ newUserMessages: 0 });
  } else if (event === "close_conversation") {
    if (refuseClose) ack?.({ status: "error", code: "not_found", message: "Not found" });
    else reply({ status: "Closed", is_locked: false });
  } else if (ack) {
    ack({ status: "success" });
  }
}

beforeAll(async () => {
  httpServer = createServer((request, response) => {
    // The notifications calls of the contract, as the server answers them.
    const url = request.url ?? "";
    notificationCalls.push(`${request.method} ${url.split("?")[0]}`);
    response.setHeader("content-type", "application/json");
    if (request.method === "GET" && url.startsWith("/api/conversations/attachments/")) {
      // The agents' download of a visitor's file: this one exists in cfg-1 only.
      if (url === `/api/conversations/attachments/${attachmentId}?configuration_id=${configurationId}`) {
        response.setHeader("content-type", "application/pdf");
        response.setHeader("content-disposition", 'attachment; filename="attachment-5d2a9c4e.pdf"');
        response.end("%PDF-1.4 test");
      } else {
        response.statusCode = 404;
        response.setHeader("content-type", "application/problem+json");
        response.end(JSON.stringify({ status: 404, code: "not_found", title: "Not found", detail: "No such attachment in this conversation" }));
      }
    } else if (request.method === "GET" && url.startsWith("/api/conversations/live")) {
      const wanted = new URL(url, "http://localhost").searchParams.get("configuration_id");
      response.end(JSON.stringify({ status: "success", data: [...sessions.values()].filter((item) => !wanted || item.configuration_id === wanted) }));
    } else if (request.method === "GET" && url.startsWith("/api/notifications")) {
      response.end(JSON.stringify({ status: "success", data: storedNotifications, unread: storedNotifications.filter((item) => !item.isRead).length }));
    } else if (url === "/api/notifications/n-broken/hide") {
      response.statusCode = 404;
      response.setHeader("content-type", "application/problem+json");
      response.end(JSON.stringify({ status: 404, code: "not_found", title: "Not found", detail: "Not found" }));
    } else if (url.endsWith("/hide")) {
      response.end(JSON.stringify({ status: "success", message: "Notification hidden" }));
    } else if (url.endsWith("/read-all")) {
      response.end(JSON.stringify({ status: "success", updated: 1 }));
    } else {
      response.end(JSON.stringify({ status: "success", data: storedNotifications[0] }));
    }
  });
  io = new Server(httpServer);
  const live = io.of("/live");
  live.use((socket, next) => (socket.handshake.query.token === token ? next() : next(new Error("invalid_token"))));
  live.on("connection", (socket) => {
    agents.push(socket);
    socket.onAny((event: string, payload: Record<string, unknown>, ack?: (reply: LiveAck) => void) => answer(event, payload, ack));
    socket.emit("initial_conversations", [...sessions.values()]);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

const connections: LiveConnection[] = [];

beforeEach(() => {
  received = [];
  agents = [];
  holdTakeover = false;
  refuseClose = false;
  releaseTakeover = null;
  notificationCalls = [];
  storedNotifications = [];
  sessions.clear();
  for (const item of [answered, conversation("s-new"), otherConfiguration]) sessions.set(item.session_id, item);
  selectConfiguration({ _id: configurationId, name: "Shop" });
});

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.disconnect();
  await waitFor(() => expect(agents.every((agent) => agent.disconnected)).toBe(true));
});

function connect(options: { token?: string | null; sound?: () => void; store?: LiveStore; notifications?: NotificationStore } = {}) {
  const store = options.store ?? createLiveStore();
  const notifications = options.notifications ?? createNotificationStore(() => {});
  const connection = connectLive({
    url: `${origin}/live`,
    token: options.token === undefined ? token : options.token,
    agent: { userId: "user-1", customerId: "cust-1", firstname: "Eva", lastname: "de Vries" },
    store,
    notifications,
    playSound: options.sound ?? (() => {}),
  });
  connections.push(connection);
  return { store, notifications, connection };
}

const rowOf = (sessionId: string) => document.querySelector<HTMLElement>(`tr[data-session-id="${sessionId}"]`);

function testApi() {
  return createParleyClient({ baseUrls: { configurationServer: `${origin}/api`, chatServer: `${origin}/api`, chatbotBackend: `${origin}/api` }, getToken: () => token });
}

async function renderPage(store: LiveStore, openSession?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderWithUi(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={testApi()}>
        <MemoryRouter initialEntries={[openSession ? { pathname: "/", state: { openSession } } : "/"]}>
          <LiveStatus store={store} />
          <LiveConversationsPage store={store} />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe("the live connection", () => {
  it("goes from connecting to online and lists the selected configuration's conversations", async () => {
    const { store } = connect();
    expect(store.get().connection).toBe("connecting");
    await renderPage(store);
    await waitFor(() => expect(store.get().connection).toBe("online"));
    expect(screen.getByRole("status").textContent).toContain("Live: online");
    await waitFor(() => expect(rowOf("s-new")).not.toBeNull());
    // The other configuration's conversation is not on this screen.
    expect(rowOf("s-other")).toBeNull();
    const answeredRow = within(rowOf("s-answered")!);
    expect(answeredRow.getByText("Disconnected")).toBeTruthy();
    expect(answeredRow.getByRole("img", { name: "Alert: this visitor needs attention" })).toBeTruthy();
    expect(answeredRow.getByLabelText("New visitor messages: 2")).toBeTruthy();
    expect(answeredRow.getByText("198.51.100.4")).toBeTruthy();
    expect(answeredRow.getByText("3")).toBeTruthy();
    expect(within(rowOf("s-new")!).getByText("New")).toBeTruthy();
    // The table scrolls inside its own box on a phone: the absolutely placed screen-reader heading of the
    // actions column stays inside it instead of widening the page (390 px screen: 876 px page).
    expect(getComputedStyle(screen.getByRole("table").parentElement!).position).toBe("relative");
    expect(liveCountOf(store.get().conversations, configurationId)).toBe(2);
    expect(agents[0]!.handshake.query).toMatchObject({ token, customerId: "cust-1", firstname: "Eva", lastname: "de Vries" });
  });

  it("is offline without a token and says what to do", async () => {
    const { store } = connect({ token: null });
    await renderPage(store);
    expect(store.get()).toMatchObject({ connection: "offline", errorCode: "user_token_not_found" });
    const alert = screen.getByTestId("live-connection-alert");
    expect(alert.textContent).toContain("Sign in again to watch live conversations");
    expect(within(alert).getByRole("button", { name: "Reload the page" })).toBeTruthy();
  });

  it("is offline with the server's reason when the token is refused, and reads the list over HTTP meanwhile", async () => {
    const { store } = connect({ token: "expired" });
    await waitFor(() => expect(store.get()).toMatchObject({ connection: "offline", errorCode: "invalid_token" }));
    await renderPage(store);
    const alert = screen.getByTestId("live-connection-alert");
    expect(alert.textContent).toContain("Your session has expired");
    await waitFor(() => expect(rowOf("s-answered")).not.toBeNull());
    expect(rowOf("s-other")).toBeNull();
    expect(alert.textContent).toContain("the list is read from the server every 15 seconds");
    // Read only: the actions need the live connection.
    await userEvent.click(within(rowOf("s-new")!).getByRole("button", { name: "Open" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Conversation" }));
    expect((dialog.getByRole("button", { name: "Take over" }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getByText(/You are offline/)).toBeTruthy();
  });

  it("adds conversations as they start, with the sound, and updates them live", async () => {
    const sound = vi.fn();
    const { store } = connect({ sound });
    await renderPage(store);
    await waitFor(() => expect(rowOf("s-new")).not.toBeNull());
    // The list on connect plays nothing.
    expect(sound).not.toHaveBeenCalled();
    act(() => {
      agents[0]!.emit("conversation_update", conversation("s-started"));
    });
    await waitFor(() => expect(rowOf("s-started")).not.toBeNull());
    expect(sound).toHaveBeenCalledTimes(1);
    expect(liveCountOf(store.get().conversations, configurationId)).toBe(3);
    act(() => {
      agents[0]!.emit("conversation_update", { ...conversation("s-started"), isNew: false, is_locked: true, is_manual: true, newUserMessages: 3 });
    });
    await waitFor(() => expect(within(rowOf("s-started")!).getByText("Connected")).toBeTruthy());
    expect(within(rowOf("s-started")!).getByLabelText("New visitor messages: 3")).toBeTruthy();
    expect(sound).toHaveBeenCalledTimes(1);
    act(() => {
      agents[0]!.emit("config_cleared", { configuration_id: configurationId });
    });
    await waitFor(() => expect(liveCountOf(store.get().conversations, configurationId)).toBe(0));
    expect(within(rowOf("s-started")!).getByText("Closed")).toBeTruthy();
  });

  it("tells the server the agent left when the page goes away", async () => {
    const page = new EventTarget();
    const store = createLiveStore();
    connections.push(
      connectLive({
        url: `${origin}/live`,
        token,
        agent: { userId: "user-1", customerId: "cust-1", firstname: "Eva", lastname: "de Vries" },
        store,
        notifications: createNotificationStore(() => {}),
        playSound: () => {},
        target: page,
      }),
    );
    await waitFor(() => expect(store.get().connection).toBe("online"));
    page.dispatchEvent(new Event("pagehide"));
    await waitFor(() => expect(received).toContainEqual({ event: "agent_disconnected", payload: { user_id: "user-1" } }));
    expect(store.get().connection).toBe("offline");
  });

  it("tells the server the agent left when it disconnects", async () => {
    const { store, connection } = connect();
    await waitFor(() => expect(store.get().connection).toBe("online"));
    connection.disconnect();
    await waitFor(() => expect(received).toContainEqual({ event: "agent_disconnected", payload: { user_id: "user-1" } }));
    expect(store.get().connection).toBe("offline");
  });
});

/** Connects, shows the page and opens the conversation's dialog. */
async function open(sessionId: string) {
  return openWith(sessionId);
}

async function openWith(sessionId: string, notifications?: NotificationStore) {
  const context = connect(notifications ? { notifications } : {});
  await renderPage(context.store);
  await waitFor(() => expect(rowOf(sessionId)).not.toBeNull());
  await waitFor(() => expect(context.store.get().connection).toBe("online"));
  await userEvent.click(within(rowOf(sessionId)!).getByRole("button", { name: "Open" }));
  const dialog = await screen.findByRole("dialog", { name: "Conversation" });
  return { ...context, dialog: within(dialog) };
}

describe("the detail dialog", { timeout: 60_000 }, () => {

  it("shows the messages with the assistant's sources and the alert", async () => {
    const { dialog } = await open("s-answered");
    expect(dialog.getByText("Orders ship in 2 days.")).toBeTruthy();
    const source = dialog.getByRole("link", { name: "How fast do you ship?" });
    expect(source.getAttribute("href")).toBe("https://shop.example/shipping");
    expect(dialog.getByText("I want to speak to a person…")).toBeTruthy();
    expect(dialog.getByText("IP 198.51.100.4")).toBeTruthy();
    expect(dialog.getByText("Workflow run: Order status")).toBeTruthy();
  });

  it("marks a test conversation with a Test badge in the list and the dialog, and a visitor's with none", async () => {
    sessions.set("s-tested", conversation("s-tested", { is_test: true }));
    const { dialog } = await open("s-tested");
    expect(dialog.getByText("Test")).toBeTruthy();
    expect(within(rowOf("s-tested")!).getByLabelText("Test conversation: started in the portal's test environment, not by a visitor")).toBeTruthy();
    expect(within(rowOf("s-new")!).queryByTestId("test-conversation-badge")).toBeNull();
    expect(within(rowOf("s-answered")!).queryByTestId("test-conversation-badge")).toBeNull();
  });

  it("takes over (locked at once), replies, hands back and closes, each with its event", async () => {
    const { store, dialog } = await open("s-answered");
    holdTakeover = true;
    await userEvent.click(dialog.getByRole("button", { name: "Take over" }));
    await waitFor(() => expect(releaseTakeover).not.toBeNull());
    // Locked before the server answered.
    expect(store.get().conversations.find((item) => item.session_id === "s-answered")?.is_locked).toBe(true);
    expect(received.at(-1)).toEqual({
      event: "manual_takeover",
      payload: { configuration_id: configurationId, session_id: "s-answered", first_name: "Eva", last_name: "de Vries" },
    });
    act(() => releaseTakeover!());
    await waitFor(() => expect(dialog.getByTestId("dialog-status").textContent).toBe("Connected"));
    expect(within(rowOf("s-answered")!).getByText("Connected")).toBeTruthy();

    await userEvent.type(dialog.getByRole("textbox", { name: "Your reply" }), "Hi, I am Eva. How can I help?");
    await userEvent.click(dialog.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(dialog.getByText("Hi, I am Eva. How can I help?")).toBeTruthy());
    const reply = received.find((item) => item.event === "human_agent_message")!;
    expect(reply.payload).toMatchObject({ configurationId, conversationId: "s-answered", messageContent: "Hi, I am Eva. How can I help?" });
    expect(String(reply.payload.client_message_id)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    // The box empties once the server acknowledged the reply, which may come a moment after the message shows.
    await waitFor(() => expect((dialog.getByRole("textbox", { name: "Your reply" }) as HTMLTextAreaElement).value).toBe(""));
    expect(within(rowOf("s-answered")!).getByText("4")).toBeTruthy();

    await userEvent.click(dialog.getByRole("button", { name: "Hand back to the assistant" }));
    await waitFor(() => expect(dialog.getByRole("button", { name: "Take over" })).toBeTruthy());
    expect(received.at(-1)).toEqual({ event: "release_conversation", payload: { configuration_id: configurationId, session_id: "s-answered" } });
    expect(within(rowOf("s-answered")!).getByText("Disconnected")).toBeTruthy();

    await userEvent.click(dialog.getByRole("button", { name: "Close conversation" }));
    await waitFor(() => expect(dialog.getByText(/This conversation is closed/)).toBeTruthy());
    expect(received.at(-1)).toEqual({ event: "close_conversation", payload: { configuration_id: configurationId, session_id: "s-answered" } });
    expect(within(rowOf("s-answered")!).getByText("Closed")).toBeTruthy();
    expect(liveCountOf(store.get().conversations, configurationId)).toBe(1);
  });

  it("says who has the conversation when a colleague took it over at the same moment", async () => {
    sessions.set("s-race", conversation("s-race"));
    const { dialog } = await open("s-race");
    expect(dialog.queryByText(/Taken over by/)).toBeNull();
    await userEvent.click(dialog.getByRole("button", { name: "Take over" }));
    await waitFor(() => expect(dialog.getByText("Taken over by Bram")).toBeTruthy());
    expect(dialog.getByTestId("dialog-status").textContent).toBe("Connected");
  });

  it("sends the reply with Enter, and starts a new line with Shift+Enter", async () => {
    const { dialog } = await open("s-new");
    await userEvent.click(dialog.getByRole("button", { name: "Take over" }));
    const box = (await dialog.findByRole("textbox", { name: "Your reply" })) as HTMLTextAreaElement;
    await userEvent.type(box, "Hello!{Shift>}{Enter}{/Shift}Second line");
    expect(box.value).toBe("Hello!\nSecond line");
    expect(received.some((item) => item.event === "human_agent_message")).toBe(false);
    await userEvent.type(box, "{Enter}");
    await waitFor(() => expect(received.find((item) => item.event === "human_agent_message")?.payload.messageContent).toBe("Hello!\nSecond line"));
  });

  it("opens the conversation a notification led to, once the list has it", async () => {
    const { store } = connect();
    await renderPage(store, "s-answered");
    const dialog = within(await screen.findByRole("dialog", { name: "Conversation" }));
    expect(dialog.getByText(sessions.get("s-answered")!.messages[0]!.content)).toBeTruthy();
  });

  it("says so when the conversation a notification led to has ended, and leads to the history", async () => {
    const { store } = connect();
    await renderPage(store, "s-closed-meanwhile");
    const notice = await screen.findByTestId("live-conversation-ended");
    expect(notice.textContent).toContain("This conversation has ended");
    expect(within(notice).getByRole("link", { name: "Open the history" }).getAttribute("href")).toBe("/conversations/history");
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(within(notice).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("live-conversation-ended")).toBeNull();
  });

  it("waits for the list before deciding the notification's conversation has ended", async () => {
    const store = createLiveStore();
    store.setConnection("connecting");
    await renderPage(store, "s-answered");
    expect(screen.queryByTestId("live-conversation-ended")).toBeNull();
    act(() => {
      store.setConnection("online");
      store.replaceAll([answered]);
    });
    expect(await screen.findByRole("dialog", { name: "Conversation" })).toBeTruthy();
    expect(screen.queryByTestId("live-conversation-ended")).toBeNull();
  });

  it("blinks a conversation's alert mark while it is ongoing, and holds it still once it is closed", async () => {
    const { dialog } = await open("s-answered");
    const mark = () => within(rowOf("s-answered")!).getByRole("img", { name: "Alert: this visitor needs attention", hidden: true });
    expect(getComputedStyle(mark()).animation).toContain("pulse");
    await userEvent.click(dialog.getByRole("button", { name: "Close conversation" }));
    await waitFor(() => expect(rowOf("s-answered")!.dataset.status).toBe("closed"));
    expect(getComputedStyle(mark()).animation).not.toContain("pulse");
  });

  it("opens at the newest message, and follows the new ones", async () => {
    // jsdom lays nothing out and has no scrollIntoView: what asked to be scrolled into view is recorded.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { dialog } = await open("s-answered");
      const end = dialog.getByTestId("dialog-end");
      await waitFor(() => expect(scrolled).toContain(end));
      scrolled.length = 0;
      const message = { id: "a9", role: "user" as const, raw_input: "Hello again", content: "Hello again", timestamp: "2026-11-25T10:09:00.000Z" };
      agents[0]!.emit("conversation_update", { ...answered, messages: [...answered.messages, message] });
      await dialog.findByText("Hello again");
      await waitFor(() => expect(scrolled).toContain(end));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it("says what to do when the server refuses an action, and keeps the conversation", async () => {
    refuseClose = true;
    const { dialog } = await open("s-new");
    await userEvent.click(dialog.getByRole("button", { name: "Close conversation" }));
    const alert = await dialog.findByRole("alert");
    expect(alert.textContent).toContain("The conversation could not be closed");
    expect(alert.textContent).toContain("Close the dialog; the list shows the current conversations.");
    expect(within(rowOf("s-new")!).getByText("New")).toBeTruthy();
  });

  it("resets the new-message count when the dialog closes, and clears a conversation that is gone", async () => {
    const { store, dialog } = await open("s-answered");
    await userEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(store.get().conversations.find((item) => item.session_id === "s-answered")?.newUserMessages).toBe(0);
    expect(within(rowOf("s-answered")!).queryByLabelText(/New visitor messages/)).toBeNull();

    await userEvent.click(within(rowOf("s-new")!).getByRole("button", { name: "Open" }));
    await screen.findByRole("dialog", { name: "Conversation" });
    act(() => store.replaceAll([]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("tells the server the conversation was read, so its new-message count stays 0 after a reload, and keeps its place in the list", async () => {
    const { store, dialog, connection } = await open("s-new");
    await waitFor(() => expect(received.find((item) => item.event === "mark_conversation_seen")?.payload).toEqual({ configuration_id: configurationId, session_id: "s-new" }));
    await userEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(rowOf("s-new")!).queryByLabelText(/New visitor messages/)).toBeNull();
    expect(store.get().conversations.map((item) => item.session_id)).toEqual(["s-answered", "s-new", "s-other"]);
    // Nothing new came while it was open: said once only, and opening it again says nothing.
    await userEvent.click(within(rowOf("s-new")!).getByRole("button", { name: "Open" }));
    await screen.findByRole("dialog", { name: "Conversation" });
    expect(received.filter((item) => item.event === "mark_conversation_seen")).toHaveLength(1);

    // A reload: a new connection, whose list is the server's.
    connection.disconnect();
    const reloaded = connect();
    await waitFor(() => expect(reloaded.store.get().conversations.find((item) => item.session_id === "s-new")?.newUserMessages).toBe(0));
    expect(reloaded.store.get().conversations.find((item) => item.session_id === "s-answered")?.newUserMessages).toBe(2);
  });

  it("is usable by keyboard: open, take over (the reply box takes the focus), hand back (Take over takes it), close the conversation (Close takes it), and Escape closes", async () => {
    const { store } = connect();
    await renderPage(store);
    await waitFor(() => expect(rowOf("s-new")).not.toBeNull());
    await waitFor(() => expect(store.get().connection).toBe("online"));
    within(rowOf("s-new")!).getByRole("button", { name: "Open" }).focus();
    await userEvent.keyboard("{Enter}");
    const dialog = within(await screen.findByRole("dialog", { name: "Conversation" }));
    dialog.getByRole("button", { name: "Take over" }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(received.some((item) => item.event === "manual_takeover")).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole("textbox", { name: "Your reply" })));
    dialog.getByRole("button", { name: "Hand back to the assistant" }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole("button", { name: "Take over" })));
    // Closing removes the buttons: the focus goes to the dialog's Close button, not lost to the page.
    dialog.getByRole("button", { name: "Close conversation" }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(dialog.getByText(/This conversation is closed/)).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole("button", { name: "Close" })));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("notifications", () => {
  it("rings the bell with the server's notification events and plays the sound", async () => {
    const sound = vi.fn();
    const notifications = createNotificationStore(sound);
    const { store } = connect({ notifications });
    await waitFor(() => expect(store.get().connection).toBe("online"));
    const alert: LiveNotification = {
      id: "n-alert",
      type: "alert",
      message: "I want to speak to…",
      sender: "Shop",
      timestamp: "2026-11-25T10:06:00.000Z",
      isRead: false,
      icon: "LuBellRing",
      color: "error",
      configurationId,
      session_id: "s-answered",
    };
    agents[0]!.emit("notification", alert);
    agents[0]!.emit("notification", { ...alert, id: "n-chat", type: "chat", message: "New message", sender: null, session_id: null, color: "purple" });
    await waitFor(() => expect(notifications.list()).toHaveLength(2));
    expect(sound).toHaveBeenCalledTimes(2);
    expect(notifications.list()[1]).toEqual({
      id: "n-alert",
      type: "alert",
      message: "I want to speak to…",
      sender: "Shop",
      timestamp: "2026-11-25T10:06:00.000Z",
      isRead: false,
      configurationId,
      session_id: "s-answered",
    });
    expect(notifications.list()[0]).not.toHaveProperty("sender");
  });

  it("takes a chat notification from the conversation_update that carries it, and keeps it out of the conversation", async () => {
    const sound = vi.fn();
    const notifications = createNotificationStore(sound);
    const { store } = connect({ notifications });
    await waitFor(() => expect(store.get().conversations.length).toBeGreaterThan(0));
    const chat: LiveNotification = {
      id: "n-chat-update",
      type: "chat",
      message: "Is anyone there?",
      sender: null,
      timestamp: "2026-11-25T10:07:00.000Z",
      isRead: false,
      icon: "LuMessageCircle",
      color: "purple",
      configurationId,
      session_id: null,
    };
    agents[0]!.emit("conversation_update", { ...answered, emitted_by: "user", notification_type: "chat", notification: chat });
    await waitFor(() => expect(notifications.list()).toHaveLength(1));
    expect(notifications.list()[0]).toEqual({ id: "n-chat-update", type: "chat", message: "Is anyone there?", timestamp: "2026-11-25T10:07:00.000Z", isRead: false, configurationId });
    expect(sound).toHaveBeenCalledTimes(1);
    const shown = store.get().conversations.find((item) => item.session_id === "s-answered")!;
    expect(shown.notification_type).toBe("chat");
    expect(shown).not.toHaveProperty("notification");
    // An update without one rings nothing.
    agents[0]!.emit("conversation_update", { ...answered, agent_note: "Later" });
    await waitFor(() => expect(store.get().conversations.find((item) => item.session_id === "s-answered")!.agent_note).toBe("Later"));
    expect(notifications.list()).toHaveLength(1);
  });
});

describe("the conversation open in the dialog", { timeout: 60_000 }, () => {
  it("rings no bell for its messages and alerts, stores them as read, and rings again once it is closed", async () => {
    const sound = vi.fn();
    const notifications = createNotificationStore(sound);
    notifications.setBackend(notificationBackend(testApi()));
    const { store, dialog } = await openWith("s-answered", notifications);
    const chat: LiveNotification = {
      id: "n-while-open",
      type: "chat",
      message: "Still there?",
      sender: null,
      timestamp: "2026-11-25T10:07:00.000Z",
      isRead: false,
      icon: "LuMessageCircle",
      color: "purple",
      configurationId,
      session_id: "s-answered",
    };
    const message = { id: "a4", role: "user" as const, raw_input: "Still there?", content: "Still there?", timestamp: "2026-11-25T10:07:00.000Z" };
    const updated = { ...answered, messages: [...answered.messages, message], emitted_by: "user" as const };
    agents[0]!.emit("conversation_update", { ...updated, notification_type: "chat", notification: chat });
    agents[0]!.emit("notification", { ...chat, id: "n-alert-while-open", type: "alert", sender: "Shop", color: "error" });
    expect(await dialog.findByText("Still there?")).toBeTruthy();
    await waitFor(() => expect(notificationCalls).toContain("POST /api/notifications/n-while-open/read"));
    await waitFor(() => expect(notificationCalls).toContain("POST /api/notifications/n-alert-while-open/read"));
    expect(notifications.list()).toEqual([]);
    expect(sound).not.toHaveBeenCalled();

    await userEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(store.get().opened).toBeNull());
    agents[0]!.emit("notification", { ...chat, id: "n-after-close" });
    await waitFor(() => expect(notifications.list().map((item) => item.id)).toEqual(["n-after-close"]));
    expect(sound).toHaveBeenCalledTimes(1);
  });

  it("still rings for the other conversations while one is open", async () => {
    const notifications = createNotificationStore(() => {});
    await openWith("s-answered", notifications);
    agents[0]!.emit("notification", {
      id: "n-other",
      type: "alert",
      message: "Help…",
      sender: "Shop",
      timestamp: "2026-11-25T10:08:00.000Z",
      isRead: false,
      icon: "LuTriangleAlert",
      color: "error",
      configurationId,
      session_id: "s-new",
    } satisfies LiveNotification);
    await waitFor(() => expect(notifications.list().map((item) => item.id)).toEqual(["n-other"]));
  });
});

describe("the shell's live connection", () => {
  function Harness({ store, notifications }: { store: LiveStore; notifications: NotificationStore }) {
    useLiveConnection({ url: `${origin}/live`, store, notifications });
    return (
      <>
        <LiveStatus store={store} />
        <NotificationBell store={notifications} />
      </>
    );
  }

  function renderHarness(store: LiveStore, notifications: NotificationStore) {
    return renderWithUi(
      <ApiProvider api={testApi()}>
        <MemoryRouter>
          <Harness store={store} notifications={notifications} />
        </MemoryRouter>
      </ApiProvider>,
    );
  }

  it("says that no configuration is selected instead of offline when there is none to watch", async () => {
    const store = createLiveStore();
    store.setConnection("offline", "no_configuration");
    await renderWithUi(<LiveStatus store={store} />);
    expect(screen.getByRole("status").textContent).toContain("Live: no configuration selected");
    expect(screen.getByRole("status").textContent).not.toContain("Live: offline");
    store.setConnection("offline", "services_offline");
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Live: offline"));
  });

  it("connects the signed-in agent, lists the stored notifications and stores the bell's changes", async () => {
    storedNotifications = [
      { id: "n-1", type: "chat", message: "Visitor wrote again", sender: null, timestamp: "2026-11-25T10:00:00.000Z", isRead: false, icon: "LuMessageCircle", color: "purple", configurationId, session_id: null },
      { id: "n-broken", type: "alert", message: "Help…", sender: "Shop", timestamp: "2026-11-25T09:00:00.000Z", isRead: false, icon: "LuBellRing", color: "error", configurationId, session_id: "s-1" },
    ];
    setSession(token, { id: "user-1", customerId: "cust-1", firstname: "Eva", lastname: "de Vries", role: "customer" });
    const store = createLiveStore();
    const notifications = createNotificationStore(() => {});
    const view = await renderHarness(store, notifications);
    await waitFor(() => expect(store.get().connection).toBe("online"));
    expect(screen.getByRole("status").textContent).toContain("Live: online");
    await waitFor(() => expect(notifications.list().map((item) => item.id)).toEqual(["n-1", "n-broken"]));

    await userEvent.click(screen.getByRole("button", { name: "Notifications, 2 unread" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Notifications" }));
    await userEvent.click(dialog.getAllByRole("button", { name: "Mark as read" })[0]!);
    await waitFor(() => expect(notificationCalls).toContain("POST /api/notifications/n-1/read"));
    await userEvent.click(dialog.getAllByRole("button", { name: "Mark as unread" })[0]!);
    await waitFor(() => expect(notificationCalls).toContain("POST /api/notifications/n-1/unread"));
    await userEvent.click(dialog.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(notificationCalls).toContain("POST /api/notifications/read-all"));
    // A hide the server refuses is undone.
    await userEvent.click(dialog.getAllByRole("button", { name: "Hide notification" })[1]!);
    await waitFor(() => expect(notificationCalls).toContain("POST /api/notifications/n-broken/hide"));
    await waitFor(() => expect(notifications.list().map((item) => item.id)).toEqual(["n-1", "n-broken"]));
    await userEvent.click(dialog.getAllByRole("button", { name: "Hide notification" })[0]!);
    await waitFor(() => expect(notificationCalls).toContain("POST /api/notifications/n-1/hide"));
    expect(notifications.list().map((item) => item.id)).toEqual(["n-broken"]);

    // Signing out (the shell unmounts) closes the connection, tells the server and forgets the notifications.
    view.unmount();
    await waitFor(() => expect(received).toContainEqual({ event: "agent_disconnected", payload: { user_id: "user-1" } }));
    expect(store.get().connection).toBe("offline");
    expect(notifications.list()).toEqual([]);
  });

  it("connects an admin only to the selected configuration", async () => {
    selectConfiguration(null);
    setSession(token, { id: "admin-1", firstname: "Ada", lastname: "Admin", role: "admin" });
    const store = createLiveStore();
    const notifications = createNotificationStore(() => {});
    const view = await renderHarness(store, notifications);
    expect(store.get()).toMatchObject({ connection: "offline", errorCode: "no_configuration" });
    expect(screen.getByRole("status").getAttribute("title")).toBe("Select a configuration to watch its live conversations.");
    expect(agents).toHaveLength(0);
    act(() => selectConfiguration({ _id: configurationId, name: "Shop" }));
    await waitFor(() => expect(store.get().connection).toBe("online"));
    expect(agents[0]!.handshake.query.configuration_ids).toBe(configurationId);
    view.unmount();
  });
});

describe("typing marks, the agents' note and the visitor's files", () => {
  const visitorTyping = (sessionId: string, typing: boolean) =>
    act(() => {
      agents[0]!.emit("visitor_typing", { session_id: sessionId, conversation_id: `conv-${sessionId}`, configuration_id: configurationId, typing });
    });

  it("shows the visitor typing in the list and the dialog, until they stop or their message comes", async () => {
    const { dialog } = await open("s-answered");
    visitorTyping("s-answered", true);
    await waitFor(() => expect(within(rowOf("s-answered")!).getByText("The visitor is typing…")).toBeTruthy());
    expect(dialog.getByText("The visitor is typing…")).toBeTruthy();
    expect(within(rowOf("s-new")!).queryByText("The visitor is typing…")).toBeNull();
    visitorTyping("s-answered", false);
    await waitFor(() => expect(dialog.queryByText("The visitor is typing…")).toBeNull());
    expect(within(rowOf("s-answered")!).queryByText("The visitor is typing…")).toBeNull();

    visitorTyping("s-answered", true);
    await waitFor(() => expect(dialog.getByText("The visitor is typing…")).toBeTruthy());
    act(() => {
      const message = { id: "a4", role: "user" as const, raw_input: "Hello?", content: "Hello?", timestamp: "2026-11-25T09:02:00.000Z" };
      agents[0]!.emit("conversation_update", { ...answered, emitted_by: "user", messages: [...answered.messages, message] });
    });
    await waitFor(() => expect(dialog.getByText("Hello?")).toBeTruthy());
    expect(dialog.queryByText("The visitor is typing…")).toBeNull();
  });

  it("tells the visitor the agent types once while typing, and that they stopped on leaving the box", async () => {
    const { dialog } = await open("s-new");
    await userEvent.click(dialog.getByRole("button", { name: "Take over" }));
    const box = await dialog.findByRole("textbox", { name: "Your reply" });
    // Two changes of the box within the interval: one event.
    await userEvent.type(box, "Hi");
    await waitFor(() => expect(received.filter((item) => item.event === "agent_typing")).toHaveLength(1));
    expect(received.find((item) => item.event === "agent_typing")!.payload).toEqual({ configuration_id: configurationId, session_id: "s-new", typing: true });
    await userEvent.tab();
    await waitFor(() => expect(received.filter((item) => item.event === "agent_typing").map((item) => item.payload.typing)).toEqual([true, false]));

    // Typing again and sending: the stop goes before the reply.
    await userEvent.type(box, "Ok{Enter}");
    await waitFor(() => expect(received.some((item) => item.event === "human_agent_message")).toBe(true));
    const events = received.filter((item) => item.event === "agent_typing" || item.event === "human_agent_message").map((item) => `${item.event}:${String(item.payload.typing ?? "")}`);
    expect(events).toEqual(["agent_typing:true", "agent_typing:false", "agent_typing:true", "agent_typing:false", "human_agent_message:"]);
  });

  it("saves the agents' note by button or Ctrl+Enter, says so, follows a colleague's note and explains a refusal", async () => {
    const { dialog } = await open("s-answered");
    // Folded until opened, so that the messages keep the room.
    expect(dialog.queryByRole("textbox", { name: "Agent note" })).toBeNull();
    const toggle = dialog.getByRole("button", { name: "Agent note" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const note = dialog.getByRole("textbox", { name: "Agent note" }) as HTMLTextAreaElement;
    expect(note.maxLength).toBe(2000);
    const save = dialog.getByRole("button", { name: "Save note" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.type(note, "Wants a refund");
    await userEvent.click(save);
    await waitFor(() => expect(dialog.getByText("Note saved")).toBeTruthy());
    expect(received.find((item) => item.event === "set_agent_note")!.payload).toEqual({ configuration_id: configurationId, session_id: "s-answered", agent_note: "Wants a refund" });
    expect(save.disabled).toBe(true);

    // A colleague's note replaces the one shown while this agent has not changed it.
    act(() => {
      agents[0]!.emit("conversation_update", { ...sessions.get("s-answered")!, agent_note: "Refund sent" });
    });
    await waitFor(() => expect(note.value).toBe("Refund sent"));

    await userEvent.clear(note);
    await userEvent.type(note, "refuse{Control>}{Enter}{/Control}");
    const alert = await dialog.findByRole("alert");
    expect(alert.textContent).toContain("The note was not saved");
    expect(alert.textContent).toContain("The conversation has changed");
    expect(note.value).toBe("refuse");

    // Folded again: one line says the note, or that the draft is not saved yet.
    await userEvent.click(toggle);
    expect(dialog.queryByRole("textbox", { name: "Agent note" })).toBeNull();
    expect(dialog.getByTestId("agent-note-preview").textContent).toBe("Unsaved changes");
    await userEvent.click(toggle);
    const reopened = dialog.getByRole("textbox", { name: "Agent note" }) as HTMLTextAreaElement;
    expect(reopened.value).toBe("refuse");
    await userEvent.clear(reopened);
    await userEvent.type(reopened, "Refund sent");
    await userEvent.click(toggle);
    expect(dialog.getByTestId("agent-note-preview").textContent).toBe("Refund sent");
  });

  it("offers the visitor's file as a download within the configuration, and says when it failed", async () => {
    const createObjectURL = vi.fn((_file: Blob) => "blob:file");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const url = (id: string) => `/api/widget/${configurationId}/attachments/${id}`;
    const files = conversation("s-files", {
      messages: [
        { id: "f1", role: "user", raw_input: `📎 invoice.pdf\n${url(attachmentId)}`, content: `📎 invoice.pdf\n${url(attachmentId)}`, timestamp: "2026-11-25T10:00:00.000Z" },
        { id: "f2", role: "user", raw_input: `📎 gone.pdf\n${url("00000000-0000-4000-8000-000000000000")}`, content: "x", timestamp: "2026-11-25T10:00:01.000Z" },
      ],
    });
    sessions.set(files.session_id, files);
    const { dialog } = await open("s-files");
    expect(dialog.getByText("📎 invoice.pdf")).toBeTruthy();
    const [download, missing] = dialog.getAllByRole("button", { name: "Download the file" });
    await userEvent.click(download!);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const file = createObjectURL.mock.calls[0]![0];
    expect(file.type).toBe("application/pdf");
    expect(await file.text()).toBe("%PDF-1.4 test");
    expect(saved).toEqual(["invoice.pdf"]);
    expect(dialog.queryByRole("alert")).toBeNull();

    await userEvent.click(missing!);
    expect((await dialog.findByRole("alert")).textContent).toContain("The file could not be downloaded");
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
