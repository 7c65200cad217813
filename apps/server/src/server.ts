import Fastify from "fastify";
import { parleyApp, parleyServerOptions, type ParleyApp } from "./app";
import { googleEndpoints } from "./modules/accounts/google";
import { loadWordFrequencies } from "./modules/assistant/faq-matching/word-frequency";
import { loadWordNet } from "./modules/assistant/faq-matching/wordnet";
import { providerSettingsFromEnv } from "./modules/assistant/provider/settings";
import { chatLimitsFromEnvironment } from "./modules/assistant/visitors";
import { embeddingSettingsFromEnv } from "./modules/knowledge/embeddings";
import { stripeSettingsFromEnv } from "./modules/billing/stripe-checkout";
import { redisSettingsFromEnv } from "./modules/live/redis";
import { readConfig } from "./platform/config";
import { rateLimitsFromEnvironment } from "./platform/http/rate-limits";
import { createTokenService, loadOrCreateSecret } from "./platform/auth/jwt";
import { migrate } from "./platform/db/migrate";
import { openConfiguredDatabase } from "./platform/db/open";
import { createOutboxMailer, createSmtpMailer } from "./platform/mail/mailer";
import { createOutboundClient } from "./platform/outbound/client";
import { devMailboxAvailable } from "./modules/dev/mailbox";
import { demoAccounts, demoPassword, isEmpty, seedDemoData } from "./seed";

async function main() {
  const config = readConfig();
  // Behind a proxy: HTTP requests and visitor sockets alike take the client's address from X-Forwarded-For.
  const trustProxy = process.env.TRUST_PROXY === "true";
  const app = Fastify({
    ...parleyServerOptions,
    logger: { level: config.logLevel },
    // A stuck client or a slow upstream must not hold a connection forever.
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 10_000,
    trustProxy,
    // On close, idle keep-alive connections go at once; running requests are drained.
    forceCloseConnections: "idle",
  }) as unknown as ParleyApp;

  const database = await openConfiguredDatabase(config, (message, error) => app.log.error({ err: error }, message));
  const applied = await migrate(database);
  if (applied.length > 0) app.log.info({ applied }, "database migrations applied");

  let seeded = false;
  if (database.kind === "pglite" && (await isEmpty(database.db))) {
    await seedDemoData(database.db);
    seeded = true;
  }

  if (!config.jwtSecret && database.kind === "postgres") {
    app.log.warn("JWT_SECRET is not set; using a secret kept in DATA_DIR. Set JWT_SECRET when running several instances.");
  }
  const secret = await loadOrCreateSecret(config.jwtSecret, config.dataDir);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(database.db, (message, fields) => app.log.info(fields, message));

  if (mailer.kind === "outbox" && !devMailboxAvailable(mailer.kind)) {
    app.log.warn("SMTP_URL is not set: e-mails (reset links, sign-up codes) are kept in the outbox and not sent; the dev mailbox is off in production");
  }

  const rateLimits = rateLimitsFromEnvironment(process.env);
  if (rateLimits === false) app.log.warn("DISABLE_RATE_LIMITS=true: sign-in, code and reset calls are not rate-limited");

  app.operations = await parleyApp(app, {
    rateLimits,
    trustProxy,
    db: database.db,
    singleConnection: database.kind === "pglite",
    tokens: createTokenService(secret),
    mailer,
    secret,
    publicUrl: config.publicUrl,
    publicUrlConfigured: config.publicUrlConfigured,
    paymentsWebhookSecret: config.paymentsWebhookSecret,
    corsOrigins: config.corsOrigins,
    outbound: createOutboundClient({ allowedHosts: config.outboundAllowedHosts }),
    google:
      config.googleClientId && config.googleClientSecret
        ? {
            clientId: config.googleClientId,
            clientSecret: config.googleClientSecret,
            redirectUrl: process.env.GOOGLE_REDIRECT_URL ?? `${config.publicUrl}/api/auth/google/callback`,
            ...googleEndpoints,
          }
        : undefined,
    embeddings: embeddingSettingsFromEnv(process.env) ?? null,
    llm: providerSettingsFromEnv(process.env),
    twilioBaseUrl: process.env.TWILIO_API_BASE_URL || undefined,
    localSentenceModel: process.env.LOCAL_SENTENCE_MODEL !== "off",
    warmSentenceModel: true,
    chatLimits: chatLimitsFromEnvironment(process.env),
    redis: redisSettingsFromEnv(process.env),
    stripe: stripeSettingsFromEnv(process.env),
  });

  // The FAQ matcher's English synonyms take about a second to read, its English word frequencies under a
  // tenth; read them now rather than while the first visitor of the day waits (and everyone else with them).
  loadWordNet();
  loadWordFrequencies("en");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "closing: finishing running requests");
    const forced = setTimeout(() => {
      app.log.error("requests did not finish within 20 s; exiting");
      process.exit(1);
    }, 20_000);
    forced.unref();
    try {
      await app.close();
      await mailer.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while closing");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    "",
    "Parley is running:",
    `  customer portal  ${base}/`,
    `  admin portal     ${base}/admin/`,
    // Only addresses that open: the bare /api prefix answers 404, so it is named in words.
    `  API docs         ${base}/api/docs (every call is under /api)`,
    ...(devMailboxAvailable(mailer.kind) ? [`  dev mailbox      ${base}/api/dev/mailbox (only from this machine)`] : []),
    `  database         ${database.kind === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
    `  assistant        ${process.env.LLM_BASE_URL ? `AI provider at ${new URL(process.env.LLM_BASE_URL).origin}` : "embedded extractive answers (set LLM_BASE_URL and LLM_API_KEY for an AI provider)"}`,
  ];
  if (database.kind === "pglite" || seeded) {
    lines.push("", `Demo accounts (password ${demoPassword})${seeded ? ", created now" : ""}:`);
    for (const account of demoAccounts) lines.push(`  ${account.email.padEnd(22)} ${account.what}`);
  }
  process.stdout.write(lines.join("\n") + "\n\n");
}

main().catch((error: unknown) => {
  process.stderr.write(`Parley could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
