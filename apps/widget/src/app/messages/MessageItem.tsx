import { widgetIcons } from "@parley/domain/widget";
import type { Translate } from "../i18n/translations";
import type { Rating } from "../conversation/visitor-storage";
import type { ChatMessage, MessageSource } from "../conversation/types";
import { attachmentHref, attachmentOf } from "../attachments/attachments";
import { SafeHtml } from "./SafeHtml";
import { safeLinkHref } from "./sanitize-html";

export interface MessageItemProps {
  message: ChatMessage;
  configurationId: string;
  sessionId: string | null;
  pageUrl: string;
  translate: Translate;
  showRating: boolean;
  rating: Rating | undefined;
  /** The thumb chosen, or null when the visitor pressed the chosen one again to take it back. */
  onRate: (key: string, rating: Rating | null) => void;
}

function Sources({
  sources,
  pageUrl,
  translate,
}: {
  sources: MessageSource[];
  pageUrl: string;
  translate: Translate;
}) {
  // A FAQ row has no page of its own: it is named, without a link.
  const items = sources.flatMap((source) => {
    const href = safeLinkHref(source.url, pageUrl);
    const title = source.title || href;
    return title ? [{ href, title }] : [];
  });
  if (items.length === 0) return null;
  return (
    <nav class="pw-sources" aria-label={translate("sources")}>
      <span class="pw-sources-title">{translate("sources")}</span>
      <ul>
        {items.map((item) => (
          <li key={`${item.href ?? ""} ${item.title}`}>
            {item.href ? (
              <a href={item.href} target="_parent" rel="noopener noreferrer">
                {item.title}
              </a>
            ) : (
              item.title
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The visitor's own words, as text; a file they sent as a download link for their session. */
function VisitorText({ text, configurationId, sessionId, pageUrl }: { text: string; configurationId: string; sessionId: string | null; pageUrl: string }) {
  const attachment = sessionId ? attachmentOf(text, configurationId) : null;
  if (!attachment || !sessionId) return <div class="pw-bubble" dir="auto">{text}</div>;
  return (
    <div class="pw-bubble pw-attachment">
      <a href={attachmentHref(attachment.url, sessionId, pageUrl)} download target="_blank" rel="noopener noreferrer">
        📎 {attachment.name}
      </a>
    </div>
  );
}

/** A stroked drawing of the domain's widgetIcons (emoji would depend on the visitor's fonts). */
function StrokedIcon({ paths }: { paths: readonly string[] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

export function MessageItem({ message, configurationId, sessionId, pageUrl, translate, showRating, rating, onRate }: MessageItemProps) {
  // Notes about the conversation itself: a person joined, the assistant is unavailable or failed to answer.
  if (message.role === "system") {
    return (
      <li class="pw-message pw-system">
        <SafeHtml className="pw-notice" html={message.content} base={pageUrl} />
      </li>
    );
  }
  const fromVisitor = message.role === "user";
  return (
    <li class={`pw-message ${fromVisitor ? "pw-from-visitor" : "pw-from-assistant"}`}>
      {message.role === "human_agent" && (
        <span class="pw-agent-name">{message.agent_name || translate("agent")}</span>
      )}
      {/* The visitor's own words are text; answers are the server's sanitised HTML, sanitised again here. */}
      {fromVisitor ? (
        <VisitorText text={message.raw_input ?? message.content} configurationId={configurationId} sessionId={sessionId} pageUrl={pageUrl} />
      ) : (
        <SafeHtml className="pw-bubble" html={message.content} base={pageUrl} />
      )}
      {!fromVisitor && message.sources && message.sources.length > 0 && (
        <Sources sources={message.sources} pageUrl={pageUrl} translate={translate} />
      )}
      {/* Thumbs on answers only: rating a greeting, a thanks or a note says nothing of the assistant's knowledge. */}
      {message.role === "assistant" && message.is_answer === true && showRating && (
        <div class="pw-rating">
          <button
            type="button"
            aria-label={translate("helpful")}
            aria-pressed={rating === "up"}
            onClick={() => onRate(message.key, rating === "up" ? null : "up")}
          >
            <StrokedIcon paths={widgetIcons.helpful} />
          </button>
          <button
            type="button"
            aria-label={translate("notHelpful")}
            aria-pressed={rating === "down"}
            onClick={() => onRate(message.key, rating === "down" ? null : "down")}
          >
            <StrokedIcon paths={widgetIcons.notHelpful} />
          </button>
        </div>
      )}
    </li>
  );
}
