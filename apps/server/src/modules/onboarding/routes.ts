import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../../platform/http/operations";
import { byCaller, createLimit, type RateLimitSettings } from "../../platform/http/rate-limits";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createOnboardingService } from "./service";

/**
 * Any signed-in user may scan a website (the self-onboarding wizard's, but customers and admins may try it
 * too); the attempt an operation names is loaded by `x-tenant` as the caller's own. The body's `url` and
 * `userId` of the steps are not read: the attempt's checked address is (see the contract).
 */
export function onboardingOperations(
  app: FastifyInstance,
  onboarding: ReturnType<typeof createOnboardingService>,
  limits: RateLimitSettings | false,
): OperationTable {
  const attemptOf = (request: Parameters<typeof requiredTenantOf>[0]) => requiredTenantOf(request, "onboardingAttempt");
  return {
    checkOnboardingUrl: {
      // Each check sends requests to an address the user typed: a user cannot turn the server into a scanner.
      preHandler: limits === false ? [] : [createLimit(app, "onboarding-check-url", limits.onboardingUrlCheck, byCaller)],
      handler: async (request) => onboarding.checkUrl(callerOf(request), request.body.url),
    },
    discoverBranding: async (request) => onboarding.discoverBranding(callerOf(request), attemptOf(request)),
    generateAssistantPersona: async (request) => onboarding.generatePersona(callerOf(request), attemptOf(request), request.body.languageCode),
    extractFaq: async (request) => onboarding.extractFaq(callerOf(request), attemptOf(request), request.body.languageCode),
    extractUrls: async (request) => onboarding.extractUrls(callerOf(request), attemptOf(request)),
    getOnboardingAttempt: async (request) => onboarding.attempt(attemptOf(request)),
    getOnboardingScreenshot: async (request) => onboarding.screenshot(attemptOf(request)),
  };
}
