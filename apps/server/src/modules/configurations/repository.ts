import { configurationSectionDefaults, configurationSections, maskSecret, secretFields, unlimitedMessages } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { queryOne } from "../../platform/db/db";
import { containsPattern } from "../../platform/db/like";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

/** Fields kept in their own columns; every other configuration field lives in `settings`. */
export const columnFields = ["_id", "name", "customerId", "product", "message_limit", "remaining_messages", "usage_reset_date"] as const;

export type Configuration = Schemas["Configuration"];
/** What `settings` holds: every configuration field but the column fields, as the contract types them. */
export type ConfigurationSettings = Omit<Configuration, (typeof columnFields)[number]>;

export interface ConfigurationRecord {
  id: string;
  customer_id: string | null;
  name: string;
  product: Configuration["product"];
  message_limit: number;
  remaining_messages: number;
  usage_reset_date: string;
  /** Written only from the contract-validated input over the domain's defaults. */
  settings: ConfigurationSettings;
}

/**
 * The grouped settings as answered: every field of a group (the domain's default for one never stored)
 * and secrets masked, so no answer carries a secret in full.
 */
function answeredSections(settings: ConfigurationSettings): Pick<ConfigurationSettings, (typeof configurationSections)[number]> {
  const stored = settings as Partial<ConfigurationSettings>;
  const sections = Object.fromEntries(
    configurationSections.map((section) => [section, { ...configurationSectionDefaults[section], ...stored[section] }]),
  ) as Pick<ConfigurationSettings, (typeof configurationSections)[number]>;
  for (const [section, fields] of Object.entries(secretFields) as [keyof typeof secretFields, readonly string[]][]) {
    const values = sections[section] as Record<string, unknown>;
    for (const field of fields) {
      const secret = values[field];
      if (typeof secret === "string" && secret !== "") values[field] = maskSecret(secret);
    }
  }
  return sections;
}

export function toConfiguration(record: ConfigurationRecord): Configuration {
  return {
    ...record.settings,
    ...answeredSections(record.settings),
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

export function findConfigurationInScope(db: Db, scope: Scope, id: string): Promise<ConfigurationRecord | undefined> {
  return queryOne<ConfigurationRecord>(
    db,
    `SELECT ${selectList} FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 2)}`,
    [id, ...scopeParams(scope)],
  );
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
    [...scopeParams(scope), query ? containsPattern(query) : null, filter.customerId ?? null],
  );
}

/** Ids and names of the scope's configurations whose name contains `text`, for the top bar's search. */
export function findConfigurationNames(db: Db, scope: Scope, text: string, limit: number) {
  return db.query<{ id: string; name: string }>(
    `SELECT id, name FROM configurations WHERE ${scopeCondition("customer_id", 1)} AND name ILIKE $3
      ORDER BY lower(name) LIMIT $4`,
    [...scopeParams(scope), containsPattern(text), limit],
  );
}

export interface ConfigurationValues {
  customer_id: string | null;
  name: string;
  product: Configuration["product"];
  message_limit: number;
  remaining_messages: number;
  usage_reset_date: string;
  settings: ConfigurationSettings;
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

/**
 * How many configurations a customer has, counted with the customer's row locked until the transaction ends:
 * two creates at once count one after the other, so a bound on the number holds.
 */
export async function countConfigurationsLocked(tx: Db, customerId: string): Promise<number> {
  await tx.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
  const row = await queryOne<{ count: number }>(tx, `SELECT count(*)::int AS count FROM configurations WHERE customer_id = $1`, [customerId]);
  return row?.count ?? 0;
}

/**
 * Changes a configuration the scope may see. The settings sent are merged into the stored ones in SQL
 * (`||`, field by field, and inside an object field such as `rag_settings` field by field too), so two
 * saves of different fields at once both keep their field.
 */
export async function updateConfiguration(
  db: Db,
  scope: Scope,
  id: string,
  values: Partial<Pick<ConfigurationValues, "customer_id" | "name" | "product" | "message_limit" | "remaining_messages" | "usage_reset_date">> & {
    settings: Partial<ConfigurationSettings>;
  },
  /**
   * Writes only while the remaining messages stay within the message limit (`unlimited`, a limit of 0,
   * takes any), judged on the row as the update finds it: of two saves at once, one lowering the limit
   * and one raising the remaining messages, the later is refused rather than both stored.
   */
  usageGuard?: { unlimited: number },
): Promise<ConfigurationRecord | undefined> {
  const updated = await queryOne<ConfigurationRecord>(
    db,
    `UPDATE configurations
        SET customer_id = CASE WHEN $2::boolean THEN $3::uuid ELSE customer_id END,
            name = coalesce($4, name),
            message_limit = coalesce($5, message_limit),
            settings = settings || coalesce((
              SELECT jsonb_object_agg(sent.key, CASE
                       WHEN jsonb_typeof(sent.value) = 'object' AND jsonb_typeof(settings -> sent.key) = 'object'
                       THEN (settings -> sent.key) || sent.value
                       ELSE sent.value END)
                FROM jsonb_each($6::jsonb) AS sent), '{}'::jsonb),
            product = coalesce($7, product),
            remaining_messages = coalesce($8, remaining_messages),
            usage_reset_date = coalesce($9::date, usage_reset_date),
            updated_at = now()
      WHERE id = $1 AND ${scopeCondition("customer_id", 11)}
        AND ($10::integer IS NULL OR coalesce($5, message_limit) = $10
             OR coalesce($8, remaining_messages) <= coalesce($5, message_limit))
      RETURNING ${selectList}`,
    [
      id,
      values.customer_id !== undefined,
      values.customer_id ?? null,
      values.name ?? null,
      values.message_limit ?? null,
      JSON.stringify(values.settings),
      values.product ?? null,
      values.remaining_messages ?? null,
      values.usage_reset_date ?? null,
      usageGuard?.unlimited ?? null,
      ...scopeParams(scope),
    ],
  );
  // Other instances hear of it through the configurations trigger; this one at once.
  if (updated) db.changes.changedHere("configurations", updated.id);
  return updated;
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

/** Starts a new usage period of a configuration the scope may see: everything remaining again. */
export async function resetUsage(db: Db, scope: Scope, id: string, nextResetDate: string): Promise<ConfigurationRecord | undefined> {
  const updated = await queryOne<ConfigurationRecord>(
    db,
    `UPDATE configurations SET remaining_messages = message_limit, usage_reset_date = $2::date, updated_at = now()
      WHERE id = $1 AND ${scopeCondition("customer_id", 3)}
      RETURNING ${selectList}`,
    [id, nextResetDate, ...scopeParams(scope)],
  );
  if (updated) db.changes.changedHere("configurations", updated.id);
  return updated;
}
