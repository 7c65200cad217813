/**
 * Chat widget geometry and the messages between the widget iframe, the host page and the portal
 * (spec 01 §2, spec 02 §9).
 */

/** Room around the chat window inside its iframe. */
export const iframeExtraWidth = 70;
export const iframeExtraHeight = 30;
/** Room around the chat button inside the collapsed iframe. */
export const collapsedExtra = 15;
/** A chat-button bubble needs this much more height, and its own width plus `bubbleExtraWidth`. */
export const bubbleExtraHeight = 150;
export const bubbleExtraWidth = 100;

export const defaultWidgetPosition = { right: 5, bottom: 10 } as const;
export const fullHeight = "100vh";
export const phonePreviewSize = { width: 350, height: 625 } as const;
/** The frame size after a collapseChat message from the host page. */
export const collapsedFrameSize = { width: 85, height: 85 } as const;

export interface FrameSize {
  width: number;
  height: number;
}

/** The iframe that holds an opened chat window of the configured size. */
export function iframeSizeFor(chat: { chatbotWidth: number; chatbotHeight: number }): FrameSize {
  return { width: chat.chatbotWidth + iframeExtraWidth, height: chat.chatbotHeight + iframeExtraHeight };
}

export interface ChatButtonGeometry {
  buttonHeight: number;
  borderWidth: number;
  shadowWidth: number;
  showChatbuttonBubble?: boolean;
  chatbuttonBubbleWidth?: number;
}

/** The iframe that holds only the chat button (and its bubble, when shown). */
export function collapsedSizeFor(button: ChatButtonGeometry): FrameSize {
  const side = button.buttonHeight + button.borderWidth + button.shadowWidth + collapsedExtra;
  if (!button.showChatbuttonBubble) return { width: side, height: side };
  return {
    width: side + (button.chatbuttonBubbleWidth ?? 0) + bubbleExtraWidth,
    height: side + bubbleExtraHeight,
  };
}

export const widgetModes = ["overlay", "embedded"] as const;
export type WidgetMode = (typeof widgetModes)[number];
/** Spelled as the contract's ChatbotSettings.initialState. */
export const widgetInitialStates = ["closed", "opened", "fullscreen"] as const;
export type WidgetInitialState = (typeof widgetInitialStates)[number];
/** New chatbot designs start in Dutch. */
export const defaultWidgetLanguage = "nl";

/** Messages the chat iframe posts to the page that embeds it. */
export const iframeMessageTypes = {
  extend: "extend",
  fullScreen: "fullScreen",
  exitFullScreen: "exitFullScreen",
  collapse: "collapse",
  refresh: "refresh",
  loaded: "loaded",
} as const;
export type IframeMessageType = (typeof iframeMessageTypes)[keyof typeof iframeMessageTypes];

export function isIframeMessage(data: unknown): data is { type: IframeMessageType } {
  const type = (data as { type?: unknown } | null)?.type;
  return typeof type === "string" && (Object.values(iframeMessageTypes) as string[]).includes(type);
}

/** The longest message a visitor may send (the contract's `visitor_message.message` and the HTTP message's maxLength). */
export const visitorMessageMaxLength = 4000;

/**
 * What the chat iframe tells Parley's own Test environment page (never a customer's website): the question
 * the visitor just asked, so the page can show the sources the assistant finds for it.
 */
export const visitorQuestionMessageType = "parley:visitor-question";
export interface VisitorQuestionMessage {
  type: typeof visitorQuestionMessageType;
  text: string;
}
export function isVisitorQuestionMessage(data: unknown): data is VisitorQuestionMessage {
  const message = data as Partial<VisitorQuestionMessage> | null;
  return message?.type === visitorQuestionMessageType && typeof message.text === "string" && message.text.length <= visitorMessageMaxLength;
}

/** Messages a parent page posts to the portal. */
export const parentMessageTypes = { navigateTo: "navigate-to", collapseChat: "collapseChat" } as const;
export type ParentMessage = { type: "navigate-to"; path: string } | { type: "collapseChat" };

/** Reads a parent-page message; navigate-to needs a string path. */
export function readParentMessage(data: unknown): ParentMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, path } = data as { type?: unknown; path?: unknown };
  if (type === parentMessageTypes.navigateTo && typeof path === "string") return { type, path };
  if (type === parentMessageTypes.collapseChat) return { type };
  return null;
}

/**
 * The widget's own drawings (paths in a 24 by 24 view box), drawn by the widget and by the portal's preview
 * of it, so that the preview shows what visitors see.
 */
export const widgetIcons = {
  /** The header's avatar when the design has none: a person on a light disc. */
  defaultAvatar: {
    disc: "rgba(255,255,255,0.25)",
    path: "M12 6a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 8.5c3.3 0 6 1.6 6 3.5v1H6v-1c0-1.9 2.7-3.5 6-3.5z",
  },
  /** The chat button's speech bubble when the design has no button image. */
  launcher: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z",
  /** An answer's rating: thumbs up and down, stroked (Lucide's thumbs, ISC licence). */
  helpful: [
    "M7 10v12",
    "M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z",
  ],
  notHelpful: [
    "M17 14V2",
    "M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z",
  ],
} as const;

/**
 * What the widget keeps per configuration in its own origin's storage (apps/widget visitor-storage): the
 * conversation (localStorage), the visitor's ratings (localStorage) and whether the chat was left open
 * (sessionStorage, for the browser session). The portal's Test environment frames the widget from its own
 * origin and forgets them to start over.
 */
export const widgetStorageKeys = {
  visitor: (configurationId: string) => `parley.widget.${configurationId}`,
  ratings: (configurationId: string) => `parley.widget.${configurationId}.ratings`,
  chatState: (configurationId: string) => `parley.widget.${configurationId}.chat`,
} as const;
