import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { snap, useBrowser } from "../support/browser";
import { englishLeakFinder, translationKeys } from "../support/locales";
import {
  screensByAccount,
  screenSessions,
  visitScreens,
  visitorQuestion,
  type ManifestScreen,
  type ScreenAccount,
  type ScreenSessions,
} from "../support/pages";

const journey = "translations";
const languages = ["en", "nl", "de", "es", "fr"] as const;
type Language = (typeof languages)[number];

/**
 * The texts a person meets on the page: visible lines, labels, placeholders and titles, without the parts marked
 * as another language than the page's (the widget preview speaks the widget's language).
 */
async function textsOf(page: Page): Promise<{ all: string[]; inPageLanguage: string[] }> {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang;
    const foreign = Array.from(document.body.querySelectorAll("[lang]")).filter((element) => element.getAttribute("lang") !== pageLanguage);
    const foreignLines = foreign.flatMap((element) => (element as HTMLElement).innerText.split("\n"));
    const all = document.body.innerText.split("\n");
    const inPageLanguage = [...all];
    for (const line of foreignLines) {
      const at = inPageLanguage.indexOf(line);
      if (at >= 0) inPageLanguage.splice(at, 1);
    }
    for (const element of Array.from(document.querySelectorAll("[aria-label], [placeholder], [title]"))) {
      const inForeignPart = foreign.some((part) => part.contains(element));
      for (const attribute of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(attribute);
        if (!value) continue;
        all.push(value);
        if (!inForeignPart) inPageLanguage.push(value);
      }
    }
    const clean = (texts: string[]) => texts.map((text) => text.trim()).filter(Boolean);
    return { all: clean(all), inPageLanguage: clean(inPageLanguage) };
  });
}

describe("every screen of both portals speaks the chosen language", () => {
  const browser = useBrowser();
  const keys = translationKeys();
  let sessions: ScreenSessions;
  beforeAll(async () => {
    sessions = await screenSessions("i18n");
  });

  it("knows the UI's keys, and tells an English text on a Dutch page from Dutch, user data and names", () => {
    expect(keys.size).toBeGreaterThan(500);
    const leaks = englishLeakFinder("nl")([
      "Customers",
      "Klanten",
      "Welcome, Ada Admin",
      "Welkom, Ada Admin",
      visitorQuestion,
      "Dashboard",
      "English",
      "https://www.example.com/page",
    ]);
    expect(leaks.map((leak) => leak.text)).toEqual(["Customers", "Welcome, Ada Admin"]);
  });

  /** Opens every screen in the language and lists what is not in it (keys and English texts). */
  async function untranslated(account: ScreenAccount, screens: ManifestScreen[], language: Language): Promise<string[]> {
    const leaksIn = language === "en" ? () => [] : englishLeakFinder(language);
    const found: string[] = [];
    const storage = { "parley.language": language };
    await visitScreens(browser(), sessions, account, screens, { colorScheme: language === "de" ? "dark" : "light", localStorage: storage }, async (page, screen) => {
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const texts = await textsOf(page);
      const before = found.length;
      for (const text of texts.all) if (keys.has(text)) found.push(`${language} ${screen.url}: key ${text}`);
      for (const leak of leaksIn(texts.inPageLanguage)) found.push(`${language} ${screen.url}: English "${leak.text}" (${leak.key})`);
      if (found.length > before) await snap(page, journey, `${account}-${language}${screen.path.replace(/\//g, "-")}`);
    });
    return found;
  }

  for (const { account, screens } of screensByAccount()) {
    it(`${account}: no translation key in ${languages.join(", ")}, no English text in the other four, on ${screens.length} screens`, { timeout: 180_000 }, async () => {
      // The five languages side by side: the screens mostly wait for the server.
      const found = (await Promise.all(languages.map((language) => untranslated(account, screens, language)))).flat();
      expect(found, found.join("\n")).toEqual([]);
    });
  }
});
