import { describe, expect, it } from "vitest";
import { defaultRateLimits, rateLimitsFromEnvironment } from "./rate-limits";

describe("rate limits from the environment", () => {
  it("are the shipped ones when nothing is set, or the setting is not a positive whole number", () => {
    expect(rateLimitsFromEnvironment({})).toBe(defaultRateLimits);
    for (const value of ["", "0", "-5", "2.5", "many"]) {
      expect(rateLimitsFromEnvironment({ SIGN_INS_PER_MINUTE_PER_ADDRESS: value })).toBe(defaultRateLimits);
    }
  });

  it("raise only the sign-in attempts a minute per address", () => {
    const limits = rateLimitsFromEnvironment({ SIGN_INS_PER_MINUTE_PER_ADDRESS: "300" });
    expect(limits).not.toBe(false);
    if (limits === false) return;
    expect(limits.login.address).toEqual({ ...defaultRateLimits.login.address, max: 300 });
    expect(limits.login.accountAtAddress).toEqual(defaultRateLimits.login.accountAtAddress);
    expect(limits.passwordReset).toEqual(defaultRateLimits.passwordReset);
  });

  it("are off only when DISABLE_RATE_LIMITS is exactly true", () => {
    expect(rateLimitsFromEnvironment({ DISABLE_RATE_LIMITS: "true" })).toBe(false);
    expect(rateLimitsFromEnvironment({ DISABLE_RATE_LIMITS: "1" })).toBe(defaultRateLimits);
  });
});
