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
