/**
 * The agents' live conversations (issue 16): who may watch which configurations, the conversations as the
 * live screens show them, the agents' actions (take over, reply, hand back, close, clear) and what the
 * assistant's pipeline reports (a message stored, an alert). Every action names a configuration and a
 * conversation; both must be the agent's, or the answer is `not_found` and nothing changes.
 *
 * The service emits through a `LiveEmitter` (the socket namespaces, across instances with the Redis
 * adapter); without one (no listening server) it only stores.
 */
import { decodeJwt } from "jose";
import { DomainError, agentJoinedText, agentLeftText, assistantTexts, errorMessages } from "@parley/domain";
import { visitorTypingForwardMs } from "@parley/domain/live";
import type { Db } from "../../platform/db/db";
import { keyedQueue } from "../../platform/keyed-queue";
import type { Schemas } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { isId } from "../../platform/ids";
import type { AlertRaised, ConversationChange, VisitorMessageToStore } from "../assistant/pipeline";
import { answerTextToHtml, sanitiseAnswerHtml } from "../assistant/text/sanitise-answer";
import type { Configuration } from "../configurations/repository";
import {
  closeOngoingConversations,
  findConversationBySession,
  insertAgentMessage,
  insertVisitorMessageAndRead,
  notifiableConversation,
  insertReply,
  listMessagesOf,
  listOngoingConversations,
  markConversationSeen,
  messageOfClient,
  publicMessage,
  readConversationSince,
  setAgentNote,
  updateConversationState,
  type AlsoInRead,
  type ConversationRecord,
  type StoredMessage,
} from "../conversations/repository";
import { addAlertNotifications, chatNotificationOf, type AddedNotification, type Notification } from "./notifications";
import { createTypingThrottle } from "./typing-throttle";
import type { Presence } from "./presence";
import { escapeHtml } from "../../platform/html";

export type LiveConversation = Schemas["LiveConversation"];

/** The live list holds at most this many conversations (the most recently active). */
const liveListLimit = 200;
/** Conversations whose messages an instance keeps between updates (the most recently updated). */
const cachedConversations = 500;
/** The longest conversation whose messages are kept between updates. */
const maxCachedMessages = 400;

export const liveRooms = {
  admins: "admins",
  customer: (id: string) => `customer:${id}`,
  configuration: (id: string) => `configuration:${id}`,
  /** Every admin, whatever they watch: admins receive every configuration's notifications. */
  adminUsers: "admin_users",
};

/** Which conversations an agent watches. */
export interface Watch {
  all: boolean;
  configurationIds: string[];
  customerIds: string[];
}

export interface LiveAgent {
  caller: Caller;
  firstName: string;
  lastName: string;
  watch: Watch;
  /** The rooms of the `/live` namespace the agent's sockets join. */
  rooms: string[];
  /** When the connection's token expires (epoch milliseconds; null: it says nothing, as no token we sign does). */
  expiresAt: number | null;
}

export interface LiveEmitter {
  /** To every agent watching the configuration. */
  toAgents(configuration: { id: string; customerId: string | null }, event: string, payload: unknown): void;
  /**
   * A notification's recipients (the customer's users and every admin): `notification` to all of them, or, with
   * `watching` false, only to the admins that do not watch the configuration (the others had it in the
   * configuration's `conversation_update`).
   */
  toRecipients(configuration: { id: string; customerId: string | null }, notification: Notification, watching: boolean): void;
  /** To every `/chat` socket of the visitor's session. */
  toVisitor(sessionId: string, event: string, payload: unknown): void;
}

export interface LiveDependencies {
  db: Db;
  authenticate(token: string): Promise<Caller | null>;
  setAvailability(caller: Caller, isAvailable: boolean): Promise<unknown>;
  /** The configuration as the caller may see it (undefined: not theirs). */
  configurationVisible(caller: Caller, id: string): Promise<Configuration | undefined>;
  configurationById(id: string): Promise<Configuration | undefined>;
  presence: Presence;
  /** An agent handed the conversation back to the assistant (which answers a visitor message left waiting). */
  handedBack?(configuration: Configuration, conversation: ConversationRecord): void;
  logError(message: string, error: unknown): void;
}

const notFound = () => new DomainError("not_found", errorMessages.not_found, 404);
const refused = (message: string) => new DomainError("validation_failed", message, 400);
const firstString = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;

/** The longest name an agent's messages carry (`agent_name`), as a user's first name. */
const maxNameLength = 100;
// eslint-disable-next-line no-control-regex -- NUL is one of the characters this pattern exists to find.
const unstorableCharacters = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A name as the agents' messages carry it: without what no text column stores (a NUL, an unpaired surrogate),
 * trimmed, at most `maxNameLength` characters (never half of one).
 */
function displayName(value: unknown): string {
  const text = (firstString(value) ?? "").replace(unstorableCharacters, "").trim();
  return Array.from(text).slice(0, maxNameLength).join("").trim();
}

/** The same key for every watch of the same conversations. */
const watchKey = (watch: Watch) => JSON.stringify([watch.all, [...watch.configurationIds].sort(), [...watch.customerIds].sort()]);

/** Whether the watch covers the configuration. */
function watches(watch: Watch, configuration: Pick<Configuration, "_id" | "customerId">): boolean {
  if (watch.all || watch.configurationIds.includes(configuration._id)) return true;
  return configuration.customerId != null && watch.customerIds.includes(configuration.customerId);
}

/**
 * The visitor's messages no agent has read: those after the ones the agents had when one last read the
 * conversation (`agents_seen_messages`) and after the last agent reply. Stored, so a reload shows them too.
 */
export function newUserMessages(messages: readonly Pick<StoredMessage, "role">[], seenMessages: number): number {
  let count = 0;
  for (let index = messages.length - 1; index >= Math.max(seenMessages, 0) && messages[index]!.role !== "human_agent"; index -= 1) {
    if (messages[index]!.role === "user") count += 1;
  }
  return count;
}

export function toLiveConversation(
  conversation: ConversationRecord,
  messages: readonly StoredMessage[],
  emitted: { by?: string | null; notificationType?: "chat" | "alert" | null; notification?: Notification } = {},
): LiveConversation {
  return {
    ...(emitted.notification ? { notification: emitted.notification } : {}),
    session_id: conversation.session_id,
    id: conversation.id,
    configuration_id: conversation.configuration_id,
    status: conversation.status,
    messages: messages.map(publicMessage),
    is_locked: conversation.is_locked,
    is_manual: conversation.is_manual,
    is_test: conversation.is_test,
    isNew: conversation.user_message_count <= 1 && !conversation.is_manual,
    newUserMessages: newUserMessages(messages, conversation.agents_seen_messages),
    alert_triggered: conversation.alert_triggered,
    alert_message: conversation.alert_message,
    emitted_by: emitted.by ?? null,
    notification_type: emitted.notificationType ?? null,
    client_ip: conversation.client_ip,
    time_started: conversation.time_started,
    user_message_count: conversation.user_message_count,
    agent_note: conversation.agent_note,
    workflow_triggered: conversation.workflow_triggered ?? null,
    queried_products: [],
    generated_leads: [],
    taken_over_by: conversation.taken_over_by,
  };
}


export function createLiveService(deps: LiveDependencies) {
  const { db } = deps;
  let emitter: LiveEmitter | undefined;
  // An agent's typing marks reach the visitor at the visitors' pace, and a repeat costs no database read.
  const agentTypingThrottle = createTypingThrottle(visitorTypingForwardMs);

  // One conversation's updates leave this instance in the order they happened: its work runs after its earlier
  // work (keyed by its session id, which names it for good).
  const queued = keyedQueue();

  function serial(sessionId: string, work: () => Promise<void>): Promise<void> {
    return queued(sessionId, work).catch((error: unknown) => deps.logError("a live conversation update failed", error));
  }

  const ownerOf = (configuration: Configuration) => ({ id: configuration._id, customerId: configuration.customerId ?? null });
  // By watch: the live list being read, and the next read that callers asking meanwhile share (see `conversations`).
  const lists = new Map<string, { running?: Promise<void>; next?: Promise<LiveConversation[]> }>();

  async function readLiveList(watch: Watch): Promise<LiveConversation[]> {
    const records = await listOngoingConversations(db, watch, liveListLimit);
    const messages = await listMessagesOf(
      db,
      records.map((record) => record.id),
    );
    return records.map((record) => toLiveConversation(record, messages.get(record.id) ?? []));
  }

  /**
   * The messages of recently updated conversations, so an update reads only the messages stored since the
   * last one. Messages are never changed once stored (a rating is not part of them), so a copy is right as
   * long as it is whole; every read checks that against the count of the same statement, whichever instance
   * wrote in between, and reads everything again when it is not.
   */
  const messagesOf = new Map<string, { messages: StoredMessage[]; lastSeq: number }>();

  async function current(
    { conversationId, sessionId }: { conversationId: string; sessionId: string },
    also?: AlsoInRead,
  ): Promise<{ conversation: ConversationRecord; messages: StoredMessage[]; also: unknown } | undefined> {
    const cached = messagesOf.get(sessionId);
    let read = await readConversationSince(db, conversationId, cached?.lastSeq ?? 0, also);
    const answered = read?.also ?? null;
    let messages = cached && read ? [...cached.messages, ...read.newer] : read?.newer;
    if (read && messages && messages.length !== read.messageCount) {
      read = await readConversationSince(db, conversationId, 0);
      messages = read?.newer;
    }
    if (!read || !messages) {
      messagesOf.delete(sessionId);
      return undefined;
    }
    remember(sessionId, messages, read.lastSeq);
    return { conversation: read.conversation, messages, also: answered };
  }

  function remember(sessionId: string, messages: StoredMessage[], lastSeq: number) {
    messagesOf.delete(sessionId);
    // A very long conversation is read whole each time rather than held (memory stays bounded).
    if (messages.length <= maxCachedMessages) messagesOf.set(sessionId, { messages, lastSeq });
    if (messagesOf.size > cachedConversations) messagesOf.delete(messagesOf.keys().next().value!);
  }

  async function live(conversation: ConversationRecord, emitted: Parameters<typeof toLiveConversation>[2] = {}): Promise<LiveConversation> {
    const found = await current({ conversationId: conversation.id, sessionId: conversation.session_id });
    if (!found) throw notFound();
    return toLiveConversation(found.conversation, found.messages, emitted);
  }

  function push(configuration: { id: string; customerId: string | null }, conversation: LiveConversation) {
    emitter?.toAgents(configuration, "conversation_update", conversation);
  }

  /**
   * A stored message's update to the configuration's agents, with the chat notification it raised (which its
   * recipients outside the update's rooms get alone, and all of them when there is no update to ride on).
   */
  async function sendUpdate(
    found: { conversation: ConversationRecord; messages: StoredMessage[] } | undefined,
    emitted: { by: string; alerted: boolean; added: AddedNotification | undefined },
  ) {
    const { added } = emitted;
    const configuration = found ? await deps.configurationById(found.conversation.configuration_id) : undefined;
    if (!found || !configuration) {
      if (added) emitter?.toRecipients({ id: added.notification.configurationId, customerId: added.customerId }, added.notification, true);
      return;
    }
    const notificationType = emitted.alerted ? "alert" : added ? "chat" : null;
    const owner = ownerOf(configuration);
    push(owner, toLiveConversation(found.conversation, found.messages, { by: emitted.by, notificationType, ...(added ? { notification: added.notification } : {}) }));
    if (added) emitter?.toRecipients({ id: owner.id, customerId: added.customerId }, added.notification, false);
  }

  /**
   * An agent's change of the conversation (`updateConversationState`) with its note, shown to the visitor at once
   * (`agent_message`, role system) and to the agents with the change's update: a person joined, left, or closed the
   * conversation. The change and its note are one transaction, so a change made at the same moment by another
   * agent waits for both and its note comes after. Undefined (no note) when nothing changed.
   */
  async function changeWithNote(
    conversationId: string,
    change: { state: Parameters<typeof updateConversationState>[2]; takenOver?: boolean; notTakenOverBy?: string; seen?: boolean },
    note: (updated: ConversationRecord) => { text: string; agentName: string | null },
  ): Promise<ConversationRecord | undefined> {
    const changed = await db.transaction(async (tx) => {
      const updated = await updateConversationState(tx, conversationId, change.state, change.takenOver, change.notTakenOverBy);
      if (!updated) return undefined;
      const { text, agentName } = note(updated);
      const stored = await insertReply(tx, updated.id, {
        role: "system",
        content: sanitiseAnswerHtml(`<p>${escapeHtml(text)}</p>`),
        replyTo: null,
        agentName: displayName(agentName) || null,
      });
      // The agent who takes a conversation over has read it: its visitor messages so far are not new any more.
      return { updated: (change.seen ? await markConversationSeen(tx, updated.id) : undefined) ?? updated, stored };
    });
    if (!changed) return undefined;
    const sessionId = changed.updated.session_id;
    emitter?.toVisitor(sessionId, "agent_message", { session_id: sessionId, message: publicMessage(changed.stored) });
    return changed.updated;
  }

  /**
   * A configuration the agent may see and watches (an admin who selected configurations acts on those only), or
   * not_found.
   */
  async function watched(agent: LiveAgent, configurationId: string): Promise<Configuration> {
    const configuration = isId(configurationId) ? await deps.configurationVisible(agent.caller, configurationId.toLowerCase()) : undefined;
    if (!configuration || !watches(agent.watch, configuration)) throw notFound();
    return configuration;
  }

  /** The agent's configuration and its conversation of this session, or not_found. */
  async function reach(agent: LiveAgent, configurationId: string, sessionId: string) {
    const configuration = await watched(agent, configurationId);
    const conversation = await findConversationBySession(db, sessionId);
    if (!conversation || conversation.configuration_id !== configuration._id) throw notFound();
    return { configuration, conversation };
  }

  /**
   * An agent's change, read and sent in the conversation's queue: an update of a visitor's message that was
   * read before the change cannot reach the agents after it (and show, say, a closed conversation open).
   */
  async function changedByAgent(agent: LiveAgent, configuration: Configuration, conversation: ConversationRecord) {
    let shown: Promise<LiveConversation> | undefined;
    await serial(conversation.session_id, async () => {
      shown = live(conversation, { by: agent.caller.userId });
      push(ownerOf(configuration), await shown);
    });
    return shown!;
  }

  return {
    setEmitter(next: LiveEmitter | undefined) {
      emitter = next;
    },

    /** The agent behind a `/live` handshake, or the refusal (`authentication_required`, `invalid_token`, `forbidden`). */
    async agentFor(query: Record<string, unknown>): Promise<LiveAgent> {
      const token = firstString(query.token);
      if (!token) throw new DomainError("authentication_required", errorMessages.authentication_required, 401);
      const caller = await deps.authenticate(token);
      if (!caller) throw new DomainError("invalid_token", errorMessages.invalid_token, 401);
      const named = firstString(query.customerId)?.trim().toLowerCase();
      const names = named !== undefined && named !== "" && named !== "null" && named !== "undefined";
      const firstName = displayName(query.firstname);
      const lastName = displayName(query.lastname);
      // Verified by authenticate: only its expiry is read again.
      const { exp } = decodeJwt(token);
      const expiresAt = typeof exp === "number" ? exp * 1000 : null;
      if (caller.role !== "admin") {
        if (names && named !== caller.customerId) throw new DomainError("forbidden", errorMessages.forbidden, 403);
        const customerIds = caller.customerId ? [caller.customerId] : [];
        return {
          caller,
          firstName,
          lastName,
          watch: { all: false, configurationIds: [], customerIds },
          rooms: customerIds.map(liveRooms.customer),
          expiresAt,
        };
      }
      const selected = (firstString(query.configuration_ids) ?? "")
        .split(",")
        .map((id) => id.trim().toLowerCase())
        .filter(isId);
      const configurationIds: string[] = [];
      for (const id of new Set(selected)) if (await deps.configurationById(id)) configurationIds.push(id);
      const all = selected.length === 0;
      return {
        caller,
        firstName,
        lastName,
        watch: { all, configurationIds, customerIds: [] },
        rooms: [...(all ? [liveRooms.admins] : configurationIds.map(liveRooms.configuration)), liveRooms.adminUsers],
        expiresAt,
      };
    },

    /**
     * Whether the socket's token still signs in the agent it connected as (the user active, the token neither
     * revoked nor expired, the same role and customer), as every HTTP call checks: `invalid_token` otherwise.
     */
    async stillSignedIn(agent: LiveAgent, query: Record<string, unknown>): Promise<void> {
      const token = firstString(query.token);
      const caller = token ? await deps.authenticate(token) : null;
      const same = caller && caller.userId === agent.caller.userId && caller.role === agent.caller.role && caller.customerId === agent.caller.customerId;
      if (!same) throw new DomainError("invalid_token", errorMessages.invalid_token, 401);
    },

    /** Calls `listener` with the id of a user whose row changed (in any instance); answers the unsubscribe. */
    watchUsers(listener: (userId: string) => void): () => void {
      return db.changes.subscribe("users", { changed: listener, reset: () => undefined });
    },

    /**
     * The ongoing conversations the watch covers, most recently active first. One read of a watch runs at a time:
     * callers asking meanwhile (agents' sockets connecting at once, a portal's tabs reopened, a flood) share the
     * next read, which starts after them, so it is of the state after each of them joined its rooms.
     */
    conversations(watch: Watch): Promise<LiveConversation[]> {
      const key = watchKey(watch);
      const entry = lists.get(key) ?? {};
      lists.set(key, entry);
      if (entry.next) return entry.next;
      const next = (async () => {
        await (entry.running ?? new Promise((resolve) => setImmediate(resolve)));
        entry.next = undefined;
        const running = readLiveList(watch);
        entry.running = running.then(
          () => undefined,
          () => undefined,
        );
        try {
          return await running;
        } finally {
          entry.running = undefined;
          if (!entry.next && lists.get(key) === entry) lists.delete(key);
        }
      })();
      entry.next = next;
      return next;
    },

    /** What an HTTP caller watches: one configuration (already checked), else everything theirs. */
    watchOf(caller: Caller, configuration: Configuration | undefined): Watch {
      if (configuration) return { all: false, configurationIds: [configuration._id], customerIds: [] };
      if (caller.role === "admin") return { all: true, configurationIds: [], customerIds: [] };
      return { all: false, configurationIds: [], customerIds: caller.customerId ? [caller.customerId] : [] };
    },

    async takeover(agent: LiveAgent, payload: { configuration_id: string; session_id: string; first_name: string; last_name: string }) {
      const { configuration, conversation } = await reach(agent, payload.configuration_id, payload.session_id);
      if (conversation.status === "Closed") throw refused("The conversation is closed");
      // Already taken over, by this agent or another one: it stays theirs, and the visitor is told nothing again
      // (the answer is the conversation as it is, so this agent's screen shows who has it, as everyone's does).
      const taken = (record: ConversationRecord) => record.is_manual && record.taken_over_by !== null;
      if (taken(conversation)) return { conversation: await live(conversation, { by: agent.caller.userId }) };
      const name = displayName(payload.first_name) || agent.firstName;
      const updated = await changeWithNote(
        conversation.id,
        { state: { is_locked: true, is_manual: true, taken_over_by: agent.caller.userId }, notTakenOverBy: agent.caller.userId, seen: true },
        (now) => ({ text: agentJoinedText(now.language, name), agentName: name }),
      );
      if (!updated) {
        // Closed since it was read (another agent at the same moment): refused as if closed before. Taken over by
        // another agent at the same moment: theirs, as if they had been first.
        const now = await findConversationBySession(db, conversation.session_id);
        if (now?.status === "Ongoing" && taken(now)) return { conversation: await live(now, { by: agent.caller.userId }) };
        throw now ? refused("The conversation is closed") : notFound();
      }
      return { conversation: await changedByAgent(agent, configuration, updated) };
    },

    async reply(agent: LiveAgent, payload: { configurationId: string; conversationId: string; messageContent: string; client_message_id?: string }) {
      const { configuration, conversation } = await reach(agent, payload.configurationId, payload.conversationId);
      if (conversation.status === "Closed" || !conversation.is_manual) {
        // A resend of a reply stored before the close or hand-back (its acknowledgement was lost): it was delivered.
        const resent = payload.client_message_id ? await messageOfClient(db, conversation.id, payload.client_message_id) : undefined;
        if (resent?.role === "human_agent") return { conversation: await live(conversation, { by: agent.caller.userId }), message: publicMessage(resent), duplicate: true };
        throw refused(conversation.status === "Closed" ? "The conversation is closed" : "Take the conversation over before answering");
      }
      const text = payload.messageContent.replaceAll("\u0000", "").trim();
      if (text === "") throw refused(`messageContent: ${errorMessages.field_required}`);
      const stored = await insertAgentMessage(db, conversation.id, {
        content: answerTextToHtml(text),
        agentName: agent.firstName || null,
        clientMessageId: payload.client_message_id ?? null,
      });
      if (!stored) {
        // Closed or handed back since it was read (another agent at the same moment): refused as if before.
        const now = await findConversationBySession(db, conversation.session_id);
        throw now?.status === "Ongoing" ? refused("Take the conversation over before answering") : now ? refused("The conversation is closed") : notFound();
      }
      const { message, duplicate } = stored;
      const shown = duplicate ? await live(conversation, { by: agent.caller.userId }) : await changedByAgent(agent, configuration, conversation);
      if (!duplicate) emitter?.toVisitor(conversation.session_id, "agent_message", { session_id: conversation.session_id, message: publicMessage(message) });
      return { conversation: shown, message: publicMessage(message), duplicate };
    },

    /** Hands the conversation back to the assistant. */
    async release(agent: LiveAgent, payload: { configuration_id: string; session_id: string }) {
      const { configuration, conversation } = await reach(agent, payload.configuration_id, payload.session_id);
      if (conversation.status === "Closed") throw refused("The conversation is closed");
      if (!conversation.is_manual && !conversation.is_locked) return { conversation: await live(conversation, { by: agent.caller.userId }) };
      const updated = await changeWithNote(conversation.id, { state: { is_locked: false, is_manual: false, taken_over_by: null }, takenOver: true }, (now) => ({
        text: agentLeftText(now.language, agent.firstName),
        agentName: agent.firstName,
      }));
      if (!updated) {
        // Handed back or closed since it was read (another agent at the same moment): the visitor was told once.
        const now = await findConversationBySession(db, conversation.session_id);
        if (now?.status === "Closed") throw refused("The conversation is closed");
        return { conversation: await live(conversation, { by: agent.caller.userId }) };
      }
      const shown = await changedByAgent(agent, configuration, updated);
      deps.handedBack?.(configuration, updated);
      return { conversation: shown };
    },

    async close(agent: LiveAgent, payload: { configuration_id: string; session_id: string }) {
      const { configuration, conversation } = await reach(agent, payload.configuration_id, payload.session_id);
      if (conversation.status === "Closed") return { conversation: await live(conversation, { by: agent.caller.userId }) };
      // The visitor learns it in the widget; their next message starts a new conversation.
      const updated = await changeWithNote(conversation.id, { state: { status: "Closed", is_locked: false } }, (now) => ({
        text: assistantTexts[now.language].conversation_closed,
        agentName: null,
      }));
      // Closed since it was read (another agent at the same moment): closed once, told once.
      if (!updated) return { conversation: await live(conversation, { by: agent.caller.userId }) };
      return { conversation: await changedByAgent(agent, configuration, updated) };
    },

    /** The agent types in a taken-over conversation: the visitor sees it (`typing` with who `human_agent`). */
    async agentTyping(agent: LiveAgent, payload: { configuration_id: string; session_id: string; typing: boolean }) {
      const key = `${agent.caller.userId}\u0000${payload.session_id}`;
      if (!agentTypingThrottle.admit(key, payload.typing)) return {};
      // A signed-in agent's stop ends the typing: the next start goes (and is checked) at once.
      if (!payload.typing) agentTypingThrottle.reset(key);
      let conversation: ConversationRecord;
      try {
        ({ conversation } = await reach(agent, payload.configuration_id, payload.session_id));
        if (conversation.status === "Closed") throw refused("The conversation is closed");
        if (!conversation.is_manual) throw refused("Take the conversation over before answering");
      } catch (error) {
        // A refused mark is not counted: the next one is checked (and refused) again.
        agentTypingThrottle.reset(key);
        throw error;
      }
      emitter?.toVisitor(conversation.session_id, "typing", { session_id: conversation.session_id, who: "human_agent", typing: payload.typing });
      return {};
    },

    /** The agents' note on a conversation (the contract bounds it); an empty note removes it. Every agent watching gets the update. */
    async setNote(agent: LiveAgent, payload: { configuration_id: string; session_id: string; agent_note: string }) {
      const { configuration, conversation } = await reach(agent, payload.configuration_id, payload.session_id);
      const note = payload.agent_note.trim();
      const updated = await setAgentNote(db, conversation.id, note === "" ? null : note);
      if (!updated) throw notFound();
      return { conversation: await changedByAgent(agent, configuration, updated) };
    },

    /**
     * An agent opened the conversation on the live screen: its visitor messages are read, for every agent and after a
     * reload (the agents watching get the update). Nothing is written while none is new.
     */
    async markSeen(agent: LiveAgent, payload: { configuration_id: string; session_id: string }) {
      const { configuration, conversation } = await reach(agent, payload.configuration_id, payload.session_id);
      const shown = await live(conversation, { by: agent.caller.userId });
      if ((shown.newUserMessages ?? 0) === 0) return { conversation: shown };
      const updated = await markConversationSeen(db, conversation.id);
      if (!updated) throw notFound();
      return { conversation: await changedByAgent(agent, configuration, updated) };
    },

    /** The visitor of an ongoing conversation types (the chat namespace throttles it): the agents watching it are told. */
    async visitorTyping(sessionId: string, configurationId: string, typing: boolean): Promise<void> {
      const conversation = await findConversationBySession(db, sessionId);
      if (!conversation || conversation.configuration_id !== configurationId || conversation.status === "Closed") return;
      const configuration = await deps.configurationById(conversation.configuration_id);
      if (!configuration) return;
      emitter?.toAgents(ownerOf(configuration), "visitor_typing", { session_id: conversation.session_id, conversation_id: conversation.id, configuration_id: configuration._id, typing });
    },

    /** Closes every ongoing conversation of the configuration; its agents hear `config_cleared`. */
    async clear(agent: LiveAgent, configurationId: string) {
      const configuration = await watched(agent, configurationId);
      await closeOngoingConversations(db, configuration._id);
      emitter?.toAgents(ownerOf(configuration), "config_cleared", { configuration_id: configuration._id });
    },

    async setAvailability(agent: LiveAgent, payload: { user_id: string; is_available: boolean }) {
      if (payload.user_id.toLowerCase() !== agent.caller.userId) throw notFound();
      await deps.setAvailability(agent.caller, payload.is_available);
      return {};
    },

    async disconnected(agent: LiveAgent, socketId: string, payload: { user_id: string }) {
      if (payload.user_id.toLowerCase() !== agent.caller.userId) throw notFound();
      await deps.presence.gone(socketId);
      return {};
    },

    /**
     * The pipeline stored a message: a chat notification when an agent has the conversation, and the update.
     * The notification rides on the update (its recipients are the agents the update goes to, and the admins
     * watching other configurations, who get it alone), so an agent receives one event per message.
     */
    conversationChanged(change: ConversationChange): Promise<void> {
      return serial(change.sessionId, async () => {
        // The notification is written by the read's statement (one round trip); it needs nothing of the read.
        const chat = change.emittedBy === "user" && !change.alerted ? chatNotificationOf(change.message.content, "$1::uuid", 3) : undefined;
        const found = await current(change, chat);
        await sendUpdate(found, { by: change.emittedBy, alerted: change.alerted, added: chat?.result(found?.also) });
      });
    },

    /**
     * A visitor's message in the session's ongoing conversation, stored by the statement that also reads the
     * conversation for the agents' update and writes the chat notification (unless the message raised an
     * alert, recorded by the same statement): one round trip, in the conversation's queue, so the update is of
     * the state after the write and leaves after every earlier change's. The update is sent before this
     * answers; a resend (`duplicate`) sends none. Undefined when the session names no ongoing conversation of
     * the configuration (nothing stored).
     */
    visitorMessage(input: VisitorMessageToStore): Promise<{ conversation: ConversationRecord; message: StoredMessage; duplicate: boolean } | undefined> {
      return queued(input.sessionId, async () => {
        const cached = messagesOf.get(input.sessionId);
        const chat = input.alert === null ? chatNotificationOf(input.content, notifiableConversation, 9) : undefined;
        const stored = await insertVisitorMessageAndRead(db, input, input, cached?.lastSeq ?? 0, chat);
        if (!stored) return undefined;
        const { read, message, duplicate } = stored;
        if (duplicate) return { conversation: read.conversation, message, duplicate };
        let conversation = read.conversation;
        let messages = [...(cached?.messages ?? []), ...read.newer, message];
        let lastSeq = stored.seq;
        // The read was of the snapshot before the message: whole when it and the message make the count.
        if (messages.length !== read.messageCount + 1) {
          const whole = await readConversationSince(db, conversation.id, 0);
          if (!whole) throw notFound();
          ({ conversation, newer: messages, lastSeq } = whole);
        }
        remember(input.sessionId, messages, lastSeq);
        await sendUpdate({ conversation, messages }, { by: "user", alerted: input.alert !== null, added: chat?.result(read.also) });
        return { conversation, message, duplicate };
      });
    },

    /** An alert trigger fired: an alert notification per agent, once per conversation. */
    alertRaised(alert: Pick<AlertRaised, "conversation" | "alertText">): Promise<void> {
      return serial(alert.conversation.session_id, async () => {
        const configuration = await deps.configurationById(alert.conversation.configuration_id);
        if (!configuration) return;
        const added = await addAlertNotifications(db, configuration._id, alert.conversation.session_id, alert.alertText, configuration.name);
        if (added) emitter?.toRecipients({ id: configuration._id, customerId: added.customerId }, added.notification, true);
      });
    },

    /** At least one agent of the configuration is connected and available (the widget's online message). */
    agentsOnline(configurationId: string): Promise<boolean> {
      return deps.presence.agentsOnline(configurationId);
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
