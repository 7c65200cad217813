import { messageLimitFor } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, type TestContext } from "../test/context";
import { createConfiguration } from "../test/fixture";
import { completeCustomerDetails } from "./billing/test-seed";

// Each write path of the API forgets the cached rows it changed at once, on its own report: here the
// app's caches do not hear the database's notifications at all (see `hearOnlyOwnWrites`).
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ hearOnlyOwnWrites: true });
  adminToken = (await ctx.createUser({ role: "admin" })).token;
});
afterAll(async () => {
  await ctx?.close();
});

const readConfiguration = (token: string, id: string) =>
  ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(token) });

describe("own writes", () => {
  it("a saved configuration and a usage reset are read back at once, under any spelling of the id", async () => {
    const customerId = await ctx.createCustomer("Own Writes Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = await createConfiguration(ctx.database.db, customerId, "before");
    expect((await readConfiguration(token, id)).json().data.name).toBe("before");
    expect((await readConfiguration(token, id.toUpperCase())).json().data.name).toBe("before");

    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/configuration/create_or_update",
      headers: bearer(token),
      payload: { _id: id, name: "after" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readConfiguration(token, id)).json().data.name).toBe("after");
    expect((await readConfiguration(token, id.toUpperCase())).json().data.name).toBe("after");

    await ctx.database.db.query("UPDATE configurations SET remaining_messages = 1 WHERE id = $1", [id]);
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/configuration/reset_usage",
      headers: bearer(adminToken),
      payload: { configuration_id: id },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await readConfiguration(token, id)).json().data.remaining_messages).toBe(messageLimitFor("entry"));
  });

  it("a deactivated user's token is refused at once", async () => {
    const customerId = await ctx.createCustomer("Deactivated Co");
    const { user, token } = await ctx.createUser({ role: "customer", customerId });
    const id = await createConfiguration(ctx.database.db, customerId, "theirs");
    expect((await readConfiguration(token, id)).statusCode).toBe(200);

    const deactivated = await ctx.app.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: bearer(adminToken),
      payload: {
        id: user.id,
        customerId,
        username: user.username,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        role: "customer",
        status: "inactive",
      },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await readConfiguration(token, id)).statusCode).toBe(401);
  });

  it("a deleted customer's configurations and users are gone at once", async () => {
    const customerId = await ctx.createCustomer("Deleted Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = await createConfiguration(ctx.database.db, customerId, "doomed");
    expect((await readConfiguration(token, id)).statusCode).toBe(200);
    expect((await readConfiguration(adminToken, id)).statusCode).toBe(200);

    const deleted = await ctx.app.inject({ method: "DELETE", url: `/api/customers/${customerId}`, headers: bearer(adminToken) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await readConfiguration(adminToken, id)).statusCode).toBe(404);
    expect((await readConfiguration(token, id)).statusCode).toBe(401);
  });
});

describe("own writes of billing", () => {
  it("a product activated by payment, or by an admin, is read back at once", async () => {
    const customerId = await ctx.createCustomer("Own Writes Billing");
    await completeCustomerDetails(ctx.database.db, customerId);
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = await createConfiguration(ctx.database.db, customerId, "billing");
    expect((await readConfiguration(token, id)).json().data.product).toBe("entry");

    const subscription = { configuration_id: id, customer_id: customerId, subscription_type: "monthly", is_active: false, chosen_product: "premium", manual_amount: 50, year_discount: 0, end_date: "2030-01-01", trial_days: 14 };
    await ctx.app.inject({ method: "POST", url: "/api/orders/create_or_update_subscription", headers: bearer(adminToken), payload: subscription });
    const started = await ctx.app.inject({ method: "POST", url: "/api/orders/create-checkout-session", headers: bearer(token), payload: { customer_id: customerId, is_annual: false } });
    const sessionId = started.json().session_id as string;
    await ctx.app.inject({ method: "POST", url: `/api/orders/local-checkout/${sessionId}/complete` });
    expect((await ctx.app.inject({ method: "POST", url: "/api/orders/activate-product", payload: { session_id: sessionId } })).json().success).toBe(true);
    expect((await readConfiguration(token, id)).json().data).toMatchObject({ product: "premium", message_limit: messageLimitFor("premium") });

    await ctx.app.inject({ method: "POST", url: "/api/orders/create_or_update_subscription", headers: bearer(adminToken), payload: { ...subscription, is_active: true, chosen_product: "business" } });
    expect((await readConfiguration(token, id)).json().data).toMatchObject({ product: "business", message_limit: messageLimitFor("business") });
  });
});
