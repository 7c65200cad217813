/**
 * The screens that showed 'coming soon': provider staff's CRM dashboard counts the customers and leads the
 * server holds; a customer's assistant home shows its quota and leads on to the next screen; both read in
 * Dutch and dark.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createCustomerAccount } from "../support/accounts";
import { api, apiSignIn, demoAccounts, expectAccessible, expectPath, newPage, snap, snapOnFailure, type StoredSession, useBrowser } from "../support/browser";

const journey = "home-screens";

interface Listed<Item> {
  data: Item[];
}

describe("the dashboards and the assistant home", () => {
  const browser = useBrowser();
  let admin: StoredSession;
  let customer: StoredSession;
  let configuration: { _id: string; name: string };

  beforeAll(async () => {
    admin = await apiSignIn(demoAccounts.admin);
    const account = await createCustomerAccount(admin, { customer: { name: "Bakkerij Thuis", contactPersonEmail: "thuis@bakery.example" }, user: { firstname: "Noor", lastname: "Bakker" }, prefix: "thuis" });
    customer = account.session;
    configuration = account.configuration;
  });

  it("shows an admin the customers and leads the server holds on the CRM dashboard", { timeout: 120_000 }, async () => {
    type ListedLead = { _id: string; email: string; signedUpAt: string };
    const count = async (path: string) => (await api<Listed<ListedLead>>("GET", path, undefined, admin.token)).data.data;
    const customersBefore = await count("/customers");
    const leadsBefore = await count("/leads");
    expect(customersBefore.length).toBeGreaterThan(1);
    // The seeded self-onboarding user is a lead.
    expect(leadsBefore.some((lead) => lead.email === demoAccounts.onboarding)).toBe(true);

    const { context, page } = await newPage(browser(), { session: admin });
    snapOnFailure(page, journey, "crm");
    await page.goto("/admin/dashboard-crm");
    await page.getByRole("heading", { name: "CRM dashboard", level: 1 }).waitFor();
    const figure = async (card: string) => {
      const value = page.getByRole("region", { name: card, exact: true }).locator("dd").first();
      await value.waitFor();
      return Number((await value.innerText()).replace(/\D/g, ""));
    };
    const shownCustomers = await figure("Customers");
    const shownLeads = await figure("Leads");
    const newestLink = page.getByRole("region", { name: "Newest leads" }).getByRole("link", { name: /^Open the user / }).first();
    await newestLink.waitFor();
    // Other journeys may add customers and leads meanwhile: the figures lie between the counts before and after.
    const customersAfter = await count("/customers");
    const leadsAfter = await count("/leads");
    expect(shownCustomers).toBeGreaterThanOrEqual(customersBefore.length);
    expect(shownCustomers).toBeLessThanOrEqual(customersAfter.length);
    expect(shownLeads).toBeGreaterThanOrEqual(leadsBefore.length);
    expect(shownLeads).toBeLessThanOrEqual(leadsAfter.length);
    // The newest lead is listed first and opens its user.
    const newestId = new URL((await newestLink.getAttribute("href"))!, "http://x").searchParams.get("id");
    const newest = leadsAfter.find((lead) => lead._id === newestId);
    expect(newest).toBeDefined();
    expect(Date.parse(newest!.signedUpAt)).toBeGreaterThanOrEqual(Math.max(...leadsBefore.map((lead) => Date.parse(lead.signedUpAt))));
    await snap(page, journey, "1-crm-dashboard");
    await expectAccessible(page);
    await newestLink.click();
    await expectPath(page, `/admin/users?id=${newestId}`);
    await context.close();
  });

  it("shows an admin that the selected configuration has no webshop yet, and where to connect one", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser(), { session: admin, localStorage: { "parley.selectedConfiguration": JSON.stringify(configuration) } });
    snapOnFailure(page, journey, "ecommerce");
    await page.goto("/admin/dashboard/ecommerce");
    const connection = page.getByRole("region", { name: "Connection" });
    // No shop is connected to the new configuration: the card says so and leads to where one is connected.
    await connection.getByText("Not connected").waitFor();
    expect(await connection.getByRole("link", { name: "Connect a webshop" }).getAttribute("href")).toBe("/admin/settings/datatraining?section=webshop");
    await snap(page, journey, "3-ecommerce-dashboard");
    await expectAccessible(page);
    await context.close();
  });

  it("shows a customer its quota on the assistant home and follows a next-step card", { timeout: 120_000 }, async () => {
    const stored = await api<{ data: { message_limit: number; remaining_messages: number } }>("GET", `/configuration?configuration_id=${configuration._id}`, undefined, customer.token);
    expect(stored.status).toBe(200);
    const { message_limit: limit, remaining_messages: remaining } = stored.data.data;

    const { context, page } = await newPage(browser(), { session: customer, localStorage: { "parley.selectedConfiguration": JSON.stringify(configuration) } });
    snapOnFailure(page, journey, "assistant");
    await page.goto("/aiassistant");
    await page.getByRole("heading", { name: "AI assistant", level: 1 }).waitFor();
    const quota = page.getByRole("region", { name: "Messages" });
    await quota.getByText(`${remaining} of ${limit} messages left`).waitFor();
    expect(await quota.getByRole("region", { name: "Message quota" }).getAttribute("data-quota-color")).toBe("green");
    // A customer's own screens only: no design or embed screen of the self-onboarding customer.
    const steps = page.getByRole("region", { name: "Next steps" });
    await steps.getByRole("link").first().waitFor();
    const targets = await steps.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(targets).toEqual(["/dataset/view", "/assistant/test", "/conversations/live", "/conversations/history", "/conversations/postprocessed"]);
    await snap(page, journey, "2-assistant-home");
    await expectAccessible(page);
    // Keyboard: the next-step cards are links reached with Tab and followed with Enter.
    const testCard = steps.getByRole("link", { name: /^Test environment/ });
    await testCard.focus();
    await page.keyboard.press("Enter");
    await expectPath(page, "/assistant/test");
    await page.goBack();
    await steps.getByRole("link").first().waitFor();
    await steps.getByRole("link", { name: /^Test environment/ }).click();
    await expectPath(page, "/assistant/test");
    await context.close();
  });

  it("reads in Dutch and dark", { timeout: 120_000 }, async () => {
    const dark = { colorScheme: "dark" as const, localStorage: { "parley.language": "nl", "parley.preferences": JSON.stringify({ theme: "dark" }), "parley.selectedConfiguration": JSON.stringify(configuration) } };
    const customerPage = await newPage(browser(), { session: customer, ...dark });
    snapOnFailure(customerPage.page, journey, "nl-assistant");
    await customerPage.page.goto("/aiassistant");
    await customerPage.page.getByRole("region", { name: "Volgende stappen" }).waitFor();
    await customerPage.page.getByRole("region", { name: "Wat hij weet" }).getByText("FAQ-items").waitFor();
    expect(await customerPage.page.locator("html").getAttribute("class")).toContain("dark");
    await snap(customerPage.page, journey, "nl-1-assistant-home-dark");
    await expectAccessible(customerPage.page);
    await customerPage.context.close();

    const adminPage = await newPage(browser(), { session: admin, ...dark });
    snapOnFailure(adminPage.page, journey, "nl-crm");
    await adminPage.page.goto("/admin/dashboard-crm");
    await adminPage.page.getByRole("region", { name: "Nieuwste leads" }).getByRole("link").first().waitFor();
    await adminPage.page.getByRole("region", { name: "Configuraties per product" }).getByRole("table").waitFor();
    await snap(adminPage.page, journey, "nl-2-crm-dashboard-dark");
    await expectAccessible(adminPage.page);
    await adminPage.context.close();
  });
});
