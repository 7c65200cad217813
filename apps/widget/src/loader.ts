/**
 * The script a customer pastes once:
 *   <script async src="https://…/widget/loader.js" data-configuration-id="…"></script>
 * It frames the chat app from the script's own origin, sizes and places the frame as the chat asks, and
 * relays the few messages of the iframe protocol. It must never hurt the host page: it runs after the
 * page's load event (so the frame does not delay it), writes nothing into the document flow but the frame,
 * and throws nothing; when the widget's server is down the frame simply stays hidden.
 */
import { iframeMessageTypes, parentMessageTypes } from "@parley/domain/widget";
import { defaultLayout, frameBoxFor, frameReset, overlayZIndex, type FrameState } from "./loader/frame-geometry";
import { safeNavigationTarget } from "./loader/navigation";
import {
  chatStateOf,
  isFromWindow,
  readFrameMessage,
  visitorChatStateMessageType,
  visitorSessionMessageType,
  type ChatState,
  type WidgetLayout,
} from "./protocol/messages";

/** Longest page address sent along (a URL of many kilobytes would only bloat the frame's address). */
const maxPageUrlLength = 2048;

function findOwnScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  // Some loaders (tag managers) insert the script so that currentScript is gone by the time it runs.
  return document.querySelector<HTMLScriptElement>('script[data-configuration-id][src*="/widget/loader.js"]');
}

/** The visitor's session id the frame asked the host page to keep (see `visitorSessionMessageType`). */
const sessionKeyOf = (configurationId: string) => `parley.visitor.${configurationId}`;

function keptSessionId(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function keepSessionId(key: string, sessionId: string | null): void {
  try {
    if (sessionId) localStorage.setItem(key, sessionId);
    else localStorage.removeItem(key);
  } catch {
    // The host page's storage is refused too: the conversation lasts as long as the page.
  }
}

/** Whether the chat was open, for the browser session (see `visitorChatStateMessageType`). */
const chatStateKeyOf = (configurationId: string) => `parley.visitor.${configurationId}.chat`;

function keptChatState(key: string): ChatState | null {
  try {
    return chatStateOf(sessionStorage.getItem(key));
  } catch {
    return null;
  }
}

function keepChatState(key: string, state: ChatState): void {
  try {
    sessionStorage.setItem(key, state);
  } catch {
    // Refused here too: the chat starts as its design says on the next page.
  }
}

function start(script: HTMLScriptElement): void {
  const configurationId = script.dataset.configurationId;
  if (!configurationId) return;
  const widgetOrigin = new URL(script.src, location.href).origin;

  const frame = document.createElement("iframe");
  const address = new URL("/widget/", widgetOrigin);
  address.searchParams.set("configuration_id", configurationId);
  address.searchParams.set("page_url", location.href.slice(0, maxPageUrlLength));
  const sessionKey = sessionKeyOf(configurationId);
  const sessionId = keptSessionId(sessionKey);
  if (sessionId) address.searchParams.set("session_id", sessionId);
  const chatStateKey = chatStateKeyOf(configurationId);
  const chatState = keptChatState(chatStateKey);
  if (chatState) address.searchParams.set("chat_state", chatState);
  frame.src = address.href;
  frame.title = script.dataset.title ?? "Chat";
  // The frame's own origin keeps its storage and socket; top navigation only on a click (answers' links
  // open in the host page).
  frame.setAttribute(
    "sandbox",
    "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation",
  );
  frame.setAttribute("allow", "clipboard-write");
  // Every property is set `!important` inline: a host page's own rules for iframes (a theme's responsive
  // `iframe { width: 100% !important; height: auto !important }`, a border, a transform) would otherwise
  // stretch the frame across the page, where it hides the chat and takes the clicks meant for the page.
  const style = (properties: Record<string, string>) => {
    for (const name in properties) frame.style.setProperty(name, properties[name]!, "important");
  };
  style(frameReset);

  let layout: WidgetLayout = defaultLayout;
  let state: FrameState = "hidden";
  let stateBeforeFullScreen: FrameState = "opened";

  const apply = (next: FrameState) => {
    state = next;
    const box = frameBoxFor(layout, state);
    style(
      layout.mode === "embedded"
        ? { position: "static", width: "100%", "max-width": box.width, height: box.height }
        : { position: "fixed", "z-index": overlayZIndex, top: "auto", ...box },
    );
    style({ visibility: state === "hidden" ? "hidden" : "visible" });
  };

  const tellFrame = (type: string) => frame.contentWindow?.postMessage({ type }, widgetOrigin);

  window.addEventListener("message", (event) => {
    const fromFrame = isFromWindow(event, widgetOrigin, frame.contentWindow);
    // The host page's own scripts may collapse the chat by posting to their window.
    const fromHostPage = isFromWindow(event, location.origin, window);
    if (!fromFrame && !fromHostPage) return;
    const message = readFrameMessage(event.data);
    if (!message) return;
    if (message.type === parentMessageTypes.collapseChat) {
      if (state === "hidden") return;
      apply("shrunk");
      if (fromHostPage) tellFrame(parentMessageTypes.collapseChat);
      return;
    }
    if (!fromFrame) return;
    switch (message.type) {
      case iframeMessageTypes.loaded:
        layout = message.layout;
        apply(message.state);
        return;
      case iframeMessageTypes.extend:
        return apply("opened");
      case iframeMessageTypes.collapse:
        return apply("closed");
      case iframeMessageTypes.fullScreen:
        if (state !== "fullScreen") stateBeforeFullScreen = state;
        return apply("fullScreen");
      case iframeMessageTypes.exitFullScreen:
        return apply(stateBeforeFullScreen === "fullScreen" ? "opened" : stateBeforeFullScreen);
      case iframeMessageTypes.refresh:
        apply("hidden");
        frame.src = address.href;
        return;
      case visitorSessionMessageType:
        keepSessionId(sessionKey, message.sessionId);
        if (message.sessionId) address.searchParams.set("session_id", message.sessionId);
        else address.searchParams.delete("session_id");
        return;
      case visitorChatStateMessageType:
        keepChatState(chatStateKey, message.state);
        address.searchParams.set("chat_state", message.state);
        return;
      case parentMessageTypes.navigateTo: {
        const target = safeNavigationTarget(message.path, location.href);
        if (target) location.assign(target);
        return;
      }
    }
  });

  apply("hidden");
  const container = document.querySelector("[data-parley-widget]");
  if (container) container.appendChild(frame);
  else document.body.appendChild(frame);
}

const script = findOwnScript();
if (script) {
  // After the load event the frame cannot delay it; the page may also have loaded long before an async
  // script runs.
  const run = () => {
    try {
      start(script);
    } catch {
      // A widget that cannot start must leave the host page as it was.
    }
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}
