/**
 * Files a website's visitor sends in the chat, when the configuration's design allows attachments
 * (`allowAttachments`, issue 15). What a file is, is told by its content: the design images' checks for
 * PNG, JPEG, GIF and WebP (their metadata stripped as there) and the `%PDF-` signature for PDF. The bytes
 * are kept in the database with the conversation and served only to the visitor's own session, always as
 * a download (`Content-Disposition: attachment`, nosniff, a sandboxing CSP), never rendered on our origin.
 *
 * The visitor then sends an ordinary message naming the file and its address (the widget does): agents and
 * the transcript see it with no change to messages, the socket or the live screens. The address carries no
 * session id; the widget adds its own when it shows the link. Agents download it by its id within their
 * configuration (`downloadConversationAttachment`), from the live and history screens.
 */
import { DomainError } from "@parley/domain";
import { attachmentExtensions, type AttachmentContentType } from "@parley/domain/attachmentMessage";
import type { FastifyReply } from "fastify";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { UploadedPart } from "../../platform/http/multipart";
import { findDesign } from "../design/repository";
import { inspectDesignImage } from "../design/images";
import { systemScope } from "../tenancy";
import type { VisitorRequest, VisitorService } from "./visitors";

export const maxAttachmentBytes = 5 * 1024 * 1024;
export const maxAttachmentsPerConversation = 10;


const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function unsupported(message: string): DomainError {
  return new DomainError("unsupported_file_type", message, 415, [{ path: "file", message }]);
}

const pdfSignature = Buffer.from("%PDF-", "latin1");

/** The attachment's type by its content, and the bytes to keep (images without their metadata). */
export function inspectAttachment(bytes: Buffer): { contentType: AttachmentContentType; bytes: Buffer } {
  if (bytes.subarray(0, pdfSignature.length).equals(pdfSignature)) return { contentType: "application/pdf", bytes };
  try {
    const image = inspectDesignImage(bytes);
    return { contentType: image.contentType, bytes: image.bytes };
  } catch (error) {
    if (error instanceof DomainError && error.status === 415) throw unsupported("Only PNG, JPEG, WebP, GIF and PDF files can be sent");
    throw error;
  }
}

/** The visitor's file name as text to show: no path, no control characters, at most 255 characters. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "").trim().slice(0, 255);
  return clean === "" ? "attachment" : clean;
}

export const attachmentPath = (configurationId: string, id: string) =>
  `/api/widget/${encodeURIComponent(configurationId)}/attachments/${encodeURIComponent(id)}`;

interface AttachmentRow {
  id: string;
  name: string;
  content_type: AttachmentContentType;
  size_bytes: number;
}

/**
 * Inserts the attachment unless the conversation already holds the most it may; `undefined` then. The count
 * and the insert are one statement (two uploads at the same moment may both pass; the cap is a limit on
 * abuse, not an invariant).
 */
async function insertAttachment(
  db: Db,
  attachment: { conversationId: string; configurationId: string; name: string; contentType: AttachmentContentType; bytes: Buffer },
): Promise<AttachmentRow | undefined> {
  return queryOne<AttachmentRow>(
    db,
    `INSERT INTO conversation_attachments (conversation_id, configuration_id, name, content_type, size_bytes, content)
     SELECT $1, $2, $3, $4, $5::integer, $6::bytea
      WHERE (SELECT count(*) FROM conversation_attachments WHERE conversation_id = $1) < $7
     RETURNING id, name, content_type, size_bytes`,
    [attachment.conversationId, attachment.configurationId, attachment.name, attachment.contentType, attachment.bytes.length, attachment.bytes, maxAttachmentsPerConversation],
  );
}

/** The attachment by its id within a conversation (the visitor's) or a configuration (its agents'). */
async function findAttachment(
  db: Db,
  within: { conversationId: string } | { configurationId: string },
  id: string,
): Promise<{ contentType: AttachmentContentType; bytes: Buffer } | undefined> {
  const [column, value] = "conversationId" in within ? ["conversation_id", within.conversationId] : ["configuration_id", within.configurationId];
  const row = await queryOne<{ content_type: AttachmentContentType; content: Uint8Array }>(
    db,
    `SELECT content_type, content FROM conversation_attachments WHERE id = $1 AND ${column} = $2`,
    [id, value],
  );
  // pg gives a Buffer, PGlite a Uint8Array: the same bytes either way.
  return row && { contentType: row.content_type, bytes: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
}

/** Headers of a visitor's file: a download of its own type, never a document of our origin. */
const attachmentHeaders = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox",
  "cache-control": "private, no-store",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
};

export function createAttachmentService(db: Db, visitors: VisitorService) {
  async function sendAttachment(reply: FastifyReply, attachmentId: string, within: Parameters<typeof findAttachment>[1] | undefined) {
    const file = within && uuidPattern.test(attachmentId) ? await findAttachment(db, within, attachmentId.toLowerCase()) : undefined;
    if (!file) throw new DomainError("not_found", "No such attachment in this conversation", 404);
    const filename = `attachment-${attachmentId.slice(0, 8).toLowerCase()}.${attachmentExtensions[file.contentType]}`;
    return reply
      .headers({ ...attachmentHeaders, "content-type": file.contentType, "content-disposition": `attachment; filename="${filename}"` })
      .send(file.bytes);
  }

  return {
    async upload(request: VisitorRequest & { sessionId: string }, upload: UploadedPart | undefined) {
      const { configuration, conversation } = await visitors.ongoing(request);
      const design = await findDesign(db, systemScope, configuration._id);
      if (design?.settings.allowAttachments !== true) throw new DomainError("forbidden", "This assistant does not accept attachments", 403);
      if (!upload || upload.bytes.length === 0) throw new DomainError("validation_failed", "file: No file was sent", 400, [{ path: "file", message: "No file was sent" }]);
      if (upload.bytes.length > maxAttachmentBytes) throw new DomainError("payload_too_large", `The file is larger than ${maxAttachmentBytes / (1024 * 1024)} MB`, 413);
      const file = inspectAttachment(upload.bytes);
      const stored = await insertAttachment(db, {
        conversationId: conversation.id,
        configurationId: configuration._id,
        name: displayName(upload.filename),
        contentType: file.contentType,
        bytes: file.bytes,
      });
      if (!stored) {
        const message = `A conversation holds at most ${maxAttachmentsPerConversation} attachments`;
        throw new DomainError("validation_failed", message, 400, [{ path: "file", message }]);
      }
      return {
        status: "success" as const,
        attachment: { id: stored.id, name: stored.name, contentType: stored.content_type, size: stored.size_bytes, url: attachmentPath(configuration._id, stored.id) },
      };
    },

    /** The file, to the session of its conversation only (closed conversations included); 404 to anyone else. */
    async download(request: VisitorRequest & { sessionId: string; attachmentId: string }, reply: FastifyReply) {
      const { conversation } = await visitors.conversationOf(request);
      return sendAttachment(reply, request.attachmentId, conversation && { conversationId: conversation.id });
    },

    /** The file, to the agents of its configuration (already checked as the caller's); 404 for another's. */
    async downloadForAgents(configurationId: string, attachmentId: string, reply: FastifyReply) {
      return sendAttachment(reply, attachmentId, { configurationId });
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
