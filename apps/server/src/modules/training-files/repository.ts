import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { deleteArticlesOfKind } from "../knowledge/repository";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";
import type { TrainingFileContentType } from "./content";

export type UploadedFile = Schemas["UploadedFile"];

export interface NewTrainingFile {
  storedName: string;
  originalName: string;
  /** What names are compared by: two uploads with one key are one file (`trainingFileNameKey`). */
  nameKey: string;
  contentType: TrainingFileContentType;
  bytes: Uint8Array;
}

export interface TrainingFileContent {
  originalName: string;
  contentType: TrainingFileContentType;
  bytes: Buffer;
}

interface FileRecord {
  stored_name: string;
  original_name: string;
  content_type: TrainingFileContentType;
  size_bytes: number;
  created_at: Date | string;
}

function toUploadedFile(record: FileRecord): UploadedFile {
  return {
    name: record.stored_name,
    original_name: record.original_name,
    content_type: record.content_type,
    size: record.size_bytes,
    created_at: new Date(record.created_at).toISOString(),
  };
}

// A file belongs to a configuration; the scope is the configuration's customer.
const inScope = (first: number) => `configuration_id IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", first)})`;

/** Newest first; the bytes stay in the database. */
export async function listTrainingFiles(db: Db, scope: Scope, configurationId: string): Promise<UploadedFile[]> {
  const rows = await db.query<FileRecord>(
    `SELECT stored_name, original_name, content_type, size_bytes, created_at FROM training_files
      WHERE configuration_id = $1 AND ${inScope(2)} ORDER BY created_at DESC, stored_name`,
    [configurationId, ...scopeParams(scope)],
  );
  return rows.map(toUploadedFile);
}

/**
 * Stores a file in a configuration the scope may see. When the configuration holds a file of that name
 * already (the same `nameKey`), that file is replaced instead, in one transaction: it keeps its stored name
 * and takes the new bytes, and the articles trained from it are deleted (they said what the old file said).
 * Two uploads of one name at once are serialized by the unique name: the later one replaces the earlier.
 * `undefined` when the configuration is not visible; a clash of `storedName` with another file's throws
 * (`isStoredNameTaken`), the caller makes another.
 */
export async function storeTrainingFile(
  db: Db,
  scope: Scope,
  configurationId: string,
  file: NewTrainingFile,
): Promise<{ file: UploadedFile; replaced: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const row = await queryOne<FileRecord & { inserted: boolean }>(
      tx,
      `INSERT INTO training_files (configuration_id, stored_name, original_name, name_key, content_type, size_bytes, content)
       SELECT id, $2, $3, $4, $5, $6, $7 FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 8)}
       ON CONFLICT (configuration_id, name_key) DO UPDATE
         SET original_name = EXCLUDED.original_name, content_type = EXCLUDED.content_type,
             size_bytes = EXCLUDED.size_bytes, content = EXCLUDED.content, created_at = now()
       RETURNING stored_name, original_name, content_type, size_bytes, created_at, (xmax = 0) AS inserted`,
      [configurationId, file.storedName, file.originalName, file.nameKey, file.contentType, file.bytes.length, file.bytes, ...scopeParams(scope)],
    );
    if (!row) return undefined;
    if (!row.inserted) await deleteArticlesOfKind(tx, scope, configurationId, "file", row.stored_name);
    return { file: toUploadedFile(row), replaced: !row.inserted };
    // Writing a file of up to 10 MB takes the embedded database several seconds on a busy machine (seen: 7 s
    // under a CI run): the usual 5 s limit for a transaction would roll a valid upload back with a 500.
  }, { timeoutMs: largeWriteTimeoutMs });
}

const largeWriteTimeoutMs = 60_000;

/** True when the unique stored name refused an insert: another file of the configuration has that name. */
export function isStoredNameTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === "training_files_configuration_id_stored_name_key";
}

export async function findTrainingFileContent(
  db: Db,
  scope: Scope,
  configurationId: string,
  storedName: string,
): Promise<TrainingFileContent | undefined> {
  const row = await queryOne<{ original_name: string; content_type: TrainingFileContentType; content: Uint8Array }>(
    db,
    `SELECT original_name, content_type, content FROM training_files
      WHERE configuration_id = $1 AND stored_name = $2 AND ${inScope(3)}`,
    [configurationId, storedName, ...scopeParams(scope)],
  );
  if (!row) return undefined;
  // pg gives a Buffer, PGlite a Uint8Array: the same bytes either way.
  const bytes = Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
  return { originalName: row.original_name, contentType: row.content_type, bytes };
}

/** `false` when there is no such file in a configuration the scope may see. */
export async function deleteTrainingFile(db: Db, scope: Scope, configurationId: string, storedName: string): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM training_files WHERE configuration_id = $1 AND stored_name = $2 AND ${inScope(3)} RETURNING id`,
    [configurationId, storedName, ...scopeParams(scope)],
  );
  return rows.length > 0;
}
