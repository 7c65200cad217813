import { unlimitedMessages } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

export interface ConfigurationRecord {
  id: string;
  customer_id: string | null;
  name: string;
  product: string;
  message_limit: number;
  remaining_messages: number;
  usage_reset_date: string | null;
  settings: Record<string, unknown>;
}

/** Fields kept in their own columns; every other configuration field lives in `settings`. */
export const columnFields = ["_id", "name", "customerId", "product", "message_limit", "remaining_messages", "usage_reset_date"] as const;

export function toConfiguration(record: ConfigurationRecord) {
  return {
    ...record.settings,
    _id: record.id,
    name: record.name,
    customerId: record.customer_id,
    product: record.product,
    message_limit: record.message_limit,
    remaining_messages: record.remaining_messages,
    usage_reset_date: record.usage_reset_date,
  };
}

const selectList =
  "id, customer_id, name, product, message_limit, remaining_messages, usage_reset_date::text AS usage_reset_date, settings";

export function findConfigurationById(db: Db, id: string): Promise<ConfigurationRecord | undefined> {
  return queryOne<ConfigurationRecord>(db, `SELECT ${selectList} FROM configurations WHERE id = $1`, [id]);
}

export function findConfigurationInScope(db: Db, scope: Scope, id: string): Promise<ConfigurationRecord | undefined> {
  return queryOne<ConfigurationRecord>(
    db,
    `SELECT ${selectList} FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 2)}`,
    [id, ...scopeParams(scope)],
  );
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchConfigurations(
  db: Db,
  scope: Scope,
  filter: { query?: string; customerId?: string },
): Promise<ConfigurationRecord[]> {
  const query = filter.query?.trim();
  return db.query<ConfigurationRecord>(
    `SELECT ${selectList} FROM configurations
      WHERE ${scopeCondition("customer_id", 1)}
        AND ($3::text IS NULL OR name ILIKE $3)
        AND ($4::uuid IS NULL OR customer_id = $4::uuid)
      ORDER BY lower(name), id`,
    [...scopeParams(scope), query ? likePattern(query) : null, filter.customerId ?? null],
  );
}

export interface ConfigurationValues {
  customer_id: string | null;
  name: string;
  product: string;
  message_limit: number;
  remaining_messages: number;
  usage_reset_date: string | null;
  settings: Record<string, unknown>;
}

export async function insertConfiguration(db: Db, values: ConfigurationValues): Promise<ConfigurationRecord> {
  const row = await queryOne<ConfigurationRecord>(
    db,
    `INSERT INTO configurations (customer_id, name, product, message_limit, remaining_messages, usage_reset_date, settings)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7::jsonb) RETURNING ${selectList}`,
    [
      values.customer_id,
      values.name,
      values.product,
      values.message_limit,
      values.remaining_messages,
      values.usage_reset_date,
      JSON.stringify(values.settings),
    ],
  );
  return row!;
}

export async function updateConfiguration(
  db: Db,
  id: string,
  values: Pick<ConfigurationValues, "customer_id" | "name" | "message_limit" | "settings">,
): Promise<ConfigurationRecord | undefined> {
  return queryOne<ConfigurationRecord>(
    db,
    `UPDATE configurations SET customer_id = $2, name = $3, message_limit = $4, settings = $5::jsonb, updated_at = now()
      WHERE id = $1 RETURNING ${selectList}`,
    [id, values.customer_id, values.name, values.message_limit, JSON.stringify(values.settings)],
  );
}

export interface UsageTotals {
  configurations: number;
  customers: number;
  message_limit: number;
  remaining_messages: number;
  unlimited: boolean;
  usage_reset_date: string | null;
}

/** Usage summed over the configurations of the scope (or just `configurationId`). */
// The sums are read as float8: a few configurations near the column's limit overflow int4, and bigint
// comes back from the drivers as text; float8 holds every such sum exactly (up to 2^53).
export async function usageTotals(db: Db, scope: Scope, configurationId: string | null): Promise<UsageTotals> {
  const row = await queryOne<{
    configurations: number;
    customers: number;
    message_limit: number;
    remaining_messages: number;
    unlimited: boolean;
    usage_reset_date: string | null;
  }>(
    db,
    `SELECT count(*)::int AS configurations,
            count(DISTINCT customer_id)::int AS customers,
            coalesce(sum(message_limit), 0)::float8 AS message_limit,
            coalesce(sum(remaining_messages), 0)::float8 AS remaining_messages,
            coalesce(bool_or(message_limit = $4), false) AS unlimited,
            min(usage_reset_date)::text AS usage_reset_date
       FROM configurations
      WHERE ${scopeCondition("customer_id", 1)} AND ($3::uuid IS NULL OR id = $3::uuid)`,
    [...scopeParams(scope), configurationId, unlimitedMessages],
  );
  return row!;
}

export async function resetUsage(db: Db, id: string, nextResetDate: string): Promise<ConfigurationRecord | undefined> {
  return queryOne<ConfigurationRecord>(
    db,
    `UPDATE configurations SET remaining_messages = message_limit, usage_reset_date = $2::date, updated_at = now()
      WHERE id = $1 RETURNING ${selectList}`,
    [id, nextResetDate],
  );
}
