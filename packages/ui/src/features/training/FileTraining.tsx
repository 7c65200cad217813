import { Alert, Badge, Box, Button, HStack, Icon, IconButton, Input, Stack, Table, Text } from "@chakra-ui/react";
import { allowedUploadExtensions, isAllowedUploadName, maxTrainingFileBytes, trainingFileNameKey } from "@parley/domain";
import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuFileText, LuRefreshCw, LuTrash2, LuUpload, LuX } from "react-icons/lu";
import { failureCode } from "../../api/errors";
import type { SelectedConfiguration } from "../../configuration/selection";
import { EmptyNotice, LoadFailed, LoadingState } from "../../forms/EditorStates";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { showFailureToast, showToast } from "../../shell/toasts";
import { articlesFromComponents } from "./articles";
import { failureTexts } from "./failureHelp";
import { createAndIndex, scrapeFile, trainingFailure, uploadFile, useArticles, useDeleteFile, useFileNames, useTrainingRunner, type Article } from "./hooks";

export type FileState = "uploading" | "uploaded" | "scraping" | "indexed" | "failed";
interface FileStatus {
  state: FileState;
  code?: string;
  /** The upload itself failed: the server holds no such file to train again or delete. */
  notUploaded?: boolean;
}

const stateColors: Record<FileState, string> = { uploading: "blue", uploaded: "gray", scraping: "blue", indexed: "green", failed: "red" };

/** The files a user chose, sorted into those that may be uploaded (.txt, .pdf) and those refused before sending. */
export function sortChosenFiles(files: readonly File[]): { accepted: File[]; refused: File[] } {
  return { accepted: files.filter((file) => isAllowedUploadName(file.name)), refused: files.filter((file) => !isAllowedUploadName(file.name)) };
}

function FailureText({ code }: { code?: string }) {
  const { t, i18n } = useTranslation(["training", "messages"]);
  const { reason, help } = failureTexts(t, i18n, code);
  return (
    <Text fontSize="xs" color="fg.error">
      {/[.!?…]$/u.test(reason) ? reason : `${reason}.`} {help}
    </Text>
  );
}

/**
 * The state of a stored file this page has not trained since it opened, from its articles: indexed when it has
 * articles and all are indexed, failed (to be trained again) when some are not, uploaded when it has none.
 */
export function storedFileStatus(name: string, articles: readonly Pick<Article, "source" | "indexed">[] | undefined): FileStatus {
  const own = articles?.filter((article) => article.source === name) ?? [];
  if (own.length === 0) return { state: "uploaded" };
  return own.every((article) => article.indexed) ? { state: "indexed" } : { state: "failed", code: "articles_not_indexed" };
}

/** Training files: dropped or chosen, uploaded, read into articles and indexed, each file with its state. */
export function FileTraining({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation(["training", "messages"]);
  const names = useFileNames(configuration._id);
  // A file's articles carry its stored name as their source: after a reload they say whether it was trained.
  const articles = useArticles(configuration._id);
  const { api, refresh } = useTrainingRunner();
  const deleteFile = useDeleteFile();
  const [statuses, setStatuses] = useState<Record<string, FileStatus>>({});
  // The names files were uploaded under on this page, by stored name: newer than the list until it is read again.
  const [uploadedAs, setUploadedAs] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const setStatus = (name: string, status: FileStatus) => setStatuses((previous) => ({ ...previous, [name]: status }));

  /** Reads a stored file into articles and indexes them. */
  const train = async (filename: string) => {
    setStatus(filename, { state: "scraping" });
    try {
      const components = await scrapeFile(api, configuration._id, filename);
      const drafts = articlesFromComponents(components, filename, undefined, "file");
      if (drafts.length === 0) throw trainingFailure("no_file_content");
      // Training again replaces what the file said before (its articles are deleted once the new ones are stored).
      const counts = await createAndIndex(api, configuration._id, drafts, undefined, { replacing: [filename] });
      if (counts.created === 0) throw trainingFailure("articles_failed");
      setStatus(filename, counts.notIndexed > 0 ? { state: "failed", code: "articles_not_indexed" } : { state: "indexed" });
    } catch (error) {
      setStatus(filename, { state: "failed", code: failureCode(error) });
    }
    void refresh(configuration._id);
  };

  const handleFiles = async (chosen: readonly File[]) => {
    const { accepted, refused: notAllowed } = sortChosenFiles(chosen);
    setRefused(notAllowed.map((file) => file.name));
    // A file of a name already stored replaces that file on the server: its row shows the upload, not a second row.
    const rowOf = (file: File) => storedFiles.find((stored) => trainingFileNameKey(stored.originalName) === trainingFileNameKey(file.name))?.name ?? file.name;
    for (const file of accepted) setStatus(rowOf(file), { state: "uploading" });
    for (const file of accepted) {
      const row = rowOf(file);
      // The server refuses it anyway (413); sending megabytes first only makes the user wait for that.
      if (file.size > maxTrainingFileBytes) {
        setStatus(row, { state: "failed", code: "payload_too_large", notUploaded: row === file.name });
        continue;
      }
      let stored: string;
      try {
        stored = await uploadFile(api, configuration._id, file);
      } catch (error) {
        setStatus(row, { state: "failed", code: failureCode(error), notUploaded: row === file.name });
        continue;
      }
      if (stored !== row) setStatuses(({ [row]: _uploaded, ...others }) => others);
      setUploadedAs((previous) => ({ ...previous, [stored]: file.name }));
      setStatus(stored, { state: "uploaded" });
      await train(stored);
    }
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void handleFiles([...event.dataTransfer.files]);
  };

  const storedFiles = names.data ?? [];
  const listed = [...new Set([...storedFiles.map((stored) => stored.name), ...Object.keys(statuses)])];
  /** The name a row shows: the one the file was uploaded under. */
  const labelOf = (name: string) => uploadedAs[name] ?? storedFiles.find((stored) => stored.name === name)?.originalName ?? name;
  const busy = Object.values(statuses).some((status) => status.state === "uploading" || status.state === "scraping");

  return (
    <Stack gap="4">
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? "blue.solid" : "border.emphasized"}
        bg={dragging ? "blue.subtle" : "bg.subtle"}
        borderRadius="md"
        p="6"
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        data-testid="file-dropzone"
      >
        <Stack align="center" gap="2">
          <Icon as={LuUpload} boxSize="6" color="fg.muted" aria-hidden />
          <Text>{t("files.drop")}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t("files.types", { types: allowedUploadExtensions.join(", ") })}
          </Text>
          <Button variant="outline" onClick={() => input.current?.click()}>
            {t("files.choose")}
          </Button>
          <Input
            ref={input}
            type="file"
            multiple
            accept={allowedUploadExtensions.join(",")}
            display="none"
            aria-label={t("files.choose")}
            data-testid="file-input"
            onChange={(event) => {
              void handleFiles([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
        </Stack>
      </Box>

      {refused.length > 0 && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("files.refused", { names: refused.join(", ") })}</Alert.Title>
            <Alert.Description>{t("files.refusedHelp")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {names.isPending ? (
        <LoadingState label={t("files.loading")} />
      ) : names.isError && listed.length === 0 ? (
        <LoadFailed error={names.error} onRetry={() => void names.refetch()} />
      ) : listed.length === 0 ? (
        <EmptyNotice bordered icon={<LuFileText />} title={t("files.empty.title")} text={t("files.empty.text")} />
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t("files.tableLabel")}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("files.name")}</Table.ColumnHeader>
                {/* A fixed width: the state column stays put while names come and go. */}
                <Table.ColumnHeader width="16rem">{t("files.state")}</Table.ColumnHeader>
                <Table.ColumnHeader width="6rem">
                  <Text srOnly>{t("messages:actions.actions")}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {listed.map((name) => {
                const status = statuses[name] ?? storedFileStatus(name, articles.data);
                const working = status.state === "uploading" || status.state === "scraping";
                const label = labelOf(name);
                const trained = working ? 0 : (articles.data?.filter((article) => article.source === name).length ?? 0);
                return (
                  <Table.Row key={name} data-testid={`file-${name}`}>
                    <Table.Cell wordBreak="break-word">{label}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="1" aria-live="polite">
                        <Badge colorPalette={stateColors[status.state]} alignSelf="flex-start">
                          {t(`files.states.${status.state}`)}
                        </Badge>
                        {trained > 0 && (
                          <Text fontSize="xs" color="fg.muted">
                            {t("files.articles", { count: trained })}
                          </Text>
                        )}
                        {status.state === "failed" && <FailureText code={status.code} />}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>
                      {status.notUploaded ? (
                        <IconButton size="xs" variant="ghost" aria-label={t("files.dismiss", { name: label })} onClick={() => setStatuses(({ [name]: _failed, ...others }) => others)}>
                          <LuX />
                        </IconButton>
                      ) : (
                        <HStack gap="1">
                          <IconButton size="xs" variant="ghost" aria-label={t("files.train", { name: label })} disabled={working || busy} onClick={() => void train(name)}>
                            <LuRefreshCw />
                          </IconButton>
                          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t("files.delete", { name: label })} disabled={working} onClick={() => setDeleting(name)}>
                            <LuTrash2 />
                          </IconButton>
                        </HStack>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t("files.deleteTitle")}
        text={t("files.deleteText", { name: deleting === null ? "" : labelOf(deleting) })}
        confirmLabel={t("files.deleteConfirm")}
        loading={deleteFile.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteFile.mutate(
            { configurationId: configuration._id, filename: deleting },
            {
              onSuccess: () => {
                setStatuses(({ [deleting]: _deleted, ...others }) => others);
                setDeleting(null);
                void showToast((translate) => ({ type: "success", title: translate("messages:success.data_deleted") }));
              },
              onError: (error) => void showFailureToast(error),
            },
          )
        }
      />
    </Stack>
  );
}
