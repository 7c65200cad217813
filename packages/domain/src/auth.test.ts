import { describe, expect, it } from "vitest";
import {
  canTryOneTimeCode,
  isExpired,
  isWellFormedOneTimeCode,
  newOneTimeCode,
  oneTimeCodeExpiresAt,
  passwordResetLinkExpiresAt,
} from "./auth";

const issued = new Date("2026-11-22T10:00:00Z");

describe("one-time codes", () => {
  it("are exactly 6 digits", () => {
    expect(isWellFormedOneTimeCode("012345")).toBe(true);
    expect(isWellFormedOneTimeCode(" 123456 ")).toBe(true);
    expect(isWellFormedOneTimeCode("12345")).toBe(false);
    expect(isWellFormedOneTimeCode("1234567")).toBe(false);
    expect(isWellFormedOneTimeCode("12a456")).toBe(false);
  });

  it("are padded to 6 digits", () => {
    expect(newOneTimeCode(() => 42)).toBe("000042");
    expect(newOneTimeCode((max) => max - 1)).toBe("999999");
  });

  it("last 10 minutes", () => {
    const expiresAt = oneTimeCodeExpiresAt(issued);
    expect(expiresAt.toISOString()).toBe("2026-11-22T10:10:00.000Z");
    expect(isExpired(expiresAt, new Date("2026-11-22T10:09:59.999Z"))).toBe(false);
    expect(isExpired(expiresAt, new Date("2026-11-22T10:10:00.000Z"))).toBe(true);
  });

  it("allow 5 tries", () => {
    expect(canTryOneTimeCode(0)).toBe(true);
    expect(canTryOneTimeCode(4)).toBe(true);
    expect(canTryOneTimeCode(5)).toBe(false);
  });
});

describe("password reset links", () => {
  it("last 1 hour", () => {
    expect(passwordResetLinkExpiresAt(issued).toISOString()).toBe("2026-11-22T11:00:00.000Z");
  });
});
