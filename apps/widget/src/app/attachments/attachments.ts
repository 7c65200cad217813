/**
 * A visitor's attachments (the design's `allowAttachments`): the checks the widget makes before uploading,
 * the upload over HTTP, and the message that names the file. The server checks the content again; these
 * checks only spare the visitor a wait for an answer that is known before.
 *
 * The file goes into the conversation as an ordinary visitor message, `📎 name` and the file's address on
 * the next line. The address carries no session id (agents and the assistant see the message too); the
 * widget adds the visitor's own when it shows the link.
 */
import type { TranslationKey } from "../i18n/translations";

export const maxAttachmentBytes = 5 * 1024 * 1024;
export const attachmentTypes = ["image/png", "image/jpeg", "image/webp", "image/gif", "application/pdf"] as const;
const extensions = /\.(png|jpe?g|webp|gif|pdf)$/i;
/** The file picker's `accept`: types and extensions (some systems report no type). */
export const attachmentAccept = `${attachmentTypes.join(",")},.png,.jpg,.jpeg,.webp,.gif,.pdf`;

/** Why a picked file is not sent, as a message key; null when it may be uploaded. */
export function checkAttachment(file: { name: string; size: number; type: string }): TranslationKey | null {
  if (file.size === 0) return "attachmentWrongType";
  const typeKnown = file.type !== "";
  if (typeKnown ? !(attachmentTypes as readonly string[]).includes(file.type) : !extensions.test(file.name))
    return "attachmentWrongType";
  if (file.size > maxAttachmentBytes) return "attachmentTooLarge";
  return null;
}

export interface UploadedAttachment {
  id: string;
  name: string;
  contentType: string;
  size: number;
  url: string;
}

/** Uploads the file; the attachment, or a message key for the visitor. */
export async function uploadAttachment(
  configurationId: string,
  sessionId: string,
  pageUrl: string,
  file: File,
): Promise<UploadedAttachment | TranslationKey> {
  const form = new FormData();
  form.append("session_id", sessionId);
  form.append("page_url", pageUrl);
  form.append("file", file, file.name);
  try {
    const response = await fetch(`/api/widget/${encodeURIComponent(configurationId)}/attachments`, {
      method: "POST",
      headers: { accept: "application/json" },
      body: form,
    });
    if (response.status === 413) return "attachmentTooLarge";
    if (response.status === 415) return "attachmentWrongType";
    const body = (await response.json().catch(() => null)) as { attachment?: UploadedAttachment } | null;
    if (!response.ok || typeof body?.attachment?.url !== "string") return "attachmentFailed";
    return body.attachment;
  } catch {
    return "attachmentFailed";
  }
}

// The message that names the file is written and read by the same code as the portal's screens.
export { attachmentMessage, attachmentOf } from "@parley/domain/attachmentMessage";

/** The address the visitor downloads their file at: their own session id added. */
export function attachmentHref(url: string, sessionId: string, pageUrl: string): string {
  return `${url}?session_id=${encodeURIComponent(sessionId)}&page_url=${encodeURIComponent(pageUrl)}`;
}
