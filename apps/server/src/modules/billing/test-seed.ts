/** Billing rows written straight to the database, for tests that need them without walking the checkout. */
import { createHmac, randomBytes } from "node:crypto";
import { addDays, invoiceNumber, toIsoDate } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { updateCustomer } from "../customers/repository";
import { systemScope } from "../tenancy";
import { insertCheckoutSession, insertInvoice, upsertSubscription } from "./repository";

export const completeInvoiceDetails = {
  street: "Main Street",
  houseNumber: "1",
  postalCode: "1011 AA",
  city: "Amsterdam",
  country: "NL",
  contactPersonEmail: "billing@example.test",
};

/** Gives the customer everything an invoice needs. */
export async function completeCustomerDetails(db: Db, customerId: string): Promise<void> {
  await updateCustomer(db, systemScope, customerId, completeInvoiceDetails);
}

export async function seedSubscription(
  db: Db,
  tenant: { customerId: string; configurationId: string },
  isActive = true,
): Promise<void> {
  await upsertSubscription(db, {
    configuration_id: tenant.configurationId,
    customer_id: tenant.customerId,
    subscription_type: "monthly",
    is_active: isActive,
    chosen_product: "basic",
    manual_amount: 100,
    year_discount: 0,
    end_date: toIsoDate(addDays(new Date(), 30)),
    trial_days: 14,
  });
}

/** A pending checkout session of the tenant (one month of basic at €100); answers its id. */
export async function seedCheckoutSession(
  db: Db,
  tenant: { customerId: string; configurationId: string },
): Promise<string> {
  const id = `cs_${randomBytes(32).toString("base64url")}`;
  await insertCheckoutSession(db, {
    id,
    customer_id: tenant.customerId,
    configuration_id: tenant.configurationId,
    product: "basic",
    subscription_type: "monthly",
    description: "Parley basic, one month",
    subtotal_cents: 10_000,
    discount_cents: 0,
    vat_percent: 21,
  });
  return id;
}

/** A paid invoice of the tenant, numbered like any other; answers its id and number. */
export async function seedInvoice(
  db: Db,
  tenant: { customerId: string; configurationId: string },
): Promise<{ id: string; number: string }> {
  const sessionId = await seedCheckoutSession(db, tenant);
  const now = new Date();
  const invoice = await db.transaction((tx) =>
    insertInvoice(
      tx,
      {
        customer_id: tenant.customerId,
        checkout_session_id: sessionId,
        year: now.getUTCFullYear(),
        description: "Parley basic, one month",
        issued_on: toIsoDate(now),
        due_on: toIsoDate(now),
        quantity: 1,
        unit_price_cents: 10_000,
        subtotal_cents: 10_000,
        discount_cents: 0,
        taxes_cents: 2_100,
        total_cents: 12_100,
        billed_to: { _id: tenant.customerId, name: "Seeded" },
      },
      invoiceNumber,
    ),
  );
  return { id: invoice.id, number: invoice.number };
}

/** The `Stripe-Signature` header (and JSON content type) of `body` signed with `secret` now. */
export function signedWebhookHeaders(
  body: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return { "content-type": "application/json", "stripe-signature": `t=${timestamp},v1=${signature}` };
}
