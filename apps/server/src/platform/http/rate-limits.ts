import { DomainError } from "@parley/domain";
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from "fastify";
import { ownField } from "./contract";

export interface LimitRule {
  max: number;
  /** Milliseconds. */
  window: number;
}

/** Wrong passwords on one account, from any address, after which each attempt waits longer. */
export interface SlowdownRule {
  /** Failures within `window` before attempts start to wait. */
  after: number;
  /** Milliseconds. */
  window: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  delayMs: number;
  maxDelayMs: number;
}

/** Attempts allowed per client address and per account (e-mail address) for the sensitive calls. */
export interface RateLimitSettings {
  /**
   * Sign-in is never refused per account alone, or a stranger who knows an address could lock its owner
   * out: guessing is capped per address and per account-and-address, and spraying one account from many
   * addresses is slowed down instead (the right password always gets in, after the wait).
   */
  login: { address: LimitRule; accountAtAddress: LimitRule; accountSlowdown: SlowdownRule };
  oneTimeCode: { address: LimitRule; account: LimitRule };
  registration: { address: LimitRule; account: LimitRule };
  passwordReset: { address: LimitRule; account: LimitRule };
  /** Changing the password of a signed-in user, per user (guessing the current password). */
  passwordChange: LimitRule;
  /** Premium-feature requests, per user: each one e-mails the provider's staff. */
  contactPremium: LimitRule;
  /** Website URL checks of the onboarding wizard, per user: each one sends requests to an address the user typed. */
  onboardingUrlCheck: LimitRule;
  /** Product activations per address: public, the session id is the proof (too long to guess; this caps floods). */
  activateProduct: LimitRule;
}

const minute = 60_000;

// Operational guards against guessing and mail bombing; generous enough for a person retyping.
export const defaultRateLimits: RateLimitSettings = {
  login: {
    address: { max: 30, window: minute },
    accountAtAddress: { max: 10, window: 15 * minute },
    accountSlowdown: { after: 10, window: 15 * minute, delayMs: 500, maxDelayMs: 5_000 },
  },
  oneTimeCode: { address: { max: 30, window: minute }, account: { max: 10, window: 15 * minute } },
  registration: { address: { max: 20, window: minute }, account: { max: 5, window: 15 * minute } },
  passwordReset: { address: { max: 20, window: minute }, account: { max: 5, window: 15 * minute } },
  passwordChange: { max: 10, window: 15 * minute },
  contactPremium: { max: 5, window: 15 * minute },
  // A person retyping a URL a few times a minute stays far below; a script probing addresses does not.
  onboardingUrlCheck: { max: 30, window: 15 * minute },
  activateProduct: { max: 30, window: minute },
};

/**
 * The limits a started server uses: none with DISABLE_RATE_LIMITS=true (load tests from one address,
 * never production); SIGN_INS_PER_MINUTE_PER_ADDRESS raises the sign-in attempts a minute from one
 * address where many people share one (an office, a proxy, a browser test run). The per-account limits stay.
 */
export function rateLimitsFromEnvironment(env: Readonly<Record<string, string | undefined>>): RateLimitSettings | false {
  if (env.DISABLE_RATE_LIMITS === "true") return false;
  const signInsPerMinute = Number(env.SIGN_INS_PER_MINUTE_PER_ADDRESS);
  if (!Number.isInteger(signInsPerMinute) || signInsPerMinute < 1) return defaultRateLimits;
  const login = defaultRateLimits.login;
  return { ...defaultRateLimits, login: { ...login, address: { ...login.address, max: signInsPerMinute } } };
}

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

export const byCaller = (request: FastifyRequest) => request.caller?.userId;

// Failure counts are kept for this many accounts at most; the oldest are forgotten first.
const maxSlowedAccounts = 100_000;

/** Failures per key within a window from the first one; bounded, the oldest keys are forgotten first. */
function createFailureCounter(window: number) {
  const failures = new Map<string, { count: number; since: number }>();
  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry && Date.now() - entry.since > window) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    count: (key: string): number => current(key)?.count ?? 0,
    /** Milliseconds until the failures of `key` are forgotten. */
    remainingMs: (key: string): number => {
      const entry = current(key);
      return entry ? Math.max(0, window - (Date.now() - entry.since)) : 0;
    },
    failed(key: string): void {
      const entry = current(key);
      if (entry) entry.count += 1;
      else {
        if (failures.size >= maxSlowedAccounts) failures.delete(failures.keys().next().value!);
        failures.set(key, { count: 1, since: Date.now() });
      }
    },
    succeeded(key: string): void {
      failures.delete(key);
    },
  };
}

/**
 * Counts failures per key (an account) and makes attempts beyond `rule.after` wait, doubling with each
 * failure. Waiting never refuses, so the owner of an account under attack still signs in.
 */
export function createSlowdown(rule: SlowdownRule) {
  const counter = createFailureCounter(rule.window);
  return {
    /** How long an attempt on `key` waits now, in milliseconds. */
    delayFor(key: string): number {
      const beyond = counter.count(key) - rule.after;
      return beyond < 0 ? 0 : Math.min(rule.delayMs * 2 ** beyond, rule.maxDelayMs);
    },
    async wait(key: string): Promise<void> {
      const delay = this.delayFor(key);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    },
    failed: counter.failed,
    succeeded: counter.succeeded,
  };
}

/**
 * Refuses (429 `rate_limited`, with Retry-After) a key that failed `rule.max` times within the window;
 * only failures count, so someone who signs in often is never refused, and a success clears the count.
 */
export function createFailureLimit(rule: LimitRule, keyOf: (request: FastifyRequest) => string | undefined) {
  const counter = createFailureCounter(rule.window);
  const check: preHandlerHookHandler = async (request, reply) => {
    const key = keyOf(request);
    if (key === undefined || counter.count(key) < rule.max) return;
    reply.header("retry-after", String(Math.ceil(counter.remainingMs(key) / 1000)));
    throw new DomainError("rate_limited", undefined, 429);
  };
  return {
    check,
    failed: (request: FastifyRequest) => {
      const key = keyOf(request);
      if (key !== undefined) counter.failed(key);
    },
    succeeded: (request: FastifyRequest) => {
      const key = keyOf(request);
      if (key !== undefined) counter.succeeded(key);
    },
  };
}

export const byBodyField = (field: string) => (request: FastifyRequest) => {
  const value = ownField(request.body, field);
  return typeof value === "string" ? value.trim().toLowerCase() : undefined;
};

/** The body field and the client address together: one address's attempts on one account. */
export const byBodyFieldAtAddress = (field: string) => {
  const account = byBodyField(field);
  return (request: FastifyRequest) => {
    const value = account(request);
    return value === undefined ? undefined : `${value} ${request.ip}`;
  };
};
