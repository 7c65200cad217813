import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { containsPattern } from "../../platform/db/like";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

/** Contract field name → column, for every customer field a client may write. */
export const customerFieldColumns = {
  name: "name",
  companyName: "company_name",
  contactPerson: "contact_person",
  contactPersonPhone: "contact_person_phone",
  contactPersonEmail: "contact_person_email",
  street: "street",
  houseNumber: "house_number",
  addition: "addition",
  postalCode: "postal_code",
  city: "city",
  country: "country",
  stripe_customer_id: "stripe_customer_id",
  language: "language",
  timezone: "timezone",
  taxExempt: "tax_exempt",
  taxId: "tax_id",
} as const;

export type CustomerField = keyof typeof customerFieldColumns;
export type Customer = { _id: string; name: string } & { [K in Exclude<CustomerField, "name">]: K extends "taxExempt" ? boolean | null : string | null };
export type CustomerFields = Partial<Omit<Customer, "_id">>;

const selectList = [
  "id",
  ...Object.entries(customerFieldColumns).map(([field, column]) => `${column} AS "${field}"`),
].join(", ");

function toCustomer(row: Record<string, unknown>): Customer {
  const { id, ...fields } = row;
  return { _id: id as string, ...(fields as Omit<Customer, "_id">) };
}

export async function listCustomers(db: Db, scope: Scope): Promise<Customer[]> {
  const rows = await db.query(
    `SELECT ${selectList} FROM customers WHERE ${scopeCondition("id", 1)} ORDER BY lower(name), id`,
    scopeParams(scope),
  );
  return rows.map(toCustomer);
}

/** Ids and names of the scope's customers whose name or company name contains `text`. */
export function findCustomerNames(db: Db, scope: Scope, text: string, limit: number) {
  return db.query<{ id: string; name: string }>(
    `SELECT id, name FROM customers WHERE ${scopeCondition("id", 1)} AND (name ILIKE $3 OR company_name ILIKE $3)
      ORDER BY lower(name) LIMIT $4`,
    [...scopeParams(scope), containsPattern(text), limit],
  );
}

export async function findCustomerInScope(db: Db, scope: Scope, id: string): Promise<Customer | undefined> {
  const row = await queryOne(db, `SELECT ${selectList} FROM customers WHERE id = $1 AND ${scopeCondition("id", 2)}`, [
    id,
    ...scopeParams(scope),
  ]);
  return row ? toCustomer(row) : undefined;
}

export async function insertCustomer(db: Db, fields: CustomerFields): Promise<Customer> {
  const entries = Object.entries(fields).filter(([field]) => field in customerFieldColumns);
  const columns = entries.map(([field]) => customerFieldColumns[field as CustomerField]);
  const row = await queryOne(
    db,
    `INSERT INTO customers (${columns.join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})
     RETURNING ${selectList}`,
    entries.map(([, value]) => value),
  );
  return toCustomer(row!);
}

export async function updateCustomer(db: Db, scope: Scope, id: string, fields: CustomerFields): Promise<Customer | undefined> {
  const entries = Object.entries(fields).filter(([field]) => field in customerFieldColumns);
  const assignments = entries.map(([field], i) => `${customerFieldColumns[field as CustomerField]} = $${i + 4}`);
  const row = await queryOne(
    db,
    `UPDATE customers SET ${[...assignments, "updated_at = now()"].join(", ")}
      WHERE id = $1 AND ${scopeCondition("id", 2)} RETURNING ${selectList}`,
    [id, ...scopeParams(scope), ...entries.map(([, value]) => value)],
  );
  return row ? toCustomer(row) : undefined;
}

export async function customerHasConfiguration(db: Db, scope: Scope, customerId: string): Promise<boolean> {
  const row = await queryOne<{ found: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM configurations WHERE customer_id = $1 AND ${scopeCondition("customer_id", 2)}) AS found`,
    [customerId, ...scopeParams(scope)],
  );
  return row?.found === true;
}

/** Deletes a customer the scope may see, its users and (by cascade) its configurations. */
export async function deleteCustomer(db: Db, scope: Scope, id: string): Promise<boolean> {
  const deleted = await db.transaction(async (tx) => {
    // Users first: deleting the customer would only unlink them (ON DELETE SET NULL).
    await tx.query(`DELETE FROM users WHERE customer_id = $1 AND ${scopeCondition("customer_id", 2)}`, [id, ...scopeParams(scope)]);
    const rows = await tx.query(`DELETE FROM customers WHERE id = $1 AND ${scopeCondition("id", 2)} RETURNING id`, [
      id,
      ...scopeParams(scope),
    ]);
    return rows.length > 0;
  });
  // Its users and (by cascade) configurations are gone; caches here forget them before the notifications arrive.
  db.changes.changedHere("users");
  db.changes.changedHere("configurations");
  return deleted;
}
