/**
 * One-time codes (registration) and password reset links.
 */

export const oneTimeCodeDigits = 6;
export const oneTimeCodeLifetimeMs = 10 * 60 * 1000;
/** Wrong entries allowed for one code before it is spent. */
export const oneTimeCodeMaxAttempts = 5;
export const passwordResetLinkLifetimeMs = 60 * 60 * 1000;

const oneTimeCodePattern = new RegExp(`^\\d{${oneTimeCodeDigits}}$`);

/** Exactly six digits, as typed or pasted (surrounding spaces ignored). */
export function isWellFormedOneTimeCode(code: string): boolean {
  return oneTimeCodePattern.test(code.trim());
}

/** A fresh code from a source of random integers in [0, max); injected so tests can pin it. */
export function newOneTimeCode(randomInt: (max: number) => number): string {
  const max = 10 ** oneTimeCodeDigits;
  return String(randomInt(max)).padStart(oneTimeCodeDigits, "0");
}

export function oneTimeCodeExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + oneTimeCodeLifetimeMs);
}

export function passwordResetLinkExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + passwordResetLinkLifetimeMs);
}

/** Valid until (and not at) the expiry instant. */
export function isExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** A code may still be tried while fewer than the allowed wrong attempts were made. */
export function canTryOneTimeCode(failedAttempts: number): boolean {
  return failedAttempts < oneTimeCodeMaxAttempts;
}
