import { iframeMessageTypes } from "@parley/domain/widget";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { ChatState } from "../protocol/messages";
import { ChatWindow } from "./chat-window/ChatWindow";
import { announcementOf } from "./conversation/announcement";
import { useConversation } from "./conversation/use-conversation";
import { loadChatState, saveChatState } from "./conversation/visitor-storage";
import type { HostChannel } from "./host/host-channel";
import { translatorFor, widgetLanguageOf } from "./i18n/translations";
import { Launcher } from "./launcher/Launcher";
import { initialChatState, layoutOf, type WidgetDesign } from "./settings/design";
import { designVariables } from "./theme/design-style";
import { playChime } from "./sound";

export interface AppProps {
  design: WidgetDesign;
  configurationId: string;
  pageUrl: string;
  host: HostChannel;
  /** The session id the loader kept in the host page's storage (see `useConversation`). */
  keptSessionId?: string | null;
  /** The chat's state the loader kept in the host page's session storage (see `loadChatState`). */
  keptChatState?: ChatState | null;
  /** The portal's test environment's ticket (its conversations use no message of the quota). */
  testTicket?: string | null;
}

export function App({
  design,
  configurationId,
  pageUrl,
  host,
  keptSessionId = null,
  keptChatState = null,
  testTicket = null,
}: AppProps) {
  const language = widgetLanguageOf(design.chat.uiLanguage);
  const translate = useMemo(() => translatorFor(language), [language]);
  const embedded = design.chat.mode === "embedded";
  // An embedded chat is always open; an overlay comes back as the visitor left it in this browser session.
  const [chatState, setChatState] = useState<ChatState>(() =>
    embedded
      ? initialChatState(design.chat)
      : (loadChatState(configurationId, keptChatState) ?? initialChatState(design.chat)),
  );
  const [soundOn, setSoundOn] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const launcherRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const previousState = useRef<ChatState | null>(null);
  const {
    state: conversation,
    transport,
    agentsOnline,
    send,
    typing,
    startOver,
  } = useConversation({
    configurationId,
    language: design.chat.language ? widgetLanguageOf(design.chat.language) : language,
    pageUrl,
    keptByHost: keptSessionId,
    keepElsewhere: host.keepSession,
    testTicket,
  });

  useEffect(() => {
    host.post({ type: iframeMessageTypes.loaded, layout: layoutOf(design), state: chatState });
    // Once: later changes are told with their own messages.
  }, []);

  // Only the visitor's changes are kept (until then a new visit starts as the design says), and at once, not
  // in an effect: a visitor who closes the chat and leaves the page straight away finds it closed on the next.
  const keptChatStateRef = useRef(keptChatState);
  const rememberChatState = useCallback(
    (next: ChatState) => {
      if (embedded || saveChatState(configurationId, next) || keptChatStateRef.current === next) return;
      keptChatStateRef.current = next;
      host.keepChatState(next);
    },
    [embedded, configurationId, host],
  );

  useEffect(
    () =>
      host.onCollapseRequest(() => {
        setChatState("closed");
        rememberChatState("closed");
      }),
    [host, rememberChatState],
  );

  // Focus follows the chat: into the message field when it opens, back to the launcher when it closes.
  useEffect(() => {
    const previous = previousState.current;
    previousState.current = chatState;
    if (previous === null) return;
    if (chatState === "closed") launcherRef.current?.focus();
    else if (previous === "closed") fieldRef.current?.focus();
  }, [chatState]);

  const changeState = useCallback(
    (next: ChatState) => {
      setChatState((current) => {
        if (current === next) return current;
        if (next === "closed") host.post({ type: iframeMessageTypes.collapse });
        else if (next === "fullScreen") host.post({ type: iframeMessageTypes.fullScreen });
        else if (current === "fullScreen") host.post({ type: iframeMessageTypes.exitFullScreen });
        else host.post({ type: iframeMessageTypes.extend });
        rememberChatState(next);
        return next;
      });
    },
    [host, rememberChatState],
  );

  useEffect(() => {
    if (embedded) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      // An Escape a part of the chat took (the emoticons closing) is not also the chat's.
      if (event.key === "Escape" && !event.defaultPrevented && chatState !== "closed") changeState("closed");
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [embedded, chatState, changeState]);

  // New answers and notes are read out once, as text, when complete (not each streamed piece). The conversation the
  // server brings back after a page load was heard on an earlier page: it is shown, not read out again.
  const announcedCount = useRef(conversation.messages.length);
  const historyHeard = useRef(conversation.historyLoaded);
  useEffect(() => {
    const { messages } = conversation;
    if (!historyHeard.current && conversation.historyLoaded) {
      historyHeard.current = true;
      announcedCount.current = messages.length;
      return;
    }
    if (messages.length <= announcedCount.current) {
      announcedCount.current = messages.length;
      return;
    }
    const fresh = announcementOf(messages.slice(announcedCount.current));
    announcedCount.current = messages.length;
    if (!fresh) return;
    setAnnouncement(fresh);
    if (soundOn) playChime();
  }, [conversation, soundOn]);

  // The online message follows the agents live: the socket's word replaces the settings' once it came.
  const shownDesign = useMemo(
    () => (agentsOnline === null || agentsOnline === design.online ? design : { ...design, online: agentsOnline }),
    [design, agentsOnline],
  );

  const variables = designVariables(design);
  const open = embedded || chatState !== "closed";
  return (
    <div
      class={`pw-root pw-side-${design.chat.position}${embedded ? " pw-embedded" : ""}`}
      style={variables}
      lang={language}
    >
      {open ? (
        <ChatWindow
          design={shownDesign}
          configurationId={configurationId}
          pageUrl={pageUrl}
          translate={translate}
          conversation={conversation}
          transport={transport}
          fullScreen={chatState === "fullScreen"}
          closable={!embedded}
          soundOn={soundOn}
          fieldRef={fieldRef}
          onSend={(text) => {
            send(text);
            host.tellQuestion(text);
          }}
          onTyping={typing}
          onClose={() => changeState("closed")}
          onToggleFullScreen={() => changeState(chatState === "fullScreen" ? "opened" : "fullScreen")}
          onStartOver={startOver}
          onToggleSound={() => setSoundOn((on) => !on)}
        />
      ) : (
        <Launcher
          button={design.button}
          translate={translate}
          buttonRef={launcherRef}
          onOpen={() => changeState("opened")}
        />
      )}
      <div class="pw-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
