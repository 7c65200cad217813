import { DomainError } from "@parley/domain";
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from "fastify";

export interface LimitRule {
  max: number;
  /** Milliseconds. */
  window: number;
}

/** Attempts allowed per client address and per account (e-mail address) for the sensitive calls. */
export interface RateLimitSettings {
  login: { address: LimitRule; account: LimitRule };
  oneTimeCode: { address: LimitRule; account: LimitRule };
  registration: { address: LimitRule; account: LimitRule };
  passwordReset: { address: LimitRule; account: LimitRule };
}

const minute = 60_000;

// Operational guards against guessing and mail bombing; generous enough for a person retyping.
export const defaultRateLimits: RateLimitSettings = {
  login: { address: { max: 30, window: minute }, account: { max: 10, window: 15 * minute } },
  oneTimeCode: { address: { max: 30, window: minute }, account: { max: 10, window: 15 * minute } },
  registration: { address: { max: 20, window: minute }, account: { max: 5, window: 15 * minute } },
  passwordReset: { address: { max: 20, window: minute }, account: { max: 5, window: 15 * minute } },
};

/**
 * A hook counting requests under `name` per key and answering 429 `rate_limited` (with Retry-After)
 * beyond the rule. Runs as a preHandler so the key may come from the validated body.
 */
export function createLimit(
  app: FastifyInstance,
  name: string,
  rule: LimitRule,
  keyOf: (request: FastifyRequest) => string | undefined,
): preHandlerHookHandler {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.window,
    keyGenerator: (request) => `${name}:${keyOf(request) ?? ""}`,
  });
  return async (request, reply) => {
    if (keyOf(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", String(result.ttlInSeconds));
      throw new DomainError("rate_limited", undefined, 429);
    }
  };
}

export const byAddress = (request: FastifyRequest) => request.ip;

export const byBodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" ? value.trim().toLowerCase() : undefined;
};
