import { resolve } from "node:path";

/** Everything the process reads from its environment, read once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the embedded database and the generated JWT secret. */
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where links in e-mails point (the customer portal's origin). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: without it, pages a browser is sent to follow the address it used. */
  publicUrlConfigured: boolean;
  corsOrigins: string[];
  googleClientId?: string;
  googleClientSecret?: string;
  logLevel: string;
  /** Verifies the payment provider's webhook calls; without it the webhook answers 503. */
  paymentsWebhookSecret?: string;
  /** `host:port` pairs the outbound client reaches without its address checks: tests' loopback fixtures. */
  outboundAllowedHosts: string[];
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== "" ? value.trim() : undefined;
}

function commaList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const outboundAllowedHosts = commaList(env.OUTBOUND_ALLOWED_HOSTS);
  const notHostAndPort = outboundAllowedHosts.find((entry) => !/^([^:\s]+|\[[0-9a-f:.]+\]):\d+$/i.test(entry));
  if (notHostAndPort) throw new Error(`OUTBOUND_ALLOWED_HOSTS takes host:port pairs, got ${notHostAndPort}`);
  return {
    port,
    host: nonEmpty(env.HOST) ?? "0.0.0.0",
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? ".data"),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? "Parley <no-reply@parley.local>",
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, ""),
    publicUrlConfigured: nonEmpty(env.PUBLIC_URL) !== undefined,
    corsOrigins: commaList(env.CORS_ORIGINS),
    googleClientId: nonEmpty(env.GOOGLE_CLIENT_ID),
    googleClientSecret: nonEmpty(env.GOOGLE_CLIENT_SECRET),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? "info",
    // STRIPE_WEBHOOK_SECRET is the name the architecture gives the production part; either works.
    paymentsWebhookSecret: nonEmpty(env.PAYMENTS_WEBHOOK_SECRET) ?? nonEmpty(env.STRIPE_WEBHOOK_SECRET),
    outboundAllowedHosts,
  };
}
