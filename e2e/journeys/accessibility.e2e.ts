import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { describeViolations, newPage, seriousAccessibilityViolations, snap, useBrowser } from "../support/browser";
import {
  screensByAccount,
  screenSessions,
  type ManifestScreen,
  type ScreenAccount,
  type ScreenSessions,
  visitScreens,
  visitorQuestion,
  waitForQuiet,
} from "../support/pages";

const journey = "07-accessibility";
const themes = ["light", "dark"] as const;
type ThemeName = (typeof themes)[number];

/**
 * The dialogs (and the one inline form) a user meets on a screen, opened after the screen itself was judged:
 * each opens it and waits for its content; Escape closes it again.
 */
const dialogs: Record<ScreenAccount, Record<string, { name: string; open: (page: Page) => Promise<void> }[]>> = {
  admin: {
    "/admin/customers": [
      {
        name: "new-customer-form",
        open: async (page) => {
          await page.getByRole("button", { name: "New customer" }).click();
          await page.getByRole("heading", { name: "New customer" }).waitFor();
        },
      },
    ],
    "/admin/dataset/view": [
      {
        name: "faq-columns-dialog",
        open: async (page) => {
          await page.getByRole("button", { name: "Columns" }).click();
          await page.getByRole("dialog").waitFor();
        },
      },
    ],
    "/admin/assistant/links": [
      {
        name: "paste-urls-dialog",
        open: async (page) => {
          await page.getByRole("button", { name: "Paste a list" }).click();
          await page.getByRole("dialog").getByRole("textbox").waitFor();
        },
      },
    ],
    "/admin/conversations/live": [
      {
        name: "live-conversation-dialog",
        open: async (page) => {
          await page.getByRole("row").filter({ hasText: visitorQuestion }).getByRole("button", { name: "Open" }).first().click();
          await page.getByRole("dialog").getByText(visitorQuestion).first().waitFor();
        },
      },
    ],
    "/admin/conversations/history": [
      {
        name: "history-conversation-dialog",
        open: async (page) => {
          await page.getByRole("row").filter({ hasText: visitorQuestion }).getByRole("button").first().click();
          await page.getByRole("dialog").getByText(visitorQuestion).first().waitFor();
        },
      },
    ],
  },
  customer: {
    "/customer": [
      {
        name: "search-dialog",
        open: async (page) => {
          await page.keyboard.press("Control+k");
          await page.getByRole("dialog").getByRole("combobox").waitFor();
        },
      },
      {
        name: "change-password-dialog",
        open: async (page) => {
          await page.getByRole("button", { name: "Profile menu" }).click();
          await page.getByRole("menuitem", { name: "Change password" }).click();
          await page.getByRole("dialog").getByRole("heading", { name: "Change your password" }).waitFor();
        },
      },
    ],
  },
  customer_so: {},
};

const themeStorage = (theme: ThemeName) => ({ "parley.preferences": JSON.stringify({ theme }) });

describe("no serious or critical accessibility violation (axe-core) on any screen of either portal", () => {
  const browser = useBrowser();
  let sessions: ScreenSessions;
  beforeAll(async () => {
    sessions = await screenSessions("a11y");
  });

  /** Axe on the page as it is now; a readable line per violation. */
  async function judge(page: Page, name: string, theme: ThemeName, found: string[]): Promise<void> {
    const violations = await seriousAccessibilityViolations(page);
    // Dark screens are kept to be looked at (contrast, borders), light ones when axe found something.
    if (theme === "dark" || violations.length > 0) await snap(page, journey, `${name}-${theme}`);
    if (violations.length > 0) found.push(`${name} (${theme}):\n${describeViolations(violations)}`);
  }

  it("the sign-in pages of both portals, light and dark", async () => {
    const found: string[] = [];
    for (const theme of themes) {
      for (const [name, path] of [["customer-login", "/login"], ["admin-login", "/admin/login"]] as const) {
        const { context, page } = await newPage(browser(), { colorScheme: theme, localStorage: themeStorage(theme) });
        await page.goto(path);
        await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        await judge(page, name, theme, found);
        await context.close();
      }
    }
    expect(found, found.join("\n")).toEqual([]);
  });


  /** Every screen of the account in one theme, each followed by its dialogs. */
  async function judgeScreens(account: ScreenAccount, screens: ManifestScreen[], theme: ThemeName): Promise<string[]> {
    const found: string[] = [];
    await visitScreens(browser(), sessions, account, screens, { colorScheme: theme, localStorage: themeStorage(theme) }, async (page, screen) => {
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      const name = `${screen.portal}${screen.path.replace(/\//g, "-")}`;
      await judge(page, name, theme, found);
      for (const dialog of dialogs[account][screen.url] ?? []) {
        await dialog.open(page);
        // A modal dialog hides the rest of the page (the main region's heading too) from assistive technology.
        await waitForQuiet(page);
        await judge(page, `${name}-${dialog.name}`, theme, found);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden" });
      }
    });
    return found;
  }

  for (const { account, screens } of screensByAccount()) {
    it(`every ${account} screen, light and dark: ${screens.map((screen) => screen.path).join(" ")}`, { timeout: 300_000 }, async () => {
      // Both themes side by side: much of a screen's time is waiting for the server.
      const found = (await Promise.all(themes.map((theme) => judgeScreens(account, screens, theme)))).flat();
      expect(found, found.join("\n")).toEqual([]);
    });
  }
});
