import { Box, Button, ButtonGroup, Field, Flex, HStack, IconButton, Input, InputGroup, NativeSelect, Stack, Text } from "@chakra-ui/react";
import type { PaginationState } from "@tanstack/react-table";
import { datasetShapeProblem, pageSizeOptions } from "@parley/domain";
import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuBookOpen, LuChevronLeft, LuChevronRight, LuColumns3, LuDownload, LuPlus, LuSearch, LuTrash2, LuUndo2, LuUpload } from "react-icons/lu";
import { ConfigurationPage } from "../../configuration/RequireConfiguration";
import type { SelectedConfiguration } from "../../configuration/selection";
import { FormDialog } from "../../forms/FormDialog";
import { EmptyNotice, LoadFailed, LoadingState, SaveBar } from "../../forms/EditorStates";
import { UnsavedChangesGuard } from "../../forms/UnsavedChangesGuard";
import { dismissToast, showFailureToast, showToast } from "../../shell/toasts";

/** The import's toast ("check them and save") goes once the rows are saved. */
const importToastId = "faq-import-done";
import { ColumnsDialog, applyColumns } from "./ColumnsDialog";
import { CsvImportDialog } from "./CsvImportDialog";
import { LearnedPhrasings } from "../corrections/LearnedPhrasings";
import { DatasetTable } from "./DatasetTable";
import { datasetToCsv } from "./csv";
import { addRow, deleteRow, editorFromDataset, editorToSaveBody, emptyEditor, importRows, restoreRow, updateCell, type EditorRow, type EditorState } from "./editor";
import { useDataset, useDeleteDataset, useSaveDataset } from "./hooks";

/** Page sizes of the table; "all" shows every row, virtualised. */
const allRows = 0;

function downloadCsv(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${name.trim().replace(/[\\/:*?"<>|]+/gu, "-") || "faq"}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface FaqEditorPageProps {
  titleKey?: string;
}

/** The FAQ dataset of the selected configuration (`/dataset/view`, `/assistant/faq`). */
export function FaqEditorPage({ titleKey = "pages:titles.manageFaq" }: FaqEditorPageProps) {
  const { t } = useTranslation("pages");
  return <ConfigurationPage title={t(titleKey)}>{(configuration) => <FaqEditor configuration={configuration} />}</ConfigurationPage>;
}

function FaqEditor({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation("dataset");
  const query = useDataset(configuration._id);
  if (query.isPending) return <LoadingState label={t("loading")} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <LoadedEditor configuration={configuration} dataset={query.data.data} />;
}

type LoadedDataset = NonNullable<ReturnType<typeof useDataset>["data"]>["data"];

function LoadedEditor({ configuration, dataset }: { configuration: SelectedConfiguration; dataset: LoadedDataset }) {
  const { t } = useTranslation(["dataset", "messages"]);
  const initial = useCallback(
    (): EditorState =>
      dataset
        ? editorFromDataset({ datasetName: dataset.dataset_name, datasetHeaders: dataset.dataset_headers, datasetData: dataset.dataset_data })
        : emptyEditor([
            { text: t("defaultColumns.question"), value: "question" },
            { text: t("defaultColumns.answer"), value: "answer" },
          ]),
    [dataset, t],
  );
  const [state, setState] = useState<EditorState>(initial);
  // What was loaded or last saved; any edit makes a new state, and a no-op keeps the same one.
  const [baseline, setBaseline] = useState(state);
  const dirty = state !== baseline;
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim());
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 50 });
  const [filteredCount, setFilteredCount] = useState(state.rows.length);
  const [dialog, setDialog] = useState<"columns" | "import" | "delete" | null>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);
  // After a delete, the focus goes where the deleted row's button was (a neighbour's), never to the page's body; after Undo, to the row put back.
  const [focusAfterDelete, setFocusAfterDelete] = useState<{ rowId: string | null; tries?: number } | null>(null);
  const addRowButton = useRef<HTMLButtonElement>(null);
  const save = useSaveDataset();
  const remove = useDeleteDataset();

  const edit = useCallback((change: (current: EditorState) => EditorState) => setState(change), []);
  // The row deleted last, to put back with Undo (a slip of the delete button costs no other unsaved edits).
  const [deleted, setDeleted] = useState<{ row: EditorRow; index: number; number: number } | null>(null);
  const latest = useRef(state);
  latest.current = state;
  const reset = (to: EditorState) => {
    setState(to);
    setBaseline(to);
    setDeleted(null);
  };
  const onCellChange = useCallback((rowId: string, column: string, text: string) => edit((current) => updateCell(current, rowId, column, text)), [edit]);
  const onDeleteRow = useCallback(
    (rowId: string, number: number, focusRowId: string | null) => {
      const index = latest.current.rows.findIndex((row) => row.id === rowId);
      const row = latest.current.rows[index];
      if (!row) return;
      setDeleted({ row, index, number });
      setFocusAfterDelete({ rowId: focusRowId });
      edit((current) => deleteRow(current, rowId));
    },
    [edit],
  );
  const onUndoDelete = () => {
    if (!deleted) return;
    edit((current) => restoreRow(current, deleted.row, deleted.index));
    setDeleted(null);
    // The Undo button goes away with its notice: the focus goes to the row put back (its delete button, where it was).
    setFocusAfterDelete({ rowId: deleted.row.id });
  };

  useEffect(() => {
    if (!focusRow) return;
    document.querySelector<HTMLTextAreaElement>(`[data-row-id="${focusRow}"] textarea`)?.focus();
    setFocusRow(null);
  }, [focusRow, state]);

  useEffect(() => {
    if (!focusAfterDelete) return;
    const { rowId, tries = 0 } = focusAfterDelete;
    const neighbour = rowId ? document.querySelector<HTMLButtonElement>(`[data-row-id="${rowId}"] [data-row-actions] button`) : null;
    // The neighbour may show a render later (the pager moving back a page); then Add row, not the page's body.
    if (!neighbour && rowId && tries < 3) {
      setFocusAfterDelete({ rowId, tries: tries + 1 });
      return;
    }
    (neighbour ?? addRowButton.current)?.focus();
    setFocusAfterDelete(null);
  }, [focusAfterDelete, state, filteredCount]);

  const pageSize = pagination.pageSize === allRows ? Math.max(filteredCount, 1) : pagination.pageSize;
  const pageCount = Math.max(1, Math.ceil(filteredCount / pageSize));
  const tablePagination = { pageIndex: Math.min(pagination.pageIndex, pageCount - 1), pageSize };
  const nameMissing = state.datasetName.trim() === "";
  // Too many rows, columns or cells (after an import, say): said before saving, since the server would refuse it.
  const shapeProblem = datasetShapeProblem(state.headers, state.rows.length);

  const onAddRow = () => {
    const { state: next, rowId } = addRow(state);
    setState(next);
    setSearch("");
    setPagination((current) => ({ ...current, pageIndex: 0 }));
    setFocusRow(rowId);
  };

  const onSave = () => {
    if (nameMissing || shapeProblem) return;
    const sent = state;
    save.mutate(editorToSaveBody(sent, configuration._id), {
      onSuccess: () => {
        setBaseline(sent);
        void dismissToast(importToastId);
        void showToast((translate) => ({ type: "success", title: translate("messages:success.data_saved") }));
      },
      onError: (error) => void showFailureToast(error),
    });
  };

  const onDelete = () =>
    remove.mutate(configuration._id, {
      onSuccess: () => {
        setDialog(null);
        reset(emptyEditor(state.headers.length > 0 ? state.headers : initial().headers));
        void showToast((translate) => ({ type: "success", title: translate("messages:success.data_deleted") }));
      },
      onError: (error) => {
        setDialog(null);
        void showFailureToast(error);
      },
    });

  return (
    <Stack gap="4">
      <UnsavedChangesGuard when={dirty} />
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Field.Root maxW="sm" invalid={nameMissing} required>
          <Field.Label>{t("datasetName")}</Field.Label>
          <Input value={state.datasetName} onChange={(event) => edit((current) => ({ ...current, datasetName: event.target.value }))} />
          <Field.ErrorText>{t("datasetNameRequired")}</Field.ErrorText>
        </Field.Root>
        <ButtonGroup size="sm" variant="outline" flexWrap="wrap">
          <Button onClick={() => setDialog("import")}>
            <LuUpload /> {t("actions.import")}
          </Button>
          <Button onClick={() => downloadCsv(state.datasetName, datasetToCsv(state.headers, state.rows.map((row) => row.cells)))} disabled={state.rows.length === 0}>
            <LuDownload /> {t("actions.export")}
          </Button>
          <Button colorPalette="red" onClick={() => setDialog("delete")} disabled={!dataset && !dirty}>
            <LuTrash2 /> {t("actions.deleteDataset")}
          </Button>
        </ButtonGroup>
      </Flex>

      <Flex gap="3" wrap="wrap" align="center">
        <InputGroup startElement={<LuSearch />} maxW="sm" flex="1" minW="12rem">
          <Input
            type="search"
            value={search}
            aria-label={t("search")}
            placeholder={t("search")}
            onChange={(event) => {
              setSearch(event.target.value);
              setPagination((current) => ({ ...current, pageIndex: 0 }));
            }}
          />
        </InputGroup>
        <Button size="sm" ref={addRowButton} onClick={onAddRow} disabled={state.headers.length === 0}>
          <LuPlus /> {t("actions.addRow")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog("columns")}>
          <LuColumns3 /> {t("actions.columns")}
        </Button>
        <Text fontSize="sm" color="fg.muted" ms="auto" aria-live="polite" data-testid="row-count">
          {deferredSearch ? t("rowsFound", { count: filteredCount, total: state.rows.length }) : t("rows", { count: state.rows.length })}
        </Text>
      </Flex>

      {deleted && (
        <HStack gap="3" borderWidth="1px" borderRadius="md" px="3" py="2" bg="bg.subtle" role="status" data-testid="row-deleted">
          <Text fontSize="sm" flex="1">
            {t("undo.deleted", { number: deleted.number })}
          </Text>
          <Button size="xs" variant="outline" onClick={onUndoDelete}>
            <LuUndo2 /> {t("undo.action")}
          </Button>
        </HStack>
      )}

      {state.rows.length === 0 ? (
        <EmptyNotice bordered icon={<LuBookOpen />} title={t("empty.title")} text={t("empty.text")} />
      ) : filteredCount === 0 && deferredSearch ? (
        <Box borderWidth="1px" borderRadius="md" p="6" textAlign="center">
          <Text>{t("noMatches", { search: deferredSearch })}</Text>
        </Box>
      ) : null}
      <Box display={state.rows.length === 0 || (filteredCount === 0 && deferredSearch) ? "none" : undefined}>
        <DatasetTable
          headers={state.headers}
          rows={state.rows}
          search={deferredSearch}
          pagination={tablePagination}
          onPaginationChange={(next) => setPagination((current) => ({ ...next, pageSize: current.pageSize }))}
          onCellChange={onCellChange}
          onDeleteRow={onDeleteRow}
          onFilteredCount={setFilteredCount}
        />
      </Box>

      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <HStack gap="2">
          <Text fontSize="sm" id="page-size-label">
            {t("paging.pageSize")}
          </Text>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-labelledby="page-size-label"
              value={pagination.pageSize}
              onChange={(event) => setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
            >
              {pageSizeOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
              <option value={allRows}>{t("paging.all")}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <HStack gap="2">
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t("paging.previous")}
            disabled={tablePagination.pageIndex === 0}
            onClick={() => setPagination((current) => ({ ...current, pageIndex: tablePagination.pageIndex - 1 }))}
          >
            <LuChevronLeft />
          </IconButton>
          <Text fontSize="sm" aria-live="polite">
            {t("paging.page", { page: tablePagination.pageIndex + 1, count: pageCount })}
          </Text>
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t("paging.next")}
            disabled={tablePagination.pageIndex >= pageCount - 1}
            onClick={() => setPagination((current) => ({ ...current, pageIndex: tablePagination.pageIndex + 1 }))}
          >
            <LuChevronRight />
          </IconButton>
        </HStack>
      </Flex>

      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        canSave={!nameMissing && !shapeProblem && state.headers.length > 0}
        onSave={onSave}
        onDiscard={() => reset(initial())}
        note={
          shapeProblem ? (
            <Text color="fg.error" fontSize="sm" role="alert">
              {t(`messages:validation.${shapeProblem.issue.key}`, shapeProblem.issue.values)}
            </Text>
          ) : (
            save.isError && <Text color="fg.error" fontSize="sm">{t("saveFailedHelp")}</Text>
          )
        }
      />

      <LearnedPhrasings configurationId={configuration._id} />

      {dialog === "columns" && (
        <ColumnsDialog
          headers={state.headers}
          onClose={() => setDialog(null)}
          onApply={(columns) => {
            edit((current) => applyColumns(current, columns));
            setDialog(null);
          }}
        />
      )}
      {dialog === "import" && (
        <CsvImportDialog
          headers={state.headers}
          hasRows={state.rows.length > 0}
          onClose={() => setDialog(null)}
          onImport={(imported) => {
            edit((current) => importRows(current, imported));
            setDialog(null);
            setSearch("");
            setPagination((current) => ({ ...current, pageIndex: 0 }));
            void showToast((translate) => ({ id: importToastId, type: "info", title: translate("dataset:import.done", { count: imported.rows.length }) }));
          }}
        />
      )}
      <FormDialog
        open={dialog === "delete"}
        title={t("delete.title")}
        submitLabel={t("delete.confirm")}
        destructive
        busy={remove.isPending}
        onSubmit={onDelete}
        onClose={() => setDialog(null)}
      >
        <Text>{t("delete.text", { name: state.datasetName, configuration: configuration.name })}</Text>
      </FormDialog>
    </Stack>
  );
}
