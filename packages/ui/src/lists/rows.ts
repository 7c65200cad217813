/** Searching, sorting and paging the rows of an admin list, in the browser. */

export type SortDirection = "asc" | "desc";

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export type SortValue = string | number | boolean | null | undefined;

/** Whether any of the texts contains the search, ignoring case and surrounding spaces. */
export function matchesSearch(texts: readonly (string | null | undefined)[], search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase();
  if (wanted === "") return true;
  return texts.some((text) => (text ?? "").toLocaleLowerCase().includes(wanted));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Compares two sort values: empty ones last whatever the direction, texts by their natural order. */
function compare(a: SortValue, b: SortValue, direction: SortDirection): number {
  const emptyA = a === null || a === undefined || a === "";
  const emptyB = b === null || b === undefined || b === "";
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const order = typeof a === "string" || typeof b === "string" ? collator.compare(String(a), String(b)) : Number(a) - Number(b);
  return direction === "asc" ? order : -order;
}

/** The rows in the column's order (stable: equal rows keep their order). */
export function sortRows<Row>(rows: readonly Row[], sortValue: ((row: Row) => SortValue) | undefined, direction: SortDirection): Row[] {
  if (!sortValue) return [...rows];
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row) }))
    .sort((x, y) => compare(x.value, y.value, direction) || x.index - y.index)
    .map((entry) => entry.row);
}

export interface Page<Row> {
  rows: Row[];
  /** The page shown (1-based), moved back onto the last page when the rows got fewer. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown; 0 and 0 without rows. */
  from: number;
  to: number;
  total: number;
}

export function pageOf<Row>(rows: readonly Row[], page: number, pageSize: number): Page<Row> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * pageSize;
  const shown = rows.slice(start, start + pageSize);
  return { rows: shown, page: current, pageCount, from: shown.length ? start + 1 : 0, to: start + shown.length, total };
}
