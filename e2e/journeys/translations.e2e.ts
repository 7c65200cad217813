import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, apiSignIn, demoAccounts, newPage, snap, useBrowser, type StoredSession } from "../support/browser";

const journey = "translations";
const languages = ["en", "nl", "de", "es", "fr"] as const;

// The admin pages with a screen (spec 01 §2), and those of a customer; conversations come later.
const adminPages = [
  "/",
  "/dashboard-crm",
  "/dashboard/ecommerce",
  "/customers",
  "/leads",
  "/users",
  "/settings/general",
  "/settings/ai-settings",
  "/settings/functions",
  "/settings/instructions",
  "/settings/connections",
  "/settings/datatraining",
  "/dataset/view",
  "/assistant/links",
];
const customerPages = ["/customer", "/assistant/faq", "/aiassistant"];

/** Every translation key of the UI (`namespace:key` and `key`), from the English files. */
function translationKeys(): Set<string> {
  const keys = new Set<string>();
  const flatten = (node: unknown, prefix: string, namespace: string) => {
    if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, namespace);
    } else {
      keys.add(prefix);
      keys.add(`${namespace}:${prefix}`);
    }
  };
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "en.json" && directory.endsWith("locales")) {
        flatten(JSON.parse(readFileSync(path, "utf8")), "", directory.split(/[\\/]/).at(-2) ?? "");
      }
    }
  };
  walk(resolve(import.meta.dirname, "../../packages/ui/src"));
  return keys;
}

/** The texts a person meets on the page: visible lines, labels, placeholders and titles. */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = document.body.innerText.split("\n");
    for (const element of Array.from(document.querySelectorAll("[aria-label], [placeholder], [title]"))) {
      for (const attribute of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

describe("every screen speaks the chosen language", () => {
  const browser = useBrowser();
  const keys = translationKeys();

  async function untranslated(session: StoredSession, base: string, paths: string[], extraStorage: Record<string, string>) {
    const found: string[] = [];
    for (const language of languages) {
      const { context, page } = await newPage(browser(), {
        session,
        colorScheme: language === "de" ? "dark" : "light",
        localStorage: { "parley.language": language, ...extraStorage },
      });
      for (const path of paths) {
        await page.goto(`${base}${path}`);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        // Lazy screens and their texts settle after the heading.
        await page.waitForLoadState("networkidle");
        for (const text of await textsOf(page)) if (keys.has(text)) found.push(`${language} ${path}: ${text}`);
        if (language === "de" && path === paths.at(-1)) await snap(page, journey, `${base.replace("/", "") || "customer"}-de-dark`);
      }
      await context.close();
    }
    return found;
  }

  it("shows no translation key instead of a text on the admin's screens, in all five languages", { timeout: 240_000 }, async () => {
    expect(keys.size).toBeGreaterThan(500);
    const admin = await apiSignIn(demoAccounts.admin);
    const list = await api<{ data: { _id: string; name: string }[] }>("GET", "/configurations/search?query=demo", undefined, admin.token);
    const demo = list.data.data?.[0];
    expect(demo).toBeDefined();
    const found = await untranslated(admin, "/admin", adminPages, { "parley.selectedConfiguration": JSON.stringify({ _id: demo!._id, name: demo!.name }) });
    expect(found).toEqual([]);
  });

  it("shows no translation key instead of a text on the customer's screens, in all five languages", { timeout: 120_000 }, async () => {
    const customer = await apiSignIn(demoAccounts.customer);
    expect(await untranslated(customer, "", customerPages, {})).toEqual([]);
  });
});
