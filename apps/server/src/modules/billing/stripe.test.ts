/**
 * Stripe Checkout (`STRIPE_SECRET_KEY`) through Stripe's official SDK, against a loopback server that answers as
 * Stripe does: the payment page is Stripe's, the session is settled by Stripe's signed events, the built-in page
 * cannot mark anything paid, and a Stripe that refuses or fails gives the customer the catalogue's
 * 'Failed to start the checkout session' (503). On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import type { InjectOptions } from "fastify";
import { errorMessages } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, testWebhookSecret, type TestContext } from "../../test/context";
import { createTenant } from "../../test/fixture";
import { startStripeServer, type StripeServer } from "../../test/stripe-server";
import { multipartBody } from "../../test/files";
import { localPriceIds } from "./service";
import { completeCustomerDetails, signedWebhookHeaders } from "./test-seed";

let stripe: StripeServer;
let ctx: TestContext;
let wrongKey: TestContext;

beforeAll(async () => {
  stripe = await startStripeServer();
  [ctx, wrongKey] = await Promise.all([
    createTestContext({ stripe: { secretKey: stripe.secretKey, apiUrl: stripe.apiUrl } }),
    createTestContext({ stripe: { secretKey: "sk_test_not_the_right_key_0000", apiUrl: stripe.apiUrl } }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), wrongKey?.close()]);
  await stripe?.close();
});

async function call(context: TestContext, operationId: string, options: InjectOptions) {
  const response = await context.app.inject(options);
  expectToMatchContract(operationId, response);
  return response;
}

async function buyer(context: TestContext, role: "customer" | "customer_so" = "customer") {
  const tenant = await createTenant(context, `Stripe ${randomBytes(3).toString("hex")}`);
  await completeCustomerDetails(context.database.db, tenant.customerId);
  const { token } = await context.createUser({ role, customerId: tenant.customerId });
  return { ...tenant, token };
}

const fixedCheckout = (token: string, customerId: string, priceId: string) =>
  call(ctx, "createFixedCheckoutSession", {
    method: "POST",
    url: "/api/orders/create-fixed-checkout-session",
    headers: bearer(token),
    payload: { customer_id: customerId, stripe_price_id: priceId },
  });

const checkout = (context: TestContext, token: string, customerId: string, isAnnual = false) =>
  call(context, "createCheckoutSession", {
    method: "POST",
    url: "/api/orders/create-checkout-session",
    headers: bearer(token),
    payload: { customer_id: customerId, is_annual: isAnnual },
  });

function stripeEvent(type: string, session: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: "2025-11-17.clover",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...session, ...changes } },
  });
}

const webhook = (body: string) =>
  call(ctx, "handlePaymentWebhook", { method: "POST", url: "/api/orders/webhook", headers: signedWebhookHeaders(body, testWebhookSecret), payload: body });

const activate = (sessionId: string) => call(ctx, "activateProduct", { method: "POST", url: "/api/orders/activate-product", payload: { session_id: sessionId } });

async function invoiceCount(customerId: string) {
  const [row] = await ctx.database.db.query<{ count: number }>("SELECT count(*)::int AS count FROM invoices WHERE customer_id = $1", [customerId]);
  return row!.count;
}

describe("Stripe Checkout", () => {
  it("sends the customer to Stripe's page with the invoice's amounts, and is paid by Stripe's event alone", async () => {
    const customer = await buyer(ctx);
    const started = await checkout(ctx, customer.token, customer.customerId);
    expect(started.statusCode, started.body).toBe(200);
    const { session_id: ours, url } = started.json() as { session_id: string; url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const sent = stripe.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(sent.headers["idempotency-key"]).toBe(`parley-${ours}`);
    expect(sent.params).toMatchObject({
      mode: "payment",
      client_reference_id: ours,
      "metadata[parley_session_id]": ours,
      customer_email: "billing@example.test",
      locale: "en",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][quantity]": "1",
      "line_items[1][price_data][product_data][name]": expect.stringContaining("21"),
    });
    expect(sent.params.success_url).toBe(`http://portal.test/payment-success?session_id=${ours}`);
    expect(sent.params.cancel_url).toBe(`http://portal.test/subscription/view`);
    const expiresIn = Number(sent.params.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600);
    // What Stripe charges is the session's total: net plus 21 % VAT, to the cent.
    const [stored] = await ctx.database.db.query<{ subtotal_cents: number; discount_cents: number; product: string }>(
      "SELECT subtotal_cents, discount_cents, product FROM checkout_sessions WHERE id = $1",
      [ours],
    );
    const net = stored!.subtotal_cents - stored!.discount_cents;
    expect(Number(sent.params["line_items[0][price_data][unit_amount]"])).toBe(net);
    expect(Number(sent.params["line_items[1][price_data][unit_amount]"])).toBe(Math.round(net * 0.21));

    // The built-in page, which marks a session paid itself, is closed while Stripe takes the payments.
    expect((await call(ctx, "showLocalCheckout", { method: "GET", url: `/api/orders/local-checkout/${ours}` })).statusCode).toBe(404);
    const { payload, headers } = multipartBody([{ name: "outcome", value: "pay" }]);
    expect((await call(ctx, "completeLocalCheckout", { method: "POST", url: `/api/orders/local-checkout/${ours}/complete`, headers, payload })).statusCode).toBe(404);
    expect((await activate(ours)).json()).toMatchObject({ success: false });

    const session = stripe.sessions.get(url.slice(url.indexOf("cs_test_"), url.indexOf("#")))!;
    const paid = stripeEvent("checkout.session.completed", session, { status: "complete", payment_status: "paid" });
    expect((await webhook(paid)).statusCode).toBe(200);
    // Stripe's event alone gives the plan: the customer may never come back to the return page (a closed tab).
    const subscription = await call(ctx, "getSubscription", {
      method: "GET",
      url: `/api/orders/get-subscription?configuration_id=${customer.configurationId}`,
      headers: bearer(customer.token),
    });
    expect(subscription.json().data).toMatchObject({ is_active: true, activation: "active", chosen_product: stored!.product });
    // Stripe retries an event it is not sure arrived: one invoice whatever the count.
    expect((await webhook(paid)).statusCode).toBe(200);
    expect(await invoiceCount(customer.customerId)).toBe(1);
    expect((await activate(ours)).json()).toMatchObject({ success: true });
  });

  it("waits for a bank payment's success, and ends a session that expired or whose payment failed", async () => {
    const customer = await buyer(ctx, "customer_so");
    const started = await fixedCheckout(customer.token, customer.customerId, localPriceIds.monthly);
    expect(started.statusCode, started.body).toBe(200);
    const { session_id: ours } = started.json() as { session_id: string };
    expect(stripe.requests.at(-1)!.params.cancel_url).toBe(`http://portal.test/pricing`);
    const session = [...stripe.sessions.values()].find((made) => made.client_reference_id === ours)!;

    // A bank transfer completes the page unpaid; the money arrives later.
    await webhook(stripeEvent("checkout.session.completed", session, { status: "complete", payment_status: "unpaid" }));
    expect(await invoiceCount(customer.customerId)).toBe(0);
    expect((await activate(ours)).json()).toMatchObject({ success: false, message: "The payment has not arrived yet" });
    await webhook(stripeEvent("checkout.session.async_payment_succeeded", session, { status: "complete", payment_status: "paid" }));
    expect(await invoiceCount(customer.customerId)).toBe(1);

    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      const other = await checkout(ctx, customer.token, customer.customerId);
      const otherId = (other.json() as { session_id: string }).session_id;
      const made = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === otherId)!;
      await webhook(stripeEvent(type, made, { status: "expired", payment_status: "unpaid" }));
      expect((await activate(otherId)).json(), type).toMatchObject({ success: false, message: "The payment was not completed" });
    }
    expect(await invoiceCount(customer.customerId)).toBe(1);
  });

  it("tells the customer to try again later when Stripe refuses the key or fails, and leaves nothing to pay", async () => {
    const refused = await buyer(wrongKey);
    const answer = await checkout(wrongKey, refused.token, refused.customerId);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: "checkout_failed", message: errorMessages.checkout_failed });
    const [session] = await wrongKey.database.db.query<{ status: string }>("SELECT status FROM checkout_sessions WHERE customer_id = $1", [refused.customerId]);
    expect(session!.status).toBe("failed");

    const customer = await buyer(ctx);
    const before = stripe.requests.length;
    stripe.failing = true;
    try {
      const failed = await checkout(ctx, customer.token, customer.customerId);
      expect(failed.statusCode).toBe(503);
    } finally {
      stripe.failing = false;
    }
    // The SDK retried once, with the same idempotency key.
    const tries = stripe.requests.slice(before);
    expect(tries).toHaveLength(2);
    expect(new Set(tries.map((request) => request.headers["idempotency-key"])).size).toBe(1);
    // The next attempt starts a new session and works.
    expect((await checkout(ctx, customer.token, customer.customerId)).statusCode).toBe(200);
  });

  it("names the product as the customer knows it on Stripe's page and the invoice, never its code", async () => {
    const customer = await buyer(ctx, "customer_so");
    await ctx.database.db.query("UPDATE customers SET language = 'es' WHERE id = $1", [customer.customerId]);
    const started = await fixedCheckout(customer.token, customer.customerId, localPriceIds.annual);
    expect(started.statusCode, started.body).toBe(200);
    const { session_id: ours } = started.json() as { session_id: string };
    const sent = stripe.requests.at(-1)!;
    expect(sent.params["line_items[0][price_data][product_data][name]"]).toBe("Parley Basic, un año");
    const session = [...stripe.sessions.values()].find((made) => made.client_reference_id === ours)!;
    await webhook(stripeEvent("checkout.session.completed", session, { status: "complete", payment_status: "paid" }));
    const [invoice] = await ctx.database.db.query<{ description: string }>("SELECT description FROM invoices WHERE customer_id = $1", [customer.customerId]);
    expect(invoice!.description).toBe("Parley Basic, un año");
  });

  it("starts two checkouts at once as two sessions with two payment pages", async () => {
    const customer = await buyer(ctx);
    const [first, second] = await Promise.all([checkout(ctx, customer.token, customer.customerId), checkout(ctx, customer.token, customer.customerId, true)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().session_id).not.toBe(second.json().session_id);
    expect(first.json().url).not.toBe(second.json().url);
  });
});
