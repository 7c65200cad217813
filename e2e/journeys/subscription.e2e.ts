/**
 * A customer buys a plan without any payment provider: the subscription screen starts a checkout, the built-in
 * checkout page takes the payment, the return page activates the plan, and the invoice is there to read.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createCustomerAccount } from "../support/accounts";
import { api, apiSignIn, demoAccounts, expectPath, newPage, snap, snapOnFailure, useBrowser, type StoredSession } from "../support/browser";

const journey = "subscription";

describe("a customer's subscription", () => {
  const browser = useBrowser();
  let user: StoredSession;
  let configuration: { _id: string; name: string };

  beforeAll(async () => {
    // A customer of its own with a complete address (an invoice needs it) and one configuration.
    const admin = await apiSignIn(demoAccounts.admin);
    const account = await createCustomerAccount(admin, {
      customer: { name: "Fietsenwinkel Abo", street: "Oudegracht", houseNumber: "10", postalCode: "3511 AB", city: "Utrecht", country: "NL", contactPersonEmail: "abo@fiets.example" },
      user: { firstname: "Sanne", lastname: "Abo" },
      prefix: "abo",
    });
    configuration = account.configuration;
    user = account.session;
  });

  it("buys a plan through the built-in checkout, sees it active, and reads the invoice", { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser(), { session: user, localStorage: { "parley.selectedConfiguration": JSON.stringify(configuration) } });
    snapOnFailure(page, journey, "buy");
    await page.goto("/subscription/view");
    await page.getByRole("button", { name: "Buy plan" }).waitFor();
    await snap(page, journey, "1-no-subscription");
    await page.getByRole("button", { name: "Buy plan" }).click();

    // The built-in checkout page on the product's own origin.
    await page.waitForURL((url) => url.pathname.includes("/local-checkout/"), { timeout: 30_000 });
    await snap(page, journey, "2-checkout");
    await page.getByRole("button", { name: /^Pay / }).click();

    await page.waitForURL((url) => url.pathname === "/payment-success", { timeout: 30_000 });
    await page.getByText("Payment received").waitFor({ timeout: 60_000 });
    await snap(page, journey, "3-paid");

    await page.goto("/subscription/view");
    await page.getByText("Active", { exact: true }).waitFor();
    await snap(page, journey, "4-active");

    await page.goto("/subscription/invoices");
    const table = page.getByRole("table");
    await table.waitFor();
    const number = (await table.getByRole("row").nth(1).getByRole("cell").first().innerText()).trim();
    expect(number).toMatch(/^PAR-\d{4}-\d{4,}$/);
    await page.getByRole("button", { name: `View invoice ${number}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Invoice ${number}`).waitFor();
    await dialog.getByText("Fietsenwinkel Abo").waitFor();
    await snap(page, journey, "5-invoice");
    await context.close();

    // The configuration now has the plan's message limit.
    const subscription = await api<{ data: { is_active: boolean; chosen_product: string } | null }>("GET", `/orders/get-subscription?configuration_id=${configuration._id}`, undefined, user.token);
    expect(subscription.data.data).toMatchObject({ is_active: true });
  });

  it("lets provider staff change the subscription in the configuration's general settings", { timeout: 120_000 }, async () => {
    const admin = await apiSignIn(demoAccounts.admin);
    const { context, page } = await newPage(browser(), { session: admin, localStorage: { "parley.selectedConfiguration": JSON.stringify(configuration) } });
    snapOnFailure(page, journey, "admin");
    await page.goto("/admin/settings/general");
    await page.getByRole("button", { name: "Save subscription" }).waitFor();
    await expect.poll(() => page.getByLabel("Amount per month (€)").inputValue()).toBe("149.00");
    await page.getByLabel("Trial days").fill("30");
    await page.getByRole("button", { name: "Save subscription" }).click();
    await page.getByText("Data saved successfully").first().waitFor();
    await snap(page, journey, "6-admin-saved");
    // Saving again without a change says so.
    await page.getByRole("button", { name: "Save subscription" }).click();
    await page.getByText("No changes detected").first().waitFor();
    await context.close();
    const stored = await api<{ data: { trial_days: number } | null }>("GET", `/orders/get-subscription?configuration_id=${configuration._id}`, undefined, admin.token);
    expect(stored.data.data?.trial_days).toBe(30);
  });

  it("shows the subscription and invoices in Dutch and dark", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser(), {
      session: user,
      colorScheme: "dark",
      localStorage: { "parley.language": "nl", "parley.selectedConfiguration": JSON.stringify(configuration) },
    });
    await page.goto("/subscription/view");
    await page.getByText("Actief", { exact: true }).waitFor();
    await snap(page, journey, "nl-1-active-dark");
    await page.goto("/subscription/invoices");
    await page.getByRole("table").waitFor();
    await snap(page, journey, "nl-2-invoices-dark");
    await expectPath(page, "/subscription/invoices");
    await context.close();
  });
});
