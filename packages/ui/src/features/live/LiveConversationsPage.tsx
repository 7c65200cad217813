import { Alert, Badge, Box, Button, CloseButton, Heading, HStack, Icon, Stack, Table, Text } from "@chakra-ui/react";
import { withMessagesSeen } from "@parley/domain/live";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { LuTriangleAlert } from "react-icons/lu";
import { useSelectedConfiguration } from "../../configuration/selection";
import { ConversationDialog } from "./ConversationDialog";
import { useLiveConversationsOverHttp } from "./hooks";
import { offlineReason } from "./LiveStatus";
import { conversationsOf, displayStatus, liveStore, useLiveSnapshot, type LiveConversation, type LiveStore } from "./liveStore";
import { messageText, statusPalettes } from "./presentation";
import { TestConversationBadge } from "./TestConversationBadge";

export interface LiveConversationsPageProps {
  titleKey?: string;
  store?: LiveStore;
}

/**
 * Below `md` (a phone) the table is a list of cards, one per conversation, so the page never scrolls sideways: the
 * status, the new-message count and Open on the first line, the visitor's last message on the second, when it
 * started on the third; the column names, the client IP and the message count are left out. The table's roles are
 * written out, so it stays a table to screen readers whatever its display.
 */
const phoneCards = {
  root: { display: { base: "block", md: "table" } },
  header: { display: { base: "none", md: "table-header-group" } },
  body: { display: { base: "block", md: "table-row-group" } },
  row: {
    display: { base: "grid", md: "table-row" },
    gridTemplateColumns: "minmax(0, 1fr) auto auto",
    gridTemplateAreas: `"status new open" "visitor visitor visitor" "started started started"`,
    alignItems: "center",
    columnGap: "3",
    rowGap: "1",
    px: { base: "3", md: "0" },
    py: { base: "3", md: "0" },
    borderBottomWidth: { base: "1px", md: "0" },
    _last: { borderBottomWidth: "0" },
  },
  cell: (area: string) => ({
    gridArea: area,
    display: { base: "block", md: "table-cell" },
    px: { base: "0", md: "2" },
    py: { base: "0", md: "2" },
    borderBottomWidth: { base: "0", md: "1px" },
  }),
  wideOnly: { display: { base: "none", md: "table-cell" } },
} as const;

function lastVisitorText(conversation: LiveConversation): string {
  const last = [...conversation.messages].reverse().find((message) => message.role === "user");
  return last ? (last.raw_input ?? messageText(last.content)) : "";
}

/**
 * The live conversations of the selected configuration (spec 01 §2, §4): updated as visitors, the
 * assistant and agents write; a conversation opens in the detail dialog, where the agent takes over,
 * replies, hands back or closes it.
 */
export function LiveConversationsPage({ titleKey = "pages:titles.conversationsLive", store = liveStore }: LiveConversationsPageProps) {
  const { t, i18n } = useTranslation(["live", "shell", "pages"]);
  const selected = useSelectedConfiguration();
  const { connection, errorCode, conversations, typing, actions, listed } = useLiveSnapshot(store);
  const [selectedSession, setSelectedSession] = useState<string | null>(null);
  // Offline, the list is read over HTTP until the connection is back (read only: the actions need the socket).
  const overHttp = useLiveConversationsOverHttp(selected?._id, connection === "offline");
  const source = connection === "offline" && overHttp.data ? overHttp.data : conversations;
  const shown = conversationsOf(source, selected?._id);
  const details = selectedSession ? (source.find((item) => item.session_id === selectedSession) ?? null) : null;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });

  /**
   * The agent reads the conversation: its new visitor messages are seen here at once, and on the server (so the
   * count stays 0 after a reload and for the colleagues); offline the count is reset here only.
   */
  const markSeen = (sessionId: string) => {
    const conversation = source.find((item) => item.session_id === sessionId);
    if (!conversation || (conversation.newUserMessages ?? 0) === 0) return;
    store.patch(sessionId, withMessagesSeen);
    actions?.markSeen(conversation).catch(() => undefined);
  };
  const openConversation = (sessionId: string) => {
    setSelectedSession(sessionId);
    markSeen(sessionId);
  };

  // A notification's conversation (its session in the navigation state) opens once the list has come, once per visit;
  // one the list does not have has ended, and the screen says where it is now instead of showing nothing.
  const location = useLocation();
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [endedFor, setEndedFor] = useState<string | null>(null);
  const wanted = (location.state as { openSession?: unknown } | null)?.openSession;
  useEffect(() => {
    if (typeof wanted !== "string" || openedFor === location.key) return;
    // Read from the store, not the render: a configuration switched on the way here has just reset the list.
    const now = store.get();
    const list = now.connection === "offline" ? overHttp.data : now.listed ? now.conversations : undefined;
    if (!list) return;
    setOpenedFor(location.key);
    if (list.some((item) => item.session_id === wanted)) openConversation(wanted);
    else setEndedFor(location.key);
  }, [wanted, openedFor, location.key, source, listed, overHttp.data]);

  // The connection rings no bell for the conversation open here.
  useEffect(() => {
    store.setOpened(selectedSession);
    return () => store.setOpened(null);
  }, [store, selectedSession]);

  // A conversation that is no longer in the list clears the selected details (spec 02 §4).
  useEffect(() => {
    if (selectedSession && !details) setSelectedSession(null);
  }, [selectedSession, details]);

  const handleClose = () => {
    // Clearing the selection: the visitor messages that came while it was open are seen too.
    if (selectedSession) markSeen(selectedSession);
    setSelectedSession(null);
  };

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(titleKey)}
        </Heading>
        <Text color="fg.muted">{t("live:live.intro")}</Text>
      </Stack>

      {connection !== "online" && (
        <Alert.Root status={connection === "offline" ? "error" : "info"} data-testid="live-connection-alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`shell:live.state.${connection}`)}</Alert.Title>
            <Alert.Description>
              {connection === "offline" ? t(`shell:live.offlineReason.${offlineReason(errorCode)}`) : t("live:live.connectingHelp")}
              {connection === "offline" && overHttp.data && ` ${t("live:live.offlineList")}`}
            </Alert.Description>
          </Alert.Content>
          {connection === "offline" && (
            <Button size="sm" variant="outline" alignSelf="center" onClick={() => window.location.reload()}>
              {t("live:live.reload")}
            </Button>
          )}
        </Alert.Root>
      )}

      {endedFor === location.key && (
        <Alert.Root status="info" data-testid="live-conversation-ended">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("live:live.ended.title")}</Alert.Title>
            <Alert.Description>{t("live:live.ended.description")}</Alert.Description>
            {/* Under the text, not beside it: on a phone a button beside it squeezes the text into a narrow column. */}
            <Button asChild size="sm" variant="outline" alignSelf="start" mt="2">
              <RouterLink to="/conversations/history">{t("live:live.ended.history")}</RouterLink>
            </Button>
          </Alert.Content>
          <CloseButton size="sm" alignSelf="start" aria-label={t("live:live.ended.dismiss")} onClick={() => setEndedFor(null)} />
        </Alert.Root>
      )}

      {shown.length === 0 ? (
        <Box borderWidth="1px" borderRadius="md" bg="bg.panel" p="10" textAlign="center">
          <Text color="fg.muted">{connection === "online" ? t("live:live.empty") : t("live:live.emptyOffline")}</Text>
        </Box>
      ) : (
        // Positioned, so the visually hidden column name stays inside it and does not widen the page on a phone.
        <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg.panel" position="relative">
          <Table.Root size="sm" aria-label={t(titleKey)} interactive role="table" {...phoneCards.root}>
            <Table.Header role="rowgroup" {...phoneCards.header}>
              <Table.Row role="row">
                <Table.ColumnHeader role="columnheader">{t("live:live.columns.status")}</Table.ColumnHeader>
                <Table.ColumnHeader role="columnheader">{t("live:live.columns.visitor")}</Table.ColumnHeader>
                <Table.ColumnHeader role="columnheader" textAlign="end">
                  {t("live:live.columns.newMessages")}
                </Table.ColumnHeader>
                <Table.ColumnHeader role="columnheader">{t("live:live.columns.clientIp")}</Table.ColumnHeader>
                <Table.ColumnHeader role="columnheader">{t("live:live.columns.started")}</Table.ColumnHeader>
                <Table.ColumnHeader role="columnheader" textAlign="end">
                  {t("live:live.columns.messages")}
                </Table.ColumnHeader>
                <Table.ColumnHeader role="columnheader">
                  <Box srOnly>{t("live:live.columns.actions")}</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body role="rowgroup" {...phoneCards.body}>
              {shown.map((conversation) => {
                const status = displayStatus(conversation);
                const unread = conversation.newUserMessages ?? 0;
                const started = conversation.time_started ? new Date(conversation.time_started) : null;
                return (
                  <Table.Row key={conversation.session_id} data-session-id={conversation.session_id} data-status={status} role="row" {...phoneCards.row}>
                    <Table.Cell role="cell" {...phoneCards.cell("status")}>
                      <HStack gap="2" wrap="wrap">
                        <Badge colorPalette={statusPalettes[status]} variant="subtle">
                          {t(`live:live.status.${status}`)}
                        </Badge>
                        {conversation.is_test && <TestConversationBadge label={t("live:live.test")} explanation={t("live:live.testExplanation")} />}
                        {conversation.alert_triggered && (
                          <Box
                            as="span"
                            display="inline-flex"
                            role="img"
                            aria-label={t("live:live.alertMark")}
                            title={conversation.alert_message ?? t("live:live.alertMark")}
                            // It blinks while the visitor waits; once closed there is nobody left to attend to.
                            animation={status === "closed" ? undefined : "pulse 1s ease-in-out infinite"}
                            _motionReduce={{ animation: "none" }}
                          >
                            <Icon as={LuTriangleAlert} color="fg.error" boxSize="4" aria-hidden />
                          </Box>
                        )}
                      </HStack>
                    </Table.Cell>
                    {/* The message takes the room the other columns leave (cut short), so longer translations still fit. */}
                    <Table.Cell role="cell" {...phoneCards.cell("visitor")} width={{ base: "auto", md: "full" }} maxW={{ base: "none", md: "0" }} minW={{ base: "0", md: "40" }}>
                      <Text truncate>{lastVisitorText(conversation) || t("live:live.noVisitorMessage")}</Text>
                      {conversation.status === "Ongoing" && typing.includes(conversation.session_id) && (
                        <Text fontSize="xs" color="fg.muted" fontStyle="italic">
                          {t("live:live.visitorTyping")}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell role="cell" {...phoneCards.cell("new")} textAlign="end">
                      {unread > 0 ? (
                        <Badge colorPalette="red" variant="solid" aria-label={t("live:live.newMessages", { count: unread })}>
                          {unread}
                        </Badge>
                      ) : (
                        // On a phone's card, without the column's name, a bare 0 says nothing: left out.
                        <Text as="span" color="fg.muted" display={{ base: "none", md: "inline" }}>
                          0
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell role="cell" {...phoneCards.wideOnly}>
                      {conversation.client_ip ?? "—"}
                    </Table.Cell>
                    <Table.Cell role="cell" {...phoneCards.cell("started")} whiteSpace="nowrap" color={{ base: "fg.muted", md: "inherit" }} fontSize={{ base: "xs", md: "inherit" }}>
                      {started && !Number.isNaN(started.getTime()) ? dateFormat.format(started) : "—"}
                    </Table.Cell>
                    <Table.Cell role="cell" textAlign="end" {...phoneCards.wideOnly}>
                      {conversation.messages.length}
                    </Table.Cell>
                    <Table.Cell role="cell" {...phoneCards.cell("open")} textAlign="end">
                      <Button size="xs" variant="outline" onClick={() => openConversation(conversation.session_id)}>
                        {t("live:live.open")}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <ConversationDialog conversation={details} store={store} onClose={handleClose} />
    </Stack>
  );
}
