import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSignIn, demoAccounts, expectPath, useBrowser, newPage, snap } from "../support/browser";

const journey = "06-search";

function searchDialog(page: Page) {
  return page.getByRole("dialog", { name: "Search" });
}

async function selectedOption(page: Page): Promise<string> {
  return (await searchDialog(page).locator('[role="option"][aria-selected="true"]').innerText()).trim();
}

describe("the Ctrl+K search dialog", () => {
  const browser = useBrowser();

  it("opens with Ctrl+K, moves with the arrow keys, opens a hit with Enter and closes with Esc", async () => {
    const session = await apiSignIn(demoAccounts.customer);
    const { context, page } = await newPage(browser(), { session });
    await page.goto("/customer");
    await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();

    await page.keyboard.press("Control+k");
    const dialog = searchDialog(page);
    await dialog.waitFor();
    const input = dialog.getByRole("combobox", { name: "Search pages, customers and configurations" });
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.getByText("No recent searches").waitFor();
    await snap(page, journey, "1-opened-no-recent");

    await input.fill("conversation");
    const options = dialog.getByRole("option");
    // The customer's pages about conversations, in the server's order (postprocessed is a customer page).
    await expect
      .poll(async () => (await options.allInnerTexts()).map((text) => text.replace("↵", "").trim()))
      .toEqual(["Live conversations", "Conversation history", "Postprocessed conversations"]);
    expect(await dialog.getByRole("group", { name: "Pages" }).count()).toBe(1);
    // Each hit shows an icon beside its title.
    for (const option of await options.all()) expect(await option.locator("svg").count()).toBeGreaterThan(0);
    await expect.poll(() => selectedOption(page)).toContain("Live conversations");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => selectedOption(page)).toContain("Conversation history");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => selectedOption(page)).toContain("Postprocessed conversations");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => selectedOption(page)).toContain("Live conversations");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => selectedOption(page)).toContain("Postprocessed conversations");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => selectedOption(page)).toContain("Conversation history");
    const active = await input.getAttribute("aria-activedescendant");
    expect(await dialog.locator('[role="option"][aria-selected="true"]').getAttribute("id")).toBe(active);
    await snap(page, journey, "2-results-second-selected");

    await page.keyboard.press("Enter");
    await expectPath(page, "/conversations/history");
    await dialog.waitFor({ state: "hidden" });
    await snap(page, journey, "3-navigated-by-enter");

    // The chosen hit is remembered; Esc closes without navigating.
    await page.keyboard.press("Control+k");
    await dialog.waitFor();
    await dialog
      .getByRole("listbox", { name: "Recent searches" })
      .getByRole("option", { name: /Conversation history/ })
      .waitFor();
    await snap(page, journey, "4-recent-searches");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expectPath(page, "/conversations/history");

    // Nonsense finds nothing.
    await page.getByRole("button", { name: "Search" }).click();
    await dialog.waitFor();
    await input.fill("zqxjvw-nothing-like-this");
    await dialog.getByText("No result found!").waitFor();
    expect(await dialog.getByRole("option").count()).toBe(0);
    await snap(page, journey, "5-no-result");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await context.close();
  });

  it("finds configurations and, for admins, customers and users", async () => {
    const session = await apiSignIn(demoAccounts.admin);
    const { context, page } = await newPage(browser(), { session });
    await page.goto("/admin/");
    await page.getByRole("heading", { name: "Welcome, Ada Admin" }).waitFor();
    await page.keyboard.press("Control+k");
    const dialog = searchDialog(page);
    await dialog.waitFor();
    await dialog.getByRole("combobox").fill("demo");
    await dialog
      .getByRole("group", { name: "Customers" })
      .getByRole("option", { name: /Demo Webshop/ })
      .waitFor();
    await dialog
      .getByRole("group", { name: "Configurations" })
      .getByRole("option", { name: /demo-webshop/ })
      .waitFor();
    await dialog
      .getByRole("group", { name: "Users" })
      .getByRole("option", { name: /customer@demo\.test/ })
      .waitFor();
    await snap(page, journey, "6-admin-results");
    await dialog
      .getByRole("group", { name: "Customers" })
      .getByRole("option", { name: /Demo Webshop/ })
      .click();
    await expectPath(page, /^\/admin\/customers\?id=/);
    await page.getByRole("heading", { name: "Edit Demo Webshop" }).waitFor();
    await context.close();
  });
});
