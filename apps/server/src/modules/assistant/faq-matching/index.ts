/** The assistant's FAQ matcher (issue 14): see faq-matcher.ts for the method. */
export {
  answerConfidenceThreshold,
  buildFaqMatcher,
  createFaqMatcher,
  type EmbeddingSimilarity,
  type FaqEntry,
  type FaqMatch,
  type FaqMatcher,
  type FaqMatcherOptions,
  type SimilarityScale,
} from "./faq-matcher";
export { faqLanguages, type FaqLanguage } from "./text-analysis";
