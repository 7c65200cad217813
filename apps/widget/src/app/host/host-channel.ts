import { parentMessageTypes, visitorQuestionMessageType, type VisitorQuestionMessage } from "@parley/domain/widget";
import {
  isFromWindow,
  readFrameMessage,
  visitorChatStateMessageType,
  visitorSessionMessageType,
  type ChatState,
  type FrameMessage,
} from "../../protocol/messages";

/**
 * The origin of the page that frames the widget. Chromium and Safari tell it (ancestorOrigins); otherwise
 * the page address the loader passed along. Messages go only to that origin.
 */
export function hostOriginOf(location: Pick<Location, "ancestorOrigins">, pageUrl: string): string | null {
  const told = location.ancestorOrigins?.[0];
  if (told && told !== "null") return told;
  try {
    return new URL(pageUrl).origin;
  } catch {
    return null;
  }
}

export interface HostChannel {
  post: (message: FrameMessage) => void;
  /** Tells the page the visitor's question, only when that page is Parley's own (the Test environment). */
  tellQuestion: (text: string) => void;
  /** Asks the loader to keep the session id in the host page's storage (this frame's own is refused). */
  keepSession: (sessionId: string | null) => void;
  /** Asks the loader to keep the chat's state in the host page's session storage (this frame's own is refused). */
  keepChatState: (state: ChatState) => void;
  /** Calls back when the host page asks the chat to collapse (collapseChat); returns the unsubscribe. */
  onCollapseRequest: (handler: () => void) => () => void;
}

/** Talks to the loader in the host page; a widget opened on its own (no parent) talks to nobody. */
export function hostChannel(pageUrl: string): HostChannel {
  const framed = window.parent !== window;
  const hostOrigin = framed ? hostOriginOf(window.location, pageUrl) : null;
  return {
    post: (message) => {
      if (hostOrigin) window.parent.postMessage(message, hostOrigin);
    },
    tellQuestion: (text) => {
      // A customer's website never receives what its visitors type through this channel.
      if (hostOrigin === window.location.origin) {
        const message: VisitorQuestionMessage = { type: visitorQuestionMessageType, text };
        window.parent.postMessage(message, hostOrigin);
      }
    },
    keepSession: (sessionId) => {
      if (hostOrigin) window.parent.postMessage({ type: visitorSessionMessageType, sessionId }, hostOrigin);
    },
    keepChatState: (state) => {
      if (hostOrigin) window.parent.postMessage({ type: visitorChatStateMessageType, state }, hostOrigin);
    },
    onCollapseRequest: (handler) => {
      const listener = (event: MessageEvent) => {
        if (!hostOrigin || !isFromWindow(event, hostOrigin, window.parent)) return;
        if (readFrameMessage(event.data)?.type === parentMessageTypes.collapseChat) handler();
      };
      window.addEventListener("message", listener);
      return () => window.removeEventListener("message", listener);
    },
  };
}
