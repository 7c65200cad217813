// TODO(domain): use the dataset header mapping from @parley/domain once it exports one.
import type { DatasetHeader, DatasetRecord } from "./repository";

/**
 * Spec 01 §5: every record is mapped to the chosen headers; missing cells become empty strings and
 * cells of columns that are not among the headers are dropped.
 */
export function mapRecordsToHeaders(records: readonly DatasetRecord[], headers: readonly DatasetHeader[]): DatasetRecord[] {
  return records.map((record) => {
    const mapped: DatasetRecord = {};
    for (const header of headers) mapped[header.value] = record[header.value] ?? "";
    return mapped;
  });
}
