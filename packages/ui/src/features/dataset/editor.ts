/**
 * The FAQ being edited: columns (the dataset's headers) and rows with ids of their own, so a table
 * row keeps its identity while rows are added, filtered and removed. Pure functions over plain data;
 * the screen keeps one of these in state.
 */
import { datasetToServer, mapDatasetForSave, type Dataset, type DatasetHeader, type DatasetRecord } from "@parley/domain";
import type { ColumnTarget } from "./csv";

export interface EditorRow {
  id: string;
  cells: DatasetRecord;
}

export interface EditorState {
  datasetName: string;
  headers: DatasetHeader[];
  rows: EditorRow[];
}

export const defaultDatasetName = "FAQ";

let nextRowId = 0;
function newRowId(): string {
  nextRowId += 1;
  return `row-${nextRowId}`;
}

export function emptyEditor(headers: DatasetHeader[]): EditorState {
  return { datasetName: defaultDatasetName, headers, rows: [] };
}

export function editorFromDataset(dataset: Pick<Dataset, "datasetName" | "datasetHeaders" | "datasetData">): EditorState {
  return {
    datasetName: dataset.datasetName,
    headers: dataset.datasetHeaders,
    rows: mapDatasetForSave(dataset.datasetData, dataset.datasetHeaders).map((cells) => ({ id: newRowId(), cells })),
  };
}

/** The body of a save: every record mapped to the headers by the domain's rule. */
export function editorToSaveBody(state: EditorState, configurationId: string) {
  const stored = datasetToServer({
    datasetName: state.datasetName.trim(),
    datasetHeaders: state.headers,
    datasetData: state.rows.map((row) => row.cells),
  });
  return { configurationId, datasetName: stored.dataset_name, datasetData: stored.dataset_data, datasetHeaders: stored.dataset_headers };
}

/** A column key from its name: lowercase letters, digits and underscores, unique among `taken`. */
export function columnValueFor(text: string, taken: readonly string[]): string {
  const base =
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/gu, "_")
      .replace(/^_+|_+$/gu, "") || "column";
  let value = base;
  for (let suffix = 2; taken.includes(value); suffix += 1) value = `${base}_${suffix}`;
  return value;
}

export function columnNameTaken(state: EditorState, text: string, except?: string): boolean {
  const wanted = text.trim().toLowerCase();
  return state.headers.some((header) => header.value !== except && header.text.trim().toLowerCase() === wanted);
}

/** Adds a column; every existing row gets an empty cell in it (spec 01 §5). */
export function addColumn(state: EditorState, text: string): EditorState {
  const header = { text: text.trim(), value: columnValueFor(text, state.headers.map((h) => h.value)) };
  return {
    ...state,
    headers: [...state.headers, header],
    rows: state.rows.map((row) => ({ ...row, cells: { ...row.cells, [header.value]: "" } })),
  };
}

/** Renames a column; its key, and so its cells, stay. */
export function renameColumn(state: EditorState, value: string, text: string): EditorState {
  return { ...state, headers: state.headers.map((header) => (header.value === value ? { ...header, text: text.trim() } : header)) };
}

export function removeColumn(state: EditorState, value: string): EditorState {
  return {
    ...state,
    headers: state.headers.filter((header) => header.value !== value),
    rows: state.rows.map((row) => {
      const { [value]: _removed, ...cells } = row.cells;
      return { ...row, cells };
    }),
  };
}

export function addRow(state: EditorState): { state: EditorState; rowId: string } {
  const row = { id: newRowId(), cells: Object.fromEntries(state.headers.map((header) => [header.value, ""])) };
  return { state: { ...state, rows: [row, ...state.rows] }, rowId: row.id };
}

/** The state itself when nothing changes (the row is gone, or the cell already holds the text). */
export function updateCell(state: EditorState, rowId: string, value: string, text: string): EditorState {
  const index = state.rows.findIndex((row) => row.id === rowId);
  const row = state.rows[index];
  if (!row || row.cells[value] === text) return state;
  const rows = [...state.rows];
  rows[index] = { ...row, cells: { ...row.cells, [value]: text } };
  return { ...state, rows };
}

export function deleteRow(state: EditorState, rowId: string): EditorState {
  return { ...state, rows: state.rows.filter((row) => row.id !== rowId) };
}

/** Puts a deleted row back where it was (or last, when fewer rows are left); the state itself when it is there. */
export function restoreRow(state: EditorState, row: EditorRow, index: number): EditorState {
  if (state.rows.some((existing) => existing.id === row.id)) return state;
  const cells = Object.fromEntries(state.headers.map((header) => [header.value, row.cells[header.value] ?? ""]));
  const rows = [...state.rows];
  rows.splice(Math.min(index, rows.length), 0, { ...row, cells });
  return { ...state, rows };
}

export interface CsvImport {
  headers: readonly string[];
  rows: readonly string[][];
  mapping: readonly ColumnTarget[];
  mode: "replace" | "append";
}

/**
 * Puts imported rows into the dataset: mapped columns fill existing ones, new columns are added (and
 * filled with empty strings in the rows already there), skipped columns are left out.
 */
export function importRows(state: EditorState, imported: CsvImport): EditorState {
  let next: EditorState = imported.mode === "replace" ? { ...state, rows: [] } : state;
  const targets = imported.mapping.map((target, index) => {
    if (target.kind === "existing") return target.value;
    if (target.kind === "skip") return undefined;
    const name = imported.headers[index]?.trim() || `Column ${index + 1}`;
    next = addColumn(next, columnNameTaken(next, name) ? `${name} (${index + 1})` : name);
    return next.headers[next.headers.length - 1]?.value;
  });
  const blank = Object.fromEntries(next.headers.map((header) => [header.value, ""]));
  const rows = imported.rows.map((cells) => {
    const record: DatasetRecord = { ...blank };
    targets.forEach((value, index) => {
      if (value !== undefined) record[value] = cells[index] ?? "";
    });
    return { id: newRowId(), cells: record };
  });
  return { ...next, rows: [...next.rows, ...rows] };
}

/** Rows with a cell containing the search text (case aside). */
export function rowMatches(row: EditorRow, search: string): boolean {
  if (search === "") return true;
  const wanted = search.toLowerCase();
  return Object.values(row.cells).some((cell) => cell.toLowerCase().includes(wanted));
}
