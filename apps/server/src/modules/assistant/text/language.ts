/**
 * Which of the assistant's languages a visitor writes in, so that the answer can be in that language
 * (a configuration's `use_lang_detect` with `lang_detect_word_count`).
 *
 * eld (Efficient Language Detector) with its "small" database, imported statically: `eld/small` is
 * preloaded at import, so detection is synchronous. Small rather than medium: by eld's own benchmarks the
 * two are within about 0.1–0.4 points on sentences and tweets, while small loads in about 280 ms and
 * holds about 55 MB of heap against medium's 350 ms and 70 MB (measured here), paid by every server process
 * at start-up. Extra-small would save more but loses a few points on short texts, which chat messages are.
 */
import { eld } from "eld/small";

export const detectableLanguages = ["en", "nl", "de", "es", "fr"] as const;
export type DetectableLanguage = (typeof detectableLanguages)[number];

export interface DetectLanguageOptions {
  /** Fewer words than this and the text is not judged at all: one or two words say too little. */
  minWords: number;
}

/**
 * An instance of our own, so that restricting it to our five languages does not change the shared `eld`
 * object for any other user in the process. Text clean-up drops URLs, e-mail addresses and numbers,
 * which say nothing about the language.
 */
const detector = eld.newInstance();
detector.setLanguageSubset([...detectableLanguages]);
detector.enableTextCleanup(true);

/** The runner-up must be this far behind: "hallo" scores German 0.75 and Spanish 0.74, which is a guess. */
const minimumLead = 0.05;

/** Words with at least one letter, not counting URLs and e-mail addresses. */
export function countWords(text: string): number {
  return text
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word) && !/^(?:https?:\/\/|www\.)|@/i.test(word)).length;
}

function isDetectableLanguage(language: string): language is DetectableLanguage {
  return (detectableLanguages as readonly string[]).includes(language);
}

/** The visitor's language, or undefined when the text is too short or the detector is not confident. */
export function detectLanguage(text: string, options: DetectLanguageOptions): DetectableLanguage | undefined {
  if (countWords(text) < Math.max(1, options.minWords)) return undefined;
  const result = detector.detect(text);
  if (!isDetectableLanguage(result.language) || !result.isReliable()) return undefined;
  const [best = 0, second = 0] = Object.values(result.getScores()).sort((left, right) => right - left);
  return best - second >= minimumLead ? result.language : undefined;
}
