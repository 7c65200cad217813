import { describe, expect, it } from "vitest";
import { isNewSignUp, isOnboardingFinished, leadTrial, messagesUsed, newSignUpDays } from "./leads";

const day = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe("lead trial", () => {
  it("runs 14 days from its start, counting the days left", () => {
    expect(leadTrial(day("2026-03-01"), day("2026-03-01"))).toEqual({ endDate: "2026-03-15", daysLeft: 14, expired: false });
    expect(leadTrial(day("2026-03-01"), day("2026-03-14"))).toEqual({ endDate: "2026-03-15", daysLeft: 1, expired: false });
  });

  it("is expired on its end date and after, never with negative days left", () => {
    expect(leadTrial(day("2026-03-01"), day("2026-03-15"))).toEqual({ endDate: "2026-03-15", daysLeft: 0, expired: true });
    expect(leadTrial(day("2026-03-01"), day("2026-04-20"))).toMatchObject({ daysLeft: 0, expired: true });
  });
});

describe("messages used", () => {
  it("is the limit minus what remains, never negative", () => {
    expect(messagesUsed(200, 150)).toBe(50);
    expect(messagesUsed(200, 250)).toBe(0);
  });

  it("counts nothing on an unlimited product", () => {
    expect(messagesUsed(0, 0)).toBe(0);
  });
});

describe("onboarding finished", () => {
  it("needs the customer saved and the wizard off", () => {
    expect(isOnboardingFinished({ customerId: null, showWizard: true })).toBe(false);
    expect(isOnboardingFinished({ customerId: "c1", showWizard: true })).toBe(false);
    expect(isOnboardingFinished({ customerId: null, showWizard: false })).toBe(false);
    expect(isOnboardingFinished({ customerId: "c1", showWizard: false })).toBe(true);
  });
});

describe("new sign-up", () => {
  it("is new for 30 days after signing up", () => {
    expect(newSignUpDays).toBe(30);
    expect(isNewSignUp("2026-03-01T10:00:00Z", day("2026-03-31"))).toBe(true);
    expect(isNewSignUp("2026-03-01T09:59:00Z", day("2026-03-31"))).toBe(false);
    expect(isNewSignUp("not a date", day("2026-03-31"))).toBe(false);
  });
});
