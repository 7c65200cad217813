/**
 * A server started without PUBLIC_URL (the quick start) sends the customer's browser to the checkout page and
 * back on the origin the browser used: on another origin (localhost for 127.0.0.1) the portal holds no session,
 * and the customer came back from paying signed out.
 */
import { addDays, toIsoDate } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant } from "../../test/fixture";
import { multipartBody } from "../../test/files";
import { updateCustomer } from "../customers/repository";
import { systemScope } from "../tenancy";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ publicUrlConfigured: false });
});
afterAll(async () => {
  await ctx?.close();
});

describe("checkout without PUBLIC_URL", () => {
  it("opens the checkout page and returns to the portal on the origin the browser used", async () => {
    const tenant = await createTenant(ctx, "Origin shop");
    await updateCustomer(ctx.database.db, systemScope, tenant.customerId, { street: "Main Street", houseNumber: "1", postalCode: "1011 AA", city: "Amsterdam", country: "NL" });
    const { token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const { token: admin } = await ctx.createUser({ role: "admin" });
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/orders/create_or_update_subscription",
      headers: bearer(admin),
      payload: { configuration_id: tenant.configurationId, customer_id: tenant.customerId, subscription_type: "monthly", is_active: false, chosen_product: "basic", manual_amount: 100, year_discount: 10, end_date: toIsoDate(addDays(new Date(), 14)), trial_days: 14 },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const started = await ctx.app.inject({
      method: "POST",
      url: "/api/orders/create-checkout-session",
      headers: { ...bearer(token), host: "127.0.0.1:8094" },
      payload: { customer_id: tenant.customerId, is_annual: false },
    });
    expectToMatchContract("createCheckoutSession", started);
    const sessionId = started.json().session_id as string;
    expect(started.json().url).toBe(`http://127.0.0.1:8094/api/orders/local-checkout/${sessionId}`);

    const { payload, headers } = multipartBody([{ name: "outcome", value: "pay" }]);
    const paid = await ctx.app.inject({ method: "POST", url: `/api/orders/local-checkout/${sessionId}/complete`, headers: { ...headers, host: "127.0.0.1:8094" }, payload });
    expectToMatchContract("completeLocalCheckout", paid);
    expect(paid.headers.location).toBe(`http://127.0.0.1:8094/payment-success?session_id=${sessionId}`);

    // A Host that is no host falls back to the assumed address rather than into a link.
    const odd = await ctx.app.inject({
      method: "POST",
      url: "/api/orders/create-checkout-session",
      headers: { ...bearer(token), host: "evil.test/@x" },
      payload: { customer_id: tenant.customerId, is_annual: true },
    });
    expect(odd.json().url).toMatch(/^http:\/\/portal\.test\/api\/orders\/local-checkout\/cs_/);
  });
});
