/**
 * Secrets a configuration keeps (the Twilio auth token, the WordPress application password) are never
 * answered in full: the server answers a mask with the last characters, and a mask sent back keeps the
 * stored value.
 */
export const secretFields = {
  twilio_channel: ["auth_token"],
  wordpress_site: ["application_password"],
} as const;

export const secretMaskPrefix = "••••••••";
/** How many trailing characters of a secret the mask shows (none of a short one). */
export const secretVisibleTail = 4;
const shortestWithTail = 12;

export function maskSecret(secret: string): string {
  return secretMaskPrefix + (secret.length >= shortestWithTail ? secret.slice(-secretVisibleTail) : "");
}

/** True for a value the server answered in place of a secret. */
export function isMaskedSecret(value: unknown): boolean {
  return typeof value === "string" && value.startsWith(secretMaskPrefix);
}
