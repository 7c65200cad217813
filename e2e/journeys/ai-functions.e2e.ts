import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { api, apiSignIn, demoAccounts, expectAccessible, expectPath, newPage, snap, type StoredSession, useBrowser } from "../support/browser";
import { mainNavigation } from "../support/shell";

const journey = "13-ai-functions";

interface DutchTexts {
  workflows: { new: string; title: string };
  form: { save: string; newTitle: string };
}
// The Dutch texts the screen should show, from the product's own translation files.
const nl = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/ui/src/features/functions/locales/nl.json"), "utf8")) as DutchTexts;

/** Chooses a configuration in the sidebar's selector (the first combobox, in any language) by typing its name. */
async function selectConfiguration(page: Page, name: string) {
  const selector = page.getByRole("combobox").first();
  await selector.click();
  await selector.fill(name);
  await page.getByRole("option", { name }).click();
  await expect.poll(() => selector.inputValue()).toBe(name);
}

describe("an admin prepares the AI functions of a configuration and their workflows", () => {
  const browser = useBrowser();
  // One sign-in for the whole file: the demo admin's sign-ins per address are limited and shared by the journeys.
  let session: StoredSession;
  let configurationName: string;
  beforeAll(async () => {
    session = await apiSignIn(demoAccounts.admin);
    configurationName = `functions-${Date.now().toString(36)}`;
    const created = await api("POST", "/configuration/create_or_update", { name: configurationName }, session.token);
    expect(created.status).toBe(200);
  });

  it("switches functions on, creates a workflow (refused first), edits it, finds it after a reload and deletes it", async () => {
    const { context, page } = await newPage(browser(), { session });
    const name = `Order lookup ${Date.now().toString(36)}`;

    await page.goto("/admin/");
    await selectConfiguration(page, configurationName);
    await mainNavigation(page).getByRole("button", { name: "Settings" }).click();
    await mainNavigation(page).getByRole("link", { name: "AI functions", exact: true }).click();
    await expectPath(page, "/admin/settings/functions");
    await page.getByRole("heading", { name: "AI functions", level: 1 }).waitFor();

    // The configuration's functions: switched on, one chosen, saved with the configuration.
    await page.getByText("AI functions (workflows)", { exact: true }).click();
    await page.getByText("Order status", { exact: true }).click();
    expect(await page.getByRole("checkbox", { name: /Order status/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Data saved successfully").first().waitFor();
    await page.getByText("All changes are saved").waitFor();

    // No workflows yet; an empty form is refused with the domain's messages.
    await page.getByText("No workflows yet").waitFor();
    await page.getByRole("button", { name: "New workflow" }).click();
    const form = page.getByRole("form", { name: "New workflow" });
    await form.getByRole("button", { name: "Save workflow" }).click();
    await expect.poll(() => form.getByText("This field is required").count()).toBe(4);
    await snap(page, journey, "1-refused");

    // Then filled in: an order lookup in Shopify and an SMS that uses the order number.
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Trigger function").selectOption({ label: "Order status" });
    await form.getByText("{{order_number}}").waitFor();
    const first = form.getByRole("group", { name: "Action 1" });
    await first.getByLabel("What it does").selectOption({ label: "Look up an order" });
    await first.getByLabel("Webshop").selectOption("Shopify");
    await form.getByRole("button", { name: "Add an SMS" }).click();
    const second = form.getByRole("group", { name: "Action 2" });
    await second.getByLabel("Phone number").fill("+31612345678");
    await second.getByLabel("Message").fill("Order {{order_number}} was looked up");
    await form.getByText("Use test data", { exact: true }).click();
    await snap(page, journey, "2-filled");
    await expectAccessible(page);
    await form.getByRole("button", { name: "Save workflow" }).click();
    await page.getByText("Data saved successfully").first().waitFor();
    const table = page.getByRole("table", { name: "Workflows" });
    const row = table.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain("Look up an order (Shopify)");
    expect(await row.textContent()).toContain("Test data");

    // Edited: renamed, the SMS removed; leaving with the change unsaved asks first.
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("form", { name: `Edit workflow ${name}` });
    await edit.getByLabel("Name").fill(`${name} v2`);
    await edit.getByRole("button", { name: "Remove action 2" }).click();
    await mainNavigation(page).getByRole("link", { name: "General", exact: true }).click();
    const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expectPath(page, "/admin/settings/functions");
    await edit.getByRole("button", { name: "Save workflow" }).click();
    const renamed = table.getByRole("row").filter({ hasText: `${name} v2` });
    await renamed.waitFor();
    expect(await renamed.textContent()).not.toContain("Send an SMS");
    await snap(page, journey, "3-edited");

    // Kept: read again from the server after a reload.
    await page.reload();
    await table.getByRole("row").filter({ hasText: `${name} v2` }).waitFor();
    expect(await page.getByRole("checkbox", { name: /Order status/ }).isChecked()).toBe(true);

    // Deleted after confirmation.
    await table.getByRole("button", { name: `Delete ${name} v2` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete workflow ${name} v2?` });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Data deleted successfully").first().waitFor();
    await page.getByText("No workflows yet").waitFor();
    await context.close();
  });

  it("shows the workflow form's failures in Dutch and dark, without serious accessibility violations", async () => {
    const { context, page } = await newPage(browser(), { session, colorScheme: "dark", localStorage: { "parley.language": "nl" } });
    await page.goto("/admin/");
    await selectConfiguration(page, configurationName);
    await page.goto("/admin/settings/functions");
    await page.getByRole("heading", { name: nl.workflows.title, exact: true }).waitFor();
    await page.getByRole("button", { name: nl.workflows.new }).click();
    const form = page.getByRole("form", { name: nl.form.newTitle });
    await form.getByRole("button", { name: nl.form.save }).click();
    await expect.poll(() => form.locator("[data-part='error-text']").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await snap(page, journey, "4-dutch-dark");
    await expectAccessible(page);
    await context.close();
  });
});
