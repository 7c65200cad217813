import { meetsContrast, readableTextOn } from "@parley/domain/contrast";
import type { BubbleStyle, WidgetDesign } from "../settings/design";

/**
 * A chosen text colour, or black or white when the chosen one is unreadable on any of its backgrounds
 * (WCAG 1.4.3). The Design screen warns about such choices; the widget keeps visitors able to read.
 */
export function accessibleText(chosen: string, backgrounds: string[], large = false): string {
  return backgrounds.every((background) => meetsContrast(chosen, background, large))
    ? chosen
    : readableTextOn(backgrounds[0] ?? "#ffffff");
}

const radiusOf = (style: BubbleStyle, borderRadius: number) =>
  style === "square" ? "4px" : style === "pill" ? "999px" : `${Math.min(borderRadius, 24)}px`;

/** Colours and fonts of a URL-free CSS value only (no `url(`, no `;`): a design value cannot add CSS rules. */
export function cssValue(value: string, fallback: string): string {
  return /^[#\w\s.,%()'"-]+$/.test(value) && !/url\s*\(/i.test(value) && !/expression/i.test(value)
    ? value
    : fallback;
}

/** The design as CSS custom properties on the widget's root; the stylesheet reads only these. */
export function designVariables({ chat, button }: WidgetDesign): Record<string, string> {
  const background =
    chat.backgroundType === "gradient"
      ? `linear-gradient(180deg, ${cssValue(chat.backgroundGradientStart, "#ffffff")}, ${cssValue(chat.backgroundGradientEnd, "#ffffff")})`
      : cssValue(chat.backgroundColor, "#ffffff");
  const headerBackgrounds = [chat.headerGradientStart, chat.headerGradientEnd];
  const pageBackground =
    chat.backgroundType === "gradient" ? chat.backgroundGradientStart : chat.backgroundColor;
  return {
    "--pw-font-size": `${chat.fontSize}px`,
    "--pw-radius": `${chat.borderRadius}px`,
    "--pw-primary": cssValue(chat.primaryColor, "#4f46e5"),
    "--pw-text": cssValue(accessibleText(chat.textColor, [pageBackground]), "#1f2937"),
    "--pw-background": background,
    "--pw-header-font": cssValue(chat.headerFont, "sans-serif"),
    "--pw-header-font-size": `${chat.headerFontSize}px`,
    "--pw-header-text": cssValue(
      accessibleText(chat.headerTextColor, headerBackgrounds, chat.headerFontSize >= 18),
      "#ffffff",
    ),
    "--pw-header-background": `linear-gradient(${cssValue(chat.headerGradientDirection, "to right")}, ${cssValue(chat.headerGradientStart, "#4f46e5")}, ${cssValue(chat.headerGradientEnd, "#7c3aed")})`,
    "--pw-user-background": cssValue(chat.userMessageBackgroundColor, "#4f46e5"),
    "--pw-user-text": cssValue(
      accessibleText(chat.userMessageTextColor, [chat.userMessageBackgroundColor]),
      "#ffffff",
    ),
    "--pw-bot-background": cssValue(chat.botMessageBackgroundColor, "#f3f4f6"),
    "--pw-bot-text": cssValue(
      accessibleText(chat.botMessageTextColor, [chat.botMessageBackgroundColor]),
      "#1f2937",
    ),
    "--pw-user-radius": radiusOf(chat.userBubbleStyle, chat.borderRadius),
    "--pw-bot-radius": radiusOf(chat.botBubbleStyle, chat.borderRadius),
    "--pw-chat-width": `${chat.chatbotWidth}px`,
    "--pw-chat-height": chat.fullHeight ? "calc(100vh - 30px)" : `${chat.chatbotHeight}px`,
    "--pw-button-size": `${button.buttonHeight}px`,
    "--pw-button-background": cssValue(button.buttonBackgroundColor, "#4f46e5"),
    "--pw-button-icon": cssValue(button.buttonIconColor, "#ffffff"),
    "--pw-button-border": `${button.borderWidth}px solid ${cssValue(button.borderColor, "transparent")}`,
    "--pw-button-shadow":
      button.shadowWidth > 0
        ? `0 0 ${button.shadowWidth}px ${cssValue(button.shadowColor, "rgba(0,0,0,0.2)")}`
        : "none",
    "--pw-bubble-width": `${button.chatbuttonBubbleWidth}px`,
    "--pw-bubble-background": cssValue(button.chatbuttonBubbleBackgroundColor, "#ffffff"),
    "--pw-bubble-text": cssValue(
      accessibleText(button.chatbuttonBubbleTextColor, [button.chatbuttonBubbleBackgroundColor]),
      "#1f2937",
    ),
  };
}

/** An image address the widget may load: http(s) or its own origin's paths; anything else is dropped. */
export function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
