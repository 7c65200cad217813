/**
 * The screens that showed 'coming soon': provider staff's CRM dashboard counts the customers and leads the
 * server holds; a customer's assistant home shows its quota and leads on to the next screen; both read in
 * Dutch and dark.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api, apiSignIn, demoAccounts, demoPassword, describeViolations, expectPath, newPage, seriousAccessibilityViolations, snap, snapOnFailure, uniqueEmail, useBrowser, type StoredSession } from "../support/browser";

const journey = "home-screens";

async function expectAccessible(page: Page) {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

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
    // A customer of its own (the demo customer's sign-ins are spent by other journeys) with one configuration.
    const created = await api<{ inserted_id: string }>("POST", "/customer/create_or_update", { name: "Bakkerij Thuis", contactPersonEmail: "thuis@bakery.example" }, admin.token);
    if (created.status !== 200) throw new Error(`creating the customer failed: ${created.status} ${JSON.stringify(created.data)}`);
    const customerId = created.data.inserted_id;
    const email = uniqueEmail("home-screens");
    const added = await api("POST", "/users/add_or_update", { customerId, username: email, email, firstname: "Noor", lastname: "Bakker", password: demoPassword, role: "customer" }, admin.token);
    if (added.status !== 200) throw new Error(`creating the user failed: ${added.status} ${JSON.stringify(added.data)}`);
    const name = `thuis-${Date.now()}`;
    const made = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name, customerId }, admin.token);
    if (made.status !== 200) throw new Error(`creating the configuration failed: ${made.status} ${JSON.stringify(made.data)}`);
    configuration = { _id: made.data.inserted_id, name };
    customer = await apiSignIn(email);
  });

  it("shows an admin the customers and leads the server holds on the CRM dashboard", { timeout: 120_000 }, async () => {
    const customers = await api<Listed<unknown>>("GET", "/customers", undefined, admin.token);
    const leads = await api<Listed<{ firstname: string; lastname: string; email: string }>>("GET", "/leads", undefined, admin.token);
    expect(customers.data.data.length).toBeGreaterThan(1);
    // The seeded self-onboarding user is a lead.
    expect(leads.data.data.some((lead) => lead.email === demoAccounts.onboarding)).toBe(true);

    const { context, page } = await newPage(browser(), { session: admin });
    snapOnFailure(page, journey, "crm");
    await page.goto("/admin/dashboard-crm");
    await page.getByRole("heading", { name: "CRM dashboard", level: 1 }).waitFor();
    const customerCard = page.getByRole("region", { name: "Customers" });
    await customerCard.getByText(String(customers.data.data.length), { exact: true }).waitFor();
    const leadCard = page.getByRole("region", { name: "Leads" });
    await leadCard.getByText(String(leads.data.data.length), { exact: true }).first().waitFor();
    // The newest lead (the list answers newest first) opens its user.
    const newest = leads.data.data[0]!;
    const link = page.getByRole("region", { name: "Newest leads" }).getByRole("link", { name: `Open the user ${newest.firstname} ${newest.lastname}` });
    await link.waitFor();
    await snap(page, journey, "1-crm-dashboard");
    await expectAccessible(page);
    await link.click();
    await expectPath(page, /^\/admin\/users\?id=/);
    await context.close();
  });

  it("shows an admin the selected configuration's webshop, or says why it cannot", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser(), { session: admin, localStorage: { "parley.selectedConfiguration": JSON.stringify(configuration) } });
    snapOnFailure(page, journey, "ecommerce");
    await page.goto("/admin/dashboard/ecommerce");
    const connection = page.getByRole("region", { name: "Connection" });
    // No shop is connected to the new configuration; until the webshop calls are served the card says it could not read that.
    await connection.getByText("Not connected").or(connection.getByText("Whether a webshop is connected could not be read.")).waitFor();
    if (await connection.getByText("Not connected").isVisible()) {
      expect(await connection.getByRole("link", { name: "Connect a webshop" }).getAttribute("href")).toBe("/admin/settings/datatraining");
    } else {
      await connection.getByRole("button", { name: "Try again" }).waitFor();
    }
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
