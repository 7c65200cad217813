import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, apiSignIn, demoAccounts, describeViolations, expectPath, newPage, seriousAccessibilityViolations, signInWithForm, snap, useBrowser } from "../support/browser";
import { createSelfOnboardingAccount, mainNavigation } from "../support/shell";

const journey = "10-configuration-settings";

interface DutchTexts {
  fields: { temperature: string; use_alert_triggers: string };
  sections: { model: string };
  form: { save: string };
}
// The Dutch texts the settings should show, from the product's own translation files.
const nl = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/ui/src/features/settings/locales/nl.json"), "utf8")) as DutchTexts;

async function saveAndConfirm(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Data saved successfully").first().waitFor();
  await page.getByText("All changes are saved").waitFor();
}

async function openSettings(page: Page, label: string) {
  await mainNavigation(page).getByRole("link", { name: label, exact: true }).click();
}

describe("an admin creates a configuration and changes every settings screen", () => {
  const browser = useBrowser();

  it("creates, changes, resets, saves and finds every setting again after a reload", async () => {
    const session = await apiSignIn(demoAccounts.admin);
    const { context, page } = await newPage(browser(), { session });
    const name = `journey-${Date.now().toString(36)}`;

    // A deep link to a settings page without a selected configuration asks for one.
    await page.goto("/admin/settings/ai-settings");
    await page.getByRole("heading", { name: "Select a configuration" }).waitFor();
    await snap(page, journey, "1-select-a-configuration");
    await page.getByRole("main").getByRole("link", { name: "New configuration" }).click();
    await expectPath(page, "/admin/settings/general?new=1");

    // New configuration: customer and product; the product's message limit from the domain.
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Customer").selectOption({ label: "Demo Webshop" });
    await page.getByLabel("Product").selectOption("premium");
    await page.getByText("Message limit: 1000 messages a month").waitFor();
    await snap(page, journey, "2-new-configuration");
    await page.getByRole("button", { name: "Create configuration" }).click();
    await expectPath(page, "/admin/settings/general");
    // Selected at once: the sidebar's selector shows it and the settings open on it.
    await expect.poll(() => page.getByRole("combobox", { name: "Configuration" }).inputValue()).toBe(name);
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
    expect(await page.getByLabel("Message limit").inputValue()).toBe("1000");

    // General: a change is marked and listed; reset brings back the loaded copy.
    await page.getByLabel("Assistant language").selectOption("nl");
    await page.getByText("Unsaved changes: 1").waitFor();
    await snap(page, journey, "3-general-changed");
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await page.getByText("All changes are saved").waitFor();
    expect(await page.getByLabel("Assistant language").inputValue()).toBe("");
    await page.getByLabel("Assistant language").selectOption("nl");
    await page.getByLabel("Message limit").fill("1234");
    await saveAndConfirm(page);

    // AI settings: switches reveal their settings; leaving with unsaved changes asks first.
    await openSettings(page, "AI settings");
    await page.getByLabel("Temperature").fill("0.7");
    await page.getByText("Alert triggers", { exact: true }).click();
    await page.getByLabel("Alert keywords").fill("refund\ncomplaint");
    await page.getByLabel("Maximum tokens").fill("900");
    await page.getByText("Unsaved changes: 4").waitFor();
    await openSettings(page, "Instructions");
    const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await leave.waitFor();
    await snap(page, journey, "4-leave-without-saving");
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expectPath(page, "/admin/settings/ai-settings");
    // Resetting one field by hand takes it off the list.
    await page.getByLabel("Maximum tokens").fill("1500");
    await page.getByText("Unsaved changes: 3").waitFor();
    await saveAndConfirm(page);

    // Instructions: the default answer rules in Dutch, from the domain.
    await openSettings(page, "Instructions");
    await page.getByLabel("Entity instruction (who the assistant is)").fill("Je bent de assistent van Demo Webshop.");
    await page.getByLabel("Default rules in").first().selectOption("nl");
    await page.getByRole("button", { name: "Use the default rules" }).first().click();
    await expect.poll(() => page.getByLabel("Answer instruction").inputValue()).toContain("Begroet de bezoeker maar één keer");
    await saveAndConfirm(page);

    // Connections: a secret is stored but never shown back.
    await openSettings(page, "Connections");
    await page.getByLabel("WhatsApp address").fill("whatsapp:+31612345678");
    await page.getByLabel("Auth token").fill("twilio-secret-token-4321");
    await page.getByLabel("Ignore these domains").fill("spam.example");
    await saveAndConfirm(page);
    expect(await page.getByLabel("Auth token").inputValue()).toBe("");
    await page.getByText("Stored: ••••••••4321").waitFor();
    expect(await page.content()).not.toContain("twilio-secret-token-4321");
    await snap(page, journey, "5-connections-saved");
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // Everything is kept: read again from the server after a reload.
    await page.reload();
    await expect.poll(() => page.getByLabel("WhatsApp address").inputValue()).toBe("whatsapp:+31612345678");
    expect(await page.getByLabel("Ignore these domains").inputValue()).toBe("spam.example");
    await page.getByText("Stored: ••••••••4321").waitFor();
    await openSettings(page, "Instructions");
    await expect.poll(() => page.getByLabel("Entity instruction (who the assistant is)").inputValue()).toBe("Je bent de assistent van Demo Webshop.");
    expect(await page.getByLabel("Answer instruction").inputValue()).toContain('target="_parent"');
    await openSettings(page, "AI settings");
    await expect.poll(() => page.getByLabel("Temperature").inputValue()).toBe("0.7");
    expect(await page.getByLabel("Alert keywords").inputValue()).toBe("refund\ncomplaint");
    expect(await page.getByLabel("Maximum tokens").inputValue()).toBe("1500");
    await openSettings(page, "General");
    await expect.poll(() => page.getByLabel("Message limit").inputValue()).toBe("1234");
    expect(await page.getByLabel("Assistant language").inputValue()).toBe("nl");
    await context.close();
  });

  it("shows the AI settings in Dutch and dark, without serious accessibility violations", async () => {
    const session = await apiSignIn(demoAccounts.admin);
    const { context, page } = await newPage(browser(), { session, colorScheme: "dark", localStorage: { "parley.language": "nl" } });
    await page.goto("/admin/");
    await page.getByRole("combobox").first().click();
    await page.getByRole("option", { name: "demo-webshop" }).click();
    await page.goto("/admin/settings/ai-settings");
    await page.getByRole("heading", { name: nl.sections.model }).waitFor();
    await page.getByText(nl.fields.use_alert_triggers, { exact: true }).click();
    await page.getByLabel(nl.fields.temperature).fill("0.3");
    await page.getByRole("button", { name: nl.form.save }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await snap(page, journey, "6-ai-settings-dark-dutch");
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });

  it("lets a self-onboarding customer edit the instructions as Prompting", async () => {
    const account = await createSelfOnboardingAccount("prompting", true);
    const created = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name: "prompting-shop" }, account.session.token);
    expect(created.status).toBe(200);
    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await signInWithForm(page, account.email, account.password);
    await expectPath(page, "/customer");
    await mainNavigation(page).getByRole("button", { name: "Knowledge base" }).click();
    await mainNavigation(page).getByRole("link", { name: "Prompting" }).click();
    await page.getByRole("heading", { name: "Prompting" }).waitFor();
    await page.getByLabel("Goal instruction (what it is for)").fill("Help visitors choose a cake.");
    await saveAndConfirm(page);
    await page.reload();
    await expect.poll(() => page.getByLabel("Goal instruction (what it is for)").inputValue()).toBe("Help visitors choose a cake.");
    await snap(page, journey, "7-customer-prompting");
    await context.close();
  });
});
