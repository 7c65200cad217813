import { createHmac } from "node:crypto";
import type { InjectOptions } from "fastify";
import {
  messageLimitFor,
  paidPeriodEnd,
  selfOnboardingMonthlyAmount,
  selfOnboardingYearDiscount,
  toIsoDate,
  addDays,
} from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createTestContext,
  expectToMatchContract,
  testWebhookSecret,
  type TestContext,
} from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { multipartBody } from "../../test/files";
import { updateCustomer } from "../customers/repository";
import { systemScope } from "../tenancy";
import { localPriceIds } from "./service";

let ctx: TestContext;
let admin: string;
let alpha: Tenant & { token: string };
let bravo: Tenant & { token: string };
let bare: Tenant & { token: string };
let so: Tenant & { token: string };

const year = new Date().getUTCFullYear();
const completeAddress = {
  street: "Main Street",
  houseNumber: "1",
  postalCode: "1011 AA",
  city: "Amsterdam",
  country: "NL",
  contactPersonEmail: "billing@alpha.test",
};

async function customerTenant(label: string, role: "customer" | "customer_so" = "customer", details = true) {
  const tenant = await createTenant(ctx, label);
  if (details)
    await updateCustomer(ctx.database.db, systemScope, tenant.customerId, {
      ...completeAddress,
      name: `${label} <b>&"Co"</b>`,
    });
  const { token } = await ctx.createUser({ role, customerId: tenant.customerId });
  return { ...tenant, token };
}

async function call(operationId: string, options: InjectOptions) {
  const response = await ctx.app.inject(options);
  expectToMatchContract(operationId, response);
  return response;
}

const subscriptionBody = (tenant: Tenant, overrides: Record<string, unknown> = {}) => ({
  configuration_id: tenant.configurationId,
  customer_id: tenant.customerId,
  subscription_type: "monthly",
  is_active: false,
  chosen_product: "basic",
  manual_amount: 100,
  year_discount: 10,
  end_date: toIsoDate(addDays(new Date(), 14)),
  trial_days: 14,
  ...overrides,
});

const saveSubscription = (token: string, payload: unknown) =>
  call("createOrUpdateSubscription", {
    method: "POST",
    url: "/api/orders/create_or_update_subscription",
    headers: bearer(token),
    payload: payload as object,
  });

const startCheckout = (token: string, customerId: string, isAnnual: boolean) =>
  call("createCheckoutSession", {
    method: "POST",
    url: "/api/orders/create-checkout-session",
    headers: bearer(token),
    payload: { customer_id: customerId, is_annual: isAnnual },
  });

function complete(sessionId: string, outcome: "pay" | "cancel" = "pay") {
  const { payload, headers } = multipartBody([{ name: "outcome", value: outcome }]);
  return call("completeLocalCheckout", {
    method: "POST",
    url: `/api/orders/local-checkout/${sessionId}/complete`,
    headers,
    payload,
  });
}

const activate = (sessionId: string) =>
  call("activateProduct", {
    method: "POST",
    url: "/api/orders/activate-product",
    payload: { session_id: sessionId },
  });

/** The customer's cancel, as the portal posts it (a form with customer_id). */
function cancelAs(token: string, customerId: string) {
  const { payload, headers } = multipartBody([{ name: "customer_id", value: customerId }]);
  return call("cancelSubscription", {
    method: "POST",
    url: "/api/orders/cancel_subscription",
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

const invoices = (token: string, query = "") =>
  call("listInvoices", { method: "GET", url: `/api/orders/invoices${query}`, headers: bearer(token) });

function signed(body: string, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature =
    options.signature ??
    createHmac("sha256", options.secret ?? testWebhookSecret)
      .update(`${timestamp}.${body}`)
      .digest("hex");
  return { "content-type": "application/json", "stripe-signature": `t=${timestamp},v1=${signature}` };
}

const webhook = (body: string, headers: Record<string, string>) =>
  call("handlePaymentWebhook", { method: "POST", url: "/api/orders/webhook", headers, payload: body });

async function configurationRow(id: string) {
  const [row] = await ctx.database.db.query<{
    product: string;
    message_limit: number;
    remaining_messages: number;
  }>("SELECT product, message_limit, remaining_messages FROM configurations WHERE id = $1", [id]);
  return row!;
}

async function invoiceCount(customerId: string) {
  const [row] = await ctx.database.db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM invoices WHERE customer_id = $1",
    [customerId],
  );
  return row!.count;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.createUser({ role: "admin" })).token;
  alpha = await customerTenant("Alpha");
  bravo = await customerTenant("Bravo");
  bare = await customerTenant("Bare", "customer", false);
  so = await customerTenant("Solo", "customer_so");
});
afterAll(async () => {
  await ctx?.close();
});

describe("the whole path: subscription, checkout, payment, activation, invoice", () => {
  let sessionId: string;

  it("admin saves a subscription (200), the same again answers 204, and the customer reads it", async () => {
    // The contract types end_date as a calendar date, so a date-time is refused with the field named.
    const withTime = await saveSubscription(
      admin,
      subscriptionBody(alpha, { end_date: "2027-03-01T10:00:00Z" }),
    );
    expect(withTime.statusCode).toBe(400);
    expect(withTime.json().errors[0].path).toBe("end_date");
    const dated = subscriptionBody(alpha, { end_date: "2027-03-01" });
    const saved = await saveSubscription(admin, dated);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      configuration_id: alpha.configurationId,
      end_date: "2027-03-01",
      is_active: false,
      // Nothing is being paid for it: not "pending", which the portal reads as a payment under way.
      activation: "inactive",
    });
    const again = await saveSubscription(admin, { ...dated, end_date: "2027-03-01" });
    expect(again.statusCode).toBe(204);
    const changed = await saveSubscription(admin, subscriptionBody(alpha));
    expect(changed.statusCode).toBe(200);

    const read = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${alpha.configurationId}`,
      headers: bearer(alpha.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      chosen_product: "basic",
      manual_amount: 100,
      year_discount: 10,
      subscription_type: "monthly",
    });
    const listed = await call("listLocalSubscriptions", {
      method: "GET",
      url: "/api/orders/get-local-subscriptions",
      headers: bearer(alpha.token),
    });
    expect(listed.json().data.map((s: { configuration_id: string }) => s.configuration_id)).toEqual([
      alpha.configurationId,
    ]);
    const none = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${bravo.configurationId}`,
      headers: bearer(bravo.token),
    });
    expect(none.json().data).toBeNull();
  });

  it("the customer starts an annual checkout, sees the page with the amount escaped, pays and is sent back", async () => {
    const started = await startCheckout(alpha.token, alpha.customerId, true);
    expect(started.statusCode, started.body).toBe(200);
    sessionId = started.json().session_id;
    expect(sessionId).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    expect(started.json().url).toBe(`http://portal.test/api/orders/local-checkout/${sessionId}`);

    const pending = await call("checkPaymentStatus", {
      method: "GET",
      url: `/api/orders/check-payment-status?customerId=${alpha.customerId}`,
      headers: bearer(alpha.token),
    });
    expect(pending.json().subscription).toBe("pending");
    expect((await activate(sessionId)).json()).toMatchObject({ success: false });
    const underWay = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${alpha.configurationId}`,
      headers: bearer(alpha.token),
    });
    expect(underWay.json().data).toMatchObject({ is_active: false, activation: "pending" });

    const page = await call("showLocalCheckout", {
      method: "GET",
      url: `/api/orders/local-checkout/${sessionId}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
    // 12 × €100 = €1,200.00, less 10 % = €1,080.00, plus 21 % VAT = €1,306.80.
    expect(page.body).toContain("€1,200.00");
    expect(page.body).toContain("€120.00");
    expect(page.body).toContain("€1,306.80");
    expect(page.body).toContain("Alpha &#60;b&#62;&#38;&#34;Co&#34;&#60;/b&#62;");
    expect(page.body).not.toContain("<b>&");
    // Self-contained: no scripts, no external assets, nothing the page's CSP would have to allow.
    expect(page.body).not.toMatch(/<script|<link|<img|src=|href=|url\(/i);
    expect(page.body).toContain(`action="/api/orders/local-checkout/${sessionId}/complete"`);

    const paid = await complete(sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://portal.test/payment-success?session_id=${sessionId}`);
    const paidPage = await ctx.app.inject({ method: "GET", url: `/api/orders/local-checkout/${sessionId}` });
    expect(paidPage.body).not.toContain("<form");
    // The invoice goes to the customer's contact person, with its number, total and where to read it.
    const mail = await ctx.smtp.nextFor("billing@alpha.test");
    expect(mail.subject).toMatch(new RegExp(`^Your Parley invoice PAR-${year}-\\d{4}$`));
    expect(mail.body).toContain("€1,306.80");
    expect(mail.body).toContain("http://portal.test/subscription/invoices");
    // The name is text: escaped in the HTML part.
    expect(mail.body).toContain("<p>Hello Alpha &#60;b&#62;&#38;&#34;Co&#34;&#60;/b&#62;,</p>");
    expect(mail.body).not.toContain("<p>Hello Alpha <b>");
  });

  it("activates the product once, however often the return page asks", async () => {
    const first = await activate(sessionId);
    expect(first.json()).toMatchObject({ status: "success", success: true });
    const second = await activate(sessionId);
    expect(second.json()).toMatchObject({ success: true });
    const configuration = await configurationRow(alpha.configurationId);
    expect(configuration).toEqual({
      product: "basic",
      message_limit: messageLimitFor("basic"),
      remaining_messages: messageLimitFor("basic"),
    });
    const read = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${alpha.configurationId}`,
      headers: bearer(alpha.token),
    });
    expect(read.json().data).toMatchObject({
      is_active: true,
      activation: "active",
      subscription_type: "annual",
      manual_amount: 100,
      trial_days: 0,
      end_date: paidPeriodEnd(new Date(), "annual"),
    });
    const status = await call("checkPaymentStatus", {
      method: "GET",
      url: `/api/orders/check-payment-status?customerId=${alpha.customerId}`,
      headers: bearer(alpha.token),
    });
    expect(status.json().subscription).toBe("paid");
  });

  it("lists this year's invoice with the right amounts and shows it", async () => {
    const listed = await invoices(alpha.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().years).toEqual([year]);
    expect(listed.json().data).toHaveLength(1);
    const [invoice] = listed.json().data;
    expect(invoice).toMatchObject({
      amount: 1306.8,
      currency: "EUR",
      status: "paid",
      date: toIsoDate(new Date()),
    });
    expect(invoice.number).toMatch(new RegExp(`^PAR-${year}-\\d{4}$`));
    expect((await invoices(alpha.token, `?year=${year - 1}`)).json().data).toEqual([]);
    const byAdmin = await invoices(admin, `?customer_id=${alpha.customerId}`);
    expect(byAdmin.json().data.map((i: { id: string }) => i.id)).toEqual([invoice.id]);

    const detail = await call("getInvoice", {
      method: "GET",
      url: `/api/orders/invoices/${invoice.id}`,
      headers: bearer(alpha.token),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      subtotal: 1200,
      discount: 120,
      taxes: 226.8,
      total: 1306.8,
      lines: [{ quantity: 1, unit_price: 1200, total: 1200 }],
    });
    expect(detail.json().data.customer).toMatchObject({ _id: alpha.customerId, city: "Amsterdam" });
  });

  it("two completions at once make one invoice", async () => {
    const before = await invoiceCount(alpha.customerId);
    const id = (await startCheckout(alpha.token, alpha.customerId, false)).json().session_id;
    const answers = await Promise.all([complete(id), complete(id), complete(id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303]);
    expect(await invoiceCount(alpha.customerId)).toBe(before + 1);
    // Monthly: €100 + 21 % VAT.
    const latest = (await invoices(alpha.token)).json().data[0];
    expect(latest.amount).toBe(121);
    // Two sessions paid at once: two invoices, numbered one after the other.
    const [one, two] = await Promise.all([
      startCheckout(alpha.token, alpha.customerId, false),
      startCheckout(alpha.token, alpha.customerId, false),
    ]);
    await Promise.all([complete(one!.json().session_id), complete(two!.json().session_id)]);
    expect(await invoiceCount(alpha.customerId)).toBe(before + 3);
    const numbers: string[] = (await invoices(alpha.token))
      .json()
      .data.map((i: { number: string }) => i.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const sequences = numbers.map((n) => Number(n.split("-")[2])).sort((x, y) => x - y);
    expect(sequences.at(-1)! - sequences.at(-2)!).toBe(1);
    // Activating both at once, twice each: each activates once, and the subscription stays consistent.
    const activations = await Promise.all([one, two, one, two].map((r) => activate(r!.json().session_id)));
    expect(activations.every((r) => r.json().success === true)).toBe(true);
    const [row] = await ctx.database.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM checkout_sessions WHERE id IN ($1, $2) AND activated_at IS NOT NULL",
      [one!.json().session_id, two!.json().session_id],
    );
    expect(row!.count).toBe(2);
  });

  it("buying again after a cancel continues after the period already paid, rather than dropping it", async () => {
    const buyer = await customerTenant("Rebuyer");
    const pay = async (annual: boolean) => {
      const started = await startCheckout(buyer.token, buyer.customerId, annual);
      expect(started.statusCode, started.body).toBe(200);
      expect((await complete(started.json().session_id)).statusCode).toBe(303);
    };
    const read = async () =>
      (
        await call("getSubscription", {
          method: "GET",
          url: `/api/orders/get-subscription?configuration_id=${buyer.configurationId}`,
          headers: bearer(buyer.token),
        })
      ).json().data as { is_active: boolean; end_date: string };
    await pay(true);
    const paidUntil = (await read()).end_date;
    expect(paidUntil).toBe(paidPeriodEnd(new Date(), "annual"));
    const canceled = await cancelAs(buyer.token, buyer.customerId);
    expect(canceled.statusCode).toBe(200);
    expect(await read()).toMatchObject({ is_active: false, end_date: paidUntil });
    await pay(false);
    expect(await read()).toMatchObject({
      is_active: true,
      end_date: paidPeriodEnd(new Date(`${paidUntil}T12:00:00Z`), "monthly"),
    });
  });

  it("two plan payments settled at once both count: the second extends the first", async () => {
    const buyer = await customerTenant("Twice");
    const started = await Promise.all([startCheckout(buyer.token, buyer.customerId, false), startCheckout(buyer.token, buyer.customerId, false)]);
    const ids = started.map((answer) => answer.json().session_id as string);
    const settled = await Promise.all(ids.map((id) => complete(id)));
    expect(settled.map((answer) => answer.statusCode)).toEqual([303, 303]);
    const read = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${buyer.configurationId}`,
      headers: bearer(buyer.token),
    });
    const first = paidPeriodEnd(new Date(), "monthly");
    expect(read.json().data).toMatchObject({ is_active: true, end_date: paidPeriodEnd(new Date(`${first}T12:00:00Z`), "monthly") });
  });

  it("a canceled checkout is 'failed', makes no invoice and activates nothing", async () => {
    const before = await invoiceCount(bravo.customerId);
    await saveSubscription(admin, subscriptionBody(bravo, { chosen_product: "premium" }));
    const id = (await startCheckout(bravo.token, bravo.customerId, false)).json().session_id;
    expect((await complete(id, "cancel")).statusCode).toBe(303);
    expect((await complete(id, "pay")).statusCode).toBe(303);
    expect(await invoiceCount(bravo.customerId)).toBe(before);
    expect((await activate(id)).json()).toMatchObject({ success: false });
    expect((await configurationRow(bravo.configurationId)).product).toBe("entry");
    const status = await call("checkPaymentStatus", {
      method: "GET",
      url: `/api/orders/check-payment-status?customerId=${bravo.customerId}`,
      headers: bearer(bravo.token),
    });
    expect(status.json().subscription).toBe("failed");
  });

  it("a customer with a negotiated subscription cannot buy the fixed self-onboarding price", async () => {
    const refused = await call("createFixedCheckoutSession", {
      method: "POST",
      url: "/api/orders/create-fixed-checkout-session",
      headers: bearer(alpha.token),
      payload: { customer_id: alpha.customerId, stripe_price_id: localPriceIds.monthly },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe("stripe_price_id");
  });

  it("an admin activating a subscription gives the configuration its product and limit", async () => {
    const tenant = await customerTenant("Manual");
    await ctx.database.db.query("UPDATE configurations SET remaining_messages = 3 WHERE id = $1", [
      tenant.configurationId,
    ]);
    expect(
      (
        await saveSubscription(
          admin,
          subscriptionBody(tenant, { is_active: false, chosen_product: "business" }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await configurationRow(tenant.configurationId)).product).toBe("entry");
    expect(
      (
        await saveSubscription(
          admin,
          subscriptionBody(tenant, { is_active: true, chosen_product: "business" }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await configurationRow(tenant.configurationId)).toEqual({
      product: "business",
      message_limit: messageLimitFor("business"),
      remaining_messages: messageLimitFor("business"),
    });
    // Changing the amount of an active subscription leaves the usage alone.
    await ctx.database.db.query("UPDATE configurations SET remaining_messages = 7 WHERE id = $1", [
      tenant.configurationId,
    ]);
    expect(
      (
        await saveSubscription(
          admin,
          subscriptionBody(tenant, { is_active: true, chosen_product: "business", manual_amount: 120 }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await configurationRow(tenant.configurationId)).remaining_messages).toBe(7);
  });

  it("a self-onboarding customer buys the fixed Basic price", async () => {
    // A stored subscription at another price: the fixed price paid replaces it.
    const stored = await saveSubscription(
      admin,
      subscriptionBody(so, { chosen_product: "entry", manual_amount: 149, year_discount: 0 }),
    );
    expect(stored.statusCode).toBe(200);
    const refused = await call("createFixedCheckoutSession", {
      method: "POST",
      url: "/api/orders/create-fixed-checkout-session",
      headers: bearer(so.token),
      payload: { customer_id: so.customerId, stripe_price_id: "price_other" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe("stripe_price_id");
    const started = await call("createFixedCheckoutSession", {
      method: "POST",
      url: "/api/orders/create-fixed-checkout-session",
      headers: bearer(so.token),
      payload: { customer_id: so.customerId, stripe_price_id: localPriceIds.annual },
    });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().session_id;
    await complete(id);
    expect((await activate(id)).json().success).toBe(true);
    expect(await configurationRow(so.configurationId)).toMatchObject({
      product: "so_basic",
      message_limit: messageLimitFor("so_basic"),
    });
    // What was paid is what the subscription says: the fixed price and its annual discount.
    const subscription = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${so.configurationId}`,
      headers: bearer(so.token),
    });
    expect(subscription.json().data).toMatchObject({
      chosen_product: "so_basic",
      manual_amount: selfOnboardingMonthlyAmount,
      year_discount: selfOnboardingYearDiscount,
      subscription_type: "annual",
      is_active: true,
    });
    const subtotal = Math.round(selfOnboardingMonthlyAmount * 100) * 12;
    const net = subtotal - Math.round((subtotal * selfOnboardingYearDiscount) / 100);
    const [invoice] = (await invoices(so.token)).json().data;
    expect(invoice.amount).toBe((net + Math.round(net * 0.21)) / 100);
  });
});

describe("invoices outlive their customer", () => {
  it("keeps a deleted customer's invoices for admins, with whom they were for", async () => {
    const gone = await customerTenant("Gone");
    const id = (await startCheckout(gone.token, gone.customerId, false)).json().session_id;
    await complete(id);
    const [invoice] = (await invoices(gone.token)).json().data;
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/customers/${gone.customerId}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await call("getInvoice", {
      method: "GET",
      url: `/api/orders/invoices/${invoice.id}`,
      headers: bearer(admin),
    });
    expect(kept.statusCode).toBe(200);
    // No subscription was set: the defaults (entry, €149.00 a month) plus 21 % VAT.
    expect(kept.json().data).toMatchObject({
      number: invoice.number,
      total: 180.29,
      customer: { _id: gone.customerId, city: "Amsterdam" },
    });
  });
});

describe("checkout refusals", () => {
  it("refuses a customer whose invoice details are incomplete, naming the fields", async () => {
    const response = await startCheckout(bare.token, bare.customerId, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("customer_details_incomplete");
    expect(response.json().errors.map((e: { path: string }) => e.path)).toEqual([
      "street",
      "houseNumber",
      "postalCode",
      "city",
      "country",
    ]);
  });

  it("shows the checkout page and its invoice line in the customer's language, and mails the invoice in it", async () => {
    await ctx.database.db.query("UPDATE customers SET language = 'nl', contact_person_email = 'factuur@alpha.test' WHERE id = $1", [alpha.customerId]);
    try {
      const started = await startCheckout(alpha.token, alpha.customerId, false);
      expect(started.statusCode, started.body).toBe(200);
      const page = await ctx.app.inject({ method: "GET", url: `/api/orders/local-checkout/${started.json().session_id}` });
      expect(page.body).toContain('<html lang="nl">');
      expect(page.body).toContain("<h1>Afrekenen</h1>");
      expect(page.body).toContain("één maand");
      expect(page.body).toContain("Btw 21 %");
      // Dutch amounts: € 121,00 (a no-break space between sign and amount).
      expect(page.body).toMatch(/Betaal €\s121,00/);
      expect(page.body).not.toContain("Checkout");
      // The portal adds its interface language: a French interface on a Dutch account pays in French.
      const french = await ctx.app.inject({ method: "GET", url: `/api/orders/local-checkout/${started.json().session_id}?lang=fr` });
      expect(french.body).toContain('<html lang="fr">');
      expect(french.body).toMatch(/Payer 121,00\s€/);
      // The whole page, its purchase line too (stored in the account's language for the invoice).
      expect(french.body).toMatch(/<td>Parley \w+, un mois<\/td>/);
      expect(french.body).not.toContain("één maand");
      const unknown = await ctx.app.inject({ method: "GET", url: `/api/orders/local-checkout/${started.json().session_id}?lang=xx` });
      expect(unknown.statusCode).toBe(400);
      expectToMatchContract("showLocalCheckout", unknown);
      expect((await complete(started.json().session_id)).statusCode).toBe(303);
      const mail = await ctx.smtp.nextFor("factuur@alpha.test");
      expect(mail.subject).toMatch(/^Je Parley-factuur PAR-/);
      expect(mail.body).toContain("Bedankt voor je betaling");
      expect(mail.body).toMatch(/Totaal betaald: €\s121,00/);
    } finally {
      await ctx.database.db.query("UPDATE customers SET language = NULL, contact_person_email = 'billing@alpha.test' WHERE id = $1", [alpha.customerId]);
    }
  });

  it("answers 404 for an unknown or malformed session id", async () => {
    for (const id of ["cs_" + "A".repeat(43), "nope", "%00"]) {
      const page = await ctx.app.inject({ method: "GET", url: `/api/orders/local-checkout/${id}` });
      expect([400, 404]).toContain(page.statusCode);
      expectToMatchContract("showLocalCheckout", page);
    }
    expect((await activate("cs_" + "B".repeat(43))).statusCode).toBe(404);
    expect((await complete("cs_" + "C".repeat(43))).statusCode).toBe(404);
  });
});

describe("tenancy", () => {
  it("answers 404 for another customer's configuration, customer and invoice", async () => {
    const foreignSubscription = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${alpha.configurationId}`,
      headers: bearer(bravo.token),
    });
    expect(foreignSubscription.statusCode).toBe(404);
    const foreignCheckout = await startCheckout(bravo.token, alpha.customerId, false);
    expect(foreignCheckout.statusCode).toBe(404);
    const foreignStatus = await call("checkPaymentStatus", {
      method: "GET",
      url: `/api/orders/check-payment-status?customerId=${alpha.customerId}`,
      headers: bearer(bravo.token),
    });
    expect(foreignStatus.statusCode).toBe(404);
    const foreignInvoices = await invoices(bravo.token, `?customer_id=${alpha.customerId}`);
    expect(foreignInvoices.statusCode).toBe(404);
    const [invoice] = (await invoices(alpha.token)).json().data;
    const foreignInvoice = await call("getInvoice", {
      method: "GET",
      url: `/api/orders/invoices/${invoice.id}`,
      headers: bearer(bravo.token),
    });
    expect(foreignInvoice.statusCode).toBe(404);
    expect((await invoices(bravo.token)).json().data.every((i: { id: string }) => i.id !== invoice.id)).toBe(
      true,
    );
    const foreignList = await call("listLocalSubscriptions", {
      method: "GET",
      url: `/api/orders/get-local-subscriptions?customer_id=${alpha.customerId}`,
      headers: bearer(bravo.token),
    });
    expect(foreignList.statusCode).toBe(404);
    const foreignCancel = await cancelAs(bravo.token, alpha.customerId);
    expect(foreignCancel.statusCode).toBe(404);
    const stillActive = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${alpha.configurationId}`,
      headers: bearer(alpha.token),
    });
    expect(stillActive.json().data.is_active).toBe(true);
  });

  it("only admins save subscriptions", async () => {
    expect((await saveSubscription(alpha.token, subscriptionBody(alpha))).statusCode).toBe(403);
  });

  it("the customer cancels their own subscription", async () => {
    const canceled = await cancelAs(so.token, so.customerId);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().message).toBe("Subscription canceled successfully");
    const read = await call("getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${so.configurationId}`,
      headers: bearer(so.token),
    });
    // Canceled is not a payment under way.
    expect(read.json().data).toMatchObject({ is_active: false, activation: "inactive" });
    const stripe = await call("getStripeSubscription", {
      method: "GET",
      url: `/api/orders/get-stripe-subscription?customer_id=${so.customerId}`,
      headers: bearer(so.token),
    });
    expect(stripe.json()).toEqual({ status: "success", data: null });
  });
});

describe("validation", () => {
  it("names the field of every bad subscription input", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ configuration_id: null }, "configuration_id"],
      [{ configuration_id: "" }, "configuration_id"],
      [{ manual_amount: "ten" }, "manual_amount"],
      [{ manual_amount: 10.005 }, "manual_amount"],
      [{ year_discount: 12 }, "year_discount"],
      [{ end_date: "2027-02-30" }, "end_date"],
      [{ end_date: "soon" }, "end_date"],
      [{ subscription_type: "weekly" }, "subscription_type"],
      [{ trial_days: 1.5 }, "trial_days"],
      [{ chosen_product: "gold\u0000" }, "chosen_product"],
      [{ customer_id: bravo.customerId }, "customer_id"],
    ];
    for (const [overrides, path] of cases) {
      const response = await saveSubscription(admin, subscriptionBody(alpha, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(response.json().errors), JSON.stringify(overrides)).toContain(path);
    }
    // Left out, null or blank: the catalogue's 'No Configuration ID provided.', not the schema's 'This field is required'.
    const { configuration_id: _left, ...withoutConfiguration } = subscriptionBody(alpha);
    for (const body of [withoutConfiguration, subscriptionBody(alpha, { configuration_id: null }), subscriptionBody(alpha, { configuration_id: " " })]) {
      const response = await saveSubscription(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ code: "no_configuration_id", message: "No Configuration ID provided." });
    }
    const unknown = await saveSubscription(
      admin,
      subscriptionBody(alpha, { configuration_id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses wrong types, NUL bytes and huge input on checkout and activation", async () => {
    const wrongType = await call("createCheckoutSession", {
      method: "POST",
      url: "/api/orders/create-checkout-session",
      headers: bearer(alpha.token),
      payload: { customer_id: alpha.customerId, is_annual: "maybe" },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].path).toContain("is_annual");
    const nul = await activate("cs_\u0000");
    expect(nul.statusCode).toBe(400);
    const huge = await activate("x".repeat(300));
    expect(huge.statusCode).toBe(400);
    const badYear = await invoices(alpha.token, "?year=1999");
    expect(badYear.statusCode).toBe(400);
    const badId = await call("getInvoice", {
      method: "GET",
      url: "/api/orders/invoices/not-an-id",
      headers: bearer(alpha.token),
    });
    expect(badId.statusCode).toBe(404);
  });
});

describe("payment webhook", () => {
  const event = (id: string, sessionId: string) =>
    JSON.stringify({
      id,
      type: "checkout.session.completed",
      data: { object: { id: sessionId, object: "checkout.session" } },
    });

  it("a signed checkout.session.completed pays the session once, replays and bad signatures change nothing", async () => {
    const before = await invoiceCount(bravo.customerId);
    const sessionId = (await startCheckout(bravo.token, bravo.customerId, false)).json().session_id;
    const body = event(`evt_${Date.now()}`, sessionId);

    const wrong = await webhook(body, signed(body, { secret: "another-secret" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("validation_failed");
    const old = await webhook(body, signed(body, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }));
    expect(old.statusCode).toBe(400);
    const missing = await webhook(body, { "content-type": "application/json" });
    expect(missing.statusCode).toBe(400);
    const tampered = await webhook(body.replace("checkout.session", "checkout.sessiom"), signed(body));
    expect(tampered.statusCode).toBe(400);
    expect(await invoiceCount(bravo.customerId)).toBe(before);

    const accepted = await webhook(body, signed(body));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ received: true });
    expect(await invoiceCount(bravo.customerId)).toBe(before + 1);
    const replayed = await webhook(body, signed(body));
    expect(replayed.statusCode).toBe(200);
    // Another event id for the same session (a provider's retry): still one invoice.
    const retry = event(`evt_retry_${Date.now()}`, sessionId);
    const [a, b] = await Promise.all([webhook(retry, signed(retry)), webhook(retry, signed(retry))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await invoiceCount(bravo.customerId)).toBe(before + 1);
    expect((await activate(sessionId)).json().success).toBe(true);
    expect((await configurationRow(bravo.configurationId)).product).toBe("premium");
  });

  it("acknowledges other event types and refuses a malformed event", async () => {
    const other = JSON.stringify({
      id: `evt_other_${Date.now()}`,
      type: "invoice.paid",
      data: { object: {} },
    });
    expect((await webhook(other, signed(other))).statusCode).toBe(200);
    const malformed = JSON.stringify({ id: "evt_x", type: "checkout.session.completed" });
    const refused = await webhook(malformed, signed(malformed));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("validation_failed");
  });

  it("answers 503 when no webhook secret is configured", async () => {
    const unconfigured = await createTestContext({ paymentsWebhookSecret: null });
    try {
      const body = JSON.stringify({ id: "evt_1", type: "invoice.paid", data: { object: {} } });
      const response = await unconfigured.app.inject({
        method: "POST",
        url: "/api/orders/webhook",
        headers: signed(body),
        payload: body,
      });
      expect(response.statusCode).toBe(503);
      expectToMatchContract("handlePaymentWebhook", response);
    } finally {
      await unconfigured.close();
    }
  });
});

// Last: it spends this address's activations for the minute.
describe("activation rate limit", () => {
  it("answers 429 beyond 30 activations a minute from one address", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31 && !statuses.includes(429); attempt++) {
      statuses.push((await activate("cs_" + "D".repeat(43))).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]));
  });
});
