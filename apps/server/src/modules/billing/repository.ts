import type { Product, Subscription, SubscriptionType } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

/** A stored subscription: the domain's fields, with its id and always its configuration. */
export interface SubscriptionRecord extends Omit<Subscription, "configuration_id"> {
  id: string;
  configuration_id: string;
  /** A payment for it is under way (read only; see `paymentPending`). */
  payment_pending: boolean;
  /** Canceled by the customer while active: paid up to its end date (read only). */
  canceled: boolean;
}

/**
 * Whether a payment for the subscription is under way: a checkout of its configuration started after the
 * subscription last changed (a cancel after it wins), within a day (Stripe's longest session; a page given up
 * on the built-in checkout stays pending for ever), and neither paid (that activates it) nor failed.
 */
const paymentPending = `EXISTS (SELECT 1 FROM checkout_sessions pending
  WHERE pending.customer_id = subscriptions.customer_id AND pending.configuration_id = subscriptions.configuration_id
    AND pending.status = 'pending' AND pending.created_at > subscriptions.updated_at
    AND pending.created_at > now() - interval '1 day')`;

const subscriptionColumns = `id, configuration_id, customer_id, subscription_type, is_active, chosen_product,
  manual_amount::float8 AS manual_amount, year_discount::float8 AS year_discount, end_date::text AS end_date, trial_days,
  ${paymentPending} AS payment_pending, canceled_at IS NOT NULL AS canceled`;

export type SubscriptionValues = Omit<SubscriptionRecord, "id" | "payment_pending" | "canceled">;

export function findSubscription(
  db: Db,
  scope: Scope,
  configurationId: string,
): Promise<SubscriptionRecord | undefined> {
  return queryOne<SubscriptionRecord>(
    db,
    `SELECT ${subscriptionColumns} FROM subscriptions WHERE configuration_id = $1 AND ${scopeCondition("customer_id", 2)}`,
    [configurationId, ...scopeParams(scope)],
  );
}

/** The subscriptions the scope sees, of one customer when given; the most recently changed first. */
export function listSubscriptions(
  db: Db,
  scope: Scope,
  customerId: string | null,
): Promise<SubscriptionRecord[]> {
  return db.query<SubscriptionRecord>(
    `SELECT ${subscriptionColumns} FROM subscriptions
      WHERE ${scopeCondition("customer_id", 1)} AND ($3::uuid IS NULL OR customer_id = $3::uuid)
      ORDER BY updated_at DESC, id`,
    [...scopeParams(scope), customerId],
  );
}

/** Stores the configuration's one subscription (inserting or replacing it) and answers it. */
export async function upsertSubscription(db: Db, values: SubscriptionValues): Promise<SubscriptionRecord> {
  const saved = await queryOne<SubscriptionRecord>(
    db,
    `INSERT INTO subscriptions (configuration_id, customer_id, subscription_type, is_active, chosen_product, manual_amount,
                                year_discount, end_date, trial_days)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9)
     ON CONFLICT (configuration_id) DO UPDATE SET
       customer_id = EXCLUDED.customer_id, subscription_type = EXCLUDED.subscription_type, is_active = EXCLUDED.is_active,
       chosen_product = EXCLUDED.chosen_product, manual_amount = EXCLUDED.manual_amount,
       year_discount = EXCLUDED.year_discount, end_date = EXCLUDED.end_date, trial_days = EXCLUDED.trial_days,
       canceled_at = CASE WHEN EXCLUDED.is_active THEN NULL ELSE subscriptions.canceled_at END, updated_at = now()
     RETURNING ${subscriptionColumns}`,
    [
      values.configuration_id,
      values.customer_id,
      values.subscription_type,
      values.is_active,
      values.chosen_product,
      values.manual_amount,
      values.year_discount,
      values.end_date,
      values.trial_days,
    ],
  );
  return saved!;
}

/** Ends the customer's active subscriptions; answers how many the customer has at all. */
export async function cancelSubscriptions(db: Db, customerId: string): Promise<number> {
  await db.query(
    "UPDATE subscriptions SET is_active = false, canceled_at = now(), updated_at = now() WHERE customer_id = $1 AND is_active",
    [customerId],
  );
  const [row] = await db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM subscriptions WHERE customer_id = $1",
    [customerId],
  );
  return row!.count;
}

export interface CheckoutSessionRecord {
  id: string;
  customer_id: string;
  configuration_id: string;
  product: Product;
  subscription_type: SubscriptionType;
  description: string;
  subtotal_cents: number;
  discount_cents: number;
  vat_percent: number;
  status: "pending" | "paid" | "failed";
  activated: boolean;
}

const sessionColumns = `id, customer_id, configuration_id, product, subscription_type, description, subtotal_cents,
  discount_cents, vat_percent::float8 AS vat_percent, status, activated_at IS NOT NULL AS activated`;

export type CheckoutSessionValues = Omit<CheckoutSessionRecord, "status" | "activated">;

export async function insertCheckoutSession(db: Db, values: CheckoutSessionValues): Promise<void> {
  await db.query(
    `INSERT INTO checkout_sessions (id, customer_id, configuration_id, product, subscription_type, description, subtotal_cents,
                                    discount_cents, vat_percent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      values.id,
      values.customer_id,
      values.configuration_id,
      values.product,
      values.subscription_type,
      values.description,
      values.subtotal_cents,
      values.discount_cents,
      values.vat_percent,
    ],
  );
}

export function findCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRecord | undefined> {
  return queryOne<CheckoutSessionRecord>(
    db,
    `SELECT ${sessionColumns} FROM checkout_sessions WHERE id = $1`,
    [id],
  );
}

/** The customer's latest checkout session, whatever its state. */
export function latestCheckoutSession(
  db: Db,
  customerId: string,
): Promise<CheckoutSessionRecord | undefined> {
  return queryOne<CheckoutSessionRecord>(
    db,
    `SELECT ${sessionColumns} FROM checkout_sessions WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [customerId],
  );
}

/**
 * Moves a pending session to `status`; answers it only to the one caller that moved it, so concurrent
 * completions (the built-in page twice, a webhook and its retry) go on with at most one of them.
 */
export function settleCheckoutSession(
  db: Db,
  id: string,
  status: "paid" | "failed",
): Promise<CheckoutSessionRecord | undefined> {
  return queryOne<CheckoutSessionRecord>(
    db,
    `UPDATE checkout_sessions SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE NULL END
      WHERE id = $1 AND status = 'pending' RETURNING ${sessionColumns}`,
    [id, status],
  );
}

/** Marks a paid session activated; answers it only to the one caller that did. */
export function markSessionActivated(db: Db, id: string): Promise<CheckoutSessionRecord | undefined> {
  return queryOne<CheckoutSessionRecord>(
    db,
    `UPDATE checkout_sessions SET activated_at = now() WHERE id = $1 AND status = 'paid' AND activated_at IS NULL
      RETURNING ${sessionColumns}`,
    [id],
  );
}

/** Sets the configuration's product and limit and starts a new usage period with everything remaining. */
export async function applyProduct(
  db: Db,
  configurationId: string,
  product: Product,
  messageLimit: number,
  resetDate: string,
): Promise<void> {
  await db.query(
    `UPDATE configurations SET product = $2, message_limit = $3, remaining_messages = $3, usage_reset_date = $4::date,
            updated_at = now() WHERE id = $1`,
    [configurationId, product, messageLimit, resetDate],
  );
  db.changes.changedHere("configurations", configurationId);
}

export interface InvoiceRecord {
  id: string;
  /** Null once the customer is deleted: the invoice stays. */
  customer_id: string | null;
  number: string;
  description: string;
  issued_on: string;
  due_on: string | null;
  quantity: number;
  unit_price_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  taxes_cents: number;
  total_cents: number;
  status: "paid" | "void" | "open";
  billed_to: Record<string, unknown>;
}

const invoiceColumns = `id, customer_id, number, description, issued_on::text AS issued_on, due_on::text AS due_on, quantity,
  unit_price_cents, subtotal_cents, discount_cents, taxes_cents, total_cents, status, billed_to`;

export type InvoiceValues = Omit<InvoiceRecord, "id" | "number" | "status"> & {
  checkout_session_id: string;
  year: number;
};

/** Writes an invoice with the year's next number (a counter row, locked until the transaction ends). */
export async function insertInvoice(
  db: Db,
  values: InvoiceValues,
  numberOf: (year: number, sequence: number) => string,
): Promise<InvoiceRecord> {
  const [counter] = await db.query<{ last_sequence: number }>(
    `INSERT INTO invoice_counters (year, last_sequence) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last_sequence = invoice_counters.last_sequence + 1 RETURNING last_sequence`,
    [values.year],
  );
  const sequence = counter!.last_sequence;
  const invoice = await queryOne<InvoiceRecord>(
    db,
    `INSERT INTO invoices (customer_id, checkout_session_id, year, sequence, number, description, issued_on, due_on, quantity,
                           unit_price_cents, subtotal_cents, discount_cents, taxes_cents, total_cents, status, billed_to)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $10, $11, $12, $13, $14, 'paid', $15::jsonb)
     RETURNING ${invoiceColumns}`,
    [
      values.customer_id,
      values.checkout_session_id,
      values.year,
      sequence,
      numberOf(values.year, sequence),
      values.description,
      values.issued_on,
      values.due_on,
      values.quantity,
      values.unit_price_cents,
      values.subtotal_cents,
      values.discount_cents,
      values.taxes_cents,
      values.total_cents,
      JSON.stringify(values.billed_to),
    ],
  );
  return invoice!;
}

/** The invoices of a year the scope sees (of one customer when given), newest first. */
export function listInvoices(
  db: Db,
  scope: Scope,
  customerId: string | null,
  year: number,
): Promise<InvoiceRecord[]> {
  return db.query<InvoiceRecord>(
    `SELECT ${invoiceColumns} FROM invoices
      WHERE ${scopeCondition("customer_id", 1)} AND ($3::uuid IS NULL OR customer_id = $3::uuid) AND year = $4
      ORDER BY issued_on DESC, sequence DESC`,
    [...scopeParams(scope), customerId, year],
  );
}

/** The years that have invoices the scope sees, newest first. */
export async function invoiceYears(db: Db, scope: Scope, customerId: string | null): Promise<number[]> {
  const rows = await db.query<{ year: number }>(
    `SELECT DISTINCT year FROM invoices
      WHERE ${scopeCondition("customer_id", 1)} AND ($3::uuid IS NULL OR customer_id = $3::uuid) ORDER BY year DESC`,
    [...scopeParams(scope), customerId],
  );
  return rows.map((row) => row.year);
}

export function findInvoice(db: Db, scope: Scope, id: string): Promise<InvoiceRecord | undefined> {
  return queryOne<InvoiceRecord>(
    db,
    `SELECT ${invoiceColumns} FROM invoices WHERE id = $1 AND ${scopeCondition("customer_id", 2)}`,
    [id, ...scopeParams(scope)],
  );
}

/** Records a webhook event id; false when it was recorded before (a replay). */
export async function recordPaymentEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.query(
    "INSERT INTO payment_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id",
    [id, type],
  );
  return rows.length > 0;
}
