import { textOfHtml } from "../messages/sanitize-html";
import type { ChatMessage } from "./types";

/**
 * What a screen reader is told of messages that just arrived: the answers, an agent's replies and the notes
 * about the conversation itself (a person joined or left, the assistant is unavailable), as text. The visitor's
 * own messages are not read back to them. Empty when there is nothing to tell.
 */
export function announcementOf(fresh: readonly ChatMessage[]): string {
  return fresh
    .filter((message) => message.role !== "user")
    .map((message) => textOfHtml(message.content))
    .join(" ");
}
