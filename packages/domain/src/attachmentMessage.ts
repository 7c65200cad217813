/**
 * The visitor message that sends an uploaded file (issue 15): `📎 name` and the file's address on the next
 * line. The widget writes it and shows it as the visitor's download; the portal's live and history screens
 * show it as the agent's download. The address carries no session id: agents and the assistant see it too.
 */

const marker = "📎 ";
const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message that names an uploaded file. */
export function attachmentMessage(attachment: { name: string; url: string }): string {
  return `${marker}${attachment.name.replace(/\s+/g, " ")}\n${attachment.url}`;
}

/** A message of `attachmentMessage` of this configuration: the file's name, address and id; null for any other text. */
export function attachmentOf(
  text: string,
  configurationId: string,
): { name: string; url: string; id: string } | null {
  if (!text.startsWith(marker)) return null;
  const [name, url, ...rest] = text.slice(marker.length).split("\n");
  const path = `/api/widget/${encodeURIComponent(configurationId)}/attachments/`;
  if (rest.length > 0 || !name || !url?.startsWith(path)) return null;
  const id = url.slice(path.length);
  return idPattern.test(id) ? { name, url, id: id.toLowerCase() } : null;
}

/** The kinds of file a visitor may send (checked by content on the server), with the extension each is saved under. */
export const attachmentExtensions = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
} as const;

export type AttachmentContentType = keyof typeof attachmentExtensions;

const maxSavedNameLength = 100;

/** A visitor's file name as shown to agents: without control or direction-changing characters (which could make "…exe" read "…pdf"). */
export function shownAttachmentName(name: string): string {
  return name.normalize("NFC").replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "");
}

/**
 * The name an agent's browser saves a visitor's file under. The visitor chose the name, so it is cleaned: no
 * control or direction-changing characters ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"), no path
 * separators, at most 100 characters, and it ends in the extension of the type the server found in the file,
 * whatever extension the visitor wrote.
 */
export function savedAttachmentName(name: string, contentType: string): string {
  const extension = (attachmentExtensions as Record<string, string>)[contentType.split(";")[0]!.trim().toLowerCase()] ?? "bin";
  const cleaned = shownAttachmentName(name)
    .replace(/[\\/:*?"<>|]+/g, "_")
    .trim()
    .replace(/^\.+/, "");
  const stem = cleaned.replace(/\.[\p{L}\p{N}]{1,10}$/u, "").slice(0, maxSavedNameLength - extension.length - 1).trim();
  return `${stem === "" ? "file" : stem}.${extension}`;
}
