/**
 * The chat widget's Design form (spec 01 §3 "Chatbot settings" and "Button settings") and the allowed
 * website origins of Add to website: number ranges of the contract, colours, fonts, directions and
 * addresses the widget can use safely (the checks of `chatbotDesign`), and website origins.
 */
import "./yupLocale";
import { array, number, object, string } from "yup";
import {
  isDesignColor,
  isDesignFont,
  isDesignUrl,
  isGradientDirection,
  isLanguageTag,
} from "../chatbotDesign";
import { textTooLong, validationIssue, type ValidationMessageKey } from "./messages";
import { isValidDemoUrl } from "./urls";

/** The contract's ranges of the design's numbers (ChatbotSettings and ChatbotButtonSettings). */
export const chatbotDesignRanges = {
  chatbotWidth: { min: 200, max: 2000 },
  chatbotHeight: { min: 300, max: 2000 },
  fontSize: { min: 6, max: 72 },
  borderRadius: { min: 0, max: 200 },
  headerFontSize: { min: 6, max: 96 },
  positionRight: { min: 0, max: 2000 },
  positionBottom: { min: 0, max: 2000 },
  buttonHeight: { min: 30, max: 500 },
  borderWidth: { min: 0, max: 50 },
  shadowWidth: { min: 0, max: 50 },
  chatbuttonBubbleWidth: { min: 50, max: 1000 },
  chatbuttonBubbleDelay: { min: 0, max: 600_000 },
} as const;

/** The longest short texts (names, titles) and long texts (messages, HTML) of a design. */
const shortText = 200;
const longText = 5000;

function whole(name: keyof typeof chatbotDesignRanges) {
  const { min, max } = chatbotDesignRanges[name];
  const issue = validationIssue("whole_number_between", { min, max });
  return number().typeError(issue).integer(issue).min(min, issue).max(max, issue).required(issue);
}

function checked(test: (value: string) => boolean, key: ValidationMessageKey, max = 64) {
  return string()
    .max(max, textTooLong(max))
    .test(key, validationIssue(key), (value) => value === undefined || value === null || test(value));
}

const colour = () => checked(isDesignColor, "invalid_colour");
/** An optional address: null or empty means none. */
const address = () =>
  checked((value) => value === "" || isDesignUrl(value), "invalid_design_url", 2048).nullable();

export const chatbotSettingsSchema = object({
  name: string().trim().max(shortText, textTooLong(shortText)).required(validationIssue("field_required")),
  demo_url: string()
    .nullable()
    .max(2048, textTooLong(2048))
    .test("demo_url", validationIssue("invalid_demo_url"), (value) => !value || isValidDemoUrl(value)),
  chatbotWidth: whole("chatbotWidth"),
  chatbotHeight: whole("chatbotHeight"),
  fontSize: whole("fontSize"),
  borderRadius: whole("borderRadius"),
  headerFontSize: whole("headerFontSize"),
  positionRight: whole("positionRight"),
  positionBottom: whole("positionBottom"),
  primaryColor: colour(),
  secondaryColor: colour(),
  textColor: colour(),
  userMessageBackgroundColor: colour(),
  userMessageTextColor: colour(),
  botMessageBackgroundColor: colour(),
  botMessageTextColor: colour(),
  headerTextColor: colour(),
  headerGradientStart: colour(),
  headerGradientEnd: colour(),
  backgroundColor: colour(),
  backgroundGradientStart: colour(),
  backgroundGradientEnd: colour(),
  headerFont: checked(isDesignFont, "invalid_font", 100),
  headerGradientDirection: checked(isGradientDirection, "invalid_gradient_direction"),
  language: checked(isLanguageTag, "invalid_language_tag", 35),
  uiLanguage: checked(isLanguageTag, "invalid_language_tag", 35),
  headerTitle: string().max(shortText, textTooLong(shortText)),
  headerSubtitle: string().max(shortText, textTooLong(shortText)),
  poweredByText: string().max(shortText, textTooLong(shortText)),
  startMessage: string().max(longText, textTooLong(longText)),
  disclaimerHtml: string().max(longText, textTooLong(longText)),
  userInputPlaceholderText: string().max(longText, textTooLong(longText)),
  onlineMessage: string().max(longText, textTooLong(longText)),
  avatarUrl: address(),
  botImageUrl: address(),
  backgroundImageUrl: address(),
  poweredByUrl: address(),
});

export const chatbotButtonSettingsSchema = object({
  buttonHeight: whole("buttonHeight"),
  borderWidth: whole("borderWidth"),
  shadowWidth: whole("shadowWidth"),
  chatbuttonBubbleWidth: whole("chatbuttonBubbleWidth"),
  chatbuttonBubbleDelay: whole("chatbuttonBubbleDelay"),
  buttonBackgroundColor: colour(),
  buttonIconColor: colour(),
  borderColor: colour(),
  shadowColor: colour(),
  chatbuttonBubbleBackgroundColor: colour(),
  chatbuttonBubbleTextColor: colour(),
  chatbuttonBubbleText: string().max(longText, textTooLong(longText)),
  buttonImageUrl: address(),
});

/** The Design form: both halves of the design as the contract's ChatbotDesign names them. */
export const chatbotDesignSchema = object({
  chatbotSettings: chatbotSettingsSchema,
  chatbotButtonSettings: chatbotButtonSettingsSchema,
});

/** The contract's shape of an allowed origin (Configuration.allowed_origins), and its most there may be. */
const originPattern = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?$/;
export const maxAllowedOrigins = 50;

/** A website origin as the configuration keeps it: scheme, host and an optional port up to 65535, no path. */
export function isWebsiteOrigin(value: string): boolean {
  const match = originPattern.exec(value);
  if (!match) return false;
  const port = match[1]?.slice(1);
  return port === undefined || Number(port) <= 65_535;
}

/**
 * What a customer types or pastes, as an origin: trimmed and lower-cased, and a whole address
 * (`https://www.example.com/shop/`) cut to its origin. Anything that is no http(s) address stays as typed,
 * for the check to refuse.
 */
export function originOfInput(input: string): string {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text)) return text;
  try {
    const url = new URL(text);
    return url.username === "" && url.password === "" ? url.origin : text;
  } catch {
    return text;
  }
}

/** The allowed website origins: each an origin, none twice, at most 50. */
export const allowedOriginsSchema = object({
  allowed_origins: array()
    .of(
      string()
        .required(validationIssue("field_required"))
        .test(
          "origin",
          validationIssue("invalid_origin"),
          (value) => value === undefined || isWebsiteOrigin(value),
        )
        .test("unique", validationIssue("duplicate_origin"), (value, context) => {
          const list = (context.parent ?? []) as string[];
          return value === undefined || list.indexOf(value) === list.lastIndexOf(value);
        }),
    )
    .max(maxAllowedOrigins, validationIssue("number_between", { min: 0, max: maxAllowedOrigins })),
});
