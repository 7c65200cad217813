import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

export type DatasetHeader = Schemas["DatasetHeader"];
export type DatasetRecord = Schemas["DatasetRecord"];

interface DatasetRow {
  id: string;
  configuration_id: string;
  dataset_name: string;
  dataset_data: DatasetRecord[];
  dataset_headers: DatasetHeader[];
}

function toDataset(row: DatasetRow) {
  return {
    id: row.id,
    configurationId: row.configuration_id,
    dataset_name: row.dataset_name,
    dataset_data: row.dataset_data,
    dataset_headers: row.dataset_headers,
  };
}
export type Dataset = ReturnType<typeof toDataset>;

// A dataset belongs to a configuration; the scope is the configuration's customer.
const inScope = (first: number) =>
  `configuration_id IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", first)})`;

export async function findDataset(db: Db, scope: Scope, configurationId: string): Promise<Dataset | undefined> {
  const row = await queryOne<DatasetRow>(
    db,
    `SELECT id, configuration_id, dataset_name, dataset_data, dataset_headers FROM datasets
      WHERE configuration_id = $1 AND ${inScope(2)}`,
    [configurationId, ...scopeParams(scope)],
  );
  return row ? toDataset(row) : undefined;
}

/** Creates or replaces the dataset of a configuration the scope may see; `undefined` when it may not. */
export async function saveDataset(
  db: Db,
  scope: Scope,
  configurationId: string,
  name: string,
  data: DatasetRecord[],
  headers: DatasetHeader[],
): Promise<Dataset | undefined> {
  const row = await queryOne<Pick<DatasetRow, "id" | "configuration_id" | "dataset_name">>(
    db,
    `INSERT INTO datasets (configuration_id, dataset_name, dataset_data, dataset_headers)
     SELECT id, $2, $3::jsonb, $4::jsonb FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 5)}
     ON CONFLICT (configuration_id) DO UPDATE SET dataset_name = EXCLUDED.dataset_name,
       dataset_data = EXCLUDED.dataset_data, dataset_headers = EXCLUDED.dataset_headers, updated_at = now()
     RETURNING id, configuration_id, dataset_name`,
    [configurationId, name, JSON.stringify(data), JSON.stringify(headers), ...scopeParams(scope)],
  );
  // The rows as written, not read back: a FAQ of 20,000 rows is megabytes of JSON that the database would
  // turn into text and send again (on the embedded database, while every other query waits).
  return row ? toDataset({ ...row, dataset_data: data, dataset_headers: headers }) : undefined;
}

export async function deleteDataset(db: Db, scope: Scope, configurationId: string): Promise<void> {
  await db.query(`DELETE FROM datasets WHERE configuration_id = $1 AND ${inScope(2)}`, [configurationId, ...scopeParams(scope)]);
}
