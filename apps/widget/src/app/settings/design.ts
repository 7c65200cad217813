import {
  defaultChatbotButtonSettings as domainButtonSettings,
  defaultChatbotSettings as domainChatbotSettings,
  defaultDesignTexts,
  designTextLanguageOf,
  withDefaultTextsIn,
} from "@parley/domain/chatbotDesign";
import type { ChatState, WidgetLayout } from "../../protocol/messages";

/**
 * The design fields the widget reads (openapi ChatbotSettings and ChatbotButtonSettings). Everything is
 * optional because the server answers defaults for designs saved before a field existed; `withDefaults`
 * fills what is missing.
 */
export interface ChatbotSettings {
  name: string;
  chatbotWidth: number;
  chatbotHeight: number;
  fontSize: number;
  borderRadius: number;
  primaryColor: string;
  textColor: string;
  userMessageBackgroundColor: string;
  userMessageTextColor: string;
  botMessageBackgroundColor: string;
  botMessageTextColor: string;
  startMessage: string;
  language: string;
  uiLanguage: string;
  allowEmoticons: boolean;
  allowAttachments: boolean;
  allowPlaySounds: boolean;
  streamingResponse: boolean;
  showRating: boolean;
  headerTitle: string;
  headerSubtitle: string;
  headerFont: string;
  headerFontSize: number;
  headerTextColor: string;
  headerGradientStart: string;
  headerGradientEnd: string;
  headerGradientDirection: string;
  userBubbleStyle: BubbleStyle;
  botBubbleStyle: BubbleStyle;
  avatarType: "default" | "scraped" | "uploaded";
  avatarUrl: string | null;
  botImageUrl: string | null;
  backgroundType: "solid" | "gradient";
  backgroundColor: string;
  backgroundGradientStart: string;
  backgroundGradientEnd: string;
  backgroundImageUrl: string | null;
  showPoweredBy: boolean;
  poweredByText: string;
  poweredByUrl: string | null;
  disclaimerHtml: string;
  userInputPlaceholderText: string;
  enableOnlineMessage: boolean;
  onlineMessage: string;
  mode: "overlay" | "embedded";
  fullHeight: boolean;
  position: "left" | "right";
  positionRight: number;
  positionBottom: number;
  initialState: string;
}

export type BubbleStyle = "rounded" | "square" | "pill";

export interface ChatButtonSettings {
  buttonHeight: number;
  buttonBackgroundColor: string;
  buttonIconColor: string;
  buttonImageUrl: string | null;
  borderWidth: number;
  borderColor: string;
  shadowWidth: number;
  shadowColor: string;
  showChatbuttonBubble: boolean;
  chatbuttonBubbleWidth: number;
  chatbuttonBubbleText: string;
  chatbuttonBubbleBackgroundColor: string;
  chatbuttonBubbleTextColor: string;
  chatbuttonBubbleEffect: "none" | "fade" | "bounce" | "slide";
  chatbuttonBubbleDelay: number;
  chatbuttonBubblePosition: "left" | "top";
}

export interface WidgetDesign {
  chat: ChatbotSettings;
  button: ChatButtonSettings;
  /** An agent is available (answered beside the design). */
  online: boolean;
}

/**
 * The domain's defaults (the same the server answers when nothing is saved), for fields a stored design lacks.
 * Sounds start off here: a visitor switches them on (browsers refuse sound before a visitor's gesture anyway).
 */
export const defaultChatbotSettings: ChatbotSettings = { ...domainChatbotSettings, allowPlaySounds: false };

export const defaultButtonSettings: ChatButtonSettings = { ...domainButtonSettings };

const designTextLanguages = Object.keys(defaultDesignTexts) as (keyof typeof defaultDesignTexts)[];

function withDefaults<T extends object>(defaults: T, stored: unknown): T {
  const result = { ...defaults };
  if (typeof stored !== "object" || stored === null) return result;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = (stored as Partial<T>)[key];
    const fallback = defaults[key];
    // Only a value of the default's kind is taken: a field the server answers wrongly cannot break the widget.
    if (value !== undefined && (value === null || fallback === null || typeof value === typeof fallback))
      result[key] = value as T[keyof T];
  }
  return result;
}

/**
 * Reads the answer of `GET /api/widget/{configuration_id}/settings`. Texts still at a built-in default
 * (the spec's Dutch ones, say) are shown in the widget's language; texts the customer wrote stay.
 */
export function readDesign(answer: unknown): WidgetDesign {
  const body = (answer ?? {}) as {
    data?: { chatbotSettings?: unknown; chatbotButtonSettings?: unknown };
    online?: unknown;
  };
  const chat = withDefaults(defaultChatbotSettings, body.data?.chatbotSettings);
  const language = designTextLanguageOf(chat.uiLanguage);
  // A default of any of the five languages, not only the spec's Dutch: a design made in English whose widget
  // language was set to Dutch afterwards greets in Dutch, not with the English defaults under Dutch buttons.
  const shown = designTextLanguages.reduce(
    (design, from) => withDefaultTextsIn(language, design, from),
    {
      chatbotSettings: chat,
      chatbotButtonSettings: withDefaults(defaultButtonSettings, body.data?.chatbotButtonSettings),
    },
  );
  return { chat: shown.chatbotSettings, button: shown.chatbotButtonSettings, online: body.online === true };
}

export async function fetchDesign(configurationId: string, signal?: AbortSignal): Promise<WidgetDesign> {
  const response = await fetch(`/api/widget/${encodeURIComponent(configurationId)}/settings`, {
    signal,
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`The widget's settings answered ${response.status}.`);
  return readDesign(await response.json());
}

/** The state the chat opens in. The contract spells full screen `fullscreen`, the domain `fullScreen`; both count. */
export function initialChatState(chat: ChatbotSettings): ChatState {
  if (chat.mode === "embedded") return "opened";
  const state = chat.initialState.toLowerCase();
  if (state === "opened") return "opened";
  if (state === "fullscreen") return "fullScreen";
  return "closed";
}

/** What the loader needs to size the frame. */
export function layoutOf({ chat, button }: WidgetDesign): WidgetLayout {
  return {
    mode: chat.mode,
    side: chat.position,
    sideOffset: chat.positionRight,
    bottomOffset: chat.positionBottom,
    fullHeight: chat.fullHeight,
    chat: { chatbotWidth: chat.chatbotWidth, chatbotHeight: chat.chatbotHeight },
    button: {
      buttonHeight: button.buttonHeight,
      borderWidth: button.borderWidth,
      shadowWidth: button.shadowWidth,
      showChatbuttonBubble: button.showChatbuttonBubble,
      chatbuttonBubbleWidth: button.chatbuttonBubbleWidth,
    },
  };
}
