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

  it("answers a visitor of the demo webshop in the language they write in, Dutch as well as English", async () => {
    await seedDemoData(ctx.database.db);
    const customer = await login("customer@demo.test");
    const configurations = await ctx.app.inject({ method: "GET", url: "/api/configurations/search", headers: bearer(customer.token) });
    const [configuration] = configurations.json().data;
    const ask = async (message: string) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/widget/${configuration._id}/messages`,
        payload: { message, page_url: "https://demo.test/" },
      });
      expect(response.statusCode).toBe(200);
      return response.json().reply.content as string;
    };
    expect(await ask("Hallo, wanneer wordt mijn bestelling bezorgd?")).toContain("komen meestal de volgende werkdag aan");
    expect(await ask("Hoeveel kost de verzending naar België?")).toContain("Verzending is gratis vanaf 50 euro");
    // A Dutch question the FAQ does not cover is still answered in Dutch.
    expect(await ask("Wat is de hoofdstad van Peru eigenlijk?")).toContain("daar weet ik het antwoord niet op");
    expect(await ask("When will my order arrive?")).toContain("usually arrive the next working day");
    expect(await ask("How long does delivery take?")).toContain("usually arrive the next working day");
    expect(await ask("How long does shipping take?")).toContain("usually arrive the next working day");
    expect(await ask("Hoe lang duurt de bezorging naar Utrecht?")).toContain("komen meestal de volgende werkdag aan");
    expect(await ask("How much does shipping cost to Belgium?")).toContain("Shipping is free from 50 euro");
  });
});
