/**
 * The Design screen's values: the design as the contract names it (ChatbotDesign), its fields grouped as
 * the screen shows them, what changed against the loaded copy, the body a save sends, and the colour
 * pairs that fall below WCAG AA.
 */
import {
  type defaultChatbotButtonSettings,
  defaultChatbotButtonSettingsIn,
  defaultChatbotSettings,
  defaultChatbotSettingsIn,
  designImageTypes,
  designTextLanguageOf,
  withDefaultTextsIn,
  type DesignImageType,
} from "@parley/domain/chatbotDesign";
import { sameValue } from "@parley/domain/configuration";
import { contrastRatio, minimumLargeTextContrast, minimumTextContrast } from "@parley/domain/contrast";
import type { ChatbotDesign } from "./hooks";

export type ChatSettingsValues = {
  -readonly [Key in keyof typeof defaultChatbotSettings]: (typeof defaultChatbotSettings)[Key] extends string
    ? string
    : (typeof defaultChatbotSettings)[Key] extends null
      ? string | null
      : (typeof defaultChatbotSettings)[Key] extends number
        ? number
        : boolean;
};
export type ButtonSettingsValues = {
  -readonly [
    Key in keyof typeof defaultChatbotButtonSettings
  ]: (typeof defaultChatbotButtonSettings)[Key] extends string
    ? string
    : (typeof defaultChatbotButtonSettings)[Key] extends null
      ? string | null
      : (typeof defaultChatbotButtonSettings)[Key] extends number
        ? number
        : boolean;
};

/** The form: both halves of the design, every field present. */
export interface DesignValues {
  chatbotSettings: ChatSettingsValues;
  chatbotButtonSettings: ButtonSettingsValues;
}

export type DesignHalf = keyof DesignValues;
export type FieldKind = "text" | "textarea" | "number" | "colour" | "switch" | "select" | "url";

export interface DesignField {
  half: DesignHalf;
  name: string;
  kind: FieldKind;
  /** A select's values; their texts are `options.<name>.<value>` of the design texts. */
  options?: readonly string[];
  /** Shown only while another field of the same half has this value. */
  showWhen?: { name: string; value: unknown };
  /** The image type whose uploads can fill this address. */
  imageType?: DesignImageType;
  /** Has a line of help below it (`help.<name>` of the design texts). */
  help?: boolean;
}

const chat = (
  name: keyof ChatSettingsValues,
  kind: FieldKind,
  extra: Partial<DesignField> = {},
): DesignField => ({ half: "chatbotSettings", name, kind, ...extra });
const button = (
  name: keyof ButtonSettingsValues,
  kind: FieldKind,
  extra: Partial<DesignField> = {},
): DesignField => ({ half: "chatbotButtonSettings", name, kind, ...extra });

export const widgetLanguageChoices = ["nl", "en", "de", "fr", "es"] as const;

/** Every field of Chatbot settings and Button settings, in the groups the screen shows. */
export const designSections = [
  {
    id: "general",
    fields: [
      chat("name", "text"),
      chat("uiLanguage", "select", { options: widgetLanguageChoices, help: true }),
      chat("language", "select", { options: widgetLanguageChoices, help: true }),
      chat("demo_url", "url"),
    ],
  },
  {
    id: "layout",
    fields: [
      chat("mode", "select", { options: ["overlay", "embedded"] }),
      chat("initialState", "select", { options: ["closed", "opened", "fullscreen"] }),
      chat("position", "select", { options: ["right", "left"] }),
      chat("positionRight", "number"),
      chat("positionBottom", "number"),
      chat("chatbotWidth", "number"),
      chat("chatbotHeight", "number"),
      chat("fullHeight", "switch"),
    ],
  },
  {
    id: "header",
    fields: [
      chat("headerTitle", "text"),
      chat("headerSubtitle", "text"),
      chat("headerFont", "text"),
      chat("headerFontSize", "number"),
      chat("headerTextColor", "colour"),
      chat("headerGradientStart", "colour"),
      chat("headerGradientEnd", "colour"),
      chat("headerGradientDirection", "text"),
    ],
  },
  {
    id: "messages",
    fields: [
      chat("startMessage", "textarea"),
      chat("userInputPlaceholderText", "text"),
      chat("fontSize", "number"),
      chat("borderRadius", "number"),
      chat("primaryColor", "colour"),
      chat("secondaryColor", "colour"),
      chat("textColor", "colour"),
      chat("userMessageBackgroundColor", "colour"),
      chat("userMessageTextColor", "colour"),
      chat("botMessageBackgroundColor", "colour"),
      chat("botMessageTextColor", "colour"),
      chat("userBubbleStyle", "select", { options: ["rounded", "square", "pill"] }),
      chat("botBubbleStyle", "select", { options: ["rounded", "square", "pill"] }),
    ],
  },
  {
    id: "images",
    fields: [
      chat("avatarType", "select", { options: ["default", "scraped", "uploaded"] }),
      chat("avatarUrl", "url", { imageType: designImageTypes.avatar }),
      chat("botImageUrl", "url", { imageType: designImageTypes.botImage }),
    ],
  },
  {
    id: "background",
    fields: [
      chat("backgroundType", "select", { options: ["solid", "gradient"] }),
      chat("backgroundColor", "colour", { showWhen: { name: "backgroundType", value: "solid" } }),
      chat("backgroundGradientStart", "colour", { showWhen: { name: "backgroundType", value: "gradient" } }),
      chat("backgroundGradientEnd", "colour", { showWhen: { name: "backgroundType", value: "gradient" } }),
      chat("backgroundImageUrl", "url", { imageType: designImageTypes.background }),
    ],
  },
  {
    id: "button",
    fields: [
      button("buttonHeight", "number"),
      button("buttonBackgroundColor", "colour"),
      button("buttonIconColor", "colour"),
      button("buttonImageUrl", "url", { imageType: designImageTypes.chatButton }),
      button("borderWidth", "number"),
      button("borderColor", "colour"),
      button("shadowWidth", "number"),
      button("shadowColor", "colour"),
      button("showChatbuttonBubble", "switch"),
      button("chatbuttonBubbleText", "textarea", { showWhen: { name: "showChatbuttonBubble", value: true } }),
      button("chatbuttonBubbleWidth", "number", { showWhen: { name: "showChatbuttonBubble", value: true } }),
      button("chatbuttonBubbleBackgroundColor", "colour", {
        showWhen: { name: "showChatbuttonBubble", value: true },
      }),
      button("chatbuttonBubbleTextColor", "colour", {
        showWhen: { name: "showChatbuttonBubble", value: true },
      }),
      button("chatbuttonBubbleEffect", "select", {
        options: ["none", "fade", "bounce", "slide"],
        showWhen: { name: "showChatbuttonBubble", value: true },
      }),
      button("chatbuttonBubbleDelay", "number", { showWhen: { name: "showChatbuttonBubble", value: true } }),
      button("chatbuttonBubblePosition", "select", {
        options: ["left", "top"],
        showWhen: { name: "showChatbuttonBubble", value: true },
      }),
    ],
  },
  {
    id: "behaviour",
    fields: [
      chat("streamingResponse", "switch"),
      chat("allowEmoticons", "switch"),
      chat("allowAttachments", "switch"),
      chat("allowPlaySounds", "switch"),
      chat("showRating", "switch"),
      chat("enableOnlineMessage", "switch"),
      chat("onlineMessage", "textarea", { showWhen: { name: "enableOnlineMessage", value: true } }),
      chat("showPoweredBy", "switch"),
      chat("poweredByText", "text", { showWhen: { name: "showPoweredBy", value: true } }),
      chat("poweredByUrl", "url", { showWhen: { name: "showPoweredBy", value: true } }),
      chat("disclaimerHtml", "textarea"),
    ],
  },
] as const satisfies readonly { id: string; fields: readonly DesignField[] }[];

export type DesignSectionId = (typeof designSections)[number]["id"];

export const designFields: readonly DesignField[] = designSections.flatMap((section) => section.fields);

export const fieldPath = (field: Pick<DesignField, "half" | "name">) => `${field.half}.${field.name}`;

function pick<T extends object>(defaults: T, stored: unknown): T {
  const result = { ...defaults };
  if (typeof stored !== "object" || stored === null) return result;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = (stored as Partial<T>)[key];
    if (value !== undefined) result[key] = value as T[keyof T];
  }
  return result;
}

/**
 * The form's values of a loaded design, or of the defaults when none is saved. The defaults' texts are in
 * `language` (the configuration's) for a new design; a loaded design shows texts it never changed from a
 * default in its own widget language, as the widget does. Texts a customer wrote stay as they are.
 */
export function designValuesOf(design: ChatbotDesign | null, language: string = defaultChatbotSettings.language): DesignValues {
  const textLanguage = designTextLanguageOf(design?.chatbotSettings.uiLanguage ?? language);
  return withDefaultTextsIn(textLanguage, {
    chatbotSettings: pick(defaultChatbotSettingsIn(textLanguage) as ChatSettingsValues, design?.chatbotSettings),
    chatbotButtonSettings: pick(
      defaultChatbotButtonSettingsIn(textLanguage) as ButtonSettingsValues,
      design?.chatbotButtonSettings,
    ),
  });
}

/** The fields whose value differs from the loaded copy. */
export function changedDesignFields(snapshot: DesignValues, values: DesignValues): DesignField[] {
  // An emptied address is the none it was loaded as.
  const valueOf = (from: DesignValues, field: DesignField) => {
    const value = (from[field.half] as Record<string, unknown>)[field.name];
    return field.kind === "url" && value === "" ? null : value;
  };
  return designFields.filter((field) => !sameValue(valueOf(snapshot, field), valueOf(values, field)));
}

/** An emptied address is none (null), as the contract keeps it. */
function withNullAddresses<T extends object>(values: T): T {
  const result = { ...values } as Record<string, unknown>;
  for (const field of designFields)
    if (field.kind === "url" && result[field.name] === "") result[field.name] = null;
  return result as T;
}

/** What a save sends: the whole design, with `_id` null, the configuration, `isTemplate` false and `templateName` null. */
export function designToSave(configurationId: string, values: DesignValues): ChatbotDesign {
  return {
    chatbotSettings: {
      ...withNullAddresses(values.chatbotSettings),
      _id: null,
      configuration_id: configurationId,
      isTemplate: false,
      templateName: null,
    },
    chatbotButtonSettings: {
      ...withNullAddresses(values.chatbotButtonSettings),
      configuration_id: configurationId,
    },
  } as ChatbotDesign;
}

export type ContrastPairId = "text" | "header" | "userMessage" | "botMessage" | "button" | "bubble";

export interface ContrastIssue {
  id: ContrastPairId;
  ratio: number;
  required: number;
}

/**
 * The text and background colours of the widget that fall below WCAG AA: 4.5:1 for text, 3:1 for large
 * text (a header of 18px or more, as the widget counts it) and for the button's icon (a control).
 */
export function contrastIssues({
  chatbotSettings: chat,
  chatbotButtonSettings: button,
}: DesignValues): ContrastIssue[] {
  const pageBackgrounds =
    chat.backgroundType === "gradient"
      ? [chat.backgroundGradientStart, chat.backgroundGradientEnd]
      : [chat.backgroundColor];
  const pairs: {
    id: ContrastPairId;
    foreground: string;
    backgrounds: string[];
    large: boolean;
    shown: boolean;
  }[] = [
    { id: "text", foreground: chat.textColor, backgrounds: pageBackgrounds, large: false, shown: true },
    {
      id: "header",
      foreground: chat.headerTextColor,
      backgrounds: [chat.headerGradientStart, chat.headerGradientEnd],
      large: chat.headerFontSize >= 18,
      shown: true,
    },
    {
      id: "userMessage",
      foreground: chat.userMessageTextColor,
      backgrounds: [chat.userMessageBackgroundColor],
      large: false,
      shown: true,
    },
    {
      id: "botMessage",
      foreground: chat.botMessageTextColor,
      backgrounds: [chat.botMessageBackgroundColor],
      large: false,
      shown: true,
    },
    {
      id: "button",
      foreground: button.buttonIconColor,
      backgrounds: [button.buttonBackgroundColor],
      large: true,
      shown: !button.buttonImageUrl,
    },
    {
      id: "bubble",
      foreground: button.chatbuttonBubbleTextColor,
      backgrounds: [button.chatbuttonBubbleBackgroundColor],
      large: false,
      shown: button.showChatbuttonBubble,
    },
  ];
  const issues: ContrastIssue[] = [];
  for (const pair of pairs) {
    if (!pair.shown) continue;
    const required = pair.large ? minimumLargeTextContrast : minimumTextContrast;
    const ratios = pair.backgrounds
      .map((background) => contrastRatio(pair.foreground, background))
      .filter((ratio): ratio is number => ratio !== null);
    const worst = Math.min(...ratios);
    if (ratios.length > 0 && worst < required) issues.push({ id: pair.id, ratio: worst, required });
  }
  return issues;
}
