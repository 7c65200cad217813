/**
 * The visitor's side of the assistant, shared by the `/chat` socket and its HTTP fallback: which
 * configuration and website may talk, finding or starting the visitor's conversation, abuse limits, and
 * handing the message to the pipeline.
 */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { DomainError, errorMessages } from "@parley/domain";
import ipaddr from "ipaddr.js";
import { LRUCache } from "lru-cache";
import type { Db } from "../../platform/db/db";
import type { Configuration } from "../configurations/repository";
import {
  findConversationBySession,
  findReplyTo,
  latestRatedMessages,
  rateAnswer,
  startConversation,
  type ConversationRecord,
  type Message,
} from "../conversations/repository";
import { baseLanguage, type Assistant, type TurnEvents, type TurnResult } from "./pipeline";
import type { TestTickets } from "./test-tickets";

/** Messages a visitor may send per minute, per conversation and per client address. */
export interface ChatLimits {
  perVisitorPerMinute: number;
  perAddressPerMinute: number;
}

/** A visitor message's turn, with the conversation it went to. */
export type SentTurn = TurnResult & { conversation: ConversationRecord };

/**
 * How long an HTTP resend waits for the answer another request of the same message is still writing: longer
 * than a provider's answer with its retry takes, so the resend answers what the first request does.
 */
export const pendingAnswerWait = { timeoutMs: 60_000, pollMs: 100 };

/** The most messages a visitor's history and a socket's `session` give: the conversation's last ones. */
export const visitorHistoryLimit = 200;

export const defaultChatLimits: ChatLimits = { perVisitorPerMinute: 20, perAddressPerMinute: 60 };

/** None with DISABLE_RATE_LIMITS=true (benchmarks); CHAT_MESSAGES_PER_MINUTE_PER_VISITOR / _PER_ADDRESS change them. */
export function chatLimitsFromEnvironment(env: Readonly<Record<string, string | undefined>>): ChatLimits | false {
  if (env.DISABLE_RATE_LIMITS === "true") return false;
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    perVisitorPerMinute: read("CHAT_MESSAGES_PER_MINUTE_PER_VISITOR", defaultChatLimits.perVisitorPerMinute),
    perAddressPerMinute: read("CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS", defaultChatLimits.perAddressPerMinute),
  };
}

/** A fixed one-minute window per key, in this process (each instance counts its own visitors). */
function minuteCounter(max: number) {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: 100_000 });
  return (key: string, now: number): number | undefined => {
    const window = windows.get(key);
    if (!window || now - window.start >= 60_000) {
      windows.set(key, { start: now, count: 1 });
      return undefined;
    }
    if (window.count >= max) return Math.ceil((window.start + 60_000 - now) / 1000);
    window.count += 1;
    return undefined;
  };
}

/** 144 random bits, URL-safe: a visitor's session id cannot be guessed. */
export const newSessionId = () => randomBytes(18).toString("base64url");

/**
 * The client address as kept with a conversation: whole while anonymisation is off; with it on, the
 * network only (IPv4 /24, IPv6 /48), which still tells agents roughly where a visitor comes from.
 */
export function storedClientIp(address: string | undefined, anonymise: boolean): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (!anonymise) return parsed.toString();
  if (parsed.kind() === "ipv4") {
    const bytes = parsed.toByteArray();
    return `${bytes[0]}.${bytes[1]}.${bytes[2]}.0`;
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  return `${parts.slice(0, 3).map((part) => part.toString(16)).join(":")}::`;
}

const originOf = (url: string | undefined | null): string | undefined => {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Whether a website may use the configuration's widget. A browser names the page's origin in `Origin`; the
 * widget's own frame is served from Parley's origin, so there the page it is embedded in (`pageUrl`) says it.
 * With no list every website may. A page URL is what the widget says, so this keeps honest browsers on other
 * websites out; it is not an authentication.
 */
export function originAllowed(allowed: readonly string[], request: { origin?: string; pageUrl?: string | null }, ownOrigin: string): boolean {
  if (allowed.length === 0) return true;
  const list = new Set(allowed.map((origin) => origin.toLowerCase().replace(/\/+$/, "")));
  const origin = request.origin?.toLowerCase();
  const own = ownOrigin.toLowerCase();
  const website = origin && origin !== own ? origin : originOf(request.pageUrl)?.toLowerCase();
  // Parley's own pages (the portals' test environment and design preview) may always show the widget.
  return website !== undefined && (list.has(website) || website === own);
}

export interface VisitorRequest {
  configurationId: string;
  sessionId?: string | null;
  /**
   * The session id the server issued to this socket (in `session`), used for its first conversation. Never
   * taken from a client: an HTTP caller's unknown session id starts a conversation under a new id.
   */
  issuedSessionId?: string;
  language?: string;
  clientIp?: string;
  origin?: string;
  pageUrl?: string | null;
  /** The portal's test environment's ticket: a conversation started with a valid one is a test conversation. */
  testTicket?: string | null;
}

export interface VisitorSession {
  configuration: Configuration;
  conversation: ConversationRecord;
  messages: Message[];
}

const tooMany = (retryAfter: number) =>
  Object.assign(new DomainError("rate_limited", errorMessages.rate_limited, 429), { retryAfterSeconds: retryAfter });

export function createVisitorService(deps: {
  db: Db;
  assistant: Assistant;
  configurationById(id: string): Promise<Configuration | undefined>;
  limits: ChatLimits | false;
  publicUrl: string;
  /** Without them no conversation is a test conversation. */
  testTickets?: TestTickets;
  now?: () => number;
}) {
  const { db } = deps;
  const ownOrigin = originOf(deps.publicUrl) ?? deps.publicUrl;
  const now = deps.now ?? Date.now;
  const perVisitor = deps.limits ? minuteCounter(deps.limits.perVisitorPerMinute) : undefined;
  const perAddress = deps.limits ? minuteCounter(deps.limits.perAddressPerMinute) : undefined;

  async function configurationFor(request: VisitorRequest): Promise<Configuration> {
    const configuration = /^[0-9a-f-]{36}$/i.test(request.configurationId) ? await deps.configurationById(request.configurationId.toLowerCase()) : undefined;
    if (!configuration) throw new DomainError("not_found", "No such assistant", 404);
    if (!originAllowed(configuration.allowed_origins ?? [], request, ownOrigin)) {
      throw new DomainError("forbidden", "This website may not use this assistant", 403);
    }
    return configuration;
  }

  /** The visitor's ongoing conversation of this configuration, if the session id names one. */
  async function existing(configuration: Configuration, sessionId: string | null | undefined): Promise<ConversationRecord | undefined> {
    if (!sessionId) return undefined;
    const conversation = await findConversationBySession(db, sessionId);
    return conversation && conversation.configuration_id === configuration._id && conversation.status === "Ongoing" ? conversation : undefined;
  }

  /**
   * The conversation started for a session id that named none ongoing (an agent closed it), by configuration and
   * that id, in this process: the visitor's next message sent before the widget heard the new id, or another tab
   * of the session, goes on in it instead of starting yet another.
   */
  const startedFor = new LRUCache<string, Promise<ConversationRecord>>({ max: 10_000, ttl: 10 * 60_000 });

  async function conversationFor(configuration: Configuration, request: VisitorRequest): Promise<ConversationRecord> {
    const found = await existing(configuration, request.sessionId);
    if (found) return found;
    if (!request.sessionId) return startFor(configuration, request);
    // One after the other per session id: each goes on in the conversation the one before it started while that
    // is ongoing, and starts one only when there is none.
    const key = `${configuration._id} ${request.sessionId}`;
    const before = startedFor.get(key);
    const next = (async () => {
      const started = before && (await before.catch(() => undefined));
      const ongoing = started && (await existing(configuration, started.session_id));
      return ongoing ?? startFor(configuration, request);
    })();
    startedFor.set(key, next);
    next.catch(() => {
      if (startedFor.get(key) === next) startedFor.delete(key);
    });
    return next;
  }

  /**
   * The conversation a message sent with no session id started, by configuration, client address and the
   * message's `client_message_id`, in this process: the resend of a first message whose answer was lost (the
   * client never heard the session id), or that is sent again while the first is answered, goes on in that
   * conversation and is recognised as a resend, instead of starting another and being answered twice.
   */
  const startedByMessage = new LRUCache<string, Promise<ConversationRecord>>({ max: 10_000, ttl: 10 * 60_000 });

  function firstMessageConversation(configuration: Configuration, request: VisitorRequest, clientMessageId: string | null): Promise<ConversationRecord> {
    if (!clientMessageId) return startFor(configuration, request);
    const key = `${configuration._id} ${request.clientIp ?? ""} ${clientMessageId}`;
    const started = startedByMessage.get(key);
    if (started) return started;
    const starting = startFor(configuration, request);
    startedByMessage.set(key, starting);
    starting.catch(() => {
      if (startedByMessage.get(key) === starting) startedByMessage.delete(key);
    });
    return starting;
  }

  async function startFor(configuration: Configuration, request: VisitorRequest): Promise<ConversationRecord> {
    // The socket's id names a closed conversation (an agent closed it): the visitor goes on in a new one.
    const issued = request.issuedSessionId && !(await findConversationBySession(db, request.issuedSessionId)) ? request.issuedSessionId : undefined;
    return startConversation(db, {
      configurationId: configuration._id,
      sessionId: issued ?? newSessionId(),
      language: baseLanguage(configuration, request.language),
      clientIp: storedClientIp(request.clientIp, configuration.anonimize_input),
      pageUrl: request.pageUrl?.slice(0, 2048) ?? null,
      isTest: deps.testTickets?.valid(request.testTicket, configuration._id) ?? false,
    });
  }

  /**
   * The conversation's last messages with the visitor's own ratings, so thumbs given before a reload show again.
   * At most `visitorHistoryLimit`: a conversation kept going for days (the per-minute limit lets a script write
   * tens of thousands of messages) must not make every reload, or anyone with its session id, read them all.
   */
  async function ratedMessages(conversationId: string): Promise<Message[]> {
    return latestRatedMessages(db, conversationId, visitorHistoryLimit);
  }

  return {
    configurationFor,

    /**
     * The session a socket opens: the visitor's conversation so far, or none yet (a conversation starts with
     * the first message, so a widget opened and left stores nothing).
     */
    async open(request: VisitorRequest): Promise<{ configuration: Configuration; conversation: ConversationRecord | undefined; messages: Message[] }> {
      const configuration = await configurationFor(request);
      const conversation = await existing(configuration, request.sessionId);
      const messages = conversation ? await ratedMessages(conversation.id) : [];
      return { configuration, conversation, messages };
    },

    /**
     * The visitor's ongoing conversation of the configuration, for a call that acts within it (an attachment):
     * 404 when the session names none. Counts against the per-address limit like a message.
     */
    async ongoing(request: VisitorRequest & { sessionId: string }): Promise<{ configuration: Configuration; conversation: ConversationRecord }> {
      const configuration = await configurationFor(request);
      const addressWait = request.clientIp ? perAddress?.(`${configuration._id} ${request.clientIp}`, now()) : undefined;
      if (addressWait !== undefined) throw tooMany(addressWait);
      const conversation = await existing(configuration, request.sessionId);
      if (!conversation) throw new DomainError("not_found", "No ongoing conversation of this session", 404);
      return { configuration, conversation };
    },

    /** The conversation a session id names within the configuration (ongoing or closed), or undefined. */
    async conversationOf(request: VisitorRequest & { sessionId: string }): Promise<{ configuration: Configuration; conversation: ConversationRecord | undefined }> {
      const configuration = await configurationFor(request);
      const conversation = request.sessionId ? await findConversationBySession(db, request.sessionId) : undefined;
      return { configuration, conversation: conversation && conversation.configuration_id === configuration._id ? conversation : undefined };
    },

    /** The visitor rates one of the assistant's answers in their own conversation. */
    async rate(request: VisitorRequest & { sessionId: string; messageId: string; rating: 1 | -1 | null }): Promise<void> {
      const configuration = await configurationFor(request);
      const rated = /^[0-9a-f-]{36}$/i.test(request.messageId) && (await rateAnswer(db, { configurationId: configuration._id, sessionId: request.sessionId, messageId: request.messageId.toLowerCase() }, request.rating));
      if (!rated) throw new DomainError("not_found", "No such answer in this conversation", 404);
    },

    /** The visitor's own messages, oldest first; an unknown session id has none. */
    async history(request: VisitorRequest & { sessionId: string }): Promise<Message[]> {
      const configuration = await configurationFor(request);
      const conversation = await findConversationBySession(db, request.sessionId);
      if (!conversation || conversation.configuration_id !== configuration._id) return [];
      return ratedMessages(conversation.id);
    },

    /**
     * A resend of a message whose answer another request is still writing (`pending`) waits for that answer, as
     * the HTTP fallback needs (a socket's resend hears it in the session's room instead). Other results as they are.
     */
    async settled(result: SentTurn, wait = pendingAnswerWait): Promise<SentTurn> {
      if (result.outcome !== "pending") return result;
      const until = performance.now() + wait.timeoutMs;
      while (performance.now() < until) {
        await sleep(wait.pollMs);
        const reply = await findReplyTo(db, result.visitorMessage.id);
        if (!reply) continue;
        if (reply.role === "human_agent") return { ...result, outcome: "human_agent" };
        if (reply.role === "assistant") return { ...result, outcome: "answered", reply };
        return { ...result, outcome: "provider_failed", reply, notice: reply.content };
      }
      return result;
    },

    async send(
      request: VisitorRequest & { text: string; clientMessageId?: string | null; stream: boolean },
      events: TurnEvents & { conversation?(conversation: ConversationRecord): void } = {},
    ): Promise<SentTurn> {
      const configuration = await configurationFor(request);
      const text = request.text.replaceAll("\u0000", "").trim();
      if (text === "") throw new DomainError("validation_failed", `message: ${errorMessages.field_required}`, 400, [{ path: "message", message: errorMessages.field_required }]);
      const at = now();
      const addressWait = request.clientIp ? perAddress?.(`${configuration._id} ${request.clientIp}`, at) : undefined;
      if (addressWait !== undefined) throw tooMany(addressWait);
      const limit = (sessionId: string) => {
        const visitorWait = perVisitor?.(sessionId, at);
        if (visitorWait !== undefined) throw tooMany(visitorWait);
      };
      const turn = { configuration, text, clientMessageId: request.clientMessageId ?? null, stream: request.stream };
      const named = request.sessionId;
      if (!named) {
        const conversation = await firstMessageConversation(configuration, request, turn.clientMessageId);
        limit(conversation.session_id);
        return deps.assistant.handle({ ...turn, conversation }, events);
      }
      // The session's ongoing conversation is found by the statement that stores the message (its limit counted
      // first); when there is none, a new conversation's limit is counted when it starts.
      limit(named);
      const start = async () => {
        const conversation = await conversationFor(configuration, request);
        if (conversation.session_id !== named) limit(conversation.session_id);
        return conversation;
      };
      return deps.assistant.handle({ ...turn, sessionId: named, start }, events);
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;

