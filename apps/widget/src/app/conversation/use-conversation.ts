import { useCallback, useEffect, useReducer, useRef, useState } from "preact/hooks";
import { visitorMessageMaxLength } from "@parley/domain/widget";
import { openChatConnection, fetchHistory, type ChatConnection, type Transport } from "./chat-connection";
import { answersUnseenQuestion, conversationReducer, emptyConversation, type ConversationEvent } from "./conversation-state";
import { loadVisitorRecord, saveVisitorRecord } from "./visitor-storage";

export interface ConversationOptions {
  configurationId: string;
  language: string;
  pageUrl: string;
  /** The session id the host page kept for this frame (its `session_id` parameter), when the frame's own storage is refused. */
  keptByHost?: string | null;
  /** Called with the session id when this frame's own storage refuses it, to keep it in the host page's. */
  keepElsewhere?: (sessionId: string | null) => void;
  /** The portal's test environment's ticket (see `openChatConnection`). */
  testTicket?: string | null;
}

function newClientMessageId(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The visitor's conversation: connected, stored per configuration, resent after reconnects, restartable. */
export function useConversation({ configurationId, language, pageUrl, keptByHost = null, keepElsewhere, testTicket = null }: ConversationOptions) {
  const [state, dispatch] = useReducer(conversationReducer, undefined, () => {
    const record = loadVisitorRecord(configurationId, keptByHost);
    return emptyConversation(record.sessionId, record.pending);
  });
  const [transport, setTransport] = useState<Transport>("connecting");
  // Whether an agent is online as the socket last said (null: not said yet; the settings' answer holds).
  const [agentsOnline, setAgentsOnline] = useState<boolean | null>(null);
  // The connection's callbacks outlive renders; they read the latest state through this ref.
  const stateRef = useRef(state);
  stateRef.current = state;
  const connectionRef = useRef<ChatConnection | null>(null);
  const [generation, setGeneration] = useState(0);

  const keptElsewhere = useRef(keptByHost);
  useEffect(() => {
    const saved = saveVisitorRecord(configurationId, { sessionId: state.sessionId, pending: state.pending });
    if (saved || !keepElsewhere || keptElsewhere.current === state.sessionId) return;
    keptElsewhere.current = state.sessionId;
    keepElsewhere(state.sessionId);
  }, [configurationId, state.sessionId, state.pending, keepElsewhere]);

  useEffect(() => {
    const connection = openChatConnection({
      configurationId,
      language,
      pageUrl,
      sessionId: stateRef.current.sessionId,
      currentSessionId: () => stateRef.current.sessionId,
      testTicket,
      onAgentsOnline: setAgentsOnline,
      onEvent: (event: ConversationEvent) => {
        const unseen = event.type === "done" && answersUnseenQuestion(stateRef.current);
        dispatch(event);
        const sessionId = stateRef.current.sessionId;
        if (!unseen || !sessionId) return;
        void fetchHistory(configurationId, sessionId, pageUrl).then((messages) => {
          if (messages && stateRef.current.sessionId === sessionId) dispatch({ type: "session", sessionId, messages });
        });
      },
      onTransport: (next) => {
        setTransport(next);
        if (next === "connecting") return;
        if (next === "http") {
          const sessionId = stateRef.current.sessionId;
          if (sessionId) {
            void fetchHistory(configurationId, sessionId, pageUrl).then((messages) => {
              if (messages && stateRef.current.sessionId === sessionId)
                dispatch({ type: "session", sessionId, messages });
            });
          }
        }
        connection.resend(stateRef.current.pending);
      },
    });
    connectionRef.current = connection;
    return () => {
      connection.close();
      connectionRef.current = null;
    };
  }, [configurationId, language, pageUrl, testTicket, generation]);

  const send = useCallback((text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    const message = {
      clientMessageId: newClientMessageId(),
      text: trimmed.slice(0, visitorMessageMaxLength),
      timestamp: new Date().toISOString(),
    };
    dispatch({ type: "queued", message });
    connectionRef.current?.send(message);
  }, []);

  const typing = useCallback((isTyping: boolean) => connectionRef.current?.typing(isTyping), []);

  const startOver = useCallback(() => {
    dispatch({ type: "reset" });
    saveVisitorRecord(configurationId, { sessionId: null, pending: [] });
    stateRef.current = emptyConversation(null);
    // A new connection without the old session id: the server starts a new conversation.
    setGeneration((value) => value + 1);
  }, [configurationId]);

  return { state, transport, agentsOnline, send, typing, startOver };
}
