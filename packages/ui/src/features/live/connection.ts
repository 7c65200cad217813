/**
 * The agent's live connection (spec 02 §4, §7.1): one socket per signed-in agent, opened by the shell.
 * It feeds the live store (connection state, conversations) and the bell (notifications), plays the
 * notification sound on a new conversation, and offers the agent's actions, each reflected in the list
 * as soon as the server acknowledges it (a takeover even before). This module brings the socket client,
 * so the shell imports it lazily.
 */
import { createLiveSocket, LiveSocketError, type LiveNotification, type LiveSocket } from "@parley/sdk";
import { withManualTakeover } from "@parley/domain/live";
import type { NotificationStore } from "../../notifications/store";
import { toPortalNotification, type LiveActions, type LiveConversation, type LiveStore } from "./liveStore";

export interface LiveAgent {
  userId: string | null;
  customerId: string | null;
  firstname: string;
  lastname: string;
}

export interface LiveConnectionOptions {
  /** The live namespace: `/live` on the page's origin. */
  url: string;
  /** socket.io's HTTP path (`/socket.io` by default). */
  path?: string;
  token: string | null;
  agent: LiveAgent;
  /** Admins: the configurations watched (every configuration without). */
  configurationIds?: readonly string[];
  store: LiveStore;
  notifications: NotificationStore;
  /** Played when a conversation the agent did not know starts. */
  playSound(): void;
  /** The window whose unload tells the server the agent left (none in tests). */
  target?: Pick<Window, "addEventListener" | "removeEventListener">;
}

export interface LiveConnection {
  readonly socket: LiveSocket;
  disconnect(): void;
}

const messageIdAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789";

/** An id for an agent message, so that a resend after a reconnect is stored once. */
function clientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `agent-${Array.from(bytes, (byte) => messageIdAlphabet[byte % messageIdAlphabet.length]).join("")}`;
}

export function connectLive(options: LiveConnectionOptions): LiveConnection {
  const { store, notifications, agent } = options;
  const socket = createLiveSocket({
    url: options.url,
    ...(options.path ? { path: options.path } : {}),
    token: options.token,
    customerId: agent.customerId,
    firstname: agent.firstname,
    lastname: agent.lastname,
    userId: agent.userId,
    configurationIds: options.configurationIds ?? null,
  });
  // Until the first list arrives, every conversation is known: the sound is for conversations that start later.
  let listed = false;

  store.setConnection(socket.state, socket.state === "offline" ? "user_token_not_found" : null);
  socket.onStateChange((state) => store.setConnection(state, state === "offline" ? store.get().errorCode ?? "services_offline" : null));
  socket.ready.catch((error: unknown) => store.setConnection("offline", error instanceof LiveSocketError ? error.code : "services_offline"));

  socket.on("initial_conversations", (conversations) => {
    listed = true;
    store.replaceAll(conversations);
  });
  /**
   * The bell rings for a conversation the agent does not have open (spec 01 §4): one open in the dialog is being
   * read, so its notification is stored as read instead (it does not come back unread after a reload).
   */
  const ring = (notification: LiveNotification, sessionId: string | null | undefined) => {
    if (sessionId && sessionId === store.get().opened) notifications.setRead(notification.id, true);
    else notifications.add(toPortalNotification(notification));
  };
  socket.on("conversation_update", (update) => {
    // A chat notification rides on the update of the message that raised it (alerts come as `notification`).
    const { notification, ...conversation } = update;
    const started = store.upsert(conversation);
    if (started && listed && conversation.status === "Ongoing") options.playSound();
    if (notification) ring(notification, conversation.session_id);
  });
  socket.on("config_cleared", ({ configuration_id }) => store.clearConfiguration(configuration_id));
  socket.on("notification", (notification) => ring(notification, notification.session_id));
  socket.on("visitor_typing", ({ session_id, typing }) => store.setVisitorTyping(session_id, typing));

  /** The acknowledged conversation replaces the one in the list. */
  const apply = (conversation: LiveConversation | undefined) => {
    if (conversation) store.upsert(conversation);
  };

  const actions: LiveActions = {
    async takeover(conversation) {
      const before = store.get().conversations.find((item) => item.session_id === conversation.session_id);
      // Locked at once, before the server answers (spec 02 §4).
      store.patch(conversation.session_id, withManualTakeover);
      try {
        const ack = await socket.manualTakeover({
          configuration_id: conversation.configuration_id,
          session_id: conversation.session_id,
          first_name: agent.firstname,
          last_name: agent.lastname,
        });
        apply(ack.conversation);
      } catch (error) {
        if (before) store.patch(conversation.session_id, (current) => ({ ...current, is_locked: before.is_locked }));
        throw error;
      }
    },
    async reply(conversation, text) {
      const ack = await socket.sendHumanAgentMessage({
        configurationId: conversation.configuration_id,
        conversationId: conversation.session_id,
        messageContent: text,
        client_message_id: clientMessageId(),
      });
      apply(ack.conversation);
    },
    async release(conversation) {
      const ack = await socket.releaseConversation({ configuration_id: conversation.configuration_id, session_id: conversation.session_id });
      apply(ack.conversation);
    },
    async close(conversation) {
      const ack = await socket.closeConversation({ configuration_id: conversation.configuration_id, session_id: conversation.session_id });
      apply(ack.conversation);
    },
    async typing(conversation, typing) {
      await socket.agentTyping({ configuration_id: conversation.configuration_id, session_id: conversation.session_id, typing });
    },
    async setNote(conversation, note) {
      const ack = await socket.setAgentNote({ configuration_id: conversation.configuration_id, session_id: conversation.session_id, agent_note: note });
      apply(ack.conversation);
    },
    async markSeen(conversation) {
      const ack = await socket.markConversationSeen({ configuration_id: conversation.configuration_id, session_id: conversation.session_id });
      apply(ack.conversation);
    },
  };
  store.setActions(actions);

  // Closing the tab: the server hears that the agent left before the socket drops.
  const handleUnload = () => socket.disconnect();
  options.target?.addEventListener("pagehide", handleUnload);

  return {
    socket,
    disconnect() {
      options.target?.removeEventListener("pagehide", handleUnload);
      socket.disconnect();
      store.setActions(null);
      store.reset();
    },
  };
}
