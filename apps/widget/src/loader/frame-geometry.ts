import {
  collapsedFrameSize,
  collapsedSizeFor,
  defaultWidgetPosition,
  fullHeight,
  iframeSizeFor,
} from "@parley/domain/widget";
import type { ChatState, WidgetLayout } from "../protocol/messages";

/** The chat overlays the host page above its own content (spec 02 §9: overlay z-index). */
export const overlayZIndex = "2000";

/**
 * What the frame looks like whatever the host page's stylesheets say of iframes (set `!important` inline, with
 * the box of `frameBoxFor`): no border, margin, effect or transform of the host's, and never wider or taller
 * than the viewport.
 */
export const frameReset: Readonly<Record<string, string>> = {
  display: "block",
  border: "0",
  margin: "0",
  padding: "0",
  background: "transparent",
  "color-scheme": "normal",
  opacity: "1",
  transform: "none",
  filter: "none",
  "box-shadow": "none",
  "clip-path": "none",
  "pointer-events": "auto",
  "min-width": "0",
  "min-height": "0",
  "max-width": "100vw",
  "max-height": "100vh",
  visibility: "hidden",
};

/** The frame's state as the loader sees it: the chat's states, plus hidden (not loaded) and shrunk (collapseChat). */
export type FrameState = ChatState | "hidden" | "shrunk";

export interface FrameBox {
  width: string;
  height: string;
  bottom: string;
  left: string;
  right: string;
}

const px = (value: number) => `${Math.max(0, Math.round(value))}px`;

/** The default layout: what the frame uses before the chat reports its own. */
export const defaultLayout: WidgetLayout = {
  mode: "overlay",
  side: "right",
  sideOffset: defaultWidgetPosition.right,
  bottomOffset: defaultWidgetPosition.bottom,
  fullHeight: false,
  chat: { chatbotWidth: 400, chatbotHeight: 600 },
  button: { buttonHeight: 60, borderWidth: 0, shadowWidth: 0 },
};

/**
 * Size and place of the frame for a layout and state, by the domain's geometry: opened is the chat plus
 * its room, closed the button (and bubble) plus theirs, full screen the whole viewport. Embedded frames
 * stand in the page's flow, so only their size counts.
 */
export function frameBoxFor(layout: WidgetLayout, state: FrameState): FrameBox {
  const place = (width: string, height: string, bottom: string, side: string): FrameBox => ({
    width,
    height,
    bottom,
    left: layout.side === "left" ? side : "auto",
    right: layout.side === "right" ? side : "auto",
  });
  const sideOffset = px(layout.sideOffset);
  const bottomOffset = px(layout.bottomOffset);
  if (state === "hidden") return place("0px", "0px", bottomOffset, sideOffset);
  if (state === "fullScreen") return place("100vw", fullHeight, "0px", "0px");
  if (state === "shrunk")
    return place(px(collapsedFrameSize.width), px(collapsedFrameSize.height), bottomOffset, sideOffset);
  if (state === "closed" && layout.mode === "overlay") {
    const size = collapsedSizeFor(layout.button);
    return place(px(size.width), px(size.height), bottomOffset, sideOffset);
  }
  const size = iframeSizeFor(layout.chat);
  if (layout.fullHeight) return place(px(size.width), fullHeight, "0px", sideOffset);
  return place(px(size.width), px(size.height), bottomOffset, sideOffset);
}
