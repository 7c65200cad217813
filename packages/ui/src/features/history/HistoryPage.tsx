import { Badge, Button, Card, Flex, HStack, Table, Text } from "@chakra-ui/react";
import { defaultPageSize, type PageSize } from "@parley/domain/reporting";
import { configurationSearchDebounceMs } from "@parley/domain/ui";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuDownload, LuThumbsDown, LuThumbsUp } from "react-icons/lu";
import { useApi } from "../../api/client";
import { useSelectedConfiguration } from "../../configuration/selection";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { ListPage, RowTitle } from "../../lists/ListPage";
import { SearchInput } from "../../lists/SearchInput";
import { useDebouncedValue } from "../../shell/useDebouncedValue";
import { ConversationDialog } from "./ConversationDialog";
import { DateRangeFilter, DateRangeRules, dateRangeIssues, initialDateRange, type DateRangeValue } from "./DateRangeFilter";
import { downloadHistoryCsv, useConversationHistory, type HistoryConversation } from "./hooks";
import { ListState } from "./ListState";
import { Pager } from "./Pager";
import { TestConversationBadge } from "../live/TestConversationBadge";

/**
 * Conversations → History: the selected configuration's conversations of a date range (at most 7 days),
 * searched in their messages, a page at a time; each opens with its messages, sources and ratings; the
 * CSV export holds every conversation the filters find.
 */
/** The visitors' ratings of a conversation's answers: icons for the eye, words for a screen reader. */
function RatingCounts({ up, down }: { up: number; down: number }) {
  const { t } = useTranslation("history");
  return (
    <HStack gap="1" aria-label={t("history.ratingCounts", { up, down })} role="img">
      <LuThumbsUp aria-hidden />
      <Text as="span">{up}</Text>
      <Text as="span" color="fg.muted" aria-hidden>
        ·
      </Text>
      <LuThumbsDown aria-hidden />
      <Text as="span">{down}</Text>
    </HStack>
  );
}

export function HistoryPage({ now }: { titleKey?: string; now?: Date }) {
  const { t, i18n } = useTranslation(["history", "lists", "pages"]);
  const api = useApi();
  const configurationId = useSelectedConfiguration()?._id ?? "";
  const [range, setRange] = useState<DateRangeValue>(() => initialDateRange(now));
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(defaultPageSize);
  const [opened, setOpened] = useState<HistoryConversation | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const rulesId = useId();
  const debouncedSearch = useDebouncedValue(search, configurationSearchDebounceMs);
  const valid = dateRangeIssues(range, now).length === 0;
  const filters = { configurationId, from: range.from, to: range.to, search: debouncedSearch };
  const history = useConversationHistory(valid ? { ...filters, page, pageSize } : null);
  const items = history.data?.items ?? [];
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadHistoryCsv(api, filters);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage title={t("pages:titles.conversationsHistory")} intro={t("history.intro")}>
      <Card.Root>
        <Card.Body p="0">
          <Flex gap="3" p="4" wrap="wrap" align="end" justify="space-between">
            <DateRangeFilter
              value={range}
              now={now}
              rulesId={rulesId}
              onChange={(value) => {
                setRange(value);
                setPage(1);
              }}
            />
            {/* Wide enough for its placeholder in every language: where the dates leave less, it takes the next row. */}
            <SearchInput
              flex="1"
              minW="72"
              value={search}
              label={t("history.search")}
              onChange={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />
            <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} disabled={!valid || items.length === 0}>
              <LuDownload aria-hidden />
              {t("history.export")}
            </Button>
          </Flex>
          {/* Below the row, not under the dates: a rule that appears leaves the search and Export where they are. */}
          {!valid && (
            <Flex px="4" pb="2">
              <DateRangeRules value={range} now={now} id={rulesId} />
            </Flex>
          )}
          {exportError !== null && (
            <Flex px="4" pb="4">
              <ErrorAlert error={exportError} />
            </Flex>
          )}
          {!valid ? (
            <Text px="4" pb="6" color="fg.muted" role="status">
              {t("history.fixRange")}
            </Text>
          ) : (
            <ListState
              query={history}
              isEmpty={items.length === 0}
              empty={
                <>
                  <Text color="fg.muted">{debouncedSearch.trim() ? t("lists:lists.noMatches") : t("history.empty")}</Text>
                  {search.trim() !== "" && (
                    <Button size="sm" variant="outline" onClick={() => setSearch("")}>
                      {t("lists:lists.clearSearch")}
                    </Button>
                  )}
                </>
              }
            >
              <Table.ScrollArea>
                <Table.Root size="sm" interactive aria-label={t("pages:titles.conversationsHistory")}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t("history.columns.started")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("history.columns.status")}</Table.ColumnHeader>
                      <Table.ColumnHeader hideBelow="md">{t("history.columns.messages")}</Table.ColumnHeader>
                      <Table.ColumnHeader hideBelow="md">{t("history.columns.ratings")}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {items.map((conversation) => (
                      <Table.Row key={conversation.session_id}>
                        <Table.Cell>
                          <RowTitle
                            title={time.format(new Date(conversation.started_at))}
                            detail={conversation.first_user_message ?? t("history.noVisitorMessage")}
                            onOpen={() => setOpened(conversation)}
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <HStack gap="1">
                            <Badge colorPalette={conversation.status === "Ongoing" ? "green" : "gray"}>{t(`history.status.${conversation.status}`)}</Badge>
                            {conversation.is_test && <TestConversationBadge label={t("history.test")} explanation={t("history.testExplanation")} />}
                            {conversation.is_manual && <Badge colorPalette="purple">{t("history.manual")}</Badge>}
                            {conversation.alert_triggered && <Badge colorPalette="orange">{t("history.alert")}</Badge>}
                          </HStack>
                        </Table.Cell>
                        <Table.Cell hideBelow="md">{conversation.message_count}</Table.Cell>
                        <Table.Cell hideBelow="md">
                          <RatingCounts up={conversation.thumbs_up ?? 0} down={conversation.thumbs_down ?? 0} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <Pager
                page={page}
                pageSize={pageSize}
                total={history.data?.total ?? 0}
                onPage={setPage}
                onPageSize={setPageSize}
              />
            </ListState>
          )}
        </Card.Body>
      </Card.Root>
      <ConversationDialog conversation={opened} configurationId={configurationId} onClose={() => setOpened(null)} />
    </ListPage>
  );
}
