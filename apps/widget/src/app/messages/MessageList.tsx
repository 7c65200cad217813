import { useEffect, useRef, useState } from "preact/hooks";
import type { ConversationState } from "../conversation/conversation-state";
import { sendRating } from "../conversation/chat-connection";
import { loadRatings, saveRatings, type Rating } from "../conversation/visitor-storage";
import type { Translate } from "../i18n/translations";
import type { ChatMessage } from "../conversation/types";
import { MessageItem } from "./MessageItem";
import { SafeHtml } from "./SafeHtml";

export interface MessageListProps {
  configurationId: string;
  conversation: ConversationState;
  startMessage: string;
  pageUrl: string;
  translate: Translate;
  showRating: boolean;
  showStreaming: boolean;
}

/** A streamed answer written in HTML: it has a complete tag (a lone "<" of plain text has none). */
const streamedHtml = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i;

/** The thumb the conversation holds, for a browser that keeps nothing in a third-party frame's storage. */
const storedRating = (rating: 1 | -1 | null | undefined): Rating | undefined => (rating === 1 ? "up" : rating === -1 ? "down" : undefined);

export function MessageList({
  configurationId,
  conversation,
  startMessage,
  pageUrl,
  translate,
  showRating,
  showStreaming,
}: MessageListProps) {
  // null: the visitor took their thumb back (whatever the history still said).
  const [ratings, setRatings] = useState<Record<string, Rating | null>>(() => loadRatings(configurationId));
  const scroller = useRef<HTMLDivElement>(null);
  const handleRate = (key: string, rating: Rating | null) => {
    const next = { ...ratings, [key]: rating };
    setRatings(next);
    const kept = Object.entries(next).filter((entry): entry is [string, Rating] => entry[1] !== null);
    saveRatings(configurationId, Object.fromEntries(kept));
    // Stored with the conversation too, where agents and the history see it.
    const rated = conversation.messages.find((message) => message.key === key);
    if (rated?.id && conversation.sessionId) {
      void sendRating(configurationId, rated.id, {
        session_id: conversation.sessionId,
        page_url: pageUrl,
        rating: rating === "up" ? 1 : rating === "down" ? -1 : null,
      });
    }
  };
  const ratingOf = (message: ChatMessage): Rating | undefined =>
    Object.hasOwn(ratings, message.key) ? (ratings[message.key] ?? undefined) : storedRating(message.rating);
  const { messages, pending, streaming, typing } = conversation;
  // The list scrolls itself to its end; scrollIntoView would scroll every page around it too, and an embedded
  // chat then dragged the customer's page down to it when a conversation came back after a page load.
  useEffect(() => {
    const list = scroller.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, pending.length, streaming, typing]);

  return (
    <div class="pw-messages" ref={scroller}>
      <ul aria-label={translate("conversation")}>
        {startMessage && (
          <li class="pw-message pw-from-assistant">
            <SafeHtml className="pw-bubble" html={startMessage} base={pageUrl} />
          </li>
        )}
        {messages.map((message) => (
          <MessageItem
            key={message.key}
            message={message}
            configurationId={configurationId}
            sessionId={conversation.sessionId}
            pageUrl={pageUrl}
            translate={translate}
            showRating={showRating}
            rating={ratingOf(message)}
            onRate={handleRate}
          />
        ))}
        {pending.map((message) => (
          <li key={message.clientMessageId} class="pw-message pw-from-visitor pw-pending">
            <div class="pw-bubble" dir="auto">{message.text}</div>
            <span class="pw-status">{translate("sending")}</span>
          </li>
        ))}
        {showStreaming &&
          streaming.map((answer) => (
            // Streamed pieces are the model's raw output until the server's sanitised answer replaces them: HTML
            // (what the answer rules ask for) is shown through the allow-list walk as it grows, so the visitor
            // never reads tags; plain text or Markdown is shown as text.
            <li key={answer.messageId} class="pw-message pw-from-assistant pw-streaming" aria-hidden="true">
              {streamedHtml.test(answer.text) ? (
                <SafeHtml className="pw-bubble" html={answer.text} base={pageUrl} />
              ) : (
                <div class="pw-bubble" dir="auto">{answer.text}</div>
              )}
            </li>
          ))}
        {(typing || (!showStreaming && streaming.length > 0)) && (
          <li class="pw-message pw-from-assistant pw-typing">
            <span class="pw-bubble">{translate("typing")}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
