import type { ChatButtonGeometry, WidgetMode } from "@parley/domain/widget";
import { iframeMessageTypes, isIframeMessage, parentMessageTypes } from "@parley/domain/widget";

/**
 * What the chat iframe tells the loader about itself, so the loader can size the frame by the domain's
 * geometry before it knows anything else of the design (the loader stays tiny and fetches nothing).
 */
export interface WidgetLayout {
  mode: WidgetMode;
  side: "left" | "right";
  /** Pixels from the chosen side and from the bottom of the host page's viewport. */
  sideOffset: number;
  bottomOffset: number;
  fullHeight: boolean;
  chat: { chatbotWidth: number; chatbotHeight: number };
  button: ChatButtonGeometry;
}

/** Where the chat stands; the loader sizes the frame for each. */
export const chatStates = { closed: "closed", opened: "opened", fullScreen: "fullScreen" } as const;
export type ChatState = (typeof chatStates)[keyof typeof chatStates];
const chatStateValues: readonly string[] = Object.values(chatStates);

/**
 * The visitor's session id, told to the loader only when the browser refuses the frame its own storage (a
 * third-party frame's storage is blocked in private windows and by stricter browsers): the loader keeps it
 * in the host page's storage and hands it back as the frame address's `session_id`, so the conversation
 * continues after a page load. Only the id, never what the visitor typed; null when the visitor starts over.
 */
export const visitorSessionMessageType = "parley:visitor-session";
const sessionIdPattern = /^[\w-]{1,200}$/;

/**
 * Whether the visitor has the chat open (its state), told to the loader only when the browser refuses the
 * frame its own storage, like `visitorSessionMessageType`: the loader keeps it in the host page's session
 * storage and hands it back as the frame address's `chat_state`, so the chat stays open (or closed) across
 * the page loads of the visitor's browser session.
 */
export const visitorChatStateMessageType = "parley:visitor-chat-state";

/** A chat state read from storage or an address; anything else is null. */
export function chatStateOf(value: unknown): ChatState | null {
  return typeof value === "string" && chatStateValues.includes(value) ? (value as ChatState) : null;
}

/** `loaded` carries the layout and the state the chat starts in; the other iframe messages carry nothing. */
export type FrameMessage =
  | { type: typeof visitorSessionMessageType; sessionId: string | null }
  | { type: typeof visitorChatStateMessageType; state: ChatState }
  | { type: typeof iframeMessageTypes.loaded; layout: WidgetLayout; state: ChatState }
  | { type: Exclude<(typeof iframeMessageTypes)[keyof typeof iframeMessageTypes], "loaded"> }
  | { type: typeof parentMessageTypes.collapseChat }
  | { type: typeof parentMessageTypes.navigateTo; path: string };

function isLayout(value: unknown): value is WidgetLayout {
  if (typeof value !== "object" || value === null) return false;
  const layout = value as Partial<WidgetLayout>;
  const isNumber = (candidate: unknown) => typeof candidate === "number" && Number.isFinite(candidate);
  return (
    (layout.mode === "overlay" || layout.mode === "embedded") &&
    (layout.side === "left" || layout.side === "right") &&
    isNumber(layout.sideOffset) &&
    isNumber(layout.bottomOffset) &&
    typeof layout.fullHeight === "boolean" &&
    isNumber(layout.chat?.chatbotWidth) &&
    isNumber(layout.chat?.chatbotHeight) &&
    isNumber(layout.button?.buttonHeight) &&
    isNumber(layout.button?.borderWidth) &&
    isNumber(layout.button?.shadowWidth)
  );
}

/** Reads a message the chat iframe posted; anything malformed is null and ignored. */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as { type?: unknown; layout?: unknown; state?: unknown; path?: unknown; sessionId?: unknown };
  if (message.type === visitorSessionMessageType) {
    const { sessionId } = message;
    if (sessionId !== null && !(typeof sessionId === "string" && sessionIdPattern.test(sessionId))) return null;
    return { type: visitorSessionMessageType, sessionId };
  }
  if (message.type === visitorChatStateMessageType) {
    const state = chatStateOf(message.state);
    return state ? { type: visitorChatStateMessageType, state } : null;
  }
  if (message.type === iframeMessageTypes.loaded) {
    const state = chatStateOf(message.state);
    if (!isLayout(message.layout) || !state) return null;
    return { type: iframeMessageTypes.loaded, layout: message.layout, state };
  }
  if (isIframeMessage(data)) return { type: data.type } as FrameMessage;
  if (message.type === parentMessageTypes.collapseChat) return { type: parentMessageTypes.collapseChat };
  if (message.type === parentMessageTypes.navigateTo && typeof message.path === "string")
    return { type: parentMessageTypes.navigateTo, path: message.path };
  return null;
}

/**
 * Whether a `message` event really comes from the expected window at the expected origin. Both are
 * checked: the origin alone would accept any frame of that origin (another widget, an ad), the source
 * alone a frame that navigated elsewhere.
 */
export function isFromWindow(
  event: Pick<MessageEvent, "origin" | "source">,
  expectedOrigin: string,
  expectedSource: unknown,
): boolean {
  return expectedSource != null && event.source === expectedSource && event.origin === expectedOrigin;
}
