/**
 * Reading and writing the FAQ as CSV. Files from Excel are the common case: UTF-8 with a byte order
 * mark, Windows-1252 ("ANSI"), UTF-16 "Unicode text" with tabs, and semicolons where the decimal
 * separator is a comma. Each problem is reported by a key the screen translates, with what to do next.
 */
import Papa from "papaparse";
import { faqColumns, faqRoleOfName, type DatasetHeader, type DatasetRecord } from "@parley/domain";

export type CsvEncoding = "utf-8" | "windows-1252" | "utf-16le" | "utf-16be";
export type CsvDelimiter = "," | ";" | "\t" | "|";
export const csvDelimiters: readonly CsvDelimiter[] = [",", ";", "\t", "|"];

export interface DecodedText {
  text: string;
  encoding: CsvEncoding;
  /** The file started with a byte order mark. */
  bom: boolean;
}

/**
 * The text of a file's bytes: a byte order mark decides; otherwise valid UTF-8 is UTF-8, and anything
 * else is read as Windows-1252, which every byte sequence is. `forced` skips the detection.
 */
export function decodeCsvBytes(bytes: Uint8Array, forced?: CsvEncoding): DecodedText {
  const [b0, b1, b2] = bytes;
  let encoding: CsvEncoding;
  let bom = false;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    encoding = "utf-8";
    bom = true;
  } else if (b0 === 0xff && b1 === 0xfe) {
    encoding = "utf-16le";
    bom = true;
  } else if (b0 === 0xfe && b1 === 0xff) {
    encoding = "utf-16be";
    bom = true;
  } else {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      encoding = "utf-8";
    } catch {
      encoding = "windows-1252";
    }
  }
  const used = forced ?? encoding;
  // TextDecoder drops a byte order mark of its own encoding.
  return { text: used === "windows-1252" ? decodeWindows1252(bytes) : new TextDecoder(used).decode(bytes), encoding: used, bom };
}

// 0x80–0x9F of Windows-1252 (the rest is Latin-1); Node's TextDecoder reads them as Latin-1 controls.
const windows1252High =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? windows1252High[byte - 0x80]! : String.fromCharCode(byte),
    );
    text += chunk.join("");
  }
  return text;
}

export type CsvProblemKey =
  | "empty"
  | "noHeader"
  | "unclosedQuote"
  | "tooManyFields"
  | "singleColumn"
  | "binary";

export interface CsvProblem {
  key: CsvProblemKey;
  /** 1-based line numbers of the file (the header is line 1), the first few. */
  lines?: number[];
  /** The delimiter the file probably uses, when the chosen one looks wrong. */
  suggestedDelimiter?: CsvDelimiter;
}

export interface ParsedCsv {
  delimiter: CsvDelimiter;
  headers: string[];
  rows: string[][];
  /** Lines with fewer fields than the header; their missing cells become empty strings. */
  shortLines: number[];
  /** Problems that stop the import until the file or the choices change. */
  errors: CsvProblem[];
}

const shownLines = 5;

function likelyDelimiter(text: string, except: CsvDelimiter): CsvDelimiter | undefined {
  const firstLine = text.split(/\r?\n/u, 1)[0] ?? "";
  return csvDelimiters
    .filter((delimiter) => delimiter !== except)
    .map((delimiter) => ({ delimiter, count: firstLine.split(delimiter).length - 1 }))
    .filter((candidate) => candidate.count > 0)
    .sort((a, b) => b.count - a.count)[0]?.delimiter;
}

/** Parses CSV text whose first row names the columns; `delimiter` undefined guesses it. */
export function parseCsv(text: string, delimiter?: CsvDelimiter): ParsedCsv {
  const empty = { headers: [], rows: [], shortLines: [] };
  if (text.includes("\u0000")) return { ...empty, delimiter: delimiter ?? ",", errors: [{ key: "binary" }] };
  if (text.trim() === "") return { ...empty, delimiter: delimiter ?? ",", errors: [{ key: "empty" }] };
  const result = Papa.parse<string[]>(text, {
    delimiter: delimiter ?? "",
    delimitersToGuess: [...csvDelimiters],
    skipEmptyLines: "greedy",
  });
  const used = (csvDelimiters as readonly string[]).includes(result.meta.delimiter) ? (result.meta.delimiter as CsvDelimiter) : ",";
  const [headerRow = [], ...rows] = result.data;
  const headers = headerRow.map((header) => header.trim());
  const errors: CsvProblem[] = [];

  const unclosed = result.errors.filter((error) => error.code === "MissingQuotes");
  if (unclosed.length > 0) {
    errors.push({ key: "unclosedQuote", lines: unclosed.slice(0, shownLines).map((error) => (error.row ?? 0) + 1) });
  }
  if (headers.length === 0 || headers.every((header) => header === "")) errors.push({ key: "noHeader" });
  if (headers.length === 1) {
    const suggestion = likelyDelimiter(text, used);
    if (suggestion) errors.push({ key: "singleColumn", suggestedDelimiter: suggestion });
  }
  // Line numbers count the header as line 1 (empty lines are skipped, so they are row numbers).
  const tooMany = rows.flatMap((row, index) => (row.length > headers.length ? [index + 2] : []));
  if (tooMany.length > 0) {
    errors.push({ key: "tooManyFields", lines: tooMany.slice(0, shownLines), suggestedDelimiter: likelyDelimiter(text, used) });
  }
  const shortLines = rows.flatMap((row, index) => (row.length < headers.length ? [index + 2] : []));
  return { delimiter: used, headers, rows, shortLines, errors };
}

/** Where a CSV column goes: an existing column (its value), a new column, or nowhere. */
export type ColumnTarget = { kind: "existing"; value: string } | { kind: "new" } | { kind: "skip" };

/**
 * Each CSV column into the existing column of the same name (case and spaces aside); else a column named
 * question or answer in another language ("Vraag", "Antwort"…) into the FAQ's question or answer column;
 * else a new one.
 */
export function defaultMapping(csvHeaders: readonly string[], headers: readonly DatasetHeader[]): ColumnTarget[] {
  const taken = new Set<string>();
  const key = (text: string) => text.trim().toLowerCase();
  const mapping = csvHeaders.map((csvHeader): ColumnTarget | undefined => {
    const match = headers.find(
      (header) => !taken.has(header.value) && (key(header.text) === key(csvHeader) || key(header.value) === key(csvHeader)),
    );
    if (!match) return undefined;
    taken.add(match.value);
    return { kind: "existing", value: match.value };
  });
  const faq = faqColumns(headers);
  return mapping.map((target, index) => {
    if (target) return target;
    const csvHeader = csvHeaders[index]!;
    const role = faqRoleOfName(csvHeader);
    const value = role && faq?.[role];
    if (value && !taken.has(value)) {
      taken.add(value);
      return { kind: "existing", value };
    }
    return csvHeader.trim() === "" ? { kind: "skip" } : { kind: "new" };
  });
}

/** Exports the records as CSV under the headers' names, with a byte order mark so Excel reads UTF-8. */
export function datasetToCsv(headers: readonly DatasetHeader[], records: readonly DatasetRecord[]): string {
  const csv = Papa.unparse(
    {
      fields: headers.map((header) => header.text),
      data: records.map((record) => headers.map((header) => record[header.value] ?? "")),
    },
    // Cells starting with =, +, - or @ would run as formulas in a spreadsheet.
    { escapeFormulae: true, newline: "\r\n" },
  );
  return `\uFEFF${csv}`;
}
