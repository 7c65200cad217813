import { Alert, Badge, Box, Button, CloseButton, Dialog, Field, Flex, HStack, Link, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { canAgentReply } from "@parley/domain/live";
import { LiveSocketError, type LiveMessage } from "@parley/sdk";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { displayStatus, liveStore, useLiveSnapshot, type LiveActions, type LiveConversation, type LiveStore } from "./liveStore";
import { messageText, statusPalettes } from "./presentation";

type Action = keyof LiveActions;

/** The failure codes the dialog explains with what to do next; anything else is `unknown`. */
const explainedCodes = ["not_found", "validation_failed", "socket_not_connected", "services_offline"] as const;

function failureKey(error: unknown): string {
  const code = error instanceof LiveSocketError ? error.code : "";
  return (explainedCodes as readonly string[]).includes(code) ? code : "unknown";
}

function MessageItem({ message }: { message: LiveMessage }) {
  const { t, i18n } = useTranslation("live");
  const time = new Date(message.timestamp);
  const fromVisitor = message.role === "user";
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
        <Text whiteSpace="pre-line" fontSize="sm">
          {fromVisitor ? (message.raw_input ?? message.content) : messageText(message.content)}
        </Text>
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

export interface ConversationDialogProps {
  /** The selected conversation, from the local list; null: closed. */
  conversation: LiveConversation | null;
  store?: LiveStore;
  onClose(): void;
}

/** A live conversation's messages and the agent's actions: take over, reply, hand back, close. */
export function ConversationDialog({ conversation, store = liveStore, onClose }: ConversationDialogProps) {
  const { t, i18n } = useTranslation("live");
  const { actions, connection } = useLiveSnapshot(store);
  const [pending, setPending] = useState<Action | null>(null);
  const [failure, setFailure] = useState<{ action: Action; key: string } | null>(null);
  const [draft, setDraft] = useState("");
  const endRef = useRef<HTMLDivElement>(null);
  const sessionId = conversation?.session_id ?? null;
  const messageCount = conversation?.messages.length ?? 0;

  useEffect(() => {
    setFailure(null);
    setDraft("");
  }, [sessionId]);
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
    if (await run("reply", (available, current) => available.reply(current, text))) setDraft("");
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void handleSend();
  };

  const open = conversation !== null;
  const status = conversation ? displayStatus(conversation) : "new";
  const ongoing = conversation ? canAgentReply(conversation) : false;
  const takenOver = Boolean(conversation?.is_locked || conversation?.is_manual);
  const offline = connection !== "online";
  const started = conversation?.time_started ? new Date(conversation.time_started) : null;

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
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
                  {conversation.client_ip && <Text>{t("live.dialog.clientIp", { ip: conversation.client_ip })}</Text>}
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
                  {conversation.agent_note && (
                    <Box borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
                      <Text fontWeight="semibold">{t("live.dialog.agentNote")}</Text>
                      <Text whiteSpace="pre-line">{conversation.agent_note}</Text>
                    </Box>
                  )}
                  <Stack as="ul" gap="2" listStyleType="none" aria-label={t("live.dialog.messages")} colorPalette="primary">
                    {conversation.messages.map((message, index) => (
                      <MessageItem key={message.id ?? `${message.timestamp}-${index}`} message={message} />
                    ))}
                  </Stack>
                  <div ref={endRef} />
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
                      value={draft}
                      onChange={(event) => setDraft(event.target.value)}
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
                    <Button size="sm" loading={pending === "takeover"} disabled={offline} onClick={() => void run("takeover", (a, c) => a.takeover(c))}>
                      {t("live.actions.takeover")}
                    </Button>
                  )}
                  {takenOver && (
                    <Button size="sm" variant="outline" loading={pending === "release"} disabled={offline} onClick={() => void run("release", (a, c) => a.release(c))}>
                      {t("live.actions.release")}
                    </Button>
                  )}
                  <Button size="sm" variant="outline" colorPalette="red" loading={pending === "close"} disabled={offline} onClick={() => void run("close", (a, c) => a.close(c))}>
                    {t("live.actions.close")}
                  </Button>
                </Flex>
              )}
              {offline && conversation && ongoing && <Text fontSize="sm" color="fg.muted">{t("live.dialog.offlineHelp")}</Text>}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("live.dialog.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
