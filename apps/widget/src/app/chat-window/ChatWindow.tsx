import { widgetIcons } from "@parley/domain/widget";
import type { Ref } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { ConversationState } from "../conversation/conversation-state";
import type { Transport } from "../conversation/chat-connection";
import type { Translate, TranslationKey } from "../i18n/translations";
import { MessageList } from "../messages/MessageList";
import { SafeHtml } from "../messages/SafeHtml";
import type { WidgetDesign } from "../settings/design";
import { safeImageUrl } from "../theme/design-style";
import { attachmentMessage, uploadAttachment } from "../attachments/attachments";
import { Composer } from "./Composer";

export interface ChatWindowProps {
  design: WidgetDesign;
  configurationId: string;
  pageUrl: string;
  translate: Translate;
  conversation: ConversationState;
  transport: Transport;
  fullScreen: boolean;
  closable: boolean;
  soundOn: boolean;
  fieldRef: Ref<HTMLTextAreaElement>;
  onSend: (text: string) => void;
  /** The visitor types in the message field (true) or stopped (false). */
  onTyping: (typing: boolean) => void;
  onClose: () => void;
  onToggleFullScreen: () => void;
  onStartOver: () => void;
  onToggleSound: () => void;
}

/** Drawn from the domain's widgetIcons, which the portal's design preview draws too. */
function DefaultAvatar() {
  const { disc, path } = widgetIcons.defaultAvatar;
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill={disc} />
      <path fill="currentColor" d={path} />
    </svg>
  );
}

// The server could not be reached: the message stays pending and is resent when the connection is back.
// `forbidden`: the page's website is not among the configuration's allowed websites; trying again won't help.
const errorKeys = new Map<string, TranslationKey>([
  ["rate_limited", "limitReached"],
  ["service_unavailable", "reconnecting"],
  ["forbidden", "notAllowedHere"],
]);
const errorKeyOf = (code: string): TranslationKey => errorKeys.get(code) ?? "failed";

const focusable = "button:not([disabled]), textarea:not([disabled]), input:not([disabled]), a[href]";

/**
 * Full screen, the chat covers the host page: Tab wraps around within it instead of moving on to the page's
 * links hidden beneath. The floating chat is no modal: Tab leaves it for the page around it.
 */
function keepTabInside(event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const controls = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>(focusable)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const target = event.shiftKey ? (document.activeElement === first ? last : null) : document.activeElement === last ? first : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** Whether the browser says it has no network (its `offline` and `online` events). */
function useOffline(): boolean {
  const [offline, setOffline] = useState(() => navigator.onLine === false);
  useEffect(() => {
    const update = () => setOffline(navigator.onLine === false);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    update();
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}

export function ChatWindow(props: ChatWindowProps) {
  const { design, translate, conversation, pageUrl } = props;
  const { chat } = design;
  const avatar = chat.avatarType === "default" ? null : safeImageUrl(chat.avatarUrl);
  const botImage = safeImageUrl(chat.botImageUrl);
  const backgroundImage = safeImageUrl(chat.backgroundImageUrl);
  const poweredByUrl = chat.poweredByUrl ? safeImageUrl(chat.poweredByUrl) : null;
  const [confirmingStartOver, setConfirmingStartOver] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const startOverRef = useRef<HTMLButtonElement>(null);
  const focusField = () => {
    const field = props.fieldRef;
    if (field && typeof field === "object") field.current?.focus();
  };
  const hasConversation = conversation.messages.length > 0 || conversation.pending.length > 0;
  const offline = useOffline();
  useEffect(() => {
    if (confirmingStartOver) cancelRef.current?.focus();
  }, [confirmingStartOver]);

  return (
    <section
      class={`pw-window${props.fullScreen ? " pw-full-screen" : ""}`}
      role="dialog"
      aria-label={chat.headerTitle || translate("chatWindow")}
      aria-modal={props.fullScreen || undefined}
      onKeyDown={props.fullScreen ? keepTabInside : undefined}
      style={backgroundImage ? { backgroundImage: `url(${JSON.stringify(backgroundImage)})` } : undefined}
    >
      <header class="pw-header">
        <span class="pw-avatar">{avatar ? <img src={avatar} alt="" /> : <DefaultAvatar />}</span>
        <div class="pw-header-texts">
          <h1 title={chat.headerTitle || chat.name}>{chat.headerTitle || chat.name}</h1>
          {chat.headerSubtitle && <p title={chat.headerSubtitle}>{chat.headerSubtitle}</p>}
        </div>
        {botImage && <img class="pw-bot-image" src={botImage} alt="" />}
        <div class="pw-header-actions">
          {chat.allowPlaySounds && (
            <button
              type="button"
              class="pw-icon-button"
              aria-label={props.soundOn ? translate("soundOff") : translate("soundOn")}
              aria-pressed={props.soundOn}
              onClick={props.onToggleSound}
            >
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true">
                <path d="M11 5 6 9H2v6h4l5 4V5z" />
                {props.soundOn ? <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" /> : <path d="m22 9-6 6M16 9l6 6" />}
              </svg>
            </button>
          )}
          <button
            type="button"
            class="pw-icon-button"
            aria-label={translate("newConversation")}
            title={translate("newConversation")}
            aria-expanded={confirmingStartOver}
            ref={startOverRef}
            onClick={() => (hasConversation ? setConfirmingStartOver(!confirmingStartOver) : props.onStartOver())}
          >
            ↻
          </button>
          {props.closable && (
            <button
              type="button"
              class="pw-icon-button"
              aria-label={props.fullScreen ? translate("exitFullScreen") : translate("fullScreen")}
              onClick={props.onToggleFullScreen}
            >
              {props.fullScreen ? "⤡" : "⤢"}
            </button>
          )}
          {props.closable && (
            <button
              type="button"
              class="pw-icon-button"
              aria-label={translate("closeChat")}
              onClick={props.onClose}
            >
              ✕
            </button>
          )}
        </div>
      </header>
      {confirmingStartOver && (
        // Starting over drops the conversation from this browser for good, so it is asked first.
        <div
          class="pw-confirm"
          role="group"
          aria-label={translate("newConversation")}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            event.stopPropagation();
            setConfirmingStartOver(false);
            startOverRef.current?.focus();
          }}
        >
          <p>{translate("startOverQuestion")}</p>
          <button
            type="button"
            class="pw-confirm-yes"
            onClick={() => {
              setConfirmingStartOver(false);
              props.onStartOver();
              focusField();
            }}
          >
            {translate("startOverConfirm")}
          </button>
          <button
            type="button"
            ref={cancelRef}
            onClick={() => {
              setConfirmingStartOver(false);
              startOverRef.current?.focus();
            }}
          >
            {translate("cancel")}
          </button>
        </div>
      )}
      {chat.enableOnlineMessage && design.online && chat.onlineMessage && (
        <p class="pw-online">{chat.onlineMessage}</p>
      )}
      {/* Offline, the socket may look connected for a long while (until its ping times out): said at once. */}
      {offline ? (
        <p class="pw-notice" role="status">
          {translate("offline")}
        </p>
      ) : (
        props.transport === "connecting" &&
        conversation.pending.length > 0 &&
        conversation.errorCode !== "service_unavailable" && <p class="pw-notice">{translate("reconnecting")}</p>
      )}
      <MessageList
        configurationId={props.configurationId}
        conversation={conversation}
        startMessage={chat.startMessage}
        pageUrl={pageUrl}
        translate={translate}
        showRating={chat.showRating}
        showStreaming={chat.streamingResponse}
      />
      {conversation.errorCode && !(offline && conversation.errorCode === "service_unavailable") && (
        <p class="pw-error" role="alert">
          {translate(errorKeyOf(conversation.errorCode))}
        </p>
      )}
      <Composer
        placeholder={chat.userInputPlaceholderText}
        translate={translate}
        allowEmoticons={chat.allowEmoticons}
        allowAttachments={chat.allowAttachments}
        onAttach={async (file) => {
          // The file belongs to a conversation: it starts with the visitor's first message.
          const sessionId = conversation.sessionId;
          if (!sessionId) return "attachmentNeedsConversation";
          const uploaded = await uploadAttachment(props.configurationId, sessionId, pageUrl, file);
          if (typeof uploaded === "string") return uploaded;
          props.onSend(attachmentMessage(uploaded));
          return null;
        }}
        fieldRef={props.fieldRef}
        onSend={props.onSend}
        onTyping={props.onTyping}
        disabled={conversation.errorCode === "forbidden"}
      />
      {chat.disclaimerHtml && (
        <SafeHtml className="pw-disclaimer" html={chat.disclaimerHtml} base={pageUrl} />
      )}
      {chat.showPoweredBy && chat.poweredByText && (
        <p class="pw-powered-by">
          {poweredByUrl ? (
            <a href={poweredByUrl} target="_blank" rel="noopener noreferrer">
              {chat.poweredByText}
            </a>
          ) : (
            chat.poweredByText
          )}
        </p>
      )}
    </section>
  );
}
