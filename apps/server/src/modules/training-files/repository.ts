import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";
import type { TrainingFileContentType } from "./content";

export type UploadedFile = Schemas["UploadedFile"];

export interface NewTrainingFile {
  storedName: string;
  originalName: string;
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
 * Stores a file in a configuration the scope may see. `undefined` when the configuration is not visible
 * or already has a file of that stored name (the caller makes another name).
 */
export async function insertTrainingFile(db: Db, scope: Scope, configurationId: string, file: NewTrainingFile): Promise<UploadedFile | undefined> {
  const row = await queryOne<FileRecord>(
    db,
    `INSERT INTO training_files (configuration_id, stored_name, original_name, content_type, size_bytes, content)
     SELECT id, $2, $3, $4, $5, $6 FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 7)}
     ON CONFLICT (configuration_id, stored_name) DO NOTHING
     RETURNING stored_name, original_name, content_type, size_bytes, created_at`,
    [configurationId, file.storedName, file.originalName, file.contentType, file.bytes.length, file.bytes, ...scopeParams(scope)],
  );
  return row && toUploadedFile(row);
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
