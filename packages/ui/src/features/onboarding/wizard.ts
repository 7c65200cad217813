/**
 * The self-onboarding wizard's draft and the bodies its finalize sends (spec 01 §4, spec 02 §4, §7.9). Pure
 * functions over plain data; the page keeps one draft in state and the tests check the rules here directly.
 */
import { defaultChatbotSettings, isDesignColor } from "@parley/domain/chatbotDesign";
import { readableTextOn } from "@parley/domain/contrast";
import type { DatasetHeader } from "@parley/domain/dataset";
import { configurationNameFromUrl } from "@parley/domain/naming";
import { scrapeProgress, type OnboardingStep } from "@parley/domain/onboarding";
import type { CustomerFormValues } from "../customers/form";
import { designToSave, designValuesOf } from "../design/design";
import type { Branding, ConfigurationBody, OnboardingAttempt, Persona } from "./hooks";

/** The four scanning stages, in the order the server expects them (each uses what the one before stored). */
export const scanStages = ["branding", "persona", "faq", "urls"] as const;
export type ScanStage = (typeof scanStages)[number];

/**
 * The progress shown while a stage runs: 10, 35, 65, 90, then 100 when all are done. The contract describes
 * each call as "progress 10 to 35" and so on, so a stage's figure is where its bar starts.
 */
export function progressOf(stage: ScanStage | "done"): number {
  return scrapeProgress[stage];
}

export interface FaqRow {
  id: string;
  question: string;
  answer: string;
}

export interface UrlRow {
  id: string;
  url: string;
  description: string;
  /** Unticked rows stay visible (the user may change their mind) but are not saved. */
  included: boolean;
}

export interface WizardDraft {
  /** The website as checked (with a scheme). */
  url: string;
  /** Names this draft in the tab's storage and in finalize's progress: its attempt's id, or one made here when it has none. */
  draftId: string;
  /** The server's attempt that read the website; null when the user set up without reading it (the site could not be reached). */
  attemptId: string | null;
  branding: Branding | null;
  persona: Persona;
  faq: FaqRow[];
  urls: UrlRow[];
  /** The widget's primary colour; null keeps the design's default. */
  primaryColor: string | null;
  /** The logo shown as the assistant's avatar; null shows the default avatar. */
  logoUrl: string | null;
  /** The company details typed in Finalize, kept when the user steps back and returns. */
  customer: CustomerFormValues | null;
}

/** Where the wizard is: one of the steps, or the scan that runs between Welcome and Persona. */
export type WizardView = OnboardingStep | "scan";

let nextRowId = 0;
export function newRowId(): string {
  nextRowId += 1;
  return `row-${nextRowId}`;
}

/**
 * The address the user typed, as the scan needs it: trimmed, with https:// when no scheme was typed (people
 * type "bakery.nl"). Empty stays empty, so the check answers no_url_provided.
 */
export function normaliseWebsiteUrl(typed: string): string {
  const trimmed = typed.trim();
  if (trimmed === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

function blankDraft(url: string, draftId: string, attemptId: string | null): WizardDraft {
  return { url, draftId, attemptId, branding: null, persona: { entity_instruction: "", goal_instruction: "" }, faq: [], urls: [], primaryColor: null, logoUrl: null, customer: null };
}

export function emptyDraft(url: string, attemptId: string): WizardDraft {
  return blankDraft(url, attemptId, attemptId);
}

/**
 * A draft for a website the URL check could not read (domain_unreachable): no attempt and no scan, so every
 * proposal starts empty and the user writes the persona, FAQ and pages. Finalize needs no attempt (the
 * configuration's attempt_id may be null); the id here only keeps this draft apart in the tab's storage.
 */
export function draftWithoutWebsite(url: string): WizardDraft {
  return blankDraft(url, `unread-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`, null);
}

/** The draft with a stage's result in it; the first colour and logo found are chosen until the user picks. */
export function withStageResult(draft: WizardDraft, result: StageResult): WizardDraft {
  switch (result.stage) {
    case "branding": {
      const colour = result.value.primary_colors.find(isDesignColor) ?? null;
      return { ...draft, branding: result.value, primaryColor: draft.primaryColor ?? colour, logoUrl: draft.logoUrl ?? result.value.logo_urls[0] ?? null };
    }
    case "persona":
      return { ...draft, persona: { ...result.value } };
    case "faq":
      return { ...draft, faq: result.value.map((item) => ({ id: newRowId(), question: item.question, answer: item.answer })) };
    case "urls":
      return { ...draft, urls: result.value.map((item) => ({ id: newRowId(), url: item.url, description: item.description, included: true })) };
  }
}

export type StageResult =
  | { stage: "branding"; value: Branding }
  | { stage: "persona"; value: Persona }
  | { stage: "faq"; value: OnboardingAttempt["faq"] }
  | { stage: "urls"; value: OnboardingAttempt["urls"] };

function hasResult(attempt: OnboardingAttempt, stage: ScanStage): boolean {
  if (stage === "branding") return attempt.branding !== null && attempt.branding !== undefined;
  if (stage === "persona") return attempt.persona !== null && attempt.persona !== undefined;
  return attempt[stage].length > 0;
}

/**
 * A stored attempt as a draft, and the stages still to run. The attempt does not say which stages ran, only
 * what they found: every stage after the last one with a result runs again (an empty FAQ before a found URL
 * list is taken as a stage that found nothing).
 */
export function resumeFrom(attempt: OnboardingAttempt): { draft: WizardDraft; remaining: ScanStage[] } {
  let draft = emptyDraft(attempt.url, attempt.attempt_id);
  if (attempt.branding) draft = withStageResult(draft, { stage: "branding", value: attempt.branding });
  if (attempt.persona) draft = withStageResult(draft, { stage: "persona", value: attempt.persona });
  draft = withStageResult(draft, { stage: "faq", value: attempt.faq });
  draft = withStageResult(draft, { stage: "urls", value: attempt.urls });
  const lastDone = scanStages.reduce((last, stage, index) => (hasResult(attempt, stage) ? index : last), -1);
  return { draft, remaining: scanStages.slice(lastDone + 1) };
}

/** Rows filled in halfway (a question without an answer or the other way round); fully empty rows are dropped on save. */
export function incompleteFaqRows(rows: readonly FaqRow[]): string[] {
  return rows.filter((row) => (row.question.trim() === "") !== (row.answer.trim() === "")).map((row) => row.id);
}

/** Whether a typed address can join the URL list (the save refuses anything but http and https). */
/**
 * A page's address as the list compares them: without its fragment (#team is the same page), with the host in lower
 * case and without a trailing slash on the path (/faq/ and /faq are one page on almost every site).
 */
export function pageKey(value: string): string {
  try {
    const url = new URL(value.trim());
    url.hash = "";
    if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, "");
    return url.href;
  } catch {
    return value.trim();
  }
}

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** The configuration's name: the website's domain, lowercased, spaces to dashes, only a-z 0-9 . - (spec 01 §4). */
export function configurationNameOf(draft: Pick<WizardDraft, "url">): string {
  return configurationNameFromUrl(draft.url);
}

export function configurationBody(draft: WizardDraft, customerId: string, language: string): ConfigurationBody {
  return {
    name: configurationNameOf(draft),
    customerId,
    attempt_id: draft.attemptId,
    entity_instruction: draft.persona.entity_instruction.trim(),
    goal_instruction: draft.persona.goal_instruction.trim(),
    // The persona and FAQ were written in the wizard's language; the assistant answers in it by default.
    language,
    // The questions and answers gathered here are what the new assistant answers from at once (without them
    // it would say it does not know until someone finds the setting).
    include_manual_dataset: draft.faq.some((row) => row.question.trim() !== "" && row.answer.trim() !== ""),
  };
}

const subjectMaxLength = 200;

export function urlsBody(configurationId: string, rows: readonly UrlRow[]) {
  return {
    configurationId,
    urls: rows.filter((row) => row.included).map((row) => ({ url: row.url.trim(), subject: row.description.trim().slice(0, subjectMaxLength) })),
  };
}

export const faqDatasetName = "FAQ";

/** The FAQ as the dataset the FAQ editor shows: a question and an answer column, completely empty rows left out. */
export function faqDatasetBody(configurationId: string, rows: readonly FaqRow[], headers: readonly DatasetHeader[]) {
  return {
    configurationId,
    datasetName: faqDatasetName,
    datasetHeaders: [...headers],
    datasetData: rows
      .filter((row) => row.question.trim() !== "" || row.answer.trim() !== "")
      .map((row) => ({ question: row.question.trim(), answer: row.answer.trim() })),
  };
}

/**
 * The design to save: the defaults (spec: Dutch texts, language nl; in `language`, the configuration's, when
 * given) with the chosen colour on the header, the user's messages and the chat button, text on them in black
 * or white (whichever reads), and the chosen logo as a scraped avatar.
 */
export function designBody(configurationId: string, draft: Pick<WizardDraft, "primaryColor" | "logoUrl">, language?: string) {
  const values = designValuesOf(null, language);
  const colour = draft.primaryColor;
  if (colour) {
    const onColour = readableTextOn(colour);
    Object.assign(values.chatbotSettings, {
      primaryColor: colour,
      headerGradientStart: colour,
      headerGradientEnd: colour,
      headerTextColor: onColour,
      userMessageBackgroundColor: colour,
      userMessageTextColor: onColour,
    });
    Object.assign(values.chatbotButtonSettings, { buttonBackgroundColor: colour, buttonIconColor: onColour });
  }
  if (draft.logoUrl) Object.assign(values.chatbotSettings, { avatarType: "scraped", avatarUrl: draft.logoUrl });
  return designToSave(configurationId, values);
}

/** The colour the preview and the summary show: the chosen one, else the design's default. */
export function shownPrimaryColor(draft: Pick<WizardDraft, "primaryColor">): string {
  return draft.primaryColor ?? defaultChatbotSettings.primaryColor;
}
