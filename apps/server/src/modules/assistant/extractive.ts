/**
 * The embedded default, when no AI provider is set: the answer is taken, not written. The best FAQ answer or
 * article passage whose confidence is above the matcher's threshold is answered with its source link;
 * below it the visitor gets a clear "I don't know" in the conversation's language with the most relevant
 * links. A message that is only a greeting, a thanks or a goodbye gets a polite reply of its kind instead.
 */
import { assistantTexts, smallTalkOf, smallTalkReplies, type LanguageCode } from "@parley/domain";
import type { MessageSource } from "../conversations/repository";
import { answerConfidenceThreshold, type FoundSource } from "./sources";
import { escapeHtml } from "../../platform/html";
import { answerTextToHtml, sanitiseAnswerHtml } from "./text/sanitise-answer";

/** The longest article passage answered (a chunk can be 800 words); cut at a sentence end before it. */
export const maxPassageCharacters = 700;
const linksShown = 3;

export interface ExtractiveAnswer {
  /** Sanitised HTML, as stored and shown. */
  html: string;
  /** The same answer as plain text (what a streaming widget shows until the HTML arrives). */
  text: string;
  sources: MessageSource[];
  /**
   * Whether it answers the question (the best source, or that the assistant does not know): not a reply to
   * small talk, nor the note that nobody is online to take the visitor's request for a person.
   */
  answer: boolean;
}

function passage(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxPassageCharacters) return trimmed;
  const cut = trimmed.slice(0, maxPassageCharacters);
  const sentenceEnd = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "), cut.lastIndexOf("\n"));
  return sentenceEnd > maxPassageCharacters / 3 ? cut.slice(0, sentenceEnd + 1) : `${cut.replace(/\s+\S*$/, "")} …`;
}

function linkList(urls: readonly string[]): string {
  return `<ul>${urls.map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`).join("")}</ul>`;
}

export function answerFromSources(
  question: string,
  found: readonly FoundSource[],
  language: LanguageCode,
  fallbackLinks: readonly string[],
  people: {
    /** The visitor asked for a person and no agent is online: said instead of "I don't know". */
    personRequested?: boolean;
    /** An agent is online: "I don't know" says a person can join. */
    agentOnline?: boolean;
  } = {},
): ExtractiveAnswer {
  const smallTalk = smallTalkOf(question);
  if (smallTalk !== null) {
    const reply = smallTalkReplies[language][smallTalk];
    return { html: sanitiseAnswerHtml(`<p>${escapeHtml(reply)}</p>`), text: reply, sources: [], answer: false };
  }
  const texts = assistantTexts[language];
  const best = found[0];
  if (best && best.confidence >= answerConfidenceThreshold) {
    const body = best.kind === "faq" ? (best.answer ?? best.text) : passage(best.text);
    const readMore = best.url ? `\n\n[${texts.read_more}](${best.url})` : "";
    const html = answerTextToHtml(`${body}${readMore}`);
    // The answer is the best source's alone: other matches would read as its sources ("When do I get my
    // money back?" under the delivery times).
    const sources = [{ kind: best.kind, title: best.title, url: best.url }];
    return { html, text: best.url ? `${body}\n\n${texts.read_more}: ${best.url}` : body, sources, answer: true };
  }

  if (people.personRequested) {
    const text = texts.person_requested_offline;
    return { html: sanitiseAnswerHtml(`<p>${escapeHtml(text)}</p>`), text, sources: [], answer: false };
  }

  const links = [...new Set(fallbackLinks.filter((url) => /^https?:\/\//i.test(url)))].slice(0, linksShown);
  // With a colleague online, the visitor learns that asking for a person brings one in.
  const hint = people.agentOnline ? texts.person_available : undefined;
  const hintHtml = hint ? `<p>${escapeHtml(hint)}</p>` : "";
  const hintText = hint ? `\n\n${hint}` : "";
  if (links.length === 0) {
    return { html: sanitiseAnswerHtml(`<p>${escapeHtml(texts.dont_know)}</p>${hintHtml}`), text: `${texts.dont_know}${hintText}`, sources: [], answer: true };
  }
  return {
    html: sanitiseAnswerHtml(`<p>${escapeHtml(texts.dont_know_with_links)}</p>${linkList(links)}${hintHtml}`),
    text: `${texts.dont_know_with_links}\n${links.join("\n")}${hintText}`,
    sources: links.map((url) => {
      const source = found.find((candidate) => candidate.url === url);
      return { kind: source?.kind ?? "url", title: source?.title ?? url, url };
    }),
    answer: true,
  };
}
