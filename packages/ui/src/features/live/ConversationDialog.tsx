import { Alert, Badge, Box, Button, CloseButton, Dialog, Field, Flex, HStack, Link, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { attachmentOf } from "@parley/domain/attachmentMessage";
import { typingSendMs, canAgentReply, maxAgentNoteLength } from "@parley/domain/live";
import { LiveSocketError, type LiveMessage } from "@parley/sdk";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuChevronDown, LuChevronRight } from "react-icons/lu";
import { TeachAssistant } from "../corrections/TeachAssistant";
import { AttachmentDownload } from "./AttachmentDownload";
import { displayStatus, liveStore, useLiveSnapshot, type LiveActions, type LiveConversation, type LiveStore } from "./liveStore";
import { messageText, statusPalettes } from "./presentation";
import { TestConversationBadge } from "./TestConversationBadge";

type Action = Exclude<keyof LiveActions, "typing" | "setNote" | "markSeen">;

/** The failure codes the dialog explains with what to do next; anything else is `unknown`. */
const explainedCodes = ["not_found", "validation_failed", "socket_not_connected", "services_offline"] as const;

function failureKey(error: unknown): string {
  const code = error instanceof LiveSocketError ? error.code : "";
  return (explainedCodes as readonly string[]).includes(code) ? code : "unknown";
}

function MessageItem({ message, configurationId }: { message: LiveMessage; configurationId: string }) {
  const { t, i18n } = useTranslation("live");
  const time = new Date(message.timestamp);
  const fromVisitor = message.role === "user";
  const attachment = fromVisitor ? attachmentOf(message.raw_input ?? message.content, configurationId) : null;
  const sender = message.role === "human_agent" && message.agent_name ? message.agent_name : t(`live.roles.${message.role}`);
  return (
    <Flex as="li" justify={fromVisitor ? "flex-start" : "flex-end"} data-role={message.role}>
      <Box
        maxW="85%"
        borderRadius="lg"
        px="3"
        py="2"
        bg={fromVisitor ? "bg.muted" : message.role === "system" ? "bg.subtle" : "colorPalette.subtle"}
        borderWidth={message.role === "system" ? "1px" : undefined}
      >
        <HStack gap="2" fontSize="xs" color="fg.muted">
          <Text fontWeight="semibold">{sender}</Text>
          <Text>{Number.isNaN(time.getTime()) ? "" : new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(time)}</Text>
        </HStack>
        {attachment ? (
          <AttachmentDownload
            configurationId={configurationId}
            attachment={attachment}
            label={t("live.dialog.downloadAttachment")}
            failedLabel={t("live.dialog.attachmentFailed")}
          />
        ) : (
          <Text whiteSpace="pre-line" fontSize="sm">
            {fromVisitor ? (message.raw_input ?? message.content) : messageText(message.content)}
          </Text>
        )}
        {fromVisitor && !attachment && <TeachAssistant configurationId={configurationId} question={message.content} />}
        {message.sources && message.sources.length > 0 && (
          <Box mt="2" fontSize="xs">
            <Text color="fg.muted">{t("live.sources")}</Text>
            <Stack as="ul" gap="0.5" listStyleType="disc" ps="4">
              {message.sources.map((source, index) => (
                <li key={`${source.kind}-${index}`}>
                  {source.url ? (
                    <Link href={source.url} target="_blank" rel="noreferrer noopener" colorPalette="primary">
                      {source.title}
                    </Link>
                  ) : (
                    source.title
                  )}{" "}
                  <Text as="span" color="fg.muted">
                    ({t(`live.sourceKinds.${source.kind}`)})
                  </Text>
                </li>
              ))}
            </Stack>
          </Box>
        )}
      </Box>
    </Flex>
  );
}

/**
 * The conversation's note for the agents: written here, stored on the conversation and shown to every
 * agent (live and in the history). A colleague's newer note replaces the draft unless this agent changed it.
 * Folded to one line (the note's beginning) until the agent opens it, so that on a short screen the messages
 * keep the room.
 */
function AgentNote({ conversation, actions, offline }: { conversation: LiveConversation; actions: LiveActions | null; offline: boolean }) {
  const { t } = useTranslation("live");
  const saved = conversation.agent_note ?? "";
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  const [state, setState] = useState<{ kind: "idle" | "saving" | "saved" } | { kind: "failed"; key: string }>({ kind: "idle" });
  if (saved !== base) {
    setBase(saved);
    if (draft === base) setDraft(saved);
  }

  const handleSave = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!actions) {
      setState({ kind: "failed", key: "socket_not_connected" });
      return;
    }
    setState({ kind: "saving" });
    try {
      await actions.setNote(conversation, draft);
      setState({ kind: "saved" });
    } catch (error) {
      setState({ kind: "failed", key: failureKey(error) });
    }
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void handleSave();
  };

  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Box borderWidth="1px" borderRadius="md" p="2" data-testid="agent-note">
      <Flex align="center" gap="2" minW="0">
        <Button type="button" variant="ghost" size="xs" aria-expanded={open} aria-controls={formId} onClick={() => setOpen(!open)} flexShrink="0">
          {open ? <LuChevronDown aria-hidden /> : <LuChevronRight aria-hidden />}
          {t("live.dialog.agentNote")}
        </Button>
        {!open && (
          <Text fontSize="sm" color="fg.muted" truncate minW="0" data-testid="agent-note-preview">
            {draft !== saved ? t("live.dialog.agentNoteUnsaved") : saved}
          </Text>
        )}
      </Flex>
      {open && (
        <Box as="form" id={formId} onSubmit={(event: FormEvent) => void handleSave(event)} mt="2">
          <Field.Root>
            {/* The toggle above shows the name; the box keeps it for screen readers. */}
            <Field.Label srOnly>{t("live.dialog.agentNote")}</Field.Label>
            <Textarea
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                if (state.kind !== "saving") setState({ kind: "idle" });
              }}
              onKeyDown={handleKeyDown}
              maxLength={maxAgentNoteLength}
              rows={2}
              size="sm"
              placeholder={t("live.dialog.agentNotePlaceholder")}
            />
            <Field.HelperText>{t("live.dialog.agentNoteHelp", { max: maxAgentNoteLength })}</Field.HelperText>
          </Field.Root>
          <Flex justify="end" align="center" gap="3" mt="2">
            <Text role="status" fontSize="sm" color="fg.success">
              {state.kind === "saved" ? t("live.dialog.noteSaved") : ""}
            </Text>
            <Button type="submit" size="xs" variant="outline" loading={state.kind === "saving"} disabled={draft === saved || offline}>
              {t("live.actions.saveNote")}
            </Button>
          </Flex>
          {state.kind === "failed" && (
            <Alert.Root status="error" size="sm" role="alert" mt="2">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t("live.actions.saveNoteFailed")}</Alert.Title>
                <Alert.Description>{t(`live.errors.${state.key}`)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Box>
      )}
    </Box>
  );
}

export interface ConversationDialogProps {
  /** The selected conversation, from the local list; null: closed. */
  conversation: LiveConversation | null;
  store?: LiveStore;
  onClose(): void;
}

/** A live conversation's messages and the agent's actions: take over, reply, hand back, close. */
export function ConversationDialog({ conversation, store = liveStore, onClose }: ConversationDialogProps) {
  const { t, i18n } = useTranslation("live");
  const { actions, connection, typing } = useLiveSnapshot(store);
  const [pending, setPending] = useState<Action | null>(null);
  const [failure, setFailure] = useState<{ action: Action; key: string } | null>(null);
  const [draft, setDraft] = useState("");
  const endRef = useRef<HTMLDivElement | null>(null);
  // The dialog's content mounts after the render that opens it: the end marker scrolls into view as it appears, so
  // the agent starts at the newest message (not the oldest), and again with each new message (below).
  const attachEnd = useCallback((node: HTMLDivElement | null) => {
    endRef.current = node;
    node?.scrollIntoView?.({ block: "end" });
  }, []);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const takeoverRef = useRef<HTMLButtonElement>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);
  // Set by a takeover or a hand-back: what takes the focus once it shows, as the button pressed is gone.
  const [focusNext, setFocusNext] = useState<"reply" | "takeover" | "dismiss" | null>(null);
  const sessionId = conversation?.session_id ?? null;
  const messageCount = conversation?.messages.length ?? 0;

  // The conversation the visitor was last told this agent types in, and when.
  const typingSent = useRef<{ conversation: LiveConversation; at: number } | null>(null);
  const sendTyping = (typing: boolean) => {
    const sent = typingSent.current;
    if (typing) {
      if (!actions || !conversation || (sent && Date.now() - sent.at < typingSendMs)) return;
      typingSent.current = { conversation, at: Date.now() };
      actions.typing(conversation, true).catch(() => undefined);
    } else if (sent) {
      typingSent.current = null;
      store.get().actions?.typing(sent.conversation, false).catch(() => undefined);
    }
  };

  useEffect(() => {
    setFailure(null);
    setDraft("");
    return () => {
      // Another conversation, or the dialog closed: the visitor no longer sees this agent typing.
      const sent = typingSent.current;
      typingSent.current = null;
      if (sent) store.get().actions?.typing(sent.conversation, false).catch(() => undefined);
    };
  }, [sessionId, store]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [sessionId, messageCount]);

  const run = async (action: Action, work: (available: LiveActions, current: LiveConversation) => Promise<void>): Promise<boolean> => {
    if (!conversation) return false;
    setFailure(null);
    if (!actions) {
      setFailure({ action, key: "socket_not_connected" });
      return false;
    }
    setPending(action);
    try {
      await work(actions, conversation);
      return true;
    } catch (error) {
      setFailure({ action, key: failureKey(error) });
      return false;
    } finally {
      setPending(null);
    }
  };

  const handleSend = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    sendTyping(false);
    if (await run("reply", (available, current) => available.reply(current, text))) setDraft("");
  };
  // As in a chat: Enter sends, Shift+Enter starts a new line (not while an input method composes a word).
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void handleSend();
  };

  const open = conversation !== null;
  const status = conversation ? displayStatus(conversation) : "new";
  const ongoing = conversation ? canAgentReply(conversation) : false;
  const takenOver = Boolean(conversation?.is_locked || conversation?.is_manual);
  // Who has it (also when a colleague took it over first): the agent named by the latest join note.
  const owner = takenOver ? conversation?.messages.findLast((message) => message.role === "system" && message.agent_name)?.agent_name : undefined;
  const offline = connection !== "online";
  const started = conversation?.time_started ? new Date(conversation.time_started) : null;
  useEffect(() => {
    // After a close the action buttons are gone: the dialog's Close button takes the focus instead of the page.
    const target =
      focusNext === "reply" && takenOver ? replyRef.current : focusNext === "takeover" && !takenOver ? takeoverRef.current : focusNext === "dismiss" && !ongoing ? dismissRef.current : null;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, takenOver, ongoing]);
  const visitorTyping = conversation !== null && conversation.status === "Ongoing" && typing.includes(conversation.session_id);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      // It opens on what comes next: Take over, the reply once taken over, or Close once the conversation is closed.
      initialFocusEl={() => (takenOver ? replyRef.current : ongoing ? takeoverRef.current : dismissRef.current)}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>{t("live.dialog.title")}</Dialog.Title>
              {conversation && (
                <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
                  <Badge colorPalette={statusPalettes[status]} variant="subtle" data-testid="dialog-status">
                    {t(`live.status.${status}`)}
                  </Badge>
                  {conversation.is_test && <TestConversationBadge label={t("live.test")} explanation={t("live.testExplanation")} />}
                  {owner && <Text data-testid="dialog-owner">{t("live.dialog.takenOverBy", { name: owner })}</Text>}
                  {conversation.client_ip && <Text>{t("live.dialog.clientIp", { ip: conversation.client_ip })}</Text>}
                  {conversation.workflow_triggered && <Text data-testid="dialog-workflow">{t("live.dialog.workflowTriggered", { names: conversation.workflow_triggered })}</Text>}
                  {started && !Number.isNaN(started.getTime()) && <Text>{t("live.dialog.started", { time: new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(started) })}</Text>}
                </HStack>
              )}
            </Dialog.Header>
            <Dialog.Body>
              {conversation && (
                <Stack gap="3">
                  {conversation.alert_triggered && (
                    <Alert.Root status="warning" size="sm">
                      <Alert.Indicator />
                      <Alert.Title>{conversation.alert_message ?? t("live.dialog.alert")}</Alert.Title>
                    </Alert.Root>
                  )}
                  <Stack as="ul" gap="2" listStyleType="none" aria-label={t("live.dialog.messages")} colorPalette="primary">
                    {conversation.messages.map((message, index) => (
                      <MessageItem key={message.id ?? `${message.timestamp}-${index}`} message={message} configurationId={conversation.configuration_id} />
                    ))}
                  </Stack>
                  <Text role="status" fontSize="sm" color="fg.muted" fontStyle="italic" minH="1lh">
                    {visitorTyping ? t("live.visitorTyping") : ""}
                  </Text>
                  <AgentNote key={conversation.session_id} conversation={conversation} actions={actions} offline={offline} />
                  {/* Below the note: scrolled to the newest message, the note and its button are whole too. */}
                  <div ref={attachEnd} data-testid="dialog-end" />
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
              {failure && (
                <Alert.Root status="error" size="sm" role="alert">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{t(`live.actions.${failure.action}Failed`)}</Alert.Title>
                    <Alert.Description>{t(`live.errors.${failure.key}`)}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
              {conversation && !ongoing && <Text color="fg.muted">{t("live.dialog.closedHelp")}</Text>}
              {conversation && ongoing && takenOver && (
                <form onSubmit={(event) => void handleSend(event)}>
                  <Field.Root>
                    <Field.Label>{t("live.dialog.reply")}</Field.Label>
                    <Textarea
                      ref={replyRef}
                      value={draft}
                      onChange={(event) => {
                        setDraft(event.target.value);
                        sendTyping(event.target.value.trim() !== "");
                      }}
                      onBlur={() => sendTyping(false)}
                      onKeyDown={handleKeyDown}
                      maxLength={4000}
                      rows={3}
                      placeholder={t("live.dialog.replyPlaceholder")}
                    />
                    <Field.HelperText>{t("live.dialog.replyHelp")}</Field.HelperText>
                  </Field.Root>
                  <Flex justify="end" mt="2">
                    <Button type="submit" size="sm" loading={pending === "reply"} disabled={!draft.trim() || offline || pending !== null}>
                      {t("live.actions.send")}
                    </Button>
                  </Flex>
                </form>
              )}
              {conversation && ongoing && (
                <Flex gap="2" wrap="wrap" justify="end">
                  {!takenOver && (
                    <Button size="sm" loading={pending === "takeover"} disabled={offline} ref={takeoverRef} onClick={() => void run("takeover", (a, c) => a.takeover(c)).then((done) => setFocusNext(done ? "reply" : null))}>
                      {t("live.actions.takeover")}
                    </Button>
                  )}
                  {takenOver && (
                    <Button size="sm" variant="outline" loading={pending === "release"} disabled={offline} onClick={() => void run("release", (a, c) => a.release(c)).then((done) => setFocusNext(done ? "takeover" : null))}>
                      {t("live.actions.release")}
                    </Button>
                  )}
                  <Button size="sm" variant="outline" colorPalette="red" loading={pending === "close"} disabled={offline} onClick={() => void run("close", (a, c) => a.close(c)).then((done) => setFocusNext(done ? "dismiss" : null))}>
                    {t("live.actions.close")}
                  </Button>
                </Flex>
              )}
              {offline && conversation && ongoing && <Text fontSize="sm" color="fg.muted">{t("live.dialog.offlineHelp")}</Text>}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton ref={dismissRef} size="sm" aria-label={t("live.dialog.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
