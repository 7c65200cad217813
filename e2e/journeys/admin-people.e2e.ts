import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
  demoAccounts,
  describeViolations,
  expectPath,
  newPage,
  seriousAccessibilityViolations,
  snap,
  snapOnFailure,
  uniqueEmail,
  useBrowser,
  type StoredSession,
} from "../support/browser";

const journey = "10-admin-people";

function customerForm(page: Page) {
  return page.locator('form[aria-labelledby="customer-form-title"]');
}
function userForm(page: Page) {
  return page.locator('form[aria-labelledby="user-form-title"]');
}
function row(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

// One admin sign-in for the whole file: sign-ins are rate limited per address, and the journeys run side by side.
let adminSession: Promise<StoredSession> | undefined;
const signedInAdmin = () => (adminSession ??= apiSignIn(demoAccounts.admin));

// A customer's token is tried on the admin screens with the user this journey creates (one sign-in fewer).
describe("the admin's customers, users and leads", () => {
  const browser = useBrowser();

  it("creates, edits and deletes a customer and its user; a deactivated user can no longer sign in", async () => {
    const admin = await signedInAdmin();
    const { context, page } = await newPage(browser(), { session: admin });
    snapOnFailure(page, journey, "customers-and-users");
    const name = `Bakery ${Date.now().toString(36)}`;

    await page.goto("/admin/customers");
    await page.getByRole("heading", { name: "Customers", level: 1 }).waitFor();
    await row(page, "Demo Webshop").waitFor();

    // Saving a customer as it is changes nothing.
    await row(page, "Demo Webshop").getByRole("button", { name: "Demo Webshop" }).click();
    await customerForm(page).getByRole("heading", { name: "Edit Demo Webshop" }).waitFor();
    await customerForm(page).getByText("Has a configuration").waitFor();
    await customerForm(page).getByRole("button", { name: "Save" }).click();
    await customerForm(page).getByText("No changes detected").waitFor();

    // A new customer: the domain's rules check phone and e-mail before anything is sent.
    await page.getByRole("button", { name: "New customer" }).click();
    const form = customerForm(page);
    await form.getByRole("heading", { name: "New customer" }).waitFor();
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="contactPersonPhone"]').fill("call me");
    await form.locator('input[name="contactPersonEmail"]').fill("not-an-address");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Please enter a valid phone number").waitFor();
    await form.getByText("Please enter a valid email address").waitFor();
    await snap(page, journey, "1-customer-invalid-phone-and-email");

    await form.locator('input[name="contactPersonPhone"]').fill("+31 20 123 4567");
    await form.locator('input[name="contactPersonEmail"]').fill("eva@bakery.test");
    await form.locator('input[name="contactPerson"]').fill("Eva de Vries");
    await form.locator('input[name="street"]').fill("Bakkerstraat");
    await form.locator('input[name="houseNumber"]').fill("12");
    await form.getByText("Address incomplete: Postal code, City, Country missing").waitFor();
    await form.locator('input[name="postalCode"]').fill("2011 AB");
    await form.locator('input[name="city"]').fill("Haarlem");
    await form.locator('select[name="country"]').selectOption("NL");
    await form.getByText("Address complete").waitFor();
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Data saved successfully").first().waitFor();
    // After the save the form holds the customer the server answered, and the list reloaded.
    await form.getByRole("heading", { name: `Edit ${name}` }).waitFor();
    await form.getByText("No configuration yet").waitFor();
    await row(page, name).getByText("Haarlem").waitFor();
    await snap(page, journey, "2-customer-created");

    // Saving the same again changes nothing.
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("No changes detected").waitFor();

    // Cancel restores the saved customer; a saved edit shows in the list.
    await form.locator('input[name="city"]').fill("Leiden");
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => form.locator('input[name="city"]').inputValue()).toBe("Haarlem");
    await form.locator('input[name="city"]').fill("Leiden");
    await form.getByRole("button", { name: "Save" }).click();
    await row(page, name).getByText("Leiden").waitFor();

    // Search, sort and page size.
    await page.getByRole("searchbox", { name: "Search customers" }).fill(name.slice(0, 10));
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    await page.getByRole("searchbox", { name: "Search customers" }).fill("");
    await page.getByRole("button", { name: "City" }).click();
    expect(await page.getByRole("columnheader", { name: "City" }).getAttribute("aria-sort")).toBe("ascending");
    await page.getByLabel("Rows per page").selectOption("25");
    await snap(page, journey, "3-customer-edited");

    // A user of the new customer.
    const email = uniqueEmail("baker");
    await page.getByRole("link", { name: "Users" }).first().click();
    await expectPath(page, "/admin/users");
    await page.getByRole("button", { name: "New user" }).click();
    const users = userForm(page);
    await users.locator('input[name="firstname"]').fill("Eva");
    await users.locator('input[name="lastname"]').fill("de Vries");
    await users.locator('input[name="email"]').fill(email);
    await users.locator('input[name="password"]').fill("Baker-pass1!");
    await users.locator('select[name="role"]').selectOption("customer");
    await users.locator('select[name="customerId"]').selectOption({ label: name });
    await users.getByRole("button", { name: "Save" }).click();
    await page.getByText("Data saved successfully").first().waitFor();
    await users.getByRole("heading", { name: "Edit Eva de Vries" }).waitFor();
    const userRow = row(page, email);
    // The customer's column (a phone shows the customer under the name instead, hidden here).
    await userRow.getByText(name).filter({ visible: true }).waitFor();
    await userRow.getByText("Active").waitFor();
    await snap(page, journey, "4-user-created");

    // The user signs in; deactivated, their session ends and they cannot sign in again.
    const baker = await apiSignIn(email, "Baker-pass1!");
    expect((await api("GET", "/customers", undefined, baker.token)).status).toBe(200);

    // A customer's token (the new user's) reaches none of the admin screens, nor their calls.
    const asCustomer = await newPage(browser(), { session: baker });
    for (const path of ["/admin/customers", "/admin/users", "/admin/leads"]) {
      await asCustomer.page.goto(path);
      await asCustomer.page.getByRole("heading", { name: "You are not authorized to view this page" }).waitFor();
      expect(await asCustomer.page.getByRole("table").count()).toBe(0);
    }
    await snap(asCustomer.page, journey, "4b-customer-not-authorized");
    await asCustomer.context.close();
    expect((await api("GET", "/leads", undefined, baker.token)).status).toBe(403);
    expect((await api("POST", "/customer/create_or_update", { name: "Planted" }, baker.token)).status).toBe(403);
    await users.locator('select[name="status"]').selectOption("inactive");
    await users.getByText("An inactive user cannot sign in").waitFor();
    await users.getByRole("button", { name: "Save" }).click();
    await userRow.getByText("Inactive").waitFor();
    await snap(page, journey, "5-user-deactivated");
    expect((await api("GET", "/customers", undefined, baker.token)).status).toBe(401);
    const refused = await api<{ code: string }>("POST", "/login", { username: email, password: "Baker-pass1!" });
    expect(refused.data.code).toBe("account_inactive");

    // Deleting the customer asks first, then clears the form and takes its user along.
    await page.getByRole("link", { name: "Customers" }).first().click();
    await row(page, name).getByRole("button", { name }).click();
    await form.getByRole("heading", { name: `Edit ${name}` }).waitFor();
    await form.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await dialog.waitFor();
    await snap(page, journey, "6-customer-delete-confirmation");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Data deleted successfully").first().waitFor();
    await form.getByRole("heading", { name: "New customer" }).waitFor();
    await expect.poll(() => row(page, name).count()).toBe(0);
    const remaining = await api<{ data: { email: string }[] }>("GET", "/users", undefined, admin.token);
    expect(remaining.data.data.map((user) => user.email)).not.toContain(email);
    await context.close();
  });

  it("lists self-onboarding sign-ups as leads and opens the user behind one", async () => {
    const admin = await signedInAdmin();
    const { context, page } = await newPage(browser(), { session: admin, colorScheme: "dark" });
    snapOnFailure(page, journey, "leads");
    await page.goto("/admin/leads");
    const lead = row(page, demoAccounts.onboarding);
    await lead.getByText("14 days left").waitFor();
    await lead.getByText("Not finished").waitFor();
    await page.getByLabel("Trial").selectOption("expired");
    await page.getByText("Nothing matches your search or filters.").waitFor();
    await page.getByLabel("Trial").selectOption("");
    await lead.waitFor();
    await snap(page, journey, "7-leads-dark");
    await lead.getByRole("link", { name: /Open the user/ }).click();
    await expectPath(page, /^\/admin\/users\?id=/);
    await userForm(page).getByRole("heading", { name: /^Edit / }).waitFor();
    await context.close();
  });

  it.each(["light", "dark"] as const)(
    "has no serious accessibility violation on the three screens in Dutch (%s), and works by keyboard",
    async (colorScheme) => {
      const admin = await signedInAdmin();
      const { context, page } = await newPage(browser(), {
        session: admin,
        colorScheme,
        localStorage: { "parley.language": "nl", "parley.preferences": JSON.stringify({ theme: colorScheme }) },
      });
      for (const [path, heading] of [
        ["/admin/customers", "Klanten"],
        ["/admin/users", "Gebruikers"],
        ["/admin/leads", "Leads"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await page.getByRole("table").waitFor();
        await snap(page, journey, `9-${heading.toLowerCase()}-nl-${colorScheme}`);
        const violations = await seriousAccessibilityViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
      }
      // By keyboard: a column sorts and a customer opens in the form with Enter.
      await page.goto("/admin/customers");
      await page.getByRole("table").waitFor();
      await page.getByRole("button", { name: "Naam" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("columnheader", { name: "Naam" }).getAttribute("aria-sort")).toBe("descending");
      await page.getByRole("button", { name: "Demo Webshop" }).focus();
      await page.keyboard.press("Enter");
      await customerForm(page).getByRole("heading", { name: "Demo Webshop bewerken" }).waitFor();
      await context.close();
    },
  );
});
