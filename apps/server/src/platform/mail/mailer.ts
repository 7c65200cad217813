import nodemailer from "nodemailer";
import type { Db } from "../db/db";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Real delivery through the SMTP server of `SMTP_URL` (smtp://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * The embedded default: every message is kept in `mail_outbox` and logged, so a newcomer reads the
 * one-time code at /api/dev/mailbox without any mail server.
 */
export function createOutboxMailer(db: Db, log: (message: string, fields: Record<string, unknown>) => void): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await db.query(
        "INSERT INTO mail_outbox (recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4)",
        [message.to, message.subject, message.text, message.html],
      );
      log("mail kept in the dev outbox (no SMTP_URL); read it at /api/dev/mailbox", {
        to: message.to,
        subject: message.subject,
      });
    },
    async close() {},
  };
}
