import { DomainError } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { OperationTable } from "../../platform/http/operations";

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The dev mailbox of the embedded default (no SMTP_URL): the outbox, newest first, as a page and as
 * JSON, so registration and password reset can be finished on one machine. With SMTP it is 404.
 */
export function devMailboxOperations(db: Db, enabled: boolean): OperationTable {
  const load = async () => {
    if (!enabled) throw new DomainError("not_found", "The dev mailbox exists only without SMTP_URL", 404);
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
    listDevMailbox: async () => ({ messages: await load() }),
    showDevMailbox: async (_request, reply) => {
      const messages = await load();
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
