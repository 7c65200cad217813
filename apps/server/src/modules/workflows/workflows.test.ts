import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiFunctionNames, successMessages } from "@parley/domain";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant } from "../../test/fixture";

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.createUser({ role: "admin" })).token;
});
afterAll(async () => {
  await ctx?.close();
});

let tenants = 0;
async function tenantWithCustomer() {
  tenants += 1;
  const tenant = await createTenant(ctx, `Flow${tenants}`);
  const { token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
  return { ...tenant, customerToken: token };
}

async function send(operationId: string, token: string, options: InjectOptions) {
  const response = await ctx.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...bearer(token) } });
  expectToMatchContract(operationId, response);
  return response;
}

const sms = { type: "send_sms", target: "+31612345678", message: "Call {{name}} back on {{phone}}" };
const lookup = { type: "retrieve_order", platform: "Shopify" };

function workflow(configurationId: string, overrides: Record<string, unknown> = {}) {
  return {
    configuration_id: configurationId,
    name: "Call back",
    trigger_function: "request_contact",
    actions: [sms],
    use_test_data: false,
    conversation_values: ["session_id"],
    function_values: ["name", "phone"],
    ...overrides,
  };
}

const create = (token: string, payload: unknown) => send("createWorkflow", token, { method: "POST", url: "/api/workflows", payload: payload as object });
const list = (token: string, configurationId: string) =>
  send("listWorkflows", token, { method: "GET", url: `/api/workflows?configuration_id=${configurationId}` });

describe("workflows", () => {
  it("an admin creates, reads, lists, replaces and deletes a workflow", async () => {
    const tenant = await tenantWithCustomer();
    expect((await list(admin, tenant.configurationId)).json()).toEqual({ status: "success", data: [] });

    const created = await create(admin, workflow(tenant.configurationId, { name: "  Call back  ", actions: [{ ...sms, platform: "Shopify" }] }));
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json().data;
    expect(created.json().message).toBe(successMessages.data_saved);
    // Trimmed, and an action keeps only the fields its type uses.
    expect(saved).toMatchObject({ name: "Call back", trigger_function: "request_contact", actions: [{ ...sms, platform: null }] });

    const read = await send("getWorkflow", admin, { method: "GET", url: `/api/workflows/${saved._id}` });
    expect(read.json().data).toEqual(saved);

    const replaced = await send("updateWorkflow", admin, {
      method: "PUT",
      url: `/api/workflows/${saved._id}`,
      payload: workflow(tenant.configurationId, {
        name: "Order status",
        trigger_function: "get_order_status",
        actions: [lookup, sms],
        use_test_data: true,
        function_values: ["order_number", "order_number"],
      }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({
      _id: saved._id,
      name: "Order status",
      use_test_data: true,
      actions: [{ type: "retrieve_order", platform: "Shopify", target: null, message: null }, sms],
      function_values: ["order_number"],
    });
    await create(admin, workflow(tenant.configurationId, { name: "Second" }));
    expect((await list(admin, tenant.configurationId)).json().data.map((item: { name: string }) => item.name)).toEqual(["Order status", "Second"]);

    const deleted = await send("deleteWorkflow", admin, { method: "DELETE", url: `/api/workflows/${saved._id}` });
    expect(deleted.json()).toEqual({ status: "success", message: successMessages.data_deleted });
    expect((await send("getWorkflow", admin, { method: "GET", url: `/api/workflows/${saved._id}` })).statusCode).toBe(404);
    expect((await send("deleteWorkflow", admin, { method: "DELETE", url: `/api/workflows/${saved._id}` })).statusCode).toBe(404);
  });

  it("refuses what the domain's workflow rules refuse, naming the fields, and stores nothing", async () => {
    const tenant = await tenantWithCustomer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "   " }, "name", "This field is required"],
      [{ trigger_function: "drop_tables" }, "trigger_function", `Choose one of: ${aiFunctionNames.join(", ")}`],
      [{ actions: [{ type: "send_sms", target: "+316", message: " " }] }, "actions[0].message", "This field is required"],
      [{ actions: [{ type: "send_sms", message: "hi" }] }, "actions[0].target", "This field is required"],
      [{ actions: [{ type: "retrieve_order" }] }, "actions[0].platform", "This field is required"],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await create(admin, workflow(tenant.configurationId, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_failed" });
      expect(response.json().errors).toContainEqual({ path, message });
    }
    // The contract itself: no action at all, an unknown platform, too many actions.
    for (const overrides of [{ actions: [] }, { actions: [{ type: "retrieve_order", platform: "eBay" }] }, { actions: Array.from({ length: 11 }, () => sms) }]) {
      expect((await create(admin, workflow(tenant.configurationId, overrides))).statusCode).toBe(400);
    }
    expect((await list(admin, tenant.configurationId)).json().data).toEqual([]);
  });

  it("answers NUL bytes and oversized input with a 4xx", async () => {
    const tenant = await tenantWithCustomer();
    const nul = await create(admin, workflow(tenant.configurationId, { name: "bad\u0000name" }));
    expect(nul.statusCode).toBe(400);
    const long = await create(admin, workflow(tenant.configurationId, { name: "x".repeat(201) }));
    expect(long.statusCode).toBe(400);
    const huge = await send("createWorkflow", admin, {
      method: "POST",
      url: "/api/workflows",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(workflow(tenant.configurationId, { name: "x".repeat(6 * 1024 * 1024) })),
    });
    expect(huge.statusCode).toBe(413);
    expect((await send("getWorkflow", admin, { method: "GET", url: "/api/workflows/not-a-uuid" })).statusCode).toBe(404);
    expect((await list(admin, tenant.configurationId)).json().data).toEqual([]);
  });

  it("lets the customer read its configuration's workflows, and not change them", async () => {
    const tenant = await tenantWithCustomer();
    const saved = (await create(admin, workflow(tenant.configurationId))).json().data;
    expect((await list(tenant.customerToken, tenant.configurationId)).json().data).toEqual([saved]);
    expect((await send("getWorkflow", tenant.customerToken, { method: "GET", url: `/api/workflows/${saved._id}` })).statusCode).toBe(200);

    const refused = [
      await create(tenant.customerToken, workflow(tenant.configurationId, { name: "Mine" })),
      await send("updateWorkflow", tenant.customerToken, { method: "PUT", url: `/api/workflows/${saved._id}`, payload: workflow(tenant.configurationId, { name: "Mine" }) }),
      await send("deleteWorkflow", tenant.customerToken, { method: "DELETE", url: `/api/workflows/${saved._id}` }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    expect((await list(admin, tenant.configurationId)).json().data).toEqual([saved]);
  });

  it("keeps another tenant's workflows out of reach (404), and a workflow in its configuration", async () => {
    const own = await tenantWithCustomer();
    const other = await tenantWithCustomer();
    const foreign = (await create(admin, workflow(other.configurationId, { name: "Theirs" }))).json().data;
    const mine = (await create(admin, workflow(own.configurationId, { name: "Mine" }))).json().data;
    const token = own.customerToken;

    expect((await list(token, other.configurationId)).statusCode).toBe(404);
    const read = await send("getWorkflow", token, { method: "GET", url: `/api/workflows/${foreign._id}` });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain("Theirs");
    expect((await send("deleteWorkflow", token, { method: "DELETE", url: `/api/workflows/${foreign._id}` })).statusCode).toBe(404);
    expect((await create(token, workflow(other.configurationId))).statusCode).toBe(404);

    // An admin may not move a workflow to another configuration by naming it.
    const moved = await send("updateWorkflow", admin, { method: "PUT", url: `/api/workflows/${mine._id}`, payload: workflow(other.configurationId) });
    expect(moved.statusCode).toBe(404);
    expect((await list(admin, other.configurationId)).json().data).toEqual([foreign]);
  });

  it("goes with its configuration", async () => {
    const tenant = await tenantWithCustomer();
    await create(admin, workflow(tenant.configurationId));
    await ctx.database.db.query("DELETE FROM configurations WHERE id = $1", [tenant.configurationId]);
    expect(await ctx.database.db.query("SELECT 1 FROM workflows WHERE configuration_id = $1", [tenant.configurationId])).toHaveLength(0);
  });
});

describe("AI functions", () => {
  it("lists the built-in catalogue, marking what a configuration switched on", async () => {
    const tenant = await tenantWithCustomer();
    const all = await send("listAiFunctions", tenant.customerToken, { method: "GET", url: "/api/ai-functions" });
    expect(all.json().data.map((definition: { name: string }) => definition.name)).toEqual(aiFunctionNames);
    expect(all.json().data[0]).not.toHaveProperty("enabled");

    const switchedOn = await send("createOrUpdateConfiguration", admin, {
      method: "POST",
      url: "/api/configuration/create_or_update",
      payload: { _id: tenant.configurationId, functions: ["get_order_status"], functions_enabled: true },
    });
    expect(switchedOn.statusCode).toBe(200);
    const marked = await send("listAiFunctions", tenant.customerToken, { method: "GET", url: `/api/ai-functions?configuration_id=${tenant.configurationId}` });
    expect(marked.json().data.map((definition: { name: string; enabled: boolean }) => [definition.name, definition.enabled])).toEqual(
      aiFunctionNames.map((name) => [name, name === "get_order_status"]),
    );
    const other = await tenantWithCustomer();
    expect((await send("listAiFunctions", tenant.customerToken, { method: "GET", url: `/api/ai-functions?configuration_id=${other.configurationId}` })).statusCode).toBe(404);
  });
});
