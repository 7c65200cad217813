/**
 * The tickets of the portals' test environment: the portal frames the widget with one, and a conversation
 * the widget starts with a valid ticket of its configuration is a test conversation (its answers use no
 * message of the quota). A ticket is the expiry and an HMAC of the configuration id and that expiry under
 * the server's secret: only the server makes one, and only for a user who may see the configuration.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a ticket opens test conversations: a working day in the test environment. */
export const testTicketLifetimeMs = 12 * 60 * 60_000;

export interface TestTickets {
  issue(configurationId: string, now?: Date): { test_ticket: string; expires_at: string };
  /** Whether the ticket is the server's, for this configuration, and not expired. */
  valid(ticket: string | null | undefined, configurationId: string, now?: Date): boolean;
}

export function createTestTickets(secret: string): TestTickets {
  const signature = (configurationId: string, expires: number) =>
    createHmac("sha256", `${secret}\u0000test tickets`).update(`${configurationId.toLowerCase()}.${expires}`).digest("base64url");
  return {
    issue(configurationId, now = new Date()) {
      const expires = now.getTime() + testTicketLifetimeMs;
      return { test_ticket: `${expires}.${signature(configurationId, expires)}`, expires_at: new Date(expires).toISOString() };
    },
    valid(ticket, configurationId, now = new Date()) {
      const match = typeof ticket === "string" ? /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(ticket) : null;
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires <= now.getTime()) return false;
      const given = Buffer.from(match[2]!);
      const expected = Buffer.from(signature(configurationId, expires));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
