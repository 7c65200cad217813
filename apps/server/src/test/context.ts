import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { buildApp, type ParleyApp } from "../app";
import { createTokenService } from "../platform/auth/jwt";
import { hashPassword } from "../platform/auth/passwords";
import { createChangeFeed, type ChangeFeed } from "../platform/db/change-feed";
import { transactionChanges, type DatabaseHandle, type Db } from "../platform/db/db";
import { createResponseValidator, loadContract } from "../platform/http/contract";
import type { RateLimitSettings } from "../platform/http/rate-limits";
import { createOutboxMailer, createSmtpMailer } from "../platform/mail/mailer";
import { createOutboundClient } from "../platform/outbound/client";
import type { Role } from "../platform/http/operations";
import { claimsOf } from "../modules/accounts/service";
import type { GoogleSettings } from "../modules/accounts/google";
import { clientSettingsFromEnv, type ClientSettings } from "../modules/client-settings/routes";
import type { EmbeddingSettings } from "../modules/knowledge/embeddings";
import type { StripeSettings } from "../modules/billing/stripe-checkout";
import type { ProviderSettings } from "../modules/assistant/provider/settings";
import type { ChatLimits } from "../modules/assistant/visitors";
import { insertCustomer } from "../modules/customers/repository";
import { insertUser, type UserRecord } from "../modules/users/repository";
import { openTestDatabase } from "./database";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

const contract = loadContract();
const responses = createResponseValidator(contract);

/**
 * Why the answer does not match the contract for its operation (a status it does not declare, another
 * media type, a body off its schema), or null when it does.
 */
export function contractMismatch(operationId: string, response: LightMyRequestResponse): string | null {
  const contentType = response.headers["content-type"] as string | undefined;
  const isJson = /^application\/([a-z.+-]+\+)?json\b/i.test(contentType ?? "");
  try {
    const body = response.body === "" ? undefined : isJson ? (JSON.parse(response.body) as unknown) : response.body;
    const errors = responses.validate(operationId, response.statusCode, contentType, body);
    return errors === null ? null : `${operationId} ${response.statusCode} ${JSON.stringify(errors)} ${response.body.slice(0, 400)}`;
  } catch (error) {
    return `${operationId} ${response.statusCode}: ${(error as Error).message} ${response.body.slice(0, 400)}`;
  }
}

/** Fails the test when the answer does not match the contract's schema for its operation and status. */
export function expectToMatchContract(operationId: string, response: LightMyRequestResponse): void {
  expect(contractMismatch(operationId, response)).toBeNull();
}

export const testPassword = "Sup3r-secret!";
export const testWebhookSecret = "whsec_test_0123456789abcdef";

export interface TestContext {
  app: ParleyApp;
  database: DatabaseHandle;
  smtp: TestSmtpServer;
  /** A user written straight to the database, and a valid token for them. */
  createUser(options: { role: Role; customerId?: string | null; email?: string; status?: "active" | "inactive" }): Promise<{
    user: UserRecord;
    token: string;
  }>;
  createCustomer(name: string): Promise<string>;
  tokenFor(user: UserRecord): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

export interface TestContextOptions {
  rateLimits?: RateLimitSettings | false;
  /** Behind a proxy (`TRUST_PROXY=true`): client addresses from X-Forwarded-For, for HTTP and sockets. */
  trustProxy?: boolean;
  /** "outbox" uses the embedded default mailer (dev mailbox) instead of the loopback SMTP server. */
  mail?: "smtp" | "outbox";
  portals?: { customer: string; admin: string; widget?: string };
  google?: GoogleSettings;
  clientSettings?: ClientSettings;
  /** Whether PUBLIC_URL counts as configured (http://portal.test); true unless a test starts a server without it. */
  publicUrlConfigured?: boolean;
  /**
   * The app's caches hear only the app's own reports of its writes, not the database's notifications,
   * so a test shows that every write path reports itself (on PGlite the notification would otherwise
   * arrive before the write returns and hide a missing report).
   */
  hearOnlyOwnWrites?: boolean;
  /** Rolls back transactions open longer than this (the server's default otherwise). */
  transactionTimeoutMs?: number;
  /** `host:port` of loopback fixture servers the outbound client may reach (`OUTBOUND_ALLOWED_HOSTS`). */
  outboundAllowedHosts?: string[];
  /**
   * The only names the outbound client can resolve, with their addresses; any other name is not found.
   * No test asks the system's resolver, so no DNS query leaves the machine.
   */
  dnsAnswers?: ReadonlyMap<string, readonly string[]>;
  /** The outbound client's deadline for a whole call (its default otherwise), for tests of a site that never answers. */
  outboundResponseTimeoutMs?: number;
  /** Certificates the outbound client trusts instead of Node's bundled ones: a test's https fixture servers. */
  outboundTrustedCertificates?: string[];
  /** An embedding provider (a loopback server); none otherwise. */
  embeddings?: EmbeddingSettings;
  /** The local English sentence model for the extractive default (off by default: most tests need words only). */
  localSentenceModel?: boolean;
  /** An LLM provider (a loopback server); the embedded extractive default otherwise. */
  llm?: ProviderSettings;
  /** Twilio's API at a loopback server (the workflows' text messages); Twilio's own otherwise. */
  twilioBaseUrl?: string;
  /** The payment webhook's secret (`testWebhookSecret` unless given; null: none configured). */
  paymentsWebhookSecret?: string | null;
  /** Stripe Checkout against a loopback server; the built-in checkout page otherwise. */
  stripe?: StripeSettings;
  /** Visitors' message limits (the server's defaults otherwise; `false`: none). */
  chatLimits?: ChatLimits | false;
}

/** `db` with a change feed of its own that nothing but the app's `changedHere` reports reach. */
function hearingOnlyOwnWrites(db: Db): Db {
  const wrap = (inner: Db, changes: ChangeFeed): Db => ({
    changes,
    query: (sql, params) => inner.query(sql, params),
    exec: (sql) => inner.exec(sql),
    async transaction(work) {
      const held = transactionChanges(changes);
      const result = await inner.transaction((tx) => work(wrap(tx, held.changes)));
      held.commit();
      return result;
    },
  });
  return wrap(db, createChangeFeed(true));
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await openTestDatabase({ transactionTimeoutMs: options.transactionTimeoutMs });
  const smtp = await startSmtpServer();
  const secret = "test-secret-that-is-long-enough-for-hs256-0123456789";
  const tokens = createTokenService(secret);
  const emptyPortals = await mkdtemp(join(tmpdir(), "parley-portals-"));
  const appDb = options.hearOnlyOwnWrites ? hearingOnlyOwnWrites(database.db) : database.db;
  const app = await buildApp(
    {
      db: appDb,
      singleConnection: database.kind === "pglite",
      tokens,
      mailer:
        options.mail === "outbox"
          ? createOutboxMailer(appDb, () => undefined)
          : createSmtpMailer(smtp.url, "Parley <no-reply@parley.test>"),
      secret,
      publicUrl: "http://portal.test",
      publicUrlConfigured: options.publicUrlConfigured ?? true,
      corsOrigins: ["http://portal.test"],
      rateLimits: options.rateLimits,
      google: options.google,
      clientSettings: options.clientSettings ?? clientSettingsFromEnv({}),
      outbound: createOutboundClient({
        allowedHosts: options.outboundAllowedHosts,
        responseTimeoutMs: options.outboundResponseTimeoutMs,
        ...(options.outboundTrustedCertificates ? { trustedCertificates: options.outboundTrustedCertificates } : {}),
        resolve: async (hostname) => {
          const answer = options.dnsAnswers?.get(hostname);
          if (answer) return answer;
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests resolve no names)`), { code: "ENOTFOUND" });
        },
      }),
      portals: { customer: join(emptyPortals, "customer"), admin: join(emptyPortals, "admin"), widget: join(emptyPortals, "widget"), ...options.portals },
      contract,
      embeddings: options.embeddings,
      localSentenceModel: options.localSentenceModel,
      llm: options.llm,
      twilioBaseUrl: options.twilioBaseUrl,
      chatLimits: options.chatLimits,
      trustProxy: options.trustProxy,
      stripe: options.stripe,
      paymentsWebhookSecret: options.paymentsWebhookSecret === null ? undefined : (options.paymentsWebhookSecret ?? testWebhookSecret),
    },
    { logger: false, trustProxy: options.trustProxy ?? false },
  );
  const passwordHash = await hashPassword(testPassword);

  const context: TestContext = {
    app,
    database,
    smtp,
    async tokenFor(user) {
      return tokens.sign(claimsOf(user));
    },
    async createUser({ role, customerId = null, email, status = "active" }) {
      counter += 1;
      const address = email ?? `${role}-${counter}-${Date.now()}@example.test`;
      const user = await insertUser(database.db, {
        customerId,
        email: address,
        username: address,
        firstname: "Test",
        lastname: `User ${counter}`,
        passwordHash,
        role,
        status,
      });
      return { user, token: await context.tokenFor(user) };
    },
    async createCustomer(name) {
      return (await insertCustomer(database.db, { name }))._id;
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
  return context;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
