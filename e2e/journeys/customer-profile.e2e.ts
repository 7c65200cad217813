import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
  chooseFromMenu,
  demoAccounts,
  demoPassword,
  describeViolations,
  expectPath,
  pathOf,
  newPage,
  seriousAccessibilityViolations,
  snap,
  uniqueEmail,
  useBrowser,
  type StoredSession,
} from "../support/browser";

const journey = "customer-profile";

// The Dutch texts the user should see, from the product's own translation files.
const texts = (path: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/ui/src", path, "nl.json"), "utf8"));
const shell = texts("shell/locales") as { profile: Record<string, string> };
const customers = (texts("features/customers/locales") as { customers: unknown }).customers as {
  fields: Record<string, string>;
  profile: Record<string, string>;
  address: Record<string, string>;
};

describe("a customer completes the company's details from the profile menu", () => {
  const browser = useBrowser();
  let user: StoredSession;
  let customerId: string;

  beforeAll(async () => {
    // A customer of its own with an incomplete address (the demo customer's details stay as they are).
    const admin = await apiSignIn(demoAccounts.admin);
    const created = await api<{ inserted_id: string }>("POST", "/customer/create_or_update", { name: "Profielfietsen", city: "Utrecht", country: "NL" }, admin.token);
    if (created.status !== 200) throw new Error(`creating the customer failed: ${created.status} ${JSON.stringify(created.data)}`);
    customerId = created.data.inserted_id;
    const email = uniqueEmail("profile");
    const added = await api(
      "POST",
      "/users/add_or_update",
      { customerId, username: email, email, firstname: "Pim", lastname: "Profiel", password: demoPassword, role: "customer" },
      admin.token,
    );
    if (added.status !== 200) throw new Error(`creating the user failed: ${added.status} ${JSON.stringify(added.data)}`);
    user = await apiSignIn(email);
  });

  it("is sent from Subscription to the profile, completes the address by keyboard and continues (Dutch, dark)", { timeout: 120_000 }, async () => {
    const { page } = await newPage(browser(), { session: user, colorScheme: "dark", localStorage: { "parley.language": "nl" } });
    await page.goto("/customer");
    await chooseFromMenu(page, shell.profile.menu!, shell.profile.subscription!, async () => pathOf(page) === "/customer-profile", "menuitem");
    await page.getByText(customers.profile.continueToSubscription!).waitFor();
    await expect.poll(() => page.getByLabel(customers.fields.city!).inputValue()).toBe("Utrecht");
    await page.getByText(customers.address.incomplete!.split(":")[0]!).waitFor();
    await snap(page, journey, "1-incomplete-nl-dark");
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // By keyboard: into the street field, then the fields that are missing.
    await page.getByLabel(customers.fields.street!).focus();
    await page.keyboard.type("Kerkstraat");
    await page.keyboard.press("Tab");
    await page.keyboard.type("12");
    await page.getByLabel(customers.fields.postalCode!).fill("3511 AB");
    await page.getByText(customers.address.complete!, { exact: true }).waitFor();
    await snap(page, journey, "2-complete");
    await page.getByRole("button", { name: customers.profile.saveAndContinue }).press("Enter");
    await expectPath(page, "/subscription/view");

    const stored = await api<{ data: Record<string, string> }>("GET", `/customer?_id=${customerId}`, undefined, user.token);
    expect(stored.data.data).toMatchObject({ street: "Kerkstraat", houseNumber: "12", postalCode: "3511 AB", city: "Utrecht", country: "NL" });

    // The "saved" toast (top right, over the profile menu) closes by itself once the pointer is off it, as a
    // person moving to the menu would see; a pointer left resting on it keeps it open.
    await page.mouse.move(0, 400);
    await page.locator('[data-scope="toast"][data-part="root"]').first().waitFor({ state: "detached", timeout: 15_000 });
    // Profile from the menu opens the saved details, without the note about the subscription.
    await page.getByRole("button", { name: shell.profile.menu }).click();
    await page.getByRole("menuitem", { name: shell.profile.profile }).click();
    await expectPath(page, "/customer-profile");
    await expect.poll(() => page.getByLabel(customers.fields.street!).inputValue()).toBe("Kerkstraat");
    expect(await page.getByText(customers.profile.continueToSubscription!).count()).toBe(0);
    await snap(page, journey, "3-saved");
  });
});
