/**
 * The self-onboarding wizard (spec 01 §2, §4; spec 02 §4, §7.9).
 */

export const onboardingSteps = ["welcome", "persona", "faq", "urls", "design", "finalize"] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const scrapePhases = ["branding", "persona", "faq", "urls", "finalizing", "done"] as const;
export type ScrapePhase = (typeof scrapePhases)[number];

/** Progress reported once each scraping stage has finished: branding, persona, FAQ, URLs, then all done. */
export const scrapeProgress = { branding: 10, persona: 35, faq: 65, urls: 90, done: 100 } as const;

/** The order in which finalising saves things; a failing save stops it. */
export const finalizeSteps = [
  "save_customer",
  "create_configuration",
  "save_urls",
  "save_faq_dataset",
  "save_design",
  "refresh_configurations",
  "update_user_flags",
] as const;
export type FinalizeStep = (typeof finalizeSteps)[number];

/** The user flags after finalising: instructions shown, wizard done. */
export const flagsAfterOnboarding = { showInstructions: true, showWizard: false } as const;

/** The statements the user must accept before a website is scraped. */
export const onboardingConsents = ["authorised", "no_forbidden_content", "public_content_analysis"] as const;
export type OnboardingConsent = (typeof onboardingConsents)[number];

export function hasAllConsents(given: Partial<Record<OnboardingConsent, boolean>>): boolean {
  return onboardingConsents.every((consent) => given[consent] === true);
}
