import type { FoundUrl } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

// A URL list belongs to a configuration; the scope is the configuration's customer.
export async function findTrainingUrls(db: Db, scope: Scope, configurationId: string): Promise<FoundUrl[]> {
  const row = await queryOne<{ urls: FoundUrl[] }>(
    db,
    `SELECT urls FROM training_url_lists
      WHERE configuration_id = $1
        AND configuration_id IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", 2)})`,
    [configurationId, ...scopeParams(scope)],
  );
  return row?.urls ?? [];
}

/** Replaces the URL list of a configuration the scope may see; `false` when it may not. */
export async function saveTrainingUrls(db: Db, scope: Scope, configurationId: string, urls: FoundUrl[]): Promise<boolean> {
  const row = await queryOne<{ configuration_id: string }>(
    db,
    `INSERT INTO training_url_lists (configuration_id, urls)
     SELECT id, $2::jsonb FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 3)}
     ON CONFLICT (configuration_id) DO UPDATE SET urls = EXCLUDED.urls, updated_at = now()
     RETURNING configuration_id`,
    [configurationId, JSON.stringify(urls), ...scopeParams(scope)],
  );
  return row !== undefined;
}
