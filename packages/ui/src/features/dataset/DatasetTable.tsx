import { Box, Table, Textarea } from "@chakra-ui/react";
import { getCoreRowModel, getFilteredRowModel, getPaginationRowModel, useReactTable, type ColumnDef, type PaginationState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DatasetHeader } from "@parley/domain";
import { ActionsColumnHeader, RemoveRowButton } from "../../forms/EditorStates";
import { rowMatches, type EditorRow } from "./editor";

const rowHeight = 49;

interface CellProps {
  rowId: string;
  column: DatasetHeader;
  rowNumber: number;
  value: string;
  onCommit: (rowId: string, column: string, text: string) => void;
}

/**
 * One editable cell. It keeps what is typed to itself and hands it over on blur, Enter or when it
 * scrolls out of view, so typing re-renders one input, not the table of thousands of rows. A text area
 * that grows with its text: an answer of several lines (imported, pasted, Shift+Enter) keeps its line
 * breaks, which a one-line input would silently drop.
 */
const EditableCell = memo(function EditableCell({ rowId, column, rowNumber, value, onCommit }: CellProps) {
  const [draft, setDraft] = useState(value);
  const latest = useRef({ draft, value, onCommit });
  latest.current = { draft, value, onCommit };
  useEffect(() => setDraft(value), [value]);
  useEffect(
    () => () => {
      const { draft: pending, value: saved, onCommit: commit } = latest.current;
      if (pending !== saved) commit(rowId, column.value, pending);
    },
    [rowId, column.value],
  );
  const commit = () => {
    if (draft !== value) onCommit(rowId, column.value, draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      commit();
    }
    if (event.key === "Escape") setDraft(value);
  };
  return (
    <Textarea
      size="sm"
      variant="flushed"
      rows={1}
      resize="none"
      minH="0"
      css={{ fieldSizing: "content" }}
      value={draft}
      aria-label={`${column.text}, ${rowNumber}`}
      data-cell={`${rowId}:${column.value}`}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
});

export interface DatasetTableProps {
  headers: DatasetHeader[];
  rows: EditorRow[];
  search: string;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  onCellChange: (rowId: string, column: string, text: string) => void;
  /**
   * The row's id, the number it was shown with, and the row to take the focus after it (the next one the
   * search leaves, else the previous one; null when it was the last).
   */
  onDeleteRow: (rowId: string, rowNumber: number, focusRowId: string | null) => void;
  /** Told how many rows the search leaves, for the pager. */
  onFilteredCount: (count: number) => void;
}

/** The records under their headers: searched, paged, and virtualised within a page (a page may hold every row). */
export function DatasetTable({ headers, rows, search, pagination, onPaginationChange, onCellChange, onDeleteRow, onFilteredCount }: DatasetTableProps) {
  const { t } = useTranslation("dataset");
  const columns = useMemo<ColumnDef<EditorRow>[]>(
    () => headers.map((header) => ({ id: header.value, header: header.text, accessorFn: (row) => row.cells[header.value] ?? "" })),
    [headers],
  );
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    state: { globalFilter: search, pagination },
    onPaginationChange: (updater) => onPaginationChange(typeof updater === "function" ? updater(pagination) : updater),
    globalFilterFn: (row, _columnId, filter: string) => rowMatches(row.original, filter),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });
  const filteredRows = table.getFilteredRowModel().rows;
  const filteredCount = filteredRows.length;
  const neighbourOf = (rowId: string) => {
    const at = filteredRows.findIndex((row) => row.id === rowId);
    return (filteredRows[at + 1] ?? filteredRows[at - 1])?.id ?? null;
  };
  useEffect(() => onFilteredCount(filteredCount), [filteredCount, onFilteredCount]);
  const pageRows = table.getPaginationRowModel().rows;
  const firstRowNumber = pagination.pageIndex * pagination.pageSize + 1;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: pageRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  return (
    <Box ref={scrollRef} maxH="60vh" overflow="auto" borderWidth="1px" borderRadius="md" tabIndex={-1}>
      <Table.Root size="sm" stickyHeader interactive aria-rowcount={filteredCount + 1} css={{ tableLayout: "fixed" }}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="4.5rem" textAlign="end">
              #
            </Table.ColumnHeader>
            {headers.map((header) => (
              <Table.ColumnHeader key={header.value} minW="12rem">
                {header.text}
              </Table.ColumnHeader>
            ))}
            <ActionsColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {paddingTop > 0 && (
            <Table.Row aria-hidden>
              <Table.Cell height={`${paddingTop}px`} p="0" colSpan={headers.length + 2} />
            </Table.Row>
          )}
          {items.map((item) => {
            const row = pageRows[item.index];
            if (!row) return null;
            const rowNumber = firstRowNumber + item.index;
            return (
              <Table.Row
                key={row.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                height={`${rowHeight}px`}
                data-row-id={row.id}
                aria-rowindex={rowNumber + 1}
              >
                <Table.Cell textAlign="end" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {rowNumber}
                </Table.Cell>
                {headers.map((header) => (
                  <Table.Cell key={header.value} py="1">
                    <EditableCell rowId={row.id} column={header} rowNumber={rowNumber} value={row.original.cells[header.value] ?? ""} onCommit={onCellChange} />
                  </Table.Cell>
                ))}
                <Table.Cell py="1" data-row-actions>
                  <RemoveRowButton label={t("table.deleteRow", { number: rowNumber })} onClick={() => onDeleteRow(row.id, rowNumber, neighbourOf(row.id))} />
                </Table.Cell>
              </Table.Row>
            );
          })}
          {paddingBottom > 0 && (
            <Table.Row aria-hidden>
              <Table.Cell height={`${paddingBottom}px`} p="0" colSpan={headers.length + 2} />
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
