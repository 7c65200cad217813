/**
 * The chat widget's design (spec 01 §3 "Chatbot settings" and "Button settings", spec 02 §7.4): the
 * defaults a new design starts from (Dutch texts, language nl), the limits of its images, demo page and
 * script, and the checks of the values the contract can only give a type and a length.
 */
import { isLanguageCode, type LanguageCode } from "./locale";
import { defaultWidgetLanguage, defaultWidgetPosition } from "./widget";

/** A new design, before anything is saved: every look-and-feel field of the contract's ChatbotSettings. */
export const defaultChatbotSettings = {
  name: "Assistent",
  demo_url: null,
  chatbotWidth: 400,
  chatbotHeight: 600,
  fontSize: 14,
  borderRadius: 16,
  primaryColor: "#4f46e5",
  secondaryColor: "#eef2ff",
  textColor: "#1f2937",
  userMessageBackgroundColor: "#4f46e5",
  userMessageTextColor: "#ffffff",
  botMessageBackgroundColor: "#f3f4f6",
  botMessageTextColor: "#1f2937",
  startMessage: "Hallo! Waarmee kan ik je helpen?",
  language: defaultWidgetLanguage,
  uiLanguage: defaultWidgetLanguage,
  allowEmoticons: true,
  allowAttachments: false,
  allowPlaySounds: true,
  streamingResponse: true,
  showRating: false,
  headerTitle: "Chat met ons",
  headerSubtitle: "We helpen je graag",
  headerFont: "Inter, sans-serif",
  headerFontSize: 16,
  headerTextColor: "#ffffff",
  headerGradientStart: "#4f46e5",
  headerGradientEnd: "#7c3aed",
  headerGradientDirection: "to right",
  userBubbleStyle: "rounded",
  botBubbleStyle: "rounded",
  avatarType: "default",
  avatarUrl: null,
  botImageUrl: null,
  backgroundType: "solid",
  backgroundColor: "#ffffff",
  backgroundGradientStart: "#ffffff",
  backgroundGradientEnd: "#eef2ff",
  backgroundImageUrl: null,
  showPoweredBy: true,
  poweredByText: "Powered by Parley",
  poweredByUrl: null,
  disclaimerHtml: "",
  userInputPlaceholderText: "Typ je bericht...",
  enableOnlineMessage: false,
  onlineMessage: "We zijn online",
  mode: "overlay",
  fullHeight: false,
  position: "right",
  positionRight: defaultWidgetPosition.right,
  positionBottom: defaultWidgetPosition.bottom,
  initialState: "closed",
} as const;

/** The chat button of a new design. */
export const defaultChatbotButtonSettings = {
  buttonHeight: 60,
  buttonBackgroundColor: "#4f46e5",
  buttonIconColor: "#ffffff",
  buttonImageUrl: null,
  borderWidth: 0,
  borderColor: "#ffffff",
  shadowWidth: 0,
  shadowColor: "rgba(0,0,0,0.2)",
  showChatbuttonBubble: false,
  chatbuttonBubbleWidth: 200,
  chatbuttonBubbleText: "Heb je een vraag?",
  chatbuttonBubbleBackgroundColor: "#ffffff",
  chatbuttonBubbleTextColor: "#1f2937",
  chatbuttonBubbleEffect: "fade",
  chatbuttonBubbleDelay: 3000,
  chatbuttonBubblePosition: "left",
} as const;

/** The texts of a design a visitor reads; their defaults come in each of the five languages. */
export const designTextFields = {
  chatbotSettings: ["name", "startMessage", "headerTitle", "headerSubtitle", "userInputPlaceholderText", "onlineMessage"],
  chatbotButtonSettings: ["chatbuttonBubbleText"],
} as const;
type ChatTextField = (typeof designTextFields.chatbotSettings)[number];
type ButtonTextField = (typeof designTextFields.chatbotButtonSettings)[number];
export type DesignTexts = Record<ChatTextField | ButtonTextField, string>;

/**
 * The default texts of a design per language. Dutch is the spec's (the defaults above); the others say
 * the same in the way a website in that language would.
 */
export const defaultDesignTexts: Readonly<Record<LanguageCode, DesignTexts>> = {
  nl: {
    name: defaultChatbotSettings.name,
    startMessage: defaultChatbotSettings.startMessage,
    headerTitle: defaultChatbotSettings.headerTitle,
    headerSubtitle: defaultChatbotSettings.headerSubtitle,
    userInputPlaceholderText: defaultChatbotSettings.userInputPlaceholderText,
    onlineMessage: defaultChatbotSettings.onlineMessage,
    chatbuttonBubbleText: defaultChatbotButtonSettings.chatbuttonBubbleText,
  },
  en: {
    name: "Assistant",
    startMessage: "Hello! How can I help you?",
    headerTitle: "Chat with us",
    headerSubtitle: "We're happy to help",
    userInputPlaceholderText: "Type your message...",
    onlineMessage: "We're online",
    chatbuttonBubbleText: "Have a question?",
  },
  de: {
    name: "Assistent",
    startMessage: "Hallo! Wie kann ich Ihnen helfen?",
    headerTitle: "Chatten Sie mit uns",
    headerSubtitle: "Wir helfen Ihnen gern",
    userInputPlaceholderText: "Ihre Nachricht...",
    onlineMessage: "Wir sind online",
    chatbuttonBubbleText: "Haben Sie eine Frage?",
  },
  es: {
    name: "Asistente",
    startMessage: "¡Hola! ¿En qué puedo ayudarte?",
    headerTitle: "Chatea con nosotros",
    headerSubtitle: "Estaremos encantados de ayudarte",
    userInputPlaceholderText: "Escribe tu mensaje...",
    onlineMessage: "Estamos en línea",
    chatbuttonBubbleText: "¿Tienes alguna pregunta?",
  },
  fr: {
    name: "Assistant",
    startMessage: "Bonjour ! Comment puis-je vous aider ?",
    headerTitle: "Discutez avec nous",
    headerSubtitle: "Nous sommes là pour vous aider",
    userInputPlaceholderText: "Tapez votre message...",
    onlineMessage: "Nous sommes en ligne",
    chatbuttonBubbleText: "Une question ?",
  },
};

/**
 * The language whose default texts a design shows: one of the five for a tag such as `en`, `de-AT` or
 * `FR`; Dutch (the spec's default) for anything else.
 */
export function designTextLanguageOf(tag: string | null | undefined): LanguageCode {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(primary) ? primary : (defaultWidgetLanguage as LanguageCode);
}

/** A new design in a language: the defaults above with that language's texts and both language fields set to it. */
export function defaultChatbotSettingsIn(language: LanguageCode) {
  const texts = defaultDesignTexts[language];
  const chatTexts = Object.fromEntries(designTextFields.chatbotSettings.map((field) => [field, texts[field]])) as Pick<DesignTexts, ChatTextField>;
  return { ...defaultChatbotSettings, ...chatTexts, language, uiLanguage: language };
}

/** The chat button of a new design in a language. */
export function defaultChatbotButtonSettingsIn(language: LanguageCode) {
  return { ...defaultChatbotButtonSettings, chatbuttonBubbleText: defaultDesignTexts[language].chatbuttonBubbleText };
}

function localisedTexts<T extends object>(values: T, fields: readonly (keyof DesignTexts)[], from: LanguageCode, to: LanguageCode): T {
  let result = values;
  for (const field of fields) {
    // Only a text that is still the default of `from` is swapped: what a customer wrote stays.
    if ((values as Record<string, unknown>)[field] === defaultDesignTexts[from][field]) result = { ...result, [field]: defaultDesignTexts[to][field] };
  }
  return result;
}

/**
 * The design with the texts still at the defaults of `from` replaced by those of `language`; the same
 * objects when none is. `from` is Dutch unless told: designs were saved with the spec's Dutch defaults
 * before the defaults came in five languages, so a design with the Dutch defaults and English as widget
 * language greets in English. Texts a customer wrote are kept as they are, whatever their language.
 */
export function withDefaultTextsIn<Chat extends object, Button extends object>(
  language: LanguageCode,
  design: { chatbotSettings: Chat; chatbotButtonSettings: Button },
  from: LanguageCode = defaultWidgetLanguage as LanguageCode,
): { chatbotSettings: Chat; chatbotButtonSettings: Button } {
  if (from === language) return design;
  const chatbotSettings = localisedTexts(design.chatbotSettings, designTextFields.chatbotSettings, from, language);
  const chatbotButtonSettings = localisedTexts(design.chatbotButtonSettings, designTextFields.chatbotButtonSettings, from, language);
  return chatbotSettings === design.chatbotSettings && chatbotButtonSettings === design.chatbotButtonSettings
    ? design
    : { chatbotSettings, chatbotButtonSettings };
}

/** The uses of a design image (the contract's ImageType). */
export const designImageTypes = { avatar: 1, botImage: 2, background: 3, chatButton: 4 } as const;
export type DesignImageType = (typeof designImageTypes)[keyof typeof designImageTypes];

/** The largest design image (2 MB), checked on the bytes as sent: avatars and backgrounds need no more. */
export const maxDesignImageBytes = 2 * 1024 * 1024;
/** The longest side of a design image in pixels; past it a small file can still cost a browser gigabytes. */
export const maxDesignImageSide = 8192;
/** Images one configuration may hold, all types together. */
export const maxDesignImagesPerConfiguration = 100;
/** The largest demo page (1 MB of HTML). */
export const maxDemoPageBytes = 1024 * 1024;
/** The longest embed script a configuration stores (the contract's `script_content` cap). */
export const maxEmbedScriptCharacters = 100_000;

/** The image formats a design accepts; SVG is not one of them (it is a document that can run script). */
export const designImageContentTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type DesignImageContentType = (typeof designImageContentTypes)[number];

// Hex (#rgb, #rgba, #rrggbb, #rrggbbaa) or rgb()/rgba() with numbers or percentages; the channel
// ranges are checked after the match.
const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const rgbColor = /^rgba?\(\s*(\d{1,3}(?:\.\d+)?%?)\s*,\s*(\d{1,3}(?:\.\d+)?%?)\s*,\s*(\d{1,3}(?:\.\d+)?%?)\s*(?:,\s*(\d*\.?\d+%?)\s*)?\)$/i;

function channelFits(value: string, max: number): boolean {
  return value.endsWith("%") ? Number(value.slice(0, -1)) <= 100 : Number(value) <= max;
}

/** A CSS colour as the design screen writes it: hex, or rgb()/rgba() within range. */
export function isDesignColor(value: string): boolean {
  if (hexColor.test(value)) return true;
  const match = rgbColor.exec(value);
  if (!match) return false;
  const [, red, green, blue, alpha] = match;
  return [red, green, blue].every((channel) => channelFits(channel!, 255)) && (alpha === undefined || channelFits(alpha, 1));
}

/** A CSS font-family list of plain names: letters, digits, spaces, hyphens, quotes and commas only. */
export function isDesignFont(value: string): boolean {
  return /^[\p{L}\p{N} ,'"_-]{1,100}$/u.test(value) && value.trim() !== "";
}

/** A CSS linear-gradient direction: `to right`, `to bottom left`, or an angle in degrees. */
export function isGradientDirection(value: string): boolean {
  return /^(?:to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?|-?\d{1,3}(?:\.\d+)?deg)$/.test(value);
}

/** A language tag (nl, en, pt-BR, zh-Hant). */
export function isLanguageTag(value: string): boolean {
  return /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(value);
}

/**
 * An address the widget may load or link to: absolute http(s) without credentials, or a path on the
 * widget's own server (`/api/chatbot/settings/image/download?...`). Never `javascript:`, `data:` or a
 * protocol-relative `//host`.
 */
export function isDesignUrl(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "" && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Which check a field of the design needs beyond its type and length. */
export type DesignFieldKind = "color" | "font" | "gradientDirection" | "language" | "url";

const settingsFieldKinds: Record<string, DesignFieldKind> = {
  primaryColor: "color",
  secondaryColor: "color",
  textColor: "color",
  userMessageBackgroundColor: "color",
  userMessageTextColor: "color",
  botMessageBackgroundColor: "color",
  botMessageTextColor: "color",
  headerTextColor: "color",
  headerGradientStart: "color",
  headerGradientEnd: "color",
  backgroundColor: "color",
  backgroundGradientStart: "color",
  backgroundGradientEnd: "color",
  headerFont: "font",
  headerGradientDirection: "gradientDirection",
  language: "language",
  uiLanguage: "language",
  demo_url: "url",
  avatarUrl: "url",
  botImageUrl: "url",
  backgroundImageUrl: "url",
  poweredByUrl: "url",
};

const buttonFieldKinds: Record<string, DesignFieldKind> = {
  buttonBackgroundColor: "color",
  buttonIconColor: "color",
  borderColor: "color",
  shadowColor: "color",
  chatbuttonBubbleBackgroundColor: "color",
  chatbuttonBubbleTextColor: "color",
  buttonImageUrl: "url",
};

const fieldChecks: Record<DesignFieldKind, { test: (value: string) => boolean; message: string }> = {
  color: { test: isDesignColor, message: "Must be a colour: #rrggbb, #rgb, rgb(r, g, b) or rgba(r, g, b, a)" },
  font: { test: isDesignFont, message: "Must be a list of font names (letters, digits, spaces, quotes, hyphens, commas)" },
  gradientDirection: { test: isGradientDirection, message: "Must be a direction such as 'to right' or an angle such as '135deg'" },
  language: { test: isLanguageTag, message: "Must be a language code such as nl or en" },
  url: { test: isDesignUrl, message: "Must be an http(s) address or a path on this server" },
};

export interface DesignIssue {
  path: string;
  message: string;
}

function issuesOf(prefix: string, values: Record<string, unknown>, kinds: Record<string, DesignFieldKind>): DesignIssue[] {
  const issues: DesignIssue[] = [];
  for (const [field, kind] of Object.entries(kinds)) {
    const value = values[field];
    // Null is "none" for the optional addresses; types and lengths are the contract's to check.
    if (typeof value !== "string") continue;
    if (kind === "url" && value === "") continue;
    if (!fieldChecks[kind].test(value)) issues.push({ path: `${prefix}.${field}`, message: fieldChecks[kind].message });
  }
  return issues;
}

/** The fields of a design whose value the widget could not use safely (a colour that is CSS of another kind, a `javascript:` link). */
export function designIssues(design: { chatbotSettings: Record<string, unknown>; chatbotButtonSettings: Record<string, unknown> }): DesignIssue[] {
  return [
    ...issuesOf("chatbotSettings", design.chatbotSettings, settingsFieldKinds),
    ...issuesOf("chatbotButtonSettings", design.chatbotButtonSettings, buttonFieldKinds),
  ];
}
