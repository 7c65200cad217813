import { AxeBuilder } from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, onTestFailed } from "vitest";

export const resultsDir = resolve(import.meta.dirname, "../test-results");

export const baseUrl = (): string => inject("baseUrl");

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** What the browser keeps after a sign-in (interfaces.md: `accessToken` and `userData`). */
export interface StoredSession {
  token: string;
  user: Record<string, unknown>;
}

export interface PageOptions {
  /** Starts the context already signed in, as if the user had signed in before. */
  session?: StoredSession;
  colorScheme?: "light" | "dark";
  /** Extra localStorage entries of the portal origin (e.g. preferences). */
  localStorage?: Record<string, string>;
}

/** A fresh context (own storage) and page at the product's origin. */
/**
 * One Chromium for the journeys of a describe block: launched before its tests and closed after them.
 * Call at the top of the block; the returned getter gives the running browser inside tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error("Chromium is not running: call useBrowser() at the top of a describe block.");
    return browser;
  };
}

export async function newPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const entries: { name: string; value: string }[] = Object.entries(options.localStorage ?? {}).map(
    ([name, value]) => ({
      name,
      value,
    }),
  );
  if (options.session) {
    entries.push({ name: "accessToken", value: options.session.token });
    entries.push({ name: "userData", value: JSON.stringify(options.session.user) });
  }
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    colorScheme: options.colorScheme ?? "light",
    reducedMotion: "reduce",
    storageState: {
      cookies: [],
      origins: entries.length > 0 ? [{ origin: baseUrl(), localStorage: entries }] : [],
    },
  });
  // Generous: the root test command runs these beside other packages' tests on two cores.
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(45_000);
  const page = await context.newPage();
  const testName = expect.getState().currentTestName;
  if (testName) {
    snapOnFailure(page, "failures", testName.replace(/[^\w-]+/g, "-").slice(0, 120));
    reportPageTroubleOnFailure(page, testName);
  }
  return { context, page };
}

/** Keeps a screenshot of the step as a test artifact (e2e/test-results/<journey>/<step>.png). */
export async function snap(page: Page, journey: string, step: string): Promise<void> {
  const folder = resolve(resultsDir, journey);
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: resolve(folder, `${step}.png`), fullPage: true });
}

/**
 * Collects what went wrong inside the page (script errors, failed script and style loads, 5xx answers)
 * and prints it when the running test fails, so a failure says whether the product or the journey broke.
 */
function reportPageTroubleOnFailure(page: Page, testName: string): void {
  const trouble: string[] = [];
  page.on("pageerror", (error) => trouble.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") trouble.push(`console error: ${message.text()}`);
  });
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (
      response.status() >= 500 ||
      (response.status() >= 400 && (type === "script" || type === "stylesheet"))
    ) {
      trouble.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  onTestFailed(() => {
    if (trouble.length > 0)
      process.stderr.write(
        `\nIn the browser during "${testName}":\n  ${trouble.slice(0, 30).join("\n  ")}\n`,
      );
  });
}

/** Keeps a screenshot of where the page was when the running test failed. Call inside a test. */
export function snapOnFailure(page: Page, journey: string, name: string): void {
  onTestFailed(async () => {
    try {
      await snap(page, journey, `FAILED-${name}`);
    } catch {
      // the page may be gone already
    }
  });
}

/** The path (with search) the page is on, without the origin. */
/**
 * Opens a menu and picks one of its items (`role`: menuitemradio or menuitem) until `took` reports the change. Menus open with an animation;
 * on a loaded machine (CI beside other suites) a click on an item as it opens was seen to be lost, so the item is
 * pressed again, only while it is still shown and the change has not taken (a navigation may take a while: the
 * menu closes on a click that took). The menu is closed afterwards.
 */
export async function chooseFromMenu(
  page: Page,
  menu: string,
  item: string,
  took: () => Promise<boolean>,
  role: "menuitemradio" | "menuitem" = "menuitemradio",
): Promise<void> {
  await page.getByRole("button", { name: menu }).click();
  const option = page.getByRole(role, { name: item });
  await option.click();
  for (let attempt = 0; attempt < 5 && !(await took()); attempt += 1) {
    await page.waitForTimeout(1_000);
    if (await took()) break;
    if (await option.isVisible()) await option.click();
  }
  await expect.poll(took, { timeout: 15_000 }).toBe(true);
  if (await page.getByRole("menu").isVisible()) await page.keyboard.press("Escape");
  await page.getByRole("menu").waitFor({ state: "hidden" });
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page's path (and search) matches. */
export async function expectPath(page: Page, expected: string | RegExp): Promise<void> {
  await page.waitForURL((url) => {
    const path = url.pathname + url.search;
    return typeof expected === "string" ? path === expected : expected.test(path);
  });
  const path = pathOf(page);
  if (typeof expected === "string") expect(path).toBe(expected);
  else expect(path).toMatch(expected);
}

/** Fills the sign-in form of either portal and submits it. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** JSON call to the product's API (same origin as the portals). */
export async function api<T>(
  method: "GET" | "POST" | "PUT",
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : {}) as T };
}

// The demo accounts' sessions, shared by the journeys of a worker: the whole suite signs in from one
// address, and the server allows 30 sign-in attempts a minute per address.
const demoSessions = new Map<string, StoredSession>();

/**
 * Signs in through the API (not the form) for journeys that start signed in. A demo account's session
 * is reused while the server still accepts its token; other accounts (a journey's own) sign in afresh.
 */
export async function apiSignIn(email: string, password = demoPassword): Promise<StoredSession> {
  const isDemo = password === demoPassword && (Object.values(demoAccounts) as string[]).includes(email);
  const cached = isDemo ? demoSessions.get(email) : undefined;
  if (cached && (await api("POST", "/validate-token", { token: cached.token })).status === 200) return cached;
  const session = await signInThroughApi(email, password);
  if (isDemo) demoSessions.set(email, session);
  return session;
}

async function signInThroughApi(email: string, password: string): Promise<StoredSession> {
  const answer = await api<{
    token?: string;
    user?: Record<string, unknown>;
    showWizard?: boolean;
    showInstructions?: boolean;
    forceRefreshPassword?: boolean;
  }>("POST", "/login", { username: email, password });
  if (answer.status !== 200 || !answer.data.token || !answer.data.user) {
    throw new Error(
      `Sign-in of ${email} through the API failed: ${answer.status} ${JSON.stringify(answer.data)}`,
    );
  }
  return {
    token: answer.data.token,
    user: {
      ...answer.data.user,
      showWizard: answer.data.showWizard ?? false,
      showInstructions: answer.data.showInstructions ?? false,
      forceRefreshPassword: answer.data.forceRefreshPassword ?? false,
    },
  };
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Waits for the newest dev-mailbox message to `to` that is newer than `afterId` (when given). */
export async function waitForMail(to: string, afterId?: string, timeout = 15_000): Promise<MailboxMessage> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const { data } = await api<{ messages: MailboxMessage[] }>("GET", "/dev/mailbox.json");
    const found = data.messages.find(
      (message) =>
        message.to.toLowerCase() === to.toLowerCase() &&
        (afterId === undefined || BigInt(message.id) > BigInt(afterId)),
    );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${to} arrived in the dev mailbox within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The id of the newest message in the dev mailbox ("0" when empty). */
export async function newestMailId(): Promise<string> {
  const { data } = await api<{ messages: MailboxMessage[] }>("GET", "/dev/mailbox.json");
  return data.messages[0]?.id ?? "0";
}

/** A unique, valid e-mail address for an account made by a journey. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; summary: string }[];
}

/** Runs axe-core (through @axe-core/playwright) on the page and returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String),
        html: node.html.slice(0, 200),
        summary: node.failureSummary ?? "",
      })),
    }));
}

/** A readable list of violations for a failing assertion. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  at ${n.target.join(" ")} ${n.html}\n    ${n.summary.replace(/\n/g, "\n    ")}`).join("\n")}`,
    )
    .join("\n");
}

/** Fails with the readable list when axe finds a serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

export const demoPassword = "Demo!2345";
export const demoAccounts = {
  admin: "admin@demo.test",
  customer: "customer@demo.test",
  onboarding: "onboarding@demo.test",
} as const;
