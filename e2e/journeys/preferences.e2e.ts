import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSignIn, chooseFromMenu, demoAccounts, expectPath, useBrowser, newPage, snap } from "../support/browser";

const journey = "05-preferences";

interface DutchTexts {
  nav: { label: string };
  groups: { conversations: string };
  home: { welcome: string };
  preferences: { open: string; title: string; menuLayout: string; skin: string };
}
// The Dutch texts the portal should show, from the product's own translation files (one per namespace).
const dutch = (path: string): object => JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/ui/src", path, "nl.json"), "utf8")) as object;
const nl = { ...dutch("shell/locales"), ...dutch("navigation/locales"), ...dutch("features/home/locales") } as DutchTexts;
const dutchWelcome = nl.home.welcome.replace("{{name}}", "Chris Customer");

async function appearance(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    return {
      dark: root.classList.contains("dark"),
      lang: root.lang,
      sidebar:
        document.querySelector("aside") !== null &&
        getComputedStyle(document.querySelector("aside") as Element).display !== "none",
      background: getComputedStyle(document.body).backgroundColor,
      primary: root.style.getPropertyValue("--parley-primary-500"),
      loaderColors: JSON.parse(localStorage.getItem("parley.loaderColors") ?? "null") as unknown,
    };
  });
}

/** Relative luminance-ish brightness of an rgb() colour, 0 (black) to 255 (white). */
function brightness(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

describe("theme, language and interface preferences survive a reload", () => {
  const browser = useBrowser();

  it("keeps dark theme, teal, Dutch and the horizontal menu with the bordered skin", async () => {
    const session = await apiSignIn(demoAccounts.customer);
    const { context, page } = await newPage(browser(), { session, colorScheme: "light" });
    await page.goto("/customer");
    await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();
    const start = await appearance(page);
    expect(start).toMatchObject({ dark: false, lang: "en", sidebar: true });
    await snap(page, journey, "1-light-english-vertical");

    // Interface preferences first, while the labels are English.
    await page.getByRole("button", { name: "Interface settings" }).click();
    const drawer = page.getByRole("dialog", { name: "Interface settings" });
    await drawer.waitFor();
    await drawer.getByLabel("Menu layout").selectOption("horizontal");
    await drawer.getByLabel("Skin").selectOption("bordered");
    await snap(page, journey, "2-preferences-drawer");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect((await appearance(page)).sidebar).toBe(false);
    // The horizontal menu carries the navigation now.
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "Conversations" })
      .waitFor();

    await chooseFromMenu(page, "Theme", "Dark", async () => (await appearance(page)).dark);
    await chooseFromMenu(page, "Theme", "Teal", async () => (await appearance(page)).primary.includes("teal"));
    await chooseFromMenu(page, "Language", "Nederlands", async () => (await appearance(page)).lang === "nl");
    await page.getByRole("heading", { name: dutchWelcome }).waitFor();
    const changed = await appearance(page);
    expect(changed).toMatchObject({ dark: true, lang: "nl", sidebar: false });
    // The loading screen before JavaScript paints the chosen surface and primary colour.
    expect(changed.loaderColors).toEqual({ surface: "#09090b", primary: "#14b8a6" });
    expect(brightness(changed.background)).toBeLessThan(80);
    await snap(page, journey, "3-dark-dutch-horizontal");

    await page.reload();
    await expectPath(page, "/customer");
    await page.getByRole("heading", { name: dutchWelcome }).waitFor();
    const reloaded = await appearance(page);
    expect(reloaded).toMatchObject({ dark: true, lang: "nl", sidebar: false });
    expect(reloaded.primary).toContain("teal");
    expect(brightness(reloaded.background)).toBeLessThan(80);
    await page
      .getByRole("navigation", { name: nl.nav.label })
      .getByRole("button", { name: nl.groups.conversations })
      .waitFor();
    await page.getByRole("button", { name: nl.preferences.open }).click();
    const reopened = page.getByRole("dialog", { name: nl.preferences.title });
    await reopened.waitFor();
    expect(await reopened.getByLabel(nl.preferences.menuLayout).inputValue()).toBe("horizontal");
    expect(await reopened.getByLabel(nl.preferences.skin).inputValue()).toBe("bordered");
    await snap(page, journey, "4-after-reload");
    await context.close();
  });
});
