import { Badge, Box, Button, CloseButton, Dialog, HStack, Link, Portal, Stack, Text } from "@chakra-ui/react";
import { attachmentOf } from "@parley/domain/attachmentMessage";
import { useTranslation } from "react-i18next";
import { LuThumbsDown, LuThumbsUp } from "react-icons/lu";
import { TeachAssistant } from "../corrections/TeachAssistant";
import { AttachmentDownload } from "../live/AttachmentDownload";
import { TestConversationBadge } from "../live/TestConversationBadge";
import type { HistoryConversation, HistoryMessage } from "./hooks";

/**
 * Assistant and agent texts are stored as sanitised HTML; the history shows their text only. A parsed
 * document is inert (nothing loads, no handler runs), unlike an element of the page's own document.
 */
export function plainText(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
}

function Rating({ rating }: { rating: HistoryMessage["rating"] }) {
  const { t } = useTranslation("history");
  if (rating === 1)
    return (
      <Badge colorPalette="green" gap="1">
        <LuThumbsUp aria-hidden />
        {t("history.rating.up")}
      </Badge>
    );
  if (rating === -1)
    return (
      <Badge colorPalette="red" gap="1">
        <LuThumbsDown aria-hidden />
        {t("history.rating.down")}
      </Badge>
    );
  return null;
}

function MessageItem({ message, time, configurationId }: { message: HistoryMessage; time: Intl.DateTimeFormat; configurationId: string }) {
  const { t } = useTranslation("history");
  const fromVisitor = message.role === "user";
  const attachment = fromVisitor ? attachmentOf(message.content, configurationId) : null;
  const sources = message.sources ?? [];
  return (
    <Box
      as="li"
      listStyleType="none"
      // As in the Live dialog (the agent's view): the visitor on the left, the assistant and agents on the right.
      alignSelf={fromVisitor ? "start" : "end"}
      maxW="85%"
      borderRadius="md"
      p="3"
      bg={fromVisitor ? "bg.muted" : "colorPalette.subtle"}
      color="fg"
    >
      <HStack gap="2" fontSize="xs" color="fg.muted" mb="1" wrap="wrap">
        <Text fontWeight="semibold">{message.role === "human_agent" && message.agent_name ? message.agent_name : t(`history.roles.${message.role}`)}</Text>
        <time dateTime={message.timestamp}>{time.format(new Date(message.timestamp))}</time>
        <Rating rating={message.rating} />
      </HStack>
      {attachment ? (
        <AttachmentDownload
          configurationId={configurationId}
          attachment={attachment}
          label={t("history.dialog.downloadAttachment")}
          failedLabel={t("history.dialog.attachmentFailed")}
        />
      ) : (
        <Text whiteSpace="pre-wrap">{message.role === "user" ? message.content : plainText(message.content)}</Text>
      )}
      {fromVisitor && !attachment && <TeachAssistant configurationId={configurationId} question={message.content} />}
      {sources.length > 0 && (
        <Stack gap="0" mt="2" fontSize="sm">
          <Text fontSize="xs" color="fg.muted">
            {t("history.sources")}
          </Text>
          <ul>
            {sources.map((source, index) => (
              <li key={`${source.kind}-${index}`}>
                <Badge size="xs" variant="outline" mr="1">
                  {t(`history.sourceKinds.${source.kind}`)}
                </Badge>
                {source.url ? (
                  <Link href={source.url} target="_blank" rel="noreferrer noopener" color="colorPalette.fg">
                    {source.title}
                  </Link>
                ) : (
                  source.title
                )}
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Box>
  );
}

/** One conversation of the history: every message with its sources and the visitor's ratings. */
export function ConversationDialog({
  conversation,
  configurationId,
  onClose,
}: {
  conversation: HistoryConversation | null;
  /** The configuration the conversation belongs to (its files are downloaded within it). */
  configurationId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("history");
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <Dialog.Root open={conversation !== null} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {conversation && (
              <>
                <Dialog.Header>
                  <Stack gap="1">
                    <HStack gap="2" wrap="wrap">
                      <Dialog.Title>{t("history.dialog.title", { time: time.format(new Date(conversation.started_at)) })}</Dialog.Title>
                      {conversation.is_test && <TestConversationBadge label={t("history.test")} explanation={t("history.testExplanation")} />}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {t("history.dialog.summary", { count: conversation.message_count, status: t(`history.status.${conversation.status}`) })}
                      {conversation.client_ip ? ` · ${conversation.client_ip}` : ""}
                    </Text>
                    {conversation.workflow_triggered && (
                      <Text fontSize="sm" color="fg.muted" data-testid="history-workflow">
                        {t("history.dialog.workflowTriggered", { names: conversation.workflow_triggered })}
                      </Text>
                    )}
                  </Stack>
                </Dialog.Header>
                <Dialog.Body>
                  {conversation.messages.length === 0 ? (
                    <Text color="fg.muted">{t("history.dialog.noMessages")}</Text>
                  ) : (
                    <Stack as="ol" gap="3" aria-label={t("history.dialog.messages")}>
                      {conversation.messages.map((message, index) => (
                        <MessageItem key={message.id ?? index} message={message} time={time} configurationId={configurationId} />
                      ))}
                    </Stack>
                  )}
                  {conversation.agent_note && (
                    <Box mt="4" p="3" borderWidth="1px" borderRadius="md">
                      <Text fontSize="xs" color="fg.muted">
                        {t("history.dialog.agentNote")}
                      </Text>
                      <Text whiteSpace="pre-wrap">{conversation.agent_note}</Text>
                    </Box>
                  )}
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{t("history.dialog.close")}</Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t("history.dialog.close")} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
