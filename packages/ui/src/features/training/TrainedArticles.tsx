import { Badge, Box, Button, Card, Field, Flex, Heading, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { maxArticlesPerIndexing } from "@parley/domain";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuListChecks, LuSearch, LuTrash2 } from "react-icons/lu";
import type { SelectedConfiguration } from "../../configuration/selection";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { DataTable, type DataColumn } from "../../lists/DataTable";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useArticles, useDeleteArticle, useIndexUnindexed, useSearchArticles, useWipeArticles, type Article } from "./hooks";

/** The trained articles with delete, the search the assistant would make, and wiping all of them. */
export function TrainedArticles({ configuration }: { configuration: SelectedConfiguration }) {
  return (
    <Stack gap="6">
      <KnowledgeSearch configuration={configuration} />
      <ArticleList configuration={configuration} />
    </Stack>
  );
}

function ArticleList({ configuration }: { configuration: SelectedConfiguration }) {
  const { t, i18n } = useTranslation(["training", "messages"]);
  const articles = useArticles(configuration._id);
  const deleteArticle = useDeleteArticle();
  const indexUnindexed = useIndexUnindexed();
  const wipe = useWipeArticles();
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<Article | null>(null);
  const [wiping, setWiping] = useState(false);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  // A date the server sent unreadable is shown as sent rather than breaking the list.
  const formatDate = (value: string) => (Number.isNaN(Date.parse(value)) ? value : dateFormat.format(new Date(value)));
  const unindexed = (articles.data ?? []).filter((article) => !article.indexed).length;
  const titleOf = (article: Article) => article.subject || article.source;

  const columns: DataColumn<Article>[] = [
    { id: "subject", header: t("trained.subject"), cell: (article) => article.subject || <Text color="fg.muted">{t("trained.noSubject")}</Text>, sortValue: (article) => article.subject ?? "" },
    { id: "source", header: t("trained.source"), cell: (article) => <Text wordBreak="break-all">{article.source}</Text>, sortValue: (article) => article.source, wide: true },
    { id: "words", header: t("trained.words"), cell: (article) => article.wordCount, sortValue: (article) => article.wordCount },
    {
      id: "indexed",
      header: t("trained.indexed"),
      cell: (article) => <Badge colorPalette={article.indexed ? "green" : "orange"}>{article.indexed ? t("trained.yes") : t("trained.no")}</Badge>,
      sortValue: (article) => (article.indexed ? 1 : 0),
    },
    { id: "date", header: t("trained.date"), cell: (article) => formatDate(article.dateModified), sortValue: (article) => article.dateModified, wide: true },
    {
      id: "actions",
      header: t("messages:actions.actions"),
      cell: (article) => (
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t("trained.delete", { name: titleOf(article) })} onClick={() => setDeleting(article)}>
          <LuTrash2 />
        </IconButton>
      ),
    },
  ];

  const handleIndex = () =>
    indexUnindexed.mutate(configuration._id, {
      onSuccess: (answer) =>
        void showToast((translate) =>
          answer.failed > 0
            ? { type: "warning", title: translate("messages:errors.articles_not_indexed"), description: translate("training:trained.indexedCounts", { indexed: answer.indexed, failed: answer.failed }) }
            : { type: "success", title: translate("training:trained.indexedCounts", { indexed: answer.indexed, failed: answer.failed }) },
        ),
      onError: (error) => void showFailureToast(error),
    });

  return (
    <Stack gap="3" as="section" aria-labelledby="trained-articles-title">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="lg" id="trained-articles-title" me="auto">
          {t("trained.title")}
        </Heading>
        {unindexed > 0 && (
          <Button variant="outline" onClick={handleIndex} loading={indexUnindexed.isPending}>
            <LuListChecks /> {t("trained.indexUnindexed", { count: Math.min(unindexed, maxArticlesPerIndexing), total: unindexed })}
          </Button>
        )}
        <Button variant="outline" colorPalette="red" onClick={() => setWiping(true)} disabled={(articles.data ?? []).length === 0}>
          <LuTrash2 /> {t("trained.wipe")}
        </Button>
      </Flex>
      <DataTable
        label={t("trained.title")}
        query={articles}
        rowKey={(article) => article._id}
        columns={columns}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder={t("trained.filter")}
        searchTexts={(article) => [article.subject, article.source]}
        initialSort={{ columnId: "date", direction: "desc" }}
        emptyText={t("trained.empty")}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("trained.deleteTitle")}
        text={t("trained.deleteText", { name: deleting ? titleOf(deleting) : "" })}
        confirmLabel={t("trained.deleteConfirm")}
        loading={deleteArticle.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteArticle.mutate(
            { articleId: deleting._id, configurationId: configuration._id },
            {
              onSuccess: () => {
                setDeleting(null);
                void showToast((translate) => ({ type: "success", title: translate("messages:success.data_deleted") }));
              },
              onError: (error) => void showFailureToast(error),
            },
          )
        }
      />
      <ConfirmDialog
        open={wiping}
        title={t("trained.wipeTitle")}
        text={t("trained.wipeText", { count: articles.data?.length ?? 0, name: configuration.name })}
        confirmLabel={t("trained.wipeConfirm")}
        loading={wipe.isPending}
        onCancel={() => setWiping(false)}
        onConfirm={() =>
          wipe.mutate(configuration._id, {
            onSuccess: (answer) => {
              setWiping(false);
              void showToast((translate) => ({ type: "success", title: translate("training:trained.wiped", { count: answer.deleted }) }));
            },
            onError: (error) => void showFailureToast(error),
          })
        }
      />
    </Stack>
  );
}

/** Asks the knowledge what the assistant would retrieve for a question, with each hit's score. */
function KnowledgeSearch({ configuration }: { configuration: SelectedConfiguration }) {
  const { t, i18n } = useTranslation("training");
  const [question, setQuestion] = useState("");
  const [empty, setEmpty] = useState(false);
  const search = useSearchArticles();
  const scoreFormat = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3, minimumFractionDigits: 3 });

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    const searchText = question.trim();
    setEmpty(searchText === "");
    if (searchText !== "") search.mutate({ configurationId: configuration._id, searchText });
  };

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="knowledge-search-title">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="lg" id="knowledge-search-title">
            {t("search.title")}
          </Heading>
          <Text color="fg.muted">{t("search.intro")}</Text>
          <form onSubmit={handleSearch} noValidate role="search" aria-label={t("search.title")}>
            <Flex gap="3" align="flex-start" wrap="wrap">
              <Field.Root invalid={empty} flex="1" minW="16rem">
                <Field.Label>{t("search.label")}</Field.Label>
                <Input value={question} maxLength={1000} onChange={(event) => setQuestion(event.target.value)} placeholder={t("search.placeholder")} />
                {empty && <Field.ErrorText>{t("search.required")}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" mt={{ base: 0, md: "6" }} loading={search.isPending}>
                <LuSearch /> {t("search.submit")}
              </Button>
            </Flex>
          </form>
          <ErrorAlert error={search.error} />
          {search.isSuccess &&
            (search.data.length === 0 ? (
              <Text aria-live="polite">{t("search.none")}</Text>
            ) : (
              <Stack as="ol" gap="2" aria-label={t("search.results")} listStyleType="none">
                {search.data.map((hit, index) => (
                  <Box as="li" key={`${hit.article?._id ?? hit.source}-${hit.chunk ?? hit.faq?.row ?? index}`} borderWidth="1px" borderRadius="md" p="3">
                    <Flex gap="3" align="baseline" wrap="wrap">
                      <Badge colorPalette="purple" fontFamily="mono" aria-label={t("search.scoreLabel", { score: scoreFormat.format(hit.score) })}>
                        {scoreFormat.format(hit.score)}
                      </Badge>
                      <Text fontWeight="medium">{hit.article ? hit.article.subject || hit.article.source : t("search.faqRow")}</Text>
                      <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                        {hit.article ? (hit.article.url ?? hit.article.source) : t("search.faqSource")}
                      </Text>
                    </Flex>
                    <Text fontSize="sm" mt="1" lineClamp={4}>
                      {hit.snippet ?? hit.text}
                    </Text>
                  </Box>
                ))}
              </Stack>
            ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
