import type { DesignImageContentType, DesignImageType } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

// Everything here belongs to a configuration; the scope is the configuration's customer.
const inScope = (first: number) => `configuration_id IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", first)})`;
/** Inserts take their configuration from a select of it within the scope, so one out of scope inserts nothing. */
const fromScopedConfiguration = (first: number) => `FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", first)}`;

function bufferOf(content: Uint8Array): Buffer {
  // pg gives a Buffer, PGlite a Uint8Array: the same bytes either way.
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

export interface StoredDesign {
  settings: Record<string, unknown>;
  buttonSettings: Record<string, unknown>;
}

export async function findDesign(db: Db, scope: Scope, configurationId: string): Promise<StoredDesign | undefined> {
  const row = await queryOne<{ settings: Record<string, unknown>; button_settings: Record<string, unknown> }>(
    db,
    `SELECT settings, button_settings FROM chatbot_designs WHERE configuration_id = $1 AND ${inScope(2)}`,
    [configurationId, ...scopeParams(scope)],
  );
  return row && { settings: row.settings, buttonSettings: row.button_settings };
}

/** Saves the whole design at once (the later of two saves wins whole); `false` when the configuration is out of scope. */
export async function saveDesign(db: Db, scope: Scope, configurationId: string, design: StoredDesign): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO chatbot_designs (configuration_id, settings, button_settings)
     SELECT id, $2::jsonb, $3::jsonb ${fromScopedConfiguration(4)}
     ON CONFLICT (configuration_id) DO UPDATE SET settings = EXCLUDED.settings, button_settings = EXCLUDED.button_settings, updated_at = now()
     RETURNING configuration_id`,
    [configurationId, JSON.stringify(design.settings), JSON.stringify(design.buttonSettings), ...scopeParams(scope)],
  );
  return rows.length > 0;
}

export interface DesignImageRecord {
  storedName: string;
  imageType: DesignImageType;
  contentType: DesignImageContentType;
  size: number;
}

interface ImageRow {
  stored_name: string;
  image_type: number;
  content_type: DesignImageContentType;
  size_bytes: number;
}

const toImageRecord = (row: ImageRow): DesignImageRecord => ({
  storedName: row.stored_name,
  imageType: row.image_type as DesignImageType,
  contentType: row.content_type,
  size: row.size_bytes,
});

/** Newest first; the bytes stay in the database. */
export async function listDesignImages(db: Db, scope: Scope, configurationId: string, imageType: DesignImageType | undefined): Promise<DesignImageRecord[]> {
  const rows = await db.query<ImageRow>(
    `SELECT stored_name, image_type, content_type, size_bytes FROM chatbot_images
      WHERE configuration_id = $1 AND ($2::smallint IS NULL OR image_type = $2) AND ${inScope(3)}
      ORDER BY created_at DESC, stored_name`,
    [configurationId, imageType ?? null, ...scopeParams(scope)],
  );
  return rows.map(toImageRecord);
}

export async function countDesignImages(db: Db, scope: Scope, configurationId: string): Promise<number> {
  const row = await queryOne<{ count: number | string }>(
    db,
    `SELECT count(*) AS count FROM chatbot_images WHERE configuration_id = $1 AND ${inScope(2)}`,
    [configurationId, ...scopeParams(scope)],
  );
  return Number(row?.count ?? 0);
}

export interface NewDesignImage {
  storedName: string;
  imageType: DesignImageType;
  contentType: DesignImageContentType;
  bytes: Uint8Array;
}

/** `undefined` when the configuration is out of scope or already has an image of that stored name. */
export async function insertDesignImage(db: Db, scope: Scope, configurationId: string, image: NewDesignImage): Promise<DesignImageRecord | undefined> {
  const row = await queryOne<ImageRow>(
    db,
    `INSERT INTO chatbot_images (configuration_id, stored_name, image_type, content_type, size_bytes, content)
     SELECT id, $2, $3::smallint, $4, $5::integer, $6::bytea ${fromScopedConfiguration(7)}
     ON CONFLICT (configuration_id, stored_name) DO NOTHING
     RETURNING stored_name, image_type, content_type, size_bytes`,
    [configurationId, image.storedName, image.imageType, image.contentType, image.bytes.length, image.bytes, ...scopeParams(scope)],
  );
  return row && toImageRecord(row);
}

/**
 * The bytes of an image, for anyone who names its configuration and stored name: design images are as
 * public as the widget that shows them.
 */
export async function findPublishedDesignImage(db: Db, configurationId: string, storedName: string): Promise<{ contentType: DesignImageContentType; bytes: Buffer } | undefined> {
  const row = await queryOne<{ content_type: DesignImageContentType; content: Uint8Array }>(
    db,
    "SELECT content_type, content FROM chatbot_images WHERE configuration_id = $1 AND stored_name = $2",
    [configurationId, storedName],
  );
  return row && { contentType: row.content_type, bytes: bufferOf(row.content) };
}

/** `false` when there is no such image (of that type, when given) in a configuration the scope may see. */
export async function deleteDesignImage(db: Db, scope: Scope, configurationId: string, storedName: string, imageType: DesignImageType | undefined): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM chatbot_images WHERE configuration_id = $1 AND stored_name = $2 AND ($3::smallint IS NULL OR image_type = $3) AND ${inScope(4)} RETURNING id`,
    [configurationId, storedName, imageType ?? null, ...scopeParams(scope)],
  );
  return rows.length > 0;
}

export async function saveEmbedScript(db: Db, scope: Scope, configurationId: string, content: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO chatbot_scripts (configuration_id, content)
     SELECT id, $2 ${fromScopedConfiguration(3)}
     ON CONFLICT (configuration_id) DO UPDATE SET content = EXCLUDED.content, updated_at = now()
     RETURNING configuration_id`,
    [configurationId, content, ...scopeParams(scope)],
  );
  return rows.length > 0;
}

export async function findEmbedScript(db: Db, scope: Scope, configurationId: string): Promise<string | undefined> {
  const row = await queryOne<{ content: string }>(db, `SELECT content FROM chatbot_scripts WHERE configuration_id = $1 AND ${inScope(2)}`, [
    configurationId,
    ...scopeParams(scope),
  ]);
  return row?.content;
}

/** Replaces the configuration's demo page, under a new id; `false` when the configuration is out of scope. */
export async function saveDemoPage(db: Db, scope: Scope, configurationId: string, demoId: string, content: Uint8Array): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO chatbot_demos (configuration_id, demo_id, content)
     SELECT id, $2, $3::bytea ${fromScopedConfiguration(4)}
     ON CONFLICT (configuration_id) DO UPDATE SET demo_id = EXCLUDED.demo_id, content = EXCLUDED.content, updated_at = now()
     RETURNING configuration_id`,
    [configurationId, demoId, content, ...scopeParams(scope)],
  );
  return rows.length > 0;
}

/** A demo page by its random id, for anyone who has the address. */
export async function findDemoPage(db: Db, demoId: string): Promise<Buffer | undefined> {
  const row = await queryOne<{ content: Uint8Array }>(db, "SELECT content FROM chatbot_demos WHERE demo_id = $1", [demoId]);
  return row && bufferOf(row.content);
}
