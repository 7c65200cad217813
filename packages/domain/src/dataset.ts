/**
 * The FAQ dataset (spec 01 §3, §5; spec 02 §3, §5): saving maps every record to the chosen
 * columns, and the client and server name its fields differently.
 */
import { validationIssue, type ValidationIssue } from "./validation/messages";

export interface DatasetHeader {
  text: string;
  value: string;
}

export type DatasetRecord = Record<string, string>;

/** A dataset as the portals hold it. */
export interface Dataset {
  id?: string | null;
  configurationId?: string;
  datasetName: string;
  datasetData: DatasetRecord[];
  datasetHeaders: DatasetHeader[];
}

/** The same dataset as the server stores it. */
export interface StoredDataset {
  id?: string | null;
  configurationId?: string;
  dataset_name: string;
  dataset_data: DatasetRecord[];
  dataset_headers: DatasetHeader[];
}

/** The fields both sides name alike, copied only when present. */
function sharedFields(dataset: { id?: string | null; configurationId?: string }) {
  return {
    ...(dataset.id === undefined ? {} : { id: dataset.id }),
    ...(dataset.configurationId === undefined ? {} : { configurationId: dataset.configurationId }),
  };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : String(value);
}

/**
 * Every record reduced to exactly the chosen columns, in header order: a missing cell (also every
 * cell of a newly added column) becomes an empty string, and cells of dropped columns go.
 */
export function mapDatasetForSave(
  records: readonly Record<string, unknown>[],
  headers: readonly DatasetHeader[],
): DatasetRecord[] {
  return records.map((record) => {
    const mapped: DatasetRecord = {};
    for (const header of headers) {
      mapped[header.value] = Object.hasOwn(record, header.value) ? cellText(record[header.value]) : "";
    }
    return mapped;
  });
}

/**
 * How large a FAQ may be: more than any real FAQ needs. Saving gives every row a cell in every column, so the
 * rows times the columns are bounded too — a 3 MB body of 100,000 short columns and 10,000 empty rows would
 * otherwise become a billion cells. The assistant builds its matcher of a FAQ in memory on the first question
 * after a change: 20,000 rows take a few seconds, 50,000 took over ten.
 */
export const datasetLimits = { columns: 50, rows: 20_000, cells: 100_000 } as const;

/** A key no record can carry: JSON bodies with it are refused, and an object would not keep it as a cell. */
const unusableColumnKeys = new Set(["__proto__"]);

/**
 * What makes a dataset unsavable that its types let through, at the field to point at: a column without a
 * name or key, two columns of one name (as the editor compares them) or one key, whose cells would be one
 * and the same, or more columns, rows or cells than `datasetLimits`. Undefined when it can be saved.
 */
export function datasetShapeProblem(
  headers: readonly DatasetHeader[],
  rowCount: number,
): { path: string; issue: ValidationIssue } | undefined {
  if (headers.length > datasetLimits.columns) {
    return { path: "datasetHeaders", issue: validationIssue("dataset_too_many_columns", { max: datasetLimits.columns }) };
  }
  if (rowCount > datasetLimits.rows) return { path: "datasetData", issue: validationIssue("dataset_too_many_rows", { max: datasetLimits.rows }) };
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const [index, header] of headers.entries()) {
    const name = header.text.trim().toLowerCase();
    const at = (field: keyof DatasetHeader, issue: ValidationIssue) => ({ path: `datasetHeaders.${index}.${field}`, issue });
    if (name === "") return at("text", validationIssue("field_required"));
    if (names.has(name)) return at("text", validationIssue("column_name_taken"));
    if (header.value.trim() === "") return at("value", validationIssue("field_required"));
    if (unusableColumnKeys.has(header.value)) return at("value", validationIssue("column_key_not_allowed"));
    if (keys.has(header.value)) return at("value", validationIssue("column_key_taken"));
    names.add(name);
    keys.add(header.value);
  }
  if (headers.length * rowCount > datasetLimits.cells) {
    return { path: "datasetData", issue: validationIssue("dataset_too_many_cells", { max: datasetLimits.cells }) };
  }
  return undefined;
}

export const datasetFieldNames = {
  datasetName: "dataset_name",
  datasetData: "dataset_data",
  datasetHeaders: "dataset_headers",
} as const;

export function datasetToServer(dataset: Dataset): StoredDataset {
  return {
    ...sharedFields(dataset),
    dataset_name: dataset.datasetName,
    dataset_data: mapDatasetForSave(dataset.datasetData, dataset.datasetHeaders),
    dataset_headers: dataset.datasetHeaders,
  };
}

export function datasetFromServer(stored: StoredDataset): Dataset {
  return {
    ...sharedFields(stored),
    datasetName: stored.dataset_name,
    datasetData: stored.dataset_data,
    datasetHeaders: stored.dataset_headers,
  };
}

/** Header names that mark a dataset's question and answer columns, in the five assistant languages. */
const questionHeaderNames = ["question", "vraag", "frage", "pregunta", "question"];
const answerHeaderNames = ["answer", "antwoord", "antwort", "respuesta", "réponse", "reponse"];

const folded = (text: string) => text.trim().toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");

function headerNamed(headers: readonly DatasetHeader[], names: readonly string[]): DatasetHeader | undefined {
  return headers.find((header) => names.includes(folded(header.text)) || names.includes(folded(header.value)));
}

/** Whether a column name means the question or the answer in one of the five languages ("Vraag", "Antwort"…). */
export function faqRoleOfName(name: string): "question" | "answer" | undefined {
  if (questionHeaderNames.includes(folded(name))) return "question";
  if (answerHeaderNames.includes(folded(name))) return "answer";
  return undefined;
}

/**
 * Which columns of a FAQ dataset the assistant reads as question and answer: the columns named so in one of
 * the five languages; otherwise the first column is the question and the second the answer. Undefined when
 * the dataset has fewer than two columns.
 */
export function faqColumns(headers: readonly DatasetHeader[]): { question: string; answer: string } | undefined {
  const question = headerNamed(headers, questionHeaderNames);
  const answer = headerNamed(headers, answerHeaderNames);
  if (question && answer && question !== answer) return { question: question.value, answer: answer.value };
  if (headers.length < 2) return undefined;
  return { question: headers[0]!.value, answer: headers[1]!.value };
}

/** A FAQ entry: its question and answer, and `row`, its record's position in the dataset (from 0). */
export interface FaqEntryOfDataset {
  question: string;
  answer: string;
  row: number;
}

/**
 * A FAQ dataset's entries as the assistant reads them: question and answer by `faqColumns`, trimmed, rows
 * missing either left out. The server's matcher and the portal's "teach the assistant" list share it.
 */
export function faqEntriesOf(headers: readonly DatasetHeader[], records: readonly Record<string, unknown>[]): FaqEntryOfDataset[] {
  const columns = faqColumns(headers);
  if (!columns) return [];
  return records
    .map((record, row) => ({ question: String(record[columns.question] ?? "").trim(), answer: String(record[columns.answer] ?? "").trim(), row }))
    .filter((entry) => entry.question !== "" && entry.answer !== "");
}
