import type { ConversationDisplayStatus } from "@parley/domain/live";

export const statusPalettes: Record<ConversationDisplayStatus, string> = {
  new: "blue",
  connected: "green",
  disconnected: "orange",
  closed: "gray",
};

/**
 * A message's text. Assistant and agent messages are sanitised HTML (the contract); the screen shows
 * their text, paragraphs kept, without putting markup into the page.
 */
export function messageText(content: string): string {
  if (!content.includes("<")) return content;
  const document = new DOMParser().parseFromString(content.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, "$&\n"), "text/html");
  return (document.body.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim();
}
