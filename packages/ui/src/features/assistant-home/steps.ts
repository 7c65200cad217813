/**
 * The next-step cards of the assistant home: the screens of the customer roles' assistant, each a card
 * when the page manifest lets the role open it, in the order a new customer sets an assistant up
 * (teach it, style it, test it, put it on the website), then the conversations to follow.
 */
import { pagesFor, type PortalPage } from "@parley/domain/pages";
import type { Role } from "@parley/domain/roles";

/** A step's description key by the path of its screen, in the order the steps are offered. */
export const stepKeys = {
  "/assistant/prompting": "prompting",
  "/dataset/view": "faq",
  "/assistant/faq": "faq",
  "/assistant/links": "urls",
  "/assistant/design": "design",
  "/assistant/test": "test",
  "/assistant/embedding": "embed",
  "/conversations/live": "live",
  "/conversations/history": "history",
  "/conversations/postprocessed": "postprocessed",
} as const satisfies Record<string, string>;
export type StepKey = (typeof stepKeys)[keyof typeof stepKeys];

export interface NextStep {
  page: PortalPage;
  key: StepKey;
}

function isStepPath(path: string): path is keyof typeof stepKeys {
  return Object.hasOwn(stepKeys, path);
}

/** The steps a role can take, one per screen it may open. */
export function nextStepsFor(role: Role): NextStep[] {
  const order = Object.keys(stepKeys);
  return pagesFor(role)
    .flatMap((page) => (isStepPath(page.path) ? [{ page, key: stepKeys[page.path] }] : []))
    .sort((a, b) => order.indexOf(a.page.path) - order.indexOf(b.page.path));
}
