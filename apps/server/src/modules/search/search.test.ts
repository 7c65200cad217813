import { pageTitles, pagesFor } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await ctx.createUser({ role: "admin" })).token;
});
afterAll(async () => {
  await ctx?.close();
});

async function search(token: string, q: string) {
  const response = await ctx.app.inject({ method: "GET", url: `/api/global-search?q=${encodeURIComponent(q)}`, headers: bearer(token) });
  expectToMatchContract("globalSearch", response);
  return response.json().data as { title: string; icon: string; group: string; url: string }[];
}

describe("global search", () => {
  it("finds pages for the role, the caller's configurations, and (for admins) customers and users", async () => {
    const customerId = await ctx.createCustomer("Quokka Foods");
    const { token } = await ctx.createUser({ role: "customer", customerId, email: "quokka@foods.test" });
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/configuration/create_or_update",
      headers: bearer(adminToken),
      payload: { name: "quokka-assistant", customerId },
    });
    expect(saved.statusCode).toBe(200);

    const adminGroups = (await search(adminToken, "quokka")).map((hit) => hit.group);
    expect(adminGroups).toEqual(expect.arrayContaining(["Configurations", "Customers", "Users"]));
    expect((await search(token, "quokka")).map((hit) => hit.group)).toEqual(["Configurations"]);
  });

  it("offers the pages of the page manifest the caller's role may open, with their English titles", async () => {
    const customerId = await ctx.createCustomer("Wombat Goods");
    const customer = await ctx.createUser({ role: "customer", customerId, email: "wombat@goods.test" });
    const selfOnboarding = await ctx.createUser({ role: "customer_so", customerId, email: "so@goods.test" });

    // The customer's Manage FAQ is the dataset view, as in the customer's menu; the self-onboarding customer's FAQ is its own screen.
    expect(await search(customer.token, "faq")).toEqual([{ title: "Manage FAQ", icon: "LuBookOpen", group: "Pages", url: "/dataset/view" }]);
    expect(await search(selfOnboarding.token, "faq")).toEqual([{ title: "FAQ", icon: "LuBookOpen", group: "Pages", url: "/assistant/faq" }]);
    expect((await search(adminToken, "settings")).map((hit) => hit.url)).toEqual(["/settings/general", "/settings/ai-settings"]);

    expect(await search(customer.token, " ")).toEqual([]);
    const customerPages = pagesFor("customer").map((page) => ({ title: pageTitles[page.titleKey], url: page.path }));
    const conversations = await search(customer.token, "conversation");
    expect(conversations.map(({ title, url }) => ({ title, url }))).toEqual(customerPages.filter((page) => page.title.toLowerCase().includes("conversation")));
  });
});
