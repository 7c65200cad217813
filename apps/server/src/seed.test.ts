import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPassword, isEmpty, seedDemoData } from "./seed";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "./test/context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function login(username: string) {
  const response = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username, password: demoPassword } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("demo data", () => {
  it("seeds the three demo accounts once, with a customer, a configuration and an FAQ dataset", async () => {
    expect(await isEmpty(ctx.database.db)).toBe(true);
    expect((await seedDemoData(ctx.database.db)).created).toHaveLength(3);
    expect((await seedDemoData(ctx.database.db)).created).toEqual([]);
    expect(await isEmpty(ctx.database.db)).toBe(false);

    expect((await login("admin@demo.test")).user.role).toBe("admin");
    expect((await login("onboarding@demo.test")).user).toMatchObject({ role: "customer_so", customerId: null, showWizard: true });

    const customer = await login("customer@demo.test");
    const configurations = await ctx.app.inject({ method: "GET", url: "/api/configurations/search", headers: bearer(customer.token) });
    expectToMatchContract("searchConfigurations", configurations);
    const [configuration] = configurations.json().data;
    expect(configurations.json().data).toHaveLength(1);
    const dataset = await ctx.app.inject({
      method: "GET",
      url: `/api/data/dataset?configurationId=${configuration._id}`,
      headers: bearer(customer.token),
    });
    expectToMatchContract("getDataset", dataset);
    expect(dataset.json().data.dataset_data.length).toBeGreaterThanOrEqual(8);
    const owner = await ctx.app.inject({ method: "GET", url: `/api/customer?_id=${customer.user.customerId}`, headers: bearer(customer.token) });
    expect(owner.json().data.name).toBe("Demo Webshop");
  });
});
