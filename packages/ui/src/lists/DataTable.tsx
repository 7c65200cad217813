import { Box, Button, Card, Flex, HStack, Icon, IconButton, Input, InputGroup, NativeSelect, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { defaultPageSize, pageSizeOptions } from "@parley/domain/reporting";
import { useId, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuChevronLeft, LuChevronRight, LuSearch } from "react-icons/lu";
import { ErrorAlert } from "../forms/ErrorAlert";
import { matchesSearch, pageOf, sortRows, type SortState, type SortValue } from "./rows";

export interface DataColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => SortValue;
  /** Left out on narrow screens. */
  wide?: boolean;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology. */
  label: string;
  /** The list's query: its rows, whether they load, what failed and how to try again. */
  query: { data: Row[] | undefined; isLoading: boolean; error: unknown; refetch: () => unknown };
  rowKey: (row: Row) => string;
  columns: DataColumn<Row>[];
  search: string;
  onSearchChange: (search: string) => void;
  searchPlaceholder: string;
  /** The texts the search looks in, searched here; without it the rows come searched already (by the server). */
  searchTexts?: (row: Row) => readonly (string | null | undefined)[];
  initialSort?: SortState;
  /** The row being edited, marked in the list. */
  selectedKey?: string | null;
  /** Shown when there are no rows at all: what the list holds and how to add the first. */
  emptyText: string;
  /** More controls beside the search (filters). */
  filters?: ReactNode;
  /** A filter is set, so no rows means none matched rather than none exist. */
  hasFilters?: boolean;
}

/** The arrow of a sortable column: up, down, or both while it is not sorted. */
export function SortIcon({ direction }: { direction: "asc" | "desc" | undefined }) {
  return <Icon as={direction === "asc" ? LuArrowUp : direction === "desc" ? LuArrowDown : LuArrowUpDown} boxSize="3.5" aria-hidden />;
}

/** An admin list: search, sortable columns, page sizes 10/25/50/100, with its loading, empty and error states. */
export function DataTable<Row>({
  label,
  query,
  rowKey,
  columns,
  search,
  onSearchChange,
  searchPlaceholder,
  searchTexts,
  initialSort,
  selectedKey,
  emptyText,
  filters,
  hasFilters = false,
}: DataTableProps<Row>) {
  const { t } = useTranslation("lists");
  const { data: rows, isLoading, error } = query;
  const [sort, setSort] = useState<SortState | undefined>(initialSort);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(defaultPageSize);
  const pageSizeLabelId = useId();

  const shown = useMemo(() => {
    const found = searchTexts ? (rows ?? []).filter((row) => matchesSearch(searchTexts(row), search)) : (rows ?? []);
    const column = columns.find((candidate) => candidate.id === sort?.columnId);
    return sortRows(found, column?.sortValue, sort?.direction ?? "asc");
  }, [rows, searchTexts, search, columns, sort]);
  const current = pageOf(shown, page, pageSize);

  const toggleSort = (columnId: string) => {
    setSort((previous) => ({ columnId, direction: previous?.columnId === columnId && previous.direction === "asc" ? "desc" : "asc" }));
  };

  let body: ReactNode;
  if (error && !rows) {
    body = (
      <Stack gap="3" p="4">
        <ErrorAlert error={error} />
        <Button alignSelf="start" variant="outline" onClick={() => void query.refetch()}>
          {t("lists.retry")}
        </Button>
      </Stack>
    );
  } else if (isLoading && !rows) {
    body = (
      <Flex py="12" justify="center" role="status" aria-live="polite">
        <Spinner size="lg" color="colorPalette.solid" />
        <Box srOnly>{t("lists.loading")}</Box>
      </Flex>
    );
  } else if (shown.length === 0) {
    const nothingAtAll = (rows ?? []).length === 0 && search.trim() === "" && !hasFilters;
    body = (
      <Stack gap="3" py="10" px="4" align="center" textAlign="center" role="status">
        <Text color="fg.muted">{nothingAtAll ? emptyText : t("lists.noMatches")}</Text>
        {search.trim() !== "" && (
          <Button size="sm" variant="outline" onClick={() => onSearchChange("")}>
            {t("lists.clearSearch")}
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollArea>
        <Table.Root size="sm" interactive aria-label={label}>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => {
                const direction = sort?.columnId === column.id ? sort.direction : undefined;
                return (
                  <Table.ColumnHeader
                    key={column.id}
                    hideBelow={column.wide ? "md" : undefined}
                    aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined}
                  >
                    {column.sortValue ? (
                      <Button variant="plain" size="sm" px="0" fontWeight="semibold" onClick={() => toggleSort(column.id)}>
                        {column.header}
                        <SortIcon direction={direction} />
                      </Button>
                    ) : (
                      column.header
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {current.rows.map((row) => {
              const key = rowKey(row);
              return (
                <Table.Row
                  key={key}
                  aria-selected={key === selectedKey}
                  bg={key === selectedKey ? "bg.muted" : undefined}
                  boxShadow={key === selectedKey ? "inset 3px 0 0 var(--chakra-colors-color-palette-solid)" : undefined}
                >
                  {columns.map((column) => (
                    <Table.Cell key={column.id} hideBelow={column.wide ? "md" : undefined}>
                      {column.cell(row)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Card.Root>
      <Card.Body p="0">
        <Flex gap="3" p="4" wrap="wrap" align="end">
          <InputGroup flex="1" minW="48" startElement={<LuSearch aria-hidden />}>
            <Input
              type="search"
              value={search}
              placeholder={searchPlaceholder}
              aria-label={searchPlaceholder}
              onChange={(event) => {
                onSearchChange(event.target.value);
                setPage(1);
              }}
            />
          </InputGroup>
          {filters}
        </Flex>
        {body}
        {shown.length > 0 && (
          <Flex gap="3" p="4" justify="space-between" align="center" wrap="wrap" borderTopWidth="1px">
            <HStack gap="2">
              <Text fontSize="sm" color="fg.muted" id={pageSizeLabelId}>
                {t("lists.rowsPerPage")}
              </Text>
              <NativeSelect.Root size="sm" width="20">
                <NativeSelect.Field
                  aria-labelledby={pageSizeLabelId}
                  value={pageSize}
                  onChange={(event) => {
                    setPageSize(Number(event.target.value));
                    setPage(1);
                  }}
                >
                  {pageSizeOptions.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
            <HStack gap="2">
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {t("lists.range", { from: current.from, to: current.to, total: current.total })}
              </Text>
              <IconButton size="sm" variant="outline" aria-label={t("lists.previousPage")} disabled={current.page <= 1} onClick={() => setPage(current.page - 1)}>
                <LuChevronLeft />
              </IconButton>
              <IconButton
                size="sm"
                variant="outline"
                aria-label={t("lists.nextPage")}
                disabled={current.page >= current.pageCount}
                onClick={() => setPage(current.page + 1)}
              >
                <LuChevronRight />
              </IconButton>
            </HStack>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}
