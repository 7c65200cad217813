import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, apiSignIn, demoAccounts, expectAccessible, expectPath, newPage, snap, useBrowser } from "../support/browser";
import { createSelfOnboardingAccount } from "../support/shell";

const journey = "widget-screens";

// The texts the screens should show, from the product's own translation files.
const load = (path: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/ui/src", path), "utf8")) as Record<string, never>;
const nl = load("features/design/locales/nl.json") as unknown as {
  fields: Record<string, string>;
  preview: { desktop: string; phone: string };
  form: { save: string; noUnsaved: string };
  test: { checkQuestion: string; check: string; frameTitle: string; startOver: string };
  embed: { copy: string; addOrigin: string; add: string; saveOrigins: string; openDemo: string; uploadDemo: string };
};
const nlMessages = load("forms/locales/nl.json") as unknown as { success: { design_saved: string; data_saved: string } };

/** A field of the Design screen by its Dutch label (a changed field's label ends in "Gewijzigd"). */
const designField = (page: Page, name: string) => page.getByLabel(new RegExp(`^${nl.fields[name]!.replace(/[()]/g, "\\$&")}`)).first();

describe("the widget's Design, Test environment and Add to website screens", () => {
  const browser = useBrowser();
  it("lets an admin style, save and test the widget, in Dutch and dark", { timeout: 180_000 }, async () => {
    const admin = await apiSignIn(demoAccounts.admin);
    const name = `design-${Date.now().toString(36)}`;
    const created = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name }, admin.token);
    expect(created.status).toBe(200);
    const { context: browserContext, page } = await newPage(browser(), {
      session: admin,
      colorScheme: "dark",
      localStorage: {
        "parley.language": "nl",
        "parley.preferences": JSON.stringify({ theme: "dark" }),
        "parley.selectedConfiguration": JSON.stringify({ _id: created.data.inserted_id, name }),
      },
    });

    await page.goto("/admin/settings/design");
    await expectPath(page, "/admin/settings/design");
    const title = designField(page, "headerTitle");
    await title.waitFor();
    expect(await title.inputValue()).toBe("Chat met ons");
    await snap(page, journey, "1-admin-design-defaults");
    await expectAccessible(page);

    // The preview follows the keyboard.
    await title.fill("Bakkerij Brood");
    await expect.poll(() => page.getByTestId("preview-title").textContent()).toBe("Bakkerij Brood");
    await designField(page, "botMessageTextColor").nth(0).fill("#e5e7eb");
    await page.getByTestId("contrast-warning").waitFor();
    await snap(page, journey, "2-admin-design-changed-contrast");
    await designField(page, "botMessageTextColor").fill("#111827");
    await page.getByRole("button", { name: nl.preview.desktop }).click();
    await page.getByTestId("preview-desktop").waitFor();
    await snap(page, journey, "3-admin-design-desktop-preview");

    await page.getByRole("button", { name: nl.form.save, exact: true }).click();
    await page.getByText(nlMessages.success.design_saved).first().waitFor();
    await page.getByText(nl.form.noUnsaved).waitFor();
    await page.reload();
    await expect.poll(() => designField(page, "headerTitle").inputValue()).toBe("Bakkerij Brood");

    // The test environment frames the real widget with the saved design.
    await page.goto("/admin/settings/test");
    const frame = page.frameLocator(`iframe[title="${nl.test.frameTitle}"]`);
    await frame.locator("button").first().waitFor({ timeout: 30_000 });
    await page.getByLabel(nl.test.checkQuestion).fill("Wanneer zijn jullie open?");
    await page.getByRole("button", { name: nl.test.check, exact: true }).click();
    await page.getByText(/“Wanneer zijn jullie open\?”/).waitFor();
    await snap(page, journey, "4-admin-test-environment");
    await expectAccessible(page);
    await page.getByRole("button", { name: nl.test.startOver }).click();
    await frame.locator("button").first().waitFor({ timeout: 30_000 });
    await browserContext.close();
  });

  it("lets a self-onboarding customer style, test and embed the widget", { timeout: 180_000 }, async () => {
    const account = await createSelfOnboardingAccount("widget", true);
    const created = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name: "widget-shop" }, account.session.token);
    expect(created.status).toBe(200);
    const { context: browserContext, page } = await newPage(browser(), {
      session: account.session,
      localStorage: {
        "parley.language": "nl",
        "parley.selectedConfiguration": JSON.stringify({ _id: created.data.inserted_id, name: "widget-shop" }),
      },
    });

    await page.goto("/assistant/design");
    await designField(page, "startMessage").waitFor();
    await designField(page, "startMessage").fill("Welkom bij de bakker!");
    await expect.poll(() => page.getByTestId("preview-start-message").textContent()).toBe("Welkom bij de bakker!");
    await snap(page, journey, "5-customer-design");
    await expectAccessible(page);
    await page.getByRole("button", { name: nl.form.save, exact: true }).click();
    await page.getByText(nlMessages.success.design_saved).first().waitFor();

    await page.goto("/assistant/test");
    await page.frameLocator(`iframe[title="${nl.test.frameTitle}"]`).locator("button").first().waitFor({ timeout: 30_000 });
    await snap(page, journey, "6-customer-test-environment");
    await expectAccessible(page);

    await page.goto("/assistant/embedding");
    await page.getByTestId("snippet").getByText(/<script/).waitFor();
    await page.getByLabel(nl.embed.addOrigin).fill("https://www.bakkerij.example/winkel");
    await page.getByRole("button", { name: nl.embed.add, exact: true }).click();
    await page.getByText("https://www.bakkerij.example", { exact: true }).waitFor();
    await page.getByRole("button", { name: nl.embed.saveOrigins }).click();
    await page.getByText(nlMessages.success.data_saved).first().waitFor();
    const stored = await api<{ data: { allowed_origins: string[] } }>("GET", `/configuration?configuration_id=${created.data.inserted_id}`, undefined, account.session.token);
    expect(stored.data.data.allowed_origins).toEqual(["https://www.bakkerij.example"]);

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: nl.embed.uploadDemo }).click();
    await (await chooser).setFiles({ name: "home.html", mimeType: "text/html", buffer: Buffer.from("<!doctype html><title>Bakkerij</title><h1>Bakkerij</h1>") });
    const demo = page.getByRole("link", { name: nl.embed.openDemo });
    await demo.waitFor();
    expect(await demo.getAttribute("href")).toMatch(/\/api\/chatbot\/settings\/demo\//);
    await snap(page, journey, "7-customer-add-to-website");
    await expectAccessible(page);
    await browserContext.close();
  });
});
