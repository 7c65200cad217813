/**
 * One visitor message through the assistant (issue 14): quota, language, anonymisation, history, retrieval,
 * prompt, answer (a provider's, streamed; or the embedded extractive default), sanitising, alerts.
 *
 * The visitor's message is stored before anything can fail, so it is never lost; whatever goes wrong after
 * that is stored as a system message the visitor and the agents see.
 */
import { randomUUID } from "node:crypto";
import { asksForPerson, assistantTexts, isLanguageCode, languageCodes, smallTalkOf, type AssistantText, type LanguageCode } from "@parley/domain";
import { attachmentOf } from "@parley/domain/attachmentMessage";
import type { Configuration } from "../configurations/repository";
import type { Db } from "../../platform/db/db";
import { keyedQueue } from "../../platform/keyed-queue";
import {
  claimAnswer,
  findReplyTo,
  insertReply,
  insertVisitorMessage,
  insertVisitorMessageInSession,
  listMessages,
  markAlert,
  setConversationLanguage,
  turnsBefore,
  type ConversationRecord,
  type MessageSource,
  type ModelUsage,
  type StoredMessage,
} from "../conversations/repository";
import { answerFromSources } from "./extractive";
import { buildAnswerPrompt, buildLanguagePrompt, buildMonitorPrompt, buildUrlSearchPrompt, pickListedUrls, type PromptSource } from "./prompt";
import type { FunctionRunner } from "../workflows/runner";
import { maxFunctionCallsPerAnswer } from "../workflows/runner";
import type { ChatMessage, ChatProvider, ChatRequest } from "./provider/chat-provider";
import { ProviderError } from "./provider/chat-provider";
import { freeTestAnswerLeft, giveBackMessage, takeMessage, type QuotaTake } from "./quota";
import { answerConfidenceThreshold, type FoundSource, type SourceFinder } from "./sources";
import { anonymise, holdsContactDetails } from "./text/anonymise";
import { detectLanguage } from "./text/language";
import { escapeHtml } from "../../platform/html";
import { answerHtmlToText, answerTextToHtml, sanitiseAnswerHtml } from "./text/sanitise-answer";

/** Sources handed to the model, and the most an answer lists. */
const sourcesForPrompt = 6;
const sourcesShown = 3;

export interface VisitorTurn {
  configuration: Configuration;
  conversation: ConversationRecord;
  text: string;
  clientMessageId: string | null;
  /** Stream the answer's text through `events.delta` as the provider writes it. */
  stream: boolean;
}

/**
 * A turn in the session the visitor's socket named, whose conversation is not looked up first: the statement
 * that stores the message finds the session's ongoing conversation of the configuration (one round trip), and
 * only when there is none is `start` asked for the conversation (a new one; it may refuse).
 */
export interface SessionTurn extends Omit<VisitorTurn, "conversation"> {
  sessionId: string;
  start(): Promise<ConversationRecord>;
}

export interface TurnEvents {
  /** The conversation the message goes to is known (before `stored`). */
  conversation?(conversation: ConversationRecord): void;
  /** The visitor's message is stored (before the answer is ready); `handledBy`: who will answer it. */
  stored?(message: StoredMessage, duplicate: boolean, handledBy: "assistant" | "human_agent"): void;
  /** A piece of the answer's text as the provider wrote it (raw text: show it as text until `done`). */
  delta?(messageId: string, text: string): void;
}

export type TurnResult =
  | { outcome: "answered"; visitorMessage: StoredMessage; reply: StoredMessage; duplicate: boolean }
  /**
   * Another turn writes the answer: a resend of a message whose answer is not there yet, or a message the
   * answer after a hand-back claimed first (it reaches the visitor's session like any answer).
   */
  | { outcome: "pending"; visitorMessage: StoredMessage; duplicate: boolean }
  | { outcome: "human_agent"; visitorMessage: StoredMessage; duplicate: boolean }
  /** `notice`: what the visitor is told, as plain text in the conversation's language (also stored as `reply`). */
  | { outcome: "quota_exhausted"; visitorMessage: StoredMessage; reply: StoredMessage; duplicate: boolean; notice: string }
  | { outcome: "provider_failed"; visitorMessage: StoredMessage; reply: StoredMessage; duplicate: boolean; notice: string };

export interface AlertRaised {
  conversation: ConversationRecord;
  message: StoredMessage;
  alertText: string;
  /** An alert-trigger keyword, the live monitor's verdict, or the visitor asking for a person. */
  reason: "keyword" | "monitor" | "person";
}

/** A message was stored in a conversation (what the agents' live screens follow). */
export interface ConversationChange {
  conversationId: string;
  sessionId: string;
  /** `user`: the visitor wrote; `assistant`: an answer, or the note that there is none, was stored. */
  emittedBy: "user" | "assistant";
  message: StoredMessage;
  /** The visitor's message raised an alert (reported through `onAlert` before this). */
  alerted: boolean;
}

/** A visitor's message for `storeVisitorMessage`: `language` null when none was detected, `alert` the keyword alert's text. */
export interface VisitorMessageToStore {
  sessionId: string;
  configurationId: string;
  content: string;
  rawInput: string | null;
  clientMessageId: string | null;
  language: LanguageCode | null;
  alert: string | null;
}

export interface AssistantDependencies {
  db: Db;
  sources: SourceFinder;
  /** The configuration's URL list (for URL search and the "I don't know" links). */
  urlsOf(configurationId: string): Promise<string[]>;
  /** No provider: the embedded extractive default answers. */
  provider?: ChatProvider;
  /** The configurations' AI functions and the workflows they trigger (with a provider only: models call them). */
  functions?: Pick<FunctionRunner, "toolsOf" | "run">;
  onAlert?(alert: AlertRaised): void;
  /** Whether an agent of the configuration is online and available (a visitor asking for a person is told). */
  agentsOnline?(configurationId: string): Promise<boolean>;
  onConversationChanged?(change: ConversationChange): void;
  /**
   * Stores a visitor's message in the session's ongoing conversation and sends the agents its update (with the
   * alert it raised, or its chat notification) in one go; undefined when the session names no ongoing
   * conversation. Without it (or while the live monitor may still raise an alert after the message is stored)
   * the message is stored here and reported through `onAlert` and `onConversationChanged`.
   */
  storeVisitorMessage?(input: VisitorMessageToStore): Promise<{ conversation: ConversationRecord; message: StoredMessage; duplicate: boolean } | undefined>;
  logError?(message: string, error: unknown): void;
  now?(): Date;
}

/** The language of a conversation when nothing is detected: the configuration's, else the widget's, else English. */
export function baseLanguage(configuration: Pick<Configuration, "language">, widgetLanguage: string | undefined): LanguageCode {
  if (isLanguageCode(configuration.language)) return configuration.language;
  if (isLanguageCode(widgetLanguage)) return widgetLanguage;
  return "en";
}

const wordCount = (text: string) => text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * The language the local detector finds in a visitor's text under the configuration's settings, or undefined
 * (detection off, too few words, nothing detected).
 */
export function locallyDetectedLanguage(settings: Pick<Configuration, "use_lang_detect" | "lang_detect_word_count">, text: string): LanguageCode | undefined {
  if (!settings.use_lang_detect || wordCount(text) < settings.lang_detect_word_count) return undefined;
  return detectLanguage(text, { minWords: settings.lang_detect_word_count });
}

/** Keyword alerts: a keyword as a whole word (or phrase), case- and accent-insensitive. */
export function matchedAlertKeyword(text: string, keywords: readonly string[]): string | undefined {
  const fold = (value: string) => value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  return keywords.find((keyword) => {
    const wanted = fold(keyword).replace(/[^\p{L}\p{N}]+/gu, " ").trim();
    return wanted !== "" && folded.includes(` ${wanted} `);
  });
}

export function createAssistant(deps: AssistantDependencies) {
  const { db, provider } = deps;
  const logError = deps.logError ?? (() => undefined);
  // Each conversation's answers, in order (see `answer`).
  const answering = keyedQueue();

  /**
   * The language the message is in by the local detector, or null when it is taken to be the conversation's
   * (nothing detected, detection off, too few words); `askProvider` when a provider is to judge it too. The
   * provider is asked only once the assistant is to answer (`providerLanguage`): the message is stored and
   * shown at once, and a message an agent answers costs no model call.
   */
  function localLanguage(turn: Pick<VisitorTurn, "configuration" | "text">): { language: LanguageCode | null; askProvider: boolean } {
    const settings = turn.configuration;
    if (!settings.use_lang_detect || wordCount(turn.text) < settings.lang_detect_word_count) return { language: null, askProvider: false };
    return { language: locallyDetectedLanguage(settings, turn.text) ?? null, askProvider: Boolean(provider) };
  }

  /** The provider's verdict on the anonymised text (every model gets only that), or `fallback` when it has none. */
  async function providerLanguage(settings: Configuration, anonymised: string, fallback: LanguageCode): Promise<LanguageCode> {
    if (!provider) return fallback;
    try {
      const answer = await provider.complete({
        model: settings.lang_detect_model,
        messages: buildLanguagePrompt(anonymised),
        temperature: 0,
        topP: 1,
        maxTokens: 3,
        azure: settings.use_azure_openai,
        auxiliary: true,
      });
      const code = answer.text.trim().toLowerCase().slice(0, 2);
      return isLanguageCode(code) ? code : fallback;
    } catch (error) {
      logError("the language could not be detected by the provider; using the local detector", error);
      return fallback;
    }
  }

  async function pickUrls(configuration: Configuration, language: LanguageCode, question: string): Promise<string[]> {
    if (!configuration.use_gpt35_url_search || !provider) return [];
    const urls = await deps.urlsOf(configuration._id);
    if (urls.length === 0) return [];
    try {
      const answer = await provider.complete({
        model: configuration.lang_detect_model,
        messages: buildUrlSearchPrompt({ instruction: configuration.url_search_instruction, language, urls, question }),
        temperature: 0,
        topP: 1,
        maxTokens: 200,
        azure: configuration.use_azure_openai,
        auxiliary: true,
      });
      return pickListedUrls(answer.text, urls, 3);
    } catch (error) {
      logError("URL search failed; answering without it", error);
      return [];
    }
  }

  function changed(conversation: ConversationRecord, emittedBy: ConversationChange["emittedBy"], message: StoredMessage, alerted = false) {
    try {
      deps.onConversationChanged?.({ conversationId: conversation.id, sessionId: conversation.session_id, emittedBy, message, alerted });
    } catch (error) {
      logError("a conversation change could not be reported", error);
    }
  }

  async function raiseAlerts(turn: VisitorTurn, visitorMessage: StoredMessage, question: string): Promise<boolean> {
    const settings = turn.configuration;
    let alert: { text: string; reason: AlertRaised["reason"] } | undefined;
    if (settings.use_alert_triggers) {
      const keyword = matchedAlertKeyword(question, settings.alert_trigger_keywords);
      if (keyword) alert = { text: question, reason: "keyword" };
    }
    if (!alert && asksForPerson(question)) alert = { text: question, reason: "person" };
    if (!alert && settings.use_live_chat_monitor && provider && settings.goal_live_monitoring_instruction.trim() !== "") {
      try {
        const verdict = await provider.complete({
          model: settings.lang_detect_model,
          messages: buildMonitorPrompt(settings.goal_live_monitoring_instruction, question),
          temperature: 0,
          topP: 1,
          maxTokens: 40,
          azure: settings.use_azure_openai,
          auxiliary: true,
        });
        if (/^\s*ALERT\b/i.test(verdict.text)) alert = { text: question, reason: "monitor" };
      } catch (error) {
        logError("the live monitor could not judge a message", error);
      }
    }
    if (!alert) return false;
    await markAlert(db, turn.conversation.id, alert.text);
    deps.onAlert?.({ conversation: { ...turn.conversation, alert_triggered: true, alert_message: alert.text }, message: visitorMessage, alertText: alert.text, reason: alert.reason });
    return true;
  }

  function shownSources(found: readonly FoundSource[], urls: readonly string[]): MessageSource[] {
    const shown: MessageSource[] = found.slice(0, sourcesShown).map((source) => ({ kind: source.kind, title: source.title, url: source.url }));
    for (const url of urls) {
      if (shown.length >= sourcesShown) break;
      if (!shown.some((source) => source.url === url)) shown.push({ kind: "url", title: url, url });
    }
    return shown;
  }

  /** `id`: the streamed answer's, when the note replaces pieces of an answer the visitor was shown (a stream cut off). */
  async function storeFailure(turn: VisitorTurn, visitorMessage: StoredMessage, text: string, id?: string): Promise<StoredMessage> {
    const reply = await insertReply(db, turn.conversation.id, { id, role: "system", content: sanitiseAnswerHtml(`<p>${escapeHtml(text)}</p>`), replyTo: visitorMessage.id });
    changed(turn.conversation, "assistant", reply);
    return reply;
  }

  return {
    async handle(given: VisitorTurn | SessionTurn, events: TurnEvents = {}): Promise<TurnResult & { conversation: ConversationRecord }> {
      const settings = given.configuration;
      const anonymised = settings.anonimize_input
        ? anonymise(given.text, { entityTypes: settings.entitytypes_to_anonimize, exceptions: settings.anonimize_exceptions }).text
        : given.text;
      const { language: detected, askProvider } = localLanguage(given);
      // What the visitor typed is kept only while anonymisation is off; with it on, nothing stores the original.
      const message = { content: anonymised, rawInput: settings.anonimize_input ? null : given.text, clientMessageId: given.clientMessageId };
      // The live monitor's verdict comes after the message is stored; a keyword alert is known before.
      const monitored = Boolean(settings.use_live_chat_monitor && provider && settings.goal_live_monitoring_instruction.trim() !== "");
      // A visitor asking for a person alerts the agents as a keyword does, whatever the alert settings.
      const keywordAlert = settings.use_alert_triggers && matchedAlertKeyword(anonymised, settings.alert_trigger_keywords) ? anonymised : null;
      const personAlert = keywordAlert === null && asksForPerson(anonymised) ? anonymised : null;
      const shown =
        "sessionId" in given && deps.storeVisitorMessage && !monitored
          ? { alert: keywordAlert ?? personAlert, reason: keywordAlert !== null ? ("keyword" as const) : ("person" as const) }
          : undefined;
      const target = "sessionId" in given ? { sessionId: given.sessionId, configurationId: settings._id } : undefined;
      const inSession = !target
        ? undefined
        : shown
          ? await deps.storeVisitorMessage!({ ...target, ...message, language: detected, alert: shown.alert })
          : await insertVisitorMessageInSession(db, target, { ...message, language: detected });
      const conversation = "conversation" in given ? given.conversation : (inSession?.conversation ?? (await given.start()));
      const turn: VisitorTurn = { configuration: settings, conversation, text: given.text, clientMessageId: given.clientMessageId, stream: given.stream };
      events.conversation?.(conversation);
      const language = detected ?? conversation.language;
      const { message: visitorMessage, duplicate } = inSession ?? (await insertVisitorMessage(db, conversation.id, { ...message, language }));
      return { ...(await afterStored(turn, events, visitorMessage, duplicate, anonymised, language, askProvider, inSession && shown)), conversation };
    },

    /**
     * After an agent handed the conversation back: the visitor's last message, written while the agent had it and
     * answered by no one, gets the assistant's answer (undefined when there is none waiting). The notes after it
     * are the agents' (joined, handed back, alternately, with no `reply_to`): an odd count means the first is a
     * hand-back, so the message came while an agent had the conversation (an even count: before the takeover,
     * when the assistant answers it itself).
     */
    async answerWaiting(configuration: Configuration, conversation: ConversationRecord, events: TurnEvents = {}): Promise<TurnResult | undefined> {
      if (conversation.status !== "Ongoing" || conversation.is_manual || conversation.is_locked) return undefined;
      const latest = await listMessages(db, conversation.id, 20);
      let notes = 0;
      while (latest.at(-1)?.role === "system" && latest.at(-1)!.reply_to === null) {
        latest.pop();
        notes += 1;
      }
      const waiting = latest.at(-1);
      if (!waiting || waiting.role !== "user" || notes % 2 === 0) return undefined;
      // The visitor's own turn may have taken the message already (it was stored while the hand-back committed).
      if (!(await claimAnswer(db, waiting.id))) return undefined;
      const turn: VisitorTurn = { configuration, conversation, text: waiting.content, clientMessageId: waiting.client_message_id ?? null, stream: Boolean(events.delta) };
      events.stored?.(waiting, false, "assistant");
      return answer(turn, events, { visitorMessage: waiting, duplicate: false, anonymised: waiting.content, language: conversation.language }, true);
    },
  };

  /** The visitor's message is stored: the agents are told, and the assistant answers unless an agent has the conversation. */
  async function afterStored(
    turn: VisitorTurn,
    events: TurnEvents,
    visitorMessage: StoredMessage,
    duplicate: boolean,
    anonymised: string,
    language: LanguageCode,
    /** The provider is to judge the message's language before the assistant answers (see `localLanguage`). */
    askProvider: boolean,
    /** The agents have the message already (`storeVisitorMessage`), with the keyword alert it raised. */
    shown?: { alert: string | null; reason: AlertRaised["reason"] },
  ): Promise<TurnResult> {
    events.stored?.(visitorMessage, duplicate, turn.conversation.is_manual || turn.conversation.is_locked ? "human_agent" : "assistant");

    if (duplicate) {
      const earlier = await findReplyTo(db, visitorMessage.id);
      if (!earlier) return turn.conversation.is_manual ? { outcome: "human_agent", visitorMessage, duplicate } : { outcome: "pending", visitorMessage, duplicate };
      if (earlier.role === "assistant") return { outcome: "answered", visitorMessage, reply: earlier, duplicate };
      if (earlier.role === "human_agent") return { outcome: "human_agent", visitorMessage, duplicate };
      // The note that the messages are used up, in whichever language it was written: refused again as the first was.
      const quotaNotice = languageCodes.map((code) => assistantTexts[code].unavailable).find((text) => earlier.content.includes(escapeHtml(text)));
      if (quotaNotice) return { outcome: "quota_exhausted", visitorMessage, reply: earlier, duplicate, notice: quotaNotice };
      return { outcome: "provider_failed", visitorMessage, reply: earlier, duplicate, notice: assistantTexts[language].provider_failed };
    }

    if (shown?.alert) deps.onAlert?.({ conversation: turn.conversation, message: visitorMessage, alertText: shown.alert, reason: shown.reason });
    else if (!shown) changed(turn.conversation, "user", visitorMessage, await raiseAlerts(turn, visitorMessage, anonymised));
    if (turn.conversation.is_manual || turn.conversation.is_locked) return { outcome: "human_agent", visitorMessage, duplicate };
    return answer(turn, events, { visitorMessage, duplicate, anonymised, language, askProvider });
  }

  /**
   * The assistant answers a stored visitor message (the quota counted), and the agents are told of the answer.
   * The message is claimed first (unless the caller has), so of two paths that reach it only one answers.
   */
  async function answer(
    turn: VisitorTurn,
    events: TurnEvents,
    question: { visitorMessage: StoredMessage; duplicate: boolean; anonymised: string; language: LanguageCode; askProvider?: boolean },
    claimed = false,
  ): Promise<TurnResult> {
    const { visitorMessage, duplicate } = question;
    if (!claimed && !(await claimAnswer(db, visitorMessage.id))) return { outcome: "pending", visitorMessage, duplicate };
    // One conversation's answers are written one after the other, in the order its messages came: a quick
    // answer to the second question never arrives before a slow one to the first (the visitor would read them
    // crossed).
    return answering(turn.conversation.id, () => answerClaimed(turn, events, question));
  }

  async function answerClaimed(
    turn: VisitorTurn,
    events: TurnEvents,
    question: { visitorMessage: StoredMessage; duplicate: boolean; anonymised: string; language: LanguageCode; askProvider?: boolean },
  ): Promise<TurnResult> {
    const { visitorMessage, duplicate, anonymised } = question;
    const settings = turn.configuration;
    let language = question.language;
    if (question.askProvider) {
      const verdict = await providerLanguage(settings, anonymised, language);
      if (verdict !== language) {
        language = verdict;
        await setConversationLanguage(db, turn.conversation.id, verdict);
      }
    }
    if (attachmentOf(turn.text, settings._id)) {
      // A file alone asks nothing the assistant could look up (and it reads no files): it says so, uses no
      // message of the quota, and the file stays in the conversation for the agents.
      const text = assistantTexts[language].attachment_received;
      const reply = await insertReply(db, turn.conversation.id, { role: "assistant", content: `<p>${escapeHtml(text)}</p>`, replyTo: visitorMessage.id, sources: [] });
      changed(turn.conversation, "assistant", reply);
      return { outcome: "answered", visitorMessage, reply, duplicate };
    }
    // A visitor asking for a person while an agent is online is told someone will join (the agents were alerted);
    // after asking, contact details left for the team are acknowledged. Neither is the assistant's answer, so
    // neither uses a message of the quota.
    const personRequested = asksForPerson(anonymised);
    const noteText: AssistantText | undefined =
      personRequested && (await agentsAvailable(settings._id))
        ? "person_requested_online"
        : !provider && !personRequested && turn.conversation.alert_triggered && wordCount(anonymised) <= 12 && holdsContactDetails(anonymised)
          ? "contact_details_received"
          : undefined;
    if (noteText) {
      const text = assistantTexts[language][noteText];
      const reply = await insertReply(db, turn.conversation.id, { role: "assistant", content: `<p>${escapeHtml(text)}</p>`, replyTo: visitorMessage.id, sources: [] });
      changed(turn.conversation, "assistant", reply);
      return { outcome: "answered", visitorMessage, reply, duplicate };
    }
    // The portal's test environment tries the assistant out: its answers use no message of the quota, up to a
    // daily cap per configuration (beyond it a test answer counts like a visitor's).
    const freeTest = turn.conversation.is_test && (await freeTestAnswerLeft(db, settings._id, deps.now?.()));
    const take: QuotaTake = freeTest ? { taken: true, unlimited: true } : await takeMessage(db, settings, deps.now?.());
    if (!take.taken) {
      const notice = assistantTexts[language].unavailable;
      const reply = await storeFailure(turn, visitorMessage, notice);
      return { outcome: "quota_exhausted", visitorMessage, reply, duplicate, notice };
    }

    // The answer's id, known before it streams: a note that there is no answer takes it too, so the pieces a
    // visitor was shown of an answer cut off are replaced by the note (`done` of the same message id).
    const replyId = randomUUID();
    try {
      const history = settings.use_input_history ? await turnsBefore(db, turn.conversation.id, visitorMessage.id, settings.input_history_count) : [];
      const wantsKnowledge = settings.rag_enabled || settings.include_manual_dataset;
      const [found, urls] = await Promise.all([
        wantsKnowledge
          ? deps.sources.find({
              configurationId: settings._id,
              language,
              question: anonymised,
              faq: settings.include_manual_dataset,
              articles: settings.rag_enabled,
              limit: sourcesForPrompt,
              judgeArticles: !provider,
              semanticFaq: !provider,
            })
          : Promise.resolve([]),
        settings.rag_enabled ? pickUrls(settings, language, anonymised) : Promise.resolve([]),
      ]);

      let content: string;
      let sources: MessageSource[];
      let usage: ModelUsage | undefined;
      // Whether the reply answers the question (rated by the visitor), not small talk or a note.
      let isAnswer: boolean;
      if (provider) {
        const promptSources: PromptSource[] = [
          ...found.map((source) => ({ kind: source.kind, title: source.title, url: source.url, text: source.text })),
          ...urls.map((url) => ({ kind: "url" as const, title: url, url, text: url })),
        ];
        const request: ChatRequest = {
          model: settings.model,
          messages: buildAnswerPrompt({
            settings,
            language,
            sources: promptSources,
            history: history.map((message) => ({ role: message.role === "user" ? "user" : "assistant", content: message.content })),
            question: anonymised,
          }),
          temperature: settings.temperature,
          topP: settings.topp,
          maxTokens: settings.max_tokens,
          azure: settings.use_azure_openai,
          stream: turn.stream,
        };
        const onDelta = turn.stream && events.delta ? (text: string) => events.delta!(replyId, text) : undefined;
        const tools = deps.functions?.toolsOf(settings) ?? [];
        let answer = await provider.complete(tools.length > 0 ? { ...request, tools } : request, onDelta);
        let answerText = answer.text;
        if (answer.toolCalls?.length && deps.functions) {
          // The model called the configuration's functions: their workflows run, and it answers with what they found
          // (offered no functions this time, so the visitor always gets an answer).
          const calls = answer.toolCalls.slice(0, maxFunctionCallsPerAnswer);
          const results = await Promise.all(calls.map((call) => deps.functions!.run(settings, turn.conversation, call)));
          const messages: ChatMessage[] = [
            ...request.messages,
            { role: "assistant", content: answer.text, toolCalls: calls },
            ...calls.map((call, index) => ({ role: "tool" as const, toolCallId: call.id, content: results[index]! })),
          ];
          const usageBefore = answer.usage;
          answer = await provider.complete({ ...request, messages }, onDelta);
          answerText = [answerText, answer.text].filter((part) => part.trim() !== "").join(" ");
          if (usageBefore && answer.usage) {
            answer = { ...answer, usage: { promptTokens: usageBefore.promptTokens + answer.usage.promptTokens, completionTokens: usageBefore.completionTokens + answer.usage.completionTokens, totalTokens: usageBefore.totalTokens + answer.usage.totalTokens } };
          }
        }
        content = looksLikeHtml(answerText) ? sanitiseAnswerHtml(answerText) : answerTextToHtml(answerText);
        // No text (a content filter, a tool call nobody asked for) or nothing left once sanitised: the visitor
        // gets the note that there is no answer, and the quota its message back, rather than an empty bubble.
        if (answerHtmlToText(content) === "")
          throw new ProviderError("unavailable", `the provider's answer has no text to show (finish reason ${answer.finishReason ?? "none"})`, { requestId: answer.requestId });
        sources = shownSources(found, urls);
        isAnswer = smallTalkOf(anonymised) === null;
        if (answer.usage) usage = { model: answer.model || settings.model, promptTokens: answer.usage.promptTokens, completionTokens: answer.usage.completionTokens };
      } else {
        const confident = (found[0]?.confidence ?? 0) >= answerConfidenceThreshold;
        // Whether a colleague is online matters only to an answer that has nothing better to give.
        // Once the agents were alerted (the visitor asked for a person already), it is not said again.
        const agentOnline = !confident && !personRequested && !turn.conversation.alert_triggered && (await agentsAvailable(settings._id));
        const extractive = answerFromSources(anonymised, found, language, await linksFor(found, settings._id), { personRequested, agentOnline });
        content = extractive.html;
        sources = extractive.sources;
        isAnswer = extractive.answer;
        if (turn.stream && events.delta) events.delta(replyId, extractive.text);
      }
      const reply = await insertReply(db, turn.conversation.id, { id: replyId, role: "assistant", content, replyTo: visitorMessage.id, sources, usage, answer: isAnswer });
      changed(turn.conversation, "assistant", reply);
      return { outcome: "answered", visitorMessage, reply, duplicate };
    } catch (error) {
      await giveBackMessage(db, settings._id, take);
      if (!(error instanceof ProviderError)) throw error;
      logError("the AI provider could not answer a visitor", error);
      const notice = assistantTexts[language].provider_failed;
      const reply = await storeFailure(turn, visitorMessage, notice, replyId);
      return { outcome: "provider_failed", visitorMessage, reply, duplicate, notice };
    }
  }

  async function agentsAvailable(configurationId: string): Promise<boolean> {
    if (!deps.agentsOnline) return false;
    try {
      return await deps.agentsOnline(configurationId);
    } catch (error) {
      logError("whether agents are online could not be read", error);
      return false;
    }
  }

  /** The links an "I don't know" offers: the found sources' pages, then the configuration's URL list. */
  async function linksFor(found: readonly FoundSource[], configurationId: string): Promise<string[]> {
    const links = found.flatMap((source) => (source.url ? [source.url] : []));
    if (links.length >= sourcesShown) return links;
    return [...links, ...(await deps.urlsOf(configurationId))];
  }
}

export type Assistant = ReturnType<typeof createAssistant>;

/**
 * An answer written in HTML (what the answer rules ask for) has a whole tag, of any element: one the allow-list
 * refuses (a table in a div, a script) is sanitised away rather than shown to the visitor as escaped markup.
 * Plain text and Markdown ("prices < 50 euro") have none.
 */
const looksLikeHtml = (text: string) => /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(text);
