import { Alert, Badge, Box, Button, ButtonGroup, Checkbox, Field, Flex, Heading, HStack, Input, Link, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { maxArticlesPerIndexing, wordpressPageSize } from "@parley/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuChevronLeft, LuChevronRight, LuDownload, LuExternalLink, LuFileText, LuNewspaper, LuTrash2 } from "react-icons/lu";
import type { SelectedConfiguration } from "../../configuration/selection";
import { EmptyNotice, LoadingState } from "../../forms/EditorStates";
import { useConfiguration } from "../../shell/hooks";
import { failureCode } from "../../api/errors";
import { DeleteAllDialog } from "./DeleteAllDialog";
import { TrainingFailureAlert } from "./failureHelp";
import { trainingQueryKeys, useTrainingRunner } from "./hooks";
import { RunProgress } from "./RunProgress";
import { useBatchRun, type BatchResult } from "./useBatchRun";
import {
  fetchWordpressIndexed,
  indexWordpressContent,
  itemKey,
  useDeleteWordpressContent,
  useWordpressIndexed,
  useWordpressItems,
  useWordpressTotals,
  wordpressQueryKeys,
  wordpressSiteUrl,
  type WordpressItem,
  type WordpressType,
} from "./wordpress";

type Chosen = Pick<WordpressItem, "type" | "id" | "title">;

interface ItemListProps {
  site: string;
  type: WordpressType;
  chosen: ReadonlyMap<string, Chosen>;
  indexedKeys: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (items: readonly WordpressItem[], checked: boolean) => void;
}

/** One list of the site (its pages or its posts), ten at a time, each with a checkbox. */
function ItemList({ site, type, chosen, indexedKeys, disabled, onToggle }: ItemListProps) {
  const { t } = useTranslation("training");
  const [page, setPage] = useState(1);
  const totals = useWordpressTotals(site, type);
  const items = useWordpressItems(site, type, page);
  const list = items.data ?? [];
  const totalPages = totals.data?.total_pages ?? 0;
  // The spec's client reads page after page until one is empty; without the totals a short page is the last.
  const hasNext = totals.data ? page < totalPages : list.length === wordpressPageSize;
  const checkedHere = list.filter((item) => chosen.has(itemKey(item))).length;
  const heading = t(`wordpress.lists.${type}`);

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" data-testid={`wordpress-${type}s`}>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h3" size="sm">
          {heading}
        </Heading>
        {totals.data && (
          <Badge colorPalette="gray" data-testid={`wordpress-${type}-total`}>
            {t(`wordpress.total.${type}`, { count: totals.data.total_results })}
          </Badge>
        )}
      </HStack>
      {items.isPending ? (
        <LoadingState label={t(`wordpress.loading.${type}`)} />
      ) : items.isError ? (
        <TrainingFailureAlert error={items.error} scope="wordpress" />
      ) : list.length === 0 && page === 1 ? (
        <EmptyNotice icon={type === "page" ? <LuFileText /> : <LuNewspaper />} title={t(`wordpress.empty.${type}`)} text={t("wordpress.empty.text")} />
      ) : (
        <>
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label={heading} aria-busy={items.isFetching}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="2.5rem">
                    <Checkbox.Root
                      size="sm"
                      disabled={disabled || list.length === 0}
                      checked={checkedHere === 0 ? false : checkedHere === list.length ? true : "indeterminate"}
                      onCheckedChange={(details) => onToggle(list, details.checked === true)}
                    >
                      <Checkbox.HiddenInput aria-label={t("wordpress.chooseAll", { list: heading })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>{t("wordpress.title")}</Table.ColumnHeader>
                  <Table.ColumnHeader width="6rem">{t("wordpress.state")}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((item) => (
                  <Table.Row key={itemKey(item)} data-testid={`wordpress-item-${itemKey(item)}`}>
                    <Table.Cell>
                      <Checkbox.Root size="sm" disabled={disabled} checked={chosen.has(itemKey(item))} onCheckedChange={(details) => onToggle([item], details.checked === true)}>
                        <Checkbox.HiddenInput aria-label={t("wordpress.choose", { title: item.title })} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                    <Table.Cell wordBreak="break-word">
                      <Link href={item.link} target="_blank" rel="noopener noreferrer" colorPalette="blue" aria-label={t("wordpress.open", { title: item.title })}>
                        {item.title} <LuExternalLink aria-hidden />
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{indexedKeys.has(itemKey(item)) && <Badge colorPalette="green">{t("wordpress.indexed")}</Badge>}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          {list.length === 0 && <Text fontSize="sm">{t("wordpress.pastLast")}</Text>}
          <HStack justify="space-between">
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {totalPages > 0 ? t("wordpress.pageOf", { page, total: totalPages }) : t("wordpress.page", { page })}
            </Text>
            <ButtonGroup size="xs" variant="outline">
              <Button onClick={() => setPage((current) => Math.max(1, current - 1))} disabled={page <= 1 || items.isFetching} aria-label={t("wordpress.previous", { list: heading })}>
                <LuChevronLeft /> {t("wordpress.previousShort")}
              </Button>
              <Button onClick={() => setPage((current) => current + 1)} disabled={!hasNext || items.isFetching} aria-label={t("wordpress.next", { list: heading })}>
                {t("wordpress.nextShort")} <LuChevronRight />
              </Button>
            </ButtonGroup>
          </HStack>
        </>
      )}
    </Stack>
  );
}

/** What the configuration holds from WordPress, and deleting all of it. */
function IndexedList({ configuration, disabled }: { configuration: SelectedConfiguration; disabled: boolean }) {
  const { t } = useTranslation(["training", "messages"]);
  const indexed = useWordpressIndexed(configuration._id);
  const remove = useDeleteWordpressContent();
  const [confirming, setConfirming] = useState(false);
  const list = indexed.data ?? [];

  return (
    <Stack gap="3" data-testid="wordpress-indexed">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h3" size="sm">
          {t("wordpress.indexedTitle", { count: list.length })}
        </Heading>
        <Button size="sm" variant="outline" colorPalette="red" disabled={disabled || list.length === 0} onClick={() => setConfirming(true)}>
          <LuTrash2 /> {t("wordpress.deleteAll")}
        </Button>
      </HStack>
      {indexed.isPending ? (
        <LoadingState label={t("wordpress.loading.indexed")} />
      ) : indexed.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("messages:errors.indexed_pages_fetch_failed")}</Alert.Title>
            <Alert.Description>
              <Button size="xs" mt="2" onClick={() => void indexed.refetch()}>
                {t("messages:actions.retry")}
              </Button>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : list.length === 0 ? (
        <EmptyNotice bordered icon={<LuNewspaper />} title={t("wordpress.noneIndexed.title")} text={t("wordpress.noneIndexed.text")} />
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t("wordpress.indexedTitle", { count: list.length })}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("wordpress.title")}</Table.ColumnHeader>
                <Table.ColumnHeader width="6rem">{t("wordpress.type")}</Table.ColumnHeader>
                <Table.ColumnHeader width="6rem" textAlign="end">
                  {t("wordpress.words")}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((item) => (
                <Table.Row key={itemKey(item)}>
                  <Table.Cell wordBreak="break-word">
                    <Link href={item.link} target="_blank" rel="noopener noreferrer" colorPalette="blue">
                      {item.title}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={item.type === "page" ? "purple" : "blue"}>{t(`wordpress.types.${item.type}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{item.word_count ?? "–"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <DeleteAllDialog
        open={confirming}
        title={t("wordpress.deleteTitle")}
        text={t("wordpress.deleteText", { count: list.length, name: configuration.name })}
        confirmLabel={t("wordpress.deleteConfirm")}
        remove={remove}
        configurationId={configuration._id}
        deletedKey="training:wordpress.deleted"
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/**
 * WordPress training: the site's pages and posts read through its REST API, ten at a time, the chosen ones
 * indexed in batches of ten with progress, and the configuration's indexed pages and posts.
 */
export function WordpressTraining({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation(["training", "messages"]);
  // The site the configuration names (its WordPress connection, or the RAG settings' domain) until the user types.
  const stored = useConfiguration(configuration._id).data?.data;
  const [typed, setAddress] = useState<string | null>(null);
  const address = typed ?? stored?.wordpress_site?.url ?? stored?.rag_settings?.wordpress_domain ?? "";
  const [problem, setProblem] = useState<string | null>(null);
  const [site, setSite] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Map<string, Chosen>>(new Map());
  const { api, refresh } = useTrainingRunner();
  const queryClient = useQueryClient();
  const indexed = useWordpressIndexed(configuration._id);
  const indexedKeys = new Set((indexed.data ?? []).map(itemKey));
  // The first page of each list (the lists below read the same queries): when the site cannot be read at all,
  // both fail alike, and one message under the address says so, not the same text twice beside an empty list.
  const firstPages = useWordpressItems(site, "page", 1);
  const firstPosts = useWordpressItems(site, "post", 1);
  const siteFailure =
    firstPages.isError && firstPosts.isError && failureCode(firstPages.error) === failureCode(firstPosts.error) ? firstPages.error : null;

  const work = useCallback(
    async (batch: Chosen[], signal: AbortSignal): Promise<BatchResult<Chosen>> => {
      if (site === null) return { failures: batch.map((item) => ({ item, code: "no_wordpress_url" })), counts: { created: 0, failed: batch.length, notIndexed: 0 } };
      try {
        const done = await indexWordpressContent(api, configuration._id, site, batch, signal);
        // The answer counts; which ones failed, the indexed list tells.
        const failures =
          done >= batch.length
            ? []
            : await fetchWordpressIndexed(api, configuration._id, signal).then((now) => {
                const present = new Set(now.map(itemKey));
                return batch.filter((item) => !present.has(itemKey(item))).map((item) => ({ item, code: "indexing_failed" }));
              });
        return { failures, counts: { created: done, failed: batch.length - done, notIndexed: 0 } };
      } finally {
        void queryClient.invalidateQueries({ queryKey: wordpressQueryKeys.indexed(configuration._id) });
        void queryClient.invalidateQueries({ queryKey: trainingQueryKeys.articles(configuration._id) });
        void refresh(configuration._id);
      }
    },
    [api, configuration._id, site, queryClient, refresh],
  );
  const run = useBatchRun(maxArticlesPerIndexing, work);
  const running = run.state.status === "running";

  const handleLoad = (event: FormEvent) => {
    event.preventDefault();
    const checked = wordpressSiteUrl(address);
    if ("code" in checked) {
      setProblem(checked.code);
      return;
    }
    setProblem(null);
    setAddress(checked.url);
    if (checked.url !== site) {
      setChosen(new Map());
      run.reset();
    } else {
      // The same address again is a retry (the site may be up now): read it anew.
      void queryClient.refetchQueries({ queryKey: ["wordpress", "items", checked.url] });
      void queryClient.refetchQueries({ queryKey: ["wordpress", "totals", checked.url] });
    }
    setSite(checked.url);
  };

  const handleToggle = (items: readonly WordpressItem[], checked: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous);
      for (const item of items) {
        if (checked) next.set(itemKey(item), { type: item.type, id: item.id, title: item.title });
        else next.delete(itemKey(item));
      }
      return next;
    });

  const handleIndex = () => {
    void run.start([...chosen.values()]).then(() => setChosen(new Map()));
  };

  return (
    <Stack gap="5">
      <form onSubmit={handleLoad} noValidate aria-label={t("wordpress.site.title")}>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Field.Root invalid={problem !== null} flex="1" minW="16rem">
            <Field.Label>{t("wordpress.site.label")}</Field.Label>
            <Input
              type="url"
              inputMode="url"
              name="wordpressUrl"
              placeholder="https://www.example.com"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              disabled={running}
            />
            {problem !== null ? (
              <Field.ErrorText>{problem === "no_wordpress_url" ? t("messages:errors.no_wordpress_url") : t("wordpress.site.invalid")}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t("wordpress.site.help")}</Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" variant="outline" disabled={running}>
            <LuDownload /> {t("wordpress.site.submit")}
          </Button>
        </Flex>
      </form>

      {site === null ? (
        <Text color="fg.muted">{t("wordpress.site.start")}</Text>
      ) : siteFailure ? (
        <TrainingFailureAlert error={siteFailure} scope="wordpress" />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            {(["page", "post"] as const).map((type) => (
              <ItemList key={`${site}-${type}`} site={site} type={type} chosen={chosen} indexedKeys={indexedKeys} disabled={running} onToggle={handleToggle} />
            ))}
          </SimpleGrid>
          <Flex gap="3" align="center" wrap="wrap">
            <Button onClick={handleIndex} disabled={running || chosen.size === 0} loading={running}>
              <LuNewspaper /> {t("wordpress.start", { count: chosen.size })}
            </Button>
            {chosen.size > 0 && !running && (
              <Button variant="ghost" onClick={() => setChosen(new Map())}>
                {t("wordpress.clear")}
              </Button>
            )}
            <Text fontSize="sm" color="fg.muted">
              {t("wordpress.batchHelp", { count: maxArticlesPerIndexing })}
            </Text>
          </Flex>
        </>
      )}

      <RunProgress state={run.state} unit="items" itemLabel={(item) => item.title} onCancel={run.cancel} onRetry={() => void run.retryFailed()} scope="wordpress" />

      <IndexedList configuration={configuration} disabled={running} />
    </Stack>
  );
}
