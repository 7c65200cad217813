import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiSignIn,
  demoAccounts,
  describeViolations,
  expectPath,
  useBrowser,
  newPage,
  seriousAccessibilityViolations,
  snap,
  type StoredSession,
} from "../support/browser";

const journey = "07-accessibility";
const themes = ["light", "dark"] as const;
type ThemeName = (typeof themes)[number];

interface Screen {
  name: string;
  path: string;
  expectedPath: string | RegExp;
  /** Something only the finished screen shows. */
  ready: (page: Page) => Promise<void>;
  account?: keyof typeof demoAccounts;
}

const screens: Screen[] = [
  {
    name: "customer-login",
    path: "/login",
    expectedPath: "/login",
    ready: (page) => page.getByRole("button", { name: "Sign in", exact: true }).waitFor(),
  },
  {
    name: "customer-home",
    path: "/customer",
    expectedPath: "/customer",
    account: "customer",
    ready: async (page) => {
      await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();
      await page.getByRole("main").getByText("demo-webshop").waitFor();
    },
  },
  {
    name: "admin-login",
    path: "/admin/login",
    expectedPath: "/admin/login",
    ready: (page) => page.getByRole("button", { name: "Sign in", exact: true }).waitFor(),
  },
  {
    name: "admin-home",
    path: "/admin/",
    expectedPath: /^\/admin\/?$/,
    account: "admin",
    ready: (page) => page.getByRole("heading", { name: "Welcome, Ada Admin" }).waitFor(),
  },
];

describe("no serious or critical accessibility violation (axe-core) on login and home", () => {
  const browser = useBrowser();
  const sessions = new Map<string, StoredSession>();
  beforeAll(async () => {
    sessions.set("customer", await apiSignIn(demoAccounts.customer));
    sessions.set("admin", await apiSignIn(demoAccounts.admin));
  });

  for (const screen of screens) {
    for (const theme of themes) {
      it(`${screen.name} in ${theme}`, async () => {
        await checkScreen(screen, theme);
      });
    }
  }

  async function checkScreen(screen: Screen, theme: ThemeName): Promise<void> {
    const session = screen.account ? sessions.get(screen.account) : undefined;
    const { context, page } = await newPage(browser(), {
      session,
      colorScheme: theme,
      localStorage: { "parley.preferences": JSON.stringify({ theme }) },
    });
    await page.goto(screen.path);
    await expectPath(page, screen.expectedPath);
    await screen.ready(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      theme === "dark",
    );
    // Let lazy chunks and data settle before judging; a screen that keeps polling still gets judged.
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    await snap(page, journey, `${screen.name}-${theme}`);
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  }
});
