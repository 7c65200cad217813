import { Alert, Badge, Card, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { defaultPageSize, type PageSize } from "@parley/domain/reporting";
import { configurationSearchDebounceMs } from "@parley/domain/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSelectedConfiguration } from "../../configuration/selection";
import { ListPage } from "../../lists/ListPage";
import { SearchInput } from "../../lists/SearchInput";
import { useConfiguration } from "../../shell/hooks";
import { useDebouncedValue } from "../../shell/useDebouncedValue";
import { usePostProcessedConversations, type PostProcessedConversation } from "./hooks";
import { ListState } from "./ListState";
import { Pager } from "./Pager";

const statusPalette: Record<PostProcessedConversation["status"], string> = { not_processed: "gray", processed: "blue", sent: "green", failed: "red" };

/** What post-processing is and where it is switched on: the empty list's text, and the notice while it is off. */
function PostProcessingHelp() {
  const { t } = useTranslation("history");
  return (
    <Stack gap="1" maxW="2xl">
      <Text fontWeight="medium">{t("postprocessed.what")}</Text>
      <Text color="fg.muted">{t("postprocessed.where")}</Text>
    </Stack>
  );
}

/**
 * Conversations → Postprocessed: the selected configuration's closed conversations with the AI summary,
 * labels and delivery status post-processing gave them; a conversation it has not handled shows so.
 */
export function PostProcessedPage() {
  const { t, i18n } = useTranslation(["history", "lists", "pages"]);
  const configurationId = useSelectedConfiguration()?._id ?? "";
  const configuration = useConfiguration(configurationId);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(defaultPageSize);
  const debouncedSearch = useDebouncedValue(search, configurationSearchDebounceMs);
  const list = usePostProcessedConversations({ configurationId, search: debouncedSearch, page, pageSize });
  const items = list.data?.items ?? [];
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const switchedOff = configuration.data?.data.use_post_processing === false;

  return (
    <ListPage title={t("pages:titles.conversationsPostprocessed")} intro={t("postprocessed.intro")}>
      {switchedOff && items.length > 0 && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("postprocessed.off")}</Alert.Title>
            <Alert.Description>{t("postprocessed.where")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Body p="0">
          <Flex gap="3" p="4">
            <SearchInput
              flex="1"
              minW="48"
              value={search}
              label={t("postprocessed.search")}
              onChange={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />
          </Flex>
          <ListState query={list} isEmpty={items.length === 0} empty={debouncedSearch.trim() ? <Text color="fg.muted">{t("lists:lists.noMatches")}</Text> : <PostProcessingHelp />}>
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label={t("pages:titles.conversationsPostprocessed")}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t("postprocessed.columns.conversation")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("postprocessed.columns.summary")}</Table.ColumnHeader>
                    <Table.ColumnHeader hideBelow="md">{t("postprocessed.columns.labels")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("postprocessed.columns.status")}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((item) => (
                    <Table.Row key={item.session_id}>
                      <Table.Cell>
                        <Stack gap="0">
                          <Text fontWeight="medium">{time.format(new Date(item.started_at))}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {item.first_user_message ?? t("history.noVisitorMessage")}
                          </Text>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell>{item.summary ? <Text>{item.summary}</Text> : <Text color="fg.muted">{t("postprocessed.noSummary")}</Text>}</Table.Cell>
                      <Table.Cell hideBelow="md">
                        {item.labels.length > 0 ? (
                          <HStack gap="1" wrap="wrap">
                            {item.labels.map((label) => (
                              <Badge key={label} variant="subtle">
                                {label}
                              </Badge>
                            ))}
                          </HStack>
                        ) : (
                          <Text color="fg.muted">{t("postprocessed.noLabels")}</Text>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        <Stack gap="0">
                          <Badge alignSelf="start" colorPalette={statusPalette[item.status]}>
                            {t(`postprocessed.status.${item.status}`)}
                          </Badge>
                          {item.sent_to && (
                            <Text fontSize="xs" color="fg.muted">
                              {t("postprocessed.sentTo", { recipient: item.sent_to })}
                            </Text>
                          )}
                        </Stack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Pager
              page={page}
              pageSize={pageSize}
              total={list.data?.total ?? 0}
              onPage={setPage}
              onPageSize={setPageSize}
            />
          </ListState>
        </Card.Body>
      </Card.Root>
    </ListPage>
  );
}
