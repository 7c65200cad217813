/**
 * Subscriptions, checkout and invoices (spec 01 §2 /pricing, /payment-success, /subscription/view and
 * /subscription/invoices; spec 02 §7.10 and §9).
 *
 * With no payment provider configured (the embedded default) a checkout session points to the built-in
 * checkout page on this origin, whose Pay button marks the session paid as the provider's webhook would.
 * A paid session gets one invoice and activates what was bought as it is paid (the payment return page,
 * `activateProduct`, may come too late or never: a closed tab). Every step that may be reported twice (the page posted twice, a webhook retried, the return
 * page reloaded) moves state with a conditional update, so it happens once whoever races.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  builtInPriceIds,
  checkoutText,
  productTitle,
  type CheckoutText,
  isLanguageCode,
  type LanguageCode,
  chargeAmounts,
  currency,
  DomainError,
  errorMessages,
  fixedPriceProduct,
  formatAmount,
  invoiceNumber,
  isAddressComplete,
  isYearDiscountOption,
  messageLimitFor,
  missingAddressFields,
  newSubscriptionDefaults,
  nextUsageResetDate,
  normaliseEndDate,
  paidPeriodEnd,
  selfOnboardingMonthlyAmount,
  selfOnboardingYearDiscount,
  toIsoDate,
  vatPercent,
  type Product,
  type SubscriptionType,
} from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { findCustomerInScope, type Customer } from "../customers/repository";
import { forbidden, isId, notFound, scopeOf, systemScope } from "../tenancy";
import {
  applyProduct,
  cancelSubscriptions,
  findCheckoutSession,
  findInvoice,
  findSubscription,
  insertCheckoutSession,
  insertInvoice,
  invoiceYears,
  latestCheckoutSession,
  listInvoices,
  listSubscriptions,
  markSessionActivated,
  recordPaymentEvent,
  settleCheckoutSession,
  upsertSubscription,
  type CheckoutSessionRecord,
  type InvoiceRecord,
  type SubscriptionRecord,
  type SubscriptionValues,
} from "./repository";
import { escapeHtml } from "../../platform/html";
import type { StripeCheckout } from "./stripe-checkout";
import type { Mailer } from "../../platform/mail/mailer";
import { invoiceMail } from "../../platform/mail/templates";

type SubscriptionAnswer = Schemas["Subscription"];

export interface BillingSettings {
  /** Where the portal is served; the checkout page and the payment return page are on this origin. */
  publicUrl: string;
  /**
   * Whether `publicUrl` was configured. When it was not (a local start), the checkout and the return to the
   * portal stay on the origin the customer's browser used (127.0.0.1 or localhost, a LAN name): another origin
   * holds no session, so the customer would come back signed out.
   */
  publicUrlConfigured?: boolean;
  /** Signs the payment provider's webhook calls (`PAYMENTS_WEBHOOK_SECRET`); without it the webhook answers 503. */
  webhookSecret?: string | null;
  /** The fixed prices a self-onboarding customer may buy (`BASIC_MONTHLY_PRICE_ID`, `BASIC_ANNUAL_PRICE_ID`). */
  priceIds?: { monthly?: string | null; annual?: string | null };
  /**
   * Stripe Checkout (`STRIPE_SECRET_KEY`): sessions are paid on Stripe's page and settled by its webhook; the
   * built-in page (which marks a session paid itself) is then closed. The built-in page without it.
   */
  stripe?: StripeCheckout;
  /** Sends each invoice to the customer when it is made. */
  mailer?: Mailer;
  logError?: (message: string, error: unknown) => void;
  clock?: () => Date;
}

/** How long Stripe's payment page takes payments (Stripe allows 30 minutes to 24 hours). */
export const hostedCheckoutMinutes = 60;

/** Stripe's events about a checkout session that settle ours, and how. */
const settlingEvents: Record<string, "paid" | "failed" | undefined> = {
  "checkout.session.completed": "paid",
  "checkout.session.async_payment_succeeded": "paid",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "failed",
};

/** The checkout page's and the invoice line's language: the customer's, English when it has none we speak. */
function languageOfCustomer(customer: { language?: string | null } | undefined): LanguageCode {
  return isLanguageCode(customer?.language) ? customer.language : "en";
}

/** How far a webhook's signed timestamp may be from now: older calls are replays, newer ones forged. */
export const webhookToleranceSeconds = 5 * 60;

/** Built-in price ids, for a fixed checkout while no provider's price ids are configured. */
export const localPriceIds = builtInPriceIds;

// "cs_" and 32 random bytes: as unguessable as a session token, since it alone activates what was paid.
const sessionIdPattern = /^cs_[A-Za-z0-9_-]{43}$/;

function invalid(
  path: string,
  message: string,
  code: "validation_failed" | "no_configuration_id" = "validation_failed",
): DomainError {
  return new DomainError(code, message, 400, [{ path, message }]);
}

export function toSubscriptionAnswer(record: SubscriptionRecord): SubscriptionAnswer {
  return {
    _id: record.id,
    configuration_id: record.configuration_id,
    customer_id: record.customer_id,
    subscription_type: record.subscription_type,
    is_active: record.is_active,
    chosen_product: record.chosen_product,
    manual_amount: record.manual_amount,
    year_discount: record.year_discount,
    end_date: record.end_date,
    trial_days: record.trial_days,
    activation: record.is_active ? "active" : record.payment_pending ? "pending" : "inactive",
    stripe_subscription_id: null,
  };
}

const euro = (cents: number) => cents / 100;


/** The e-mail an invoice goes to: the customer's contact person, else the buyer's own sign-in address. */
function invoiceEmail(customer: Customer, caller: Caller): string | null {
  const contact = customer.contactPersonEmail?.trim();
  return contact ? contact : caller.email.trim() || null;
}

/**
 * An invoice needs whom it is for: the customer's name, a complete address (street, house number, postal
 * code, city, country: spec 01 §3) and an e-mail address. The missing fields are named.
 */
function requireInvoiceDetails(customer: Customer, caller: Caller): void {
  const missing: string[] = [];
  if (customer.name.trim() === "") missing.push("name");
  if (!isAddressComplete(customer)) missing.push(...missingAddressFields(customer));
  if (!invoiceEmail(customer, caller)) missing.push("contactPersonEmail");
  if (missing.length > 0) {
    const message = `${errorMessages.customer_details_incomplete}: ${missing.join(", ")}`;
    throw new DomainError(
      "customer_details_incomplete",
      message,
      400,
      missing.map((path) => ({ path, message: "required for an invoice" })),
    );
  }
}

const sameSubscription = (stored: SubscriptionRecord, values: SubscriptionValues) =>
  stored.customer_id === values.customer_id &&
  stored.subscription_type === values.subscription_type &&
  stored.is_active === values.is_active &&
  stored.chosen_product === values.chosen_product &&
  stored.manual_amount === values.manual_amount &&
  stored.year_discount === values.year_discount &&
  stored.end_date === values.end_date &&
  stored.trial_days === values.trial_days;

export function createBillingService(db: Db, settings: BillingSettings) {
  const clock = settings.clock ?? (() => new Date());
  const priceIds = new Map<string, SubscriptionType>([
    [settings.priceIds?.monthly ?? localPriceIds.monthly, "monthly"],
    [settings.priceIds?.annual ?? localPriceIds.annual, "annual"],
  ]);

  /** What the customer is buying for: its most recently changed subscription, else its newest configuration's defaults. */
  async function subscriptionToBuy(customer: Customer, selfOnboarding: boolean): Promise<SubscriptionValues> {
    const [current] = await listSubscriptions(db, systemScope, customer._id);
    if (current) return current;
    const [configuration] = await db.query<{ id: string }>(
      "SELECT id FROM configurations WHERE customer_id = $1 ORDER BY created_at DESC, id LIMIT 1",
      [customer._id],
    );
    if (!configuration)
      throw new DomainError("no_configuration_selected", undefined, 400, [
        { path: "customer_id", message: "The customer has no configuration" },
      ]);
    return newSubscriptionDefaults({
      selfOnboarding,
      now: clock(),
      configurationId: configuration.id,
      customerId: customer._id,
    }) as SubscriptionValues;
  }

  /** "Parley Basic, one month": the checkout page's line and the invoice's, in one language. */
  function purchaseLine(language: LanguageCode, product: Product, type: SubscriptionType): string {
    return checkoutText(language, "description", {
      product: productTitle(language, product),
      period: checkoutText(language, type === "annual" ? "one_year" : "one_month"),
    });
  }

  /** The portal's address for a browser that used `origin` (see `publicUrlConfigured`). */
  function portalBase(origin: string | undefined): string {
    return settings.publicUrlConfigured || !origin ? settings.publicUrl : origin;
  }

  async function startCheckout(
    caller: Caller,
    customer: Customer,
    purchase: { product?: Product; type: SubscriptionType; monthlyAmount?: number; yearDiscount?: number },
    origin: string | undefined,
  ) {
    const base = portalBase(origin);
    requireInvoiceDetails(customer, caller);
    const subscription = await subscriptionToBuy(customer, caller.role === "customer_so");
    const product = purchase.product ?? subscription.chosen_product;
    const amounts = chargeAmounts({
      monthlyAmount: purchase.monthlyAmount ?? subscription.manual_amount,
      yearDiscount: purchase.yearDiscount ?? subscription.year_discount,
      type: purchase.type,
      taxExempt: customer.taxExempt === true,
    });
    const id = `cs_${randomBytes(32).toString("base64url")}`;
    const language = languageOfCustomer(customer);
    const vat = customer.taxExempt === true ? 0 : vatPercent;
    const description = purchaseLine(language, product, purchase.type);
    await insertCheckoutSession(db, {
      id,
      customer_id: customer._id,
      configuration_id: subscription.configuration_id!,
      product,
      subscription_type: purchase.type,
      // In the customer's language: it is the checkout page's and the invoice's line.
      description,
      subtotal_cents: amounts.subtotalCents,
      discount_cents: amounts.discountCents,
      vat_percent: vat,
    });
    if (!settings.stripe) {
      return { status: "success" as const, session_id: id, url: `${base}/api/orders/local-checkout/${id}` };
    }
    const net = amounts.subtotalCents - amounts.discountCents;
    try {
      const hosted = await settings.stripe.create({
        sessionId: id,
        description,
        netCents: net,
        taxesCents: Math.round((net * vat) / 100),
        taxesLabel: checkoutText(language, "vat", { percent: String(vat) }),
        email: invoiceEmail(customer, caller),
        language,
        successUrl: `${base}/payment-success?session_id=${encodeURIComponent(id)}`,
        // Back to where the purchase began: the self-onboarding pricing page, or the subscription.
        cancelUrl: `${base}${caller.role === "customer_so" ? "/pricing" : "/subscription/view"}`,
        expiresAt: new Date(clock().getTime() + hostedCheckoutMinutes * 60_000),
      });
      return { status: "success" as const, session_id: id, url: hosted.url };
    } catch (error) {
      // Nothing can be paid on a page that was never made: the session is over, the customer may start again.
      await settleCheckoutSession(db, id, "failed");
      settings.logError?.("Stripe could not start a checkout session", error);
      throw new DomainError("checkout_failed", undefined, 503);
    }
  }

  /** A session the built-in checkout page may show and settle: none while Stripe takes the payments. */
  async function builtInSession(sessionId: string): Promise<CheckoutSessionRecord> {
    const session = !settings.stripe && sessionIdPattern.test(sessionId) ? await findCheckoutSession(db, sessionId) : undefined;
    if (!session) throw notFound("No checkout session with this id");
    return session;
  }

  function sessionAmounts(session: CheckoutSessionRecord) {
    const net = session.subtotal_cents - session.discount_cents;
    const taxes = Math.round((net * session.vat_percent) / 100);
    return { net, taxes, total: net + taxes };
  }

  /**
   * Gives the configuration what a paid session bought, once however often it is asked (the payment's webhook,
   * the built-in page's Pay button, the return page): the subscription becomes active and the product applies.
   */
  async function activatePaid(tx: Db, sessionId: string): Promise<void> {
    const session = await markSessionActivated(tx, sessionId);
    if (!session) return;
    // One activation of a configuration at a time: two payments settled at once would otherwise both read the
    // same end date, and the second write would drop the period the first one added (a paid period lost).
    // NO KEY UPDATE: the payments hold key-share locks on the row already (their foreign keys); FOR UPDATE would deadlock.
    await tx.query("SELECT 1 FROM configurations WHERE id = $1 FOR NO KEY UPDATE", [session.configuration_id]);
    const now = clock();
    const stored = await findSubscription(tx, systemScope, session.configuration_id);
    // Paying while a paid period still runs extends it rather than dropping the days left; a canceled
    // subscription was paid up to its end date too (cancelling takes nothing back).
    const today = toIsoDate(now);
    const paidUntil = stored && (stored.is_active || stored.canceled) && stored.end_date > today ? stored.end_date : null;
    const periodStart = paidUntil ? new Date(`${paidUntil}T12:00:00Z`) : now;
    await upsertSubscription(tx, {
      configuration_id: session.configuration_id,
      customer_id: session.customer_id,
      subscription_type: session.subscription_type,
      is_active: true,
      chosen_product: session.product,
      // What was paid is what the subscription says from now on (the fixed price may differ from the stored one).
      manual_amount: euro(session.subtotal_cents / (session.subscription_type === "annual" ? 12 : 1)),
      year_discount:
        session.subscription_type === "annual"
          ? Math.round((session.discount_cents / session.subtotal_cents) * 10_000) / 100
          : (stored?.year_discount ?? 0),
      end_date: paidPeriodEnd(periodStart, session.subscription_type),
      // A paid subscription has no trial left: once it is canceled it must not read as "trial active".
      trial_days: 0,
    });
    await applyProduct(
      tx,
      session.configuration_id,
      session.product,
      messageLimitFor(session.product),
      nextUsageResetDate(now),
    );
  }

  /** Marks a pending session paid, activates and invoices it, once however often it is reported; answers the new invoice. */
  async function settlePaid(tx: Db, sessionId: string): Promise<InvoiceRecord | undefined> {
    const session = await settleCheckoutSession(tx, sessionId, "paid");
    if (!session) return undefined;
    // Paid is enough: a customer who never comes back to the return page (a closed tab) still gets the plan.
    await activatePaid(tx, session.id);
    const customer = await findCustomerInScope(tx, systemScope, session.customer_id);
    const amounts = sessionAmounts(session);
    const now = clock();
    return insertInvoice(
      tx,
      {
        customer_id: session.customer_id,
        checkout_session_id: session.id,
        year: now.getUTCFullYear(),
        description: session.description,
        issued_on: toIsoDate(now),
        // Paid at checkout, so due on the day it is issued.
        due_on: toIsoDate(now),
        quantity: 1,
        unit_price_cents: session.subtotal_cents,
        subtotal_cents: session.subtotal_cents,
        discount_cents: session.discount_cents,
        taxes_cents: amounts.taxes,
        total_cents: amounts.total,
        billed_to: customer ?? { _id: session.customer_id, name: "" },
      },
      invoiceNumber,
    );
  }

  /**
   * Mails a new invoice (after its transaction committed) to the customer's contact person, else to the
   * customer's first user; a mail that fails is logged, the payment stands.
   */
  async function mailInvoice(invoice: InvoiceRecord | undefined): Promise<void> {
    if (!invoice?.customer_id || !settings.mailer) return;
    try {
      const customer = await findCustomerInScope(db, systemScope, invoice.customer_id);
      const [user] = await db.query<{ email: string }>("SELECT email FROM users WHERE customer_id = $1 ORDER BY created_at, id LIMIT 1", [invoice.customer_id]);
      const to = customer?.contactPersonEmail?.trim() || user?.email;
      if (!to) return;
      const language = languageOfCustomer(customer);
      const mail = invoiceMail(language, {
        name: customer?.contactPerson?.trim() || customer?.name || "",
        number: invoice.number,
        description: invoice.description,
        total: formatAmount(euro(invoice.total_cents), language),
        link: `${settings.publicUrl}/subscription/invoices`,
      });
      await settings.mailer.send({ to, ...mail });
    } catch (error) {
      settings.logError?.(`invoice ${invoice.number} could not be mailed`, error);
    }
  }

  function toInvoiceAnswer(invoice: InvoiceRecord) {
    return {
      id: invoice.id,
      number: invoice.number,
      description: invoice.description,
      date: invoice.issued_on,
      dueDate: invoice.due_on,
      amount: euro(invoice.total_cents),
      currency: currency as "EUR",
      status: invoice.status,
    };
  }

  function verifySignature(rawBody: string | undefined, header: unknown): void {
    const secret = settings.webhookSecret;
    if (!secret)
      throw new DomainError(
        "service_unavailable",
        "No payment webhook secret is configured (PAYMENTS_WEBHOOK_SECRET)",
        503,
      );
    const refuse = (message: string) => invalid("stripe-signature", message);
    if (typeof header !== "string" || header === "") throw refuse("The Stripe-Signature header is missing");
    if (rawBody === undefined) throw refuse("The event body is missing");
    let timestamp: string | undefined;
    const signatures: string[] = [];
    for (const part of header.split(",")) {
      const [key, value] = part.trim().split("=", 2);
      if (key === "t") timestamp = value;
      else if (key === "v1" && value) signatures.push(value);
    }
    if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0)
      throw refuse("The Stripe-Signature header is malformed");
    const age = clock().getTime() / 1000 - Number(timestamp);
    if (Math.abs(age) > webhookToleranceSeconds)
      throw refuse("The signature's timestamp is outside the tolerance of 5 minutes");
    const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
    const matches = signatures.some((signature) => {
      const given = Buffer.from(signature, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!matches) throw refuse("The signature does not match the body");
  }

  return {
    async subscription(configuration: Configuration) {
      const stored = await findSubscription(db, systemScope, configuration._id);
      return { status: "success" as const, data: stored ? toSubscriptionAnswer(stored) : null };
    },

    async localSubscriptions(caller: Caller, customerId: string | undefined) {
      const scope = scopeOf(caller);
      if (customerId !== undefined && customerId !== "" && !isId(customerId))
        throw invalid("customer_id", "customer_id is not an id");
      const wanted = customerId ? customerId.toLowerCase() : null;
      // Another customer's id is not found for a customer, whether that customer exists or not (as every other tenant's id).
      if (!scope.allCustomers && wanted !== null && wanted !== scope.customerId) throw notFound();
      const rows = scope.allCustomers || scope.customerId ? await listSubscriptions(db, scope, wanted) : [];
      return { status: "success" as const, data: rows.map(toSubscriptionAnswer) };
    },

    /** Admins only. Answers null when nothing differs from what is stored (the route answers 204). */
    async save(caller: Caller, configuration: Configuration | undefined, body: SubscriptionAnswer) {
      if (caller.role !== "admin") throw forbidden();
      // `x-tenant` loaded the named configuration (a foreign or unknown id answered 404); none was named.
      if (!configuration)
        throw invalid("configuration_id", errorMessages.no_configuration_id, "no_configuration_id");
      const customerId = body.customer_id ? body.customer_id.trim().toLowerCase() : null;
      if (customerId !== null && customerId !== configuration.customerId) {
        throw invalid("customer_id", "customer_id is not the customer of the configuration");
      }
      // Amounts are euro to the cent; a finer amount is a mistake, not something to round away silently.
      if (Math.abs(body.manual_amount * 100 - Math.round(body.manual_amount * 100)) > 1e-6) {
        throw invalid("manual_amount", "manual_amount has more than two decimals");
      }
      if (!isYearDiscountOption(body.year_discount) && body.year_discount !== selfOnboardingYearDiscount) {
        throw invalid(
          "year_discount",
          "year_discount must be one of 0, 5, 10, 15, 20, 25, 30 (or the self-onboarding 16.63)",
        );
      }
      const values: SubscriptionValues = {
        configuration_id: configuration._id,
        customer_id: configuration.customerId,
        subscription_type: body.subscription_type,
        is_active: body.is_active,
        chosen_product: body.chosen_product,
        manual_amount: body.manual_amount,
        year_discount: body.year_discount,
        end_date: normaliseEndDate(body.end_date),
        trial_days: body.trial_days,
      };
      const stored = await findSubscription(db, systemScope, configuration._id);
      if (stored && sameSubscription(stored, values)) return null;
      // An admin activating a subscription (or changing an active one's product) gives the configuration that
      // product as a payment would: its message limit, and a new usage period with everything remaining.
      const activates =
        values.is_active && (!stored?.is_active || stored.chosen_product !== values.chosen_product);
      const saved = await db.transaction(async (tx) => {
        const written = await upsertSubscription(tx, values);
        if (activates) {
          await applyProduct(
            tx,
            configuration._id,
            values.chosen_product,
            messageLimitFor(values.chosen_product),
            nextUsageResetDate(clock()),
          );
        }
        return written;
      });
      return {
        status: "success" as const,
        data: toSubscriptionAnswer(saved),
        message: "data saved successfully",
      };
    },

    /**
     * Ends the customer's subscriptions. With no payment provider nothing is charged again anyway; the
     * configuration keeps its product until the paid period's end date (nothing is taken back).
     */
    async cancel(customer: Customer) {
      const count = await cancelSubscriptions(db, customer._id);
      if (count === 0) throw new DomainError("no_data_found", undefined, 404);
      return { status: "success" as const, message: "Subscription canceled successfully" };
    },

    /** No payment provider is configured in this build, so no customer has a provider's subscription. */
    async stripeSubscription() {
      return { status: "success" as const, data: null };
    },

    /** `origin`: where the customer's browser reached the API (see `publicUrlConfigured`). */
    checkout(caller: Caller, customer: Customer, body: { is_annual: boolean }, origin?: string) {
      return startCheckout(caller, customer, { type: body.is_annual ? "annual" : "monthly" }, origin);
    },

    fixedCheckout(caller: Caller, customer: Customer, body: { stripe_price_id: string }, origin?: string) {
      // The fixed Basic price is self-onboarding's (spec 01 §6); a customer with a negotiated subscription pays that.
      if (caller.role === "customer") {
        throw invalid(
          "stripe_price_id",
          "The fixed-price checkout is for self-onboarding accounts; use create-checkout-session",
        );
      }
      const type = priceIds.get(body.stripe_price_id.trim());
      if (!type) throw invalid("stripe_price_id", "stripe_price_id is not one of the configured price ids");
      return startCheckout(caller, customer, {
        type,
        product: fixedPriceProduct,
        monthlyAmount: selfOnboardingMonthlyAmount,
        yearDiscount: selfOnboardingYearDiscount,
      }, origin);
    },

    /** The built-in checkout page, in `pageLanguage` when the portal gives one (its interface language), else the customer's. */
    async checkoutPage(sessionId: string, pageLanguage?: LanguageCode): Promise<string> {
      const session = await builtInSession(sessionId);
      const customer = await findCustomerInScope(db, systemScope, session.customer_id);
      const amounts = sessionAmounts(session);
      const language = pageLanguage ?? languageOfCustomer(customer);
      const text = (key: CheckoutText, values: Record<string, string> = {}) => escapeHtml(checkoutText(language, key, values));
      const amount = (cents: number) => formatAmount(euro(cents), language);
      const rows = [
        // The page's language, which the portal may choose over the account's (the stored line is the invoice's).
        [escapeHtml(purchaseLine(language, session.product, session.subscription_type)), escapeHtml(amount(session.subtotal_cents))],
        ...(session.discount_cents > 0 ? [[text("annual_discount"), `−${escapeHtml(amount(session.discount_cents))}`]] : []),
        [text("vat", { percent: String(session.vat_percent) }), escapeHtml(amount(amounts.taxes))],
      ]
        .map(([label, value]) => `<tr><td>${label}</td><td>${value}</td></tr>`)
        .join("");
      const action = `/api/orders/local-checkout/${encodeURIComponent(session.id)}/complete`;
      const body =
        session.status === "pending"
          ? `<form method="post" action="${escapeHtml(action)}" enctype="multipart/form-data">
<button name="outcome" value="pay" type="submit">${text("pay", { amount: amount(amounts.total) })}</button>
<button name="outcome" value="cancel" type="submit" class="secondary">${text("cancel")}</button></form>`
          : `<p>${text(session.status === "paid" ? "paid" : "canceled")}</p>`;
      return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Parley – ${text("title")}</title><style>body{font-family:system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem;color:#1a202c}
table{width:100%;border-collapse:collapse}td{padding:.4rem 0;border-bottom:1px solid #e2e8f0}td+td{text-align:right}
tfoot td{font-weight:bold;border:0}button{font-size:1rem;padding:.6rem 1.2rem;margin:1rem .5rem 0 0;border-radius:6px;border:0;background:#2b6cb0;color:#fff}
button.secondary{background:#e2e8f0;color:#1a202c}</style></head>
<body><h1>${text("title")}</h1><p>${text("billed_to", { name: customer?.name ?? "" })}</p>
<table><tbody>${rows}</tbody><tfoot><tr><td>${text("total")}</td><td>${escapeHtml(amount(amounts.total))}</td></tr></tfoot></table>
${body}<p><small>${text("no_provider")}</small></p></body></html>`;
    },

    /** The built-in page's Pay (or Cancel) button; answers where the browser goes next. */
    async completeCheckout(sessionId: string, outcome: "pay" | "cancel", origin?: string): Promise<string> {
      const session = await builtInSession(sessionId);
      if (outcome === "pay") void mailInvoice(await db.transaction((tx) => settlePaid(tx, session.id)));
      else await settleCheckoutSession(db, session.id, "failed");
      return `${portalBase(origin)}/payment-success?session_id=${encodeURIComponent(session.id)}`;
    },

    /** Public: the session id is the proof. Activating again answers success and changes nothing. */
    async activate(sessionId: string) {
      const session = sessionIdPattern.test(sessionId) ? await findCheckoutSession(db, sessionId) : undefined;
      if (!session) throw notFound("No checkout session with this id");
      if (session.status === "pending")
        return { status: "success" as const, success: false, message: "The payment has not arrived yet" };
      if (session.status === "failed")
        return { status: "success" as const, success: false, message: "The payment was not completed" };
      await db.transaction((tx) => activatePaid(tx, session.id));
      return { status: "success" as const, success: true, message: "Product activated" };
    },

    /** The state of the customer's latest checkout: 'pending' until it is paid (or canceled: 'failed'). */
    async paymentStatus(customer: Customer) {
      const session = await latestCheckoutSession(db, customer._id);
      return { status: "success" as const, subscription: session?.status ?? ("pending" as const) };
    },

    verifySignature,

    /**
     * A verified event: handled once per event id; other event types are acknowledged and ignored. A checkout
     * session is paid when completed with its payment made (a bank transfer's completes unpaid, and is paid by
     * `async_payment_succeeded`), and over unpaid when it expired or its payment failed. Our session id is
     * Stripe's `client_reference_id` (the built-in page's sessions are ours already).
     */
    async webhook(event: { id: string; type: string; data: { object: Record<string, unknown> } }) {
      const invoiced = await db.transaction(async (tx): Promise<InvoiceRecord | undefined> => {
        if (!(await recordPaymentEvent(tx, event.id, event.type))) return undefined;
        const outcome = settlingEvents[event.type];
        const object = event.data.object;
        const reference = typeof object.client_reference_id === "string" ? object.client_reference_id : object.id;
        // A session of another system (or none) is acknowledged: retrying would not make it ours.
        if (!outcome || typeof reference !== "string" || !sessionIdPattern.test(reference)) return undefined;
        if (outcome === "failed") await settleCheckoutSession(tx, reference, "failed");
        else if (event.type !== "checkout.session.completed" || object.payment_status !== "unpaid") return settlePaid(tx, reference);
        return undefined;
      });
      void mailInvoice(invoiced);
      return { received: true as const };
    },

    async invoices(caller: Caller, customer: Customer | undefined, year: number | undefined) {
      const scope = scopeOf(caller);
      if (!scope.allCustomers && !scope.customerId)
        return { status: "success" as const, data: [], years: [] };
      const customerId = customer?._id ?? null;
      const [rows, years] = await Promise.all([
        listInvoices(db, scope, customerId, year ?? clock().getUTCFullYear()),
        invoiceYears(db, scope, customerId),
      ]);
      return { status: "success" as const, data: rows.map(toInvoiceAnswer), years };
    },

    async invoice(caller: Caller, id: string) {
      const invoice = isId(id) ? await findInvoice(db, scopeOf(caller), id.toLowerCase()) : undefined;
      if (!invoice) throw notFound("No invoice with this id");
      return {
        status: "success" as const,
        data: {
          ...toInvoiceAnswer(invoice),
          customer: invoice.billed_to as Customer,
          lines: [
            {
              description: invoice.description,
              quantity: invoice.quantity,
              unit_price: euro(invoice.unit_price_cents),
              total: euro(invoice.unit_price_cents * invoice.quantity),
            },
          ],
          subtotal: euro(invoice.subtotal_cents),
          discount: euro(invoice.discount_cents),
          taxes: euro(invoice.taxes_cents),
          total: euro(invoice.total_cents),
          hosted_invoice_url: null,
        },
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
