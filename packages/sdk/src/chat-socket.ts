import { io, type Socket } from "socket.io-client";
import type { ChatClientToServerEvents, ChatConnectionQuery, ChatServerToClientEvents } from "./chat-events";

/** The visitor's socket on `/chat`, typed: `on`, `emit` and acknowledgements are checked against the contract. */
export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

export interface ChatSocketOptions {
  /** The chat namespace on the chat server: `https://host/chat`, or `/chat` on the page's origin. */
  url: string;
  configurationId: string;
  /** The session id an earlier `session` event gave, to continue that conversation. */
  sessionId?: string | null;
  language?: ChatConnectionQuery["language"];
  /** The page the widget is on; the server checks it against the configuration's `allowed_origins`. */
  pageUrl?: string | null;
  /** The portal's test ticket: the conversation is a test conversation. */
  testTicket?: string | null;
  /** socket.io's HTTP path; `/socket.io` by default. */
  path?: string;
}

/**
 * Opens a visitor's connection to `/chat` (websocket transport only, socket.io's default reconnection). The
 * server answers `session` first; a refused connection ends in `connect_error` whose message is the
 * contract's code (`not_found` for an unknown configuration, `forbidden` for a page it does not allow).
 */
export function createChatSocket(options: ChatSocketOptions): ChatSocket {
  const query: ChatConnectionQuery = { configuration_id: options.configurationId };
  if (options.sessionId) query.session_id = options.sessionId;
  if (options.language) query.language = options.language;
  if (options.pageUrl) query.page_url = options.pageUrl;
  if (options.testTicket) query.test_ticket = options.testTicket;
  return io(options.url, {
    transports: ["websocket"],
    query: { ...query },
    ...(options.path ? { path: options.path } : {}),
  });
}
