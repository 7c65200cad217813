import { isIP } from "node:net";
import { DomainError } from "@parley/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../platform/db/db";
import type { OperationTable } from "../../platform/http/operations";
import { escapeHtml } from "../../platform/html";

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
}

/** Whether the dev mailbox is served at all: the embedded mail default, never in production. */
export function devMailboxAvailable(mailer: "smtp" | "outbox", env: NodeJS.ProcessEnv = process.env): boolean {
  return mailer === "outbox" && env.NODE_ENV !== "production";
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return address === "::1";
}

/**
 * The dev mailbox of the embedded default (no SMTP_URL): the outbox, newest first, as a page and as
 * JSON, so registration and password reset can be finished on one machine. It shows every reset link
 * and one-time code, so it answers only a browser on the machine itself (the socket's own address,
 * never a forwarded one), and never in production; to anyone else it does not exist (404).
 */
export function devMailboxOperations(db: Db, available: boolean): OperationTable {
  const load = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!available || !isLoopbackAddress(request.socket.remoteAddress)) {
      throw new DomainError("not_found", "The dev mailbox is only served to this machine, without SMTP_URL, outside production", 404);
    }
    reply.header("cache-control", "no-store");
    const rows = await db.query<OutboxRow>(
      `SELECT id::text AS id, recipient, subject, text_body, html_body,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
         FROM mail_outbox ORDER BY id DESC LIMIT 100`,
    );
    return rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      createdAt: row.created_at,
    }));
  };

  return {
    listDevMailbox: async (request, reply) => ({ messages: await load(request, reply) }),
    showDevMailbox: async (request, reply) => {
      const messages = await load(request, reply);
      const items = messages
        .map(
          (m) =>
            `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</small></header><pre>${escapeHtml(m.text)}</pre></article>`,
        )
        .join("\n");
      reply.type("text/html; charset=utf-8");
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1a202c}
article{border:1px solid #cbd5e0;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-size:15px}</style></head>
<body><h1>Dev mailbox</h1><p>Every e-mail Parley sent while no <code>SMTP_URL</code> is set, newest first. Reload to see new ones.</p>
${items || "<p>No messages yet.</p>"}</body></html>`;
    },
  };
}
