import { pagesOfPortal, type PortalKind } from "@parley/domain/pages";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createCustomerAccount } from "./accounts";
import { api, apiSignIn, demoAccounts, expectPath, newPage, type StoredSession } from "./browser";
import { createSelfOnboardingAccount } from "./shell";

/** Who opens a screen: provider staff, a (full) customer, or a self-onboarding customer with its customer. */
export type ScreenAccount = "admin" | "customer" | "customer_so";

export interface ManifestScreen {
  portal: PortalKind;
  /** The path inside the portal, as the page manifest has it. */
  path: string;
  /** The path the browser opens (the admin portal lives under /admin). */
  url: string;
  account: ScreenAccount;
  titleKey: string;
  needsConfiguration: boolean;
}

/**
 * Every screen of a portal from the page manifest (packages/domain/src/pages.ts), so a page added there is
 * checked here without anyone listing it. A customer-portal page a (full) customer may open is opened by one;
 * the self-onboarding customer's own pages by a customer_so.
 */
export function manifestScreens(portal: PortalKind): ManifestScreen[] {
  return pagesOfPortal(portal).map((page) => ({
    portal,
    path: page.path,
    url: portal === "admin" ? `/admin${page.path === "/" ? "/" : page.path}` : page.path,
    account: portal === "admin" ? "admin" : page.roles.includes("customer") ? "customer" : "customer_so",
    titleKey: page.titleKey,
    needsConfiguration: page.needsConfiguration,
  }));
}

/** Both portals' screens by the account that opens them: every page of the manifest exactly once. */
export function screensByAccount(): { account: ScreenAccount; screens: ManifestScreen[] }[] {
  const all = [...manifestScreens("admin"), ...manifestScreens("customer")];
  return (["admin", "customer", "customer_so"] as const).map((account) => ({ account, screens: all.filter((screen) => screen.account === account) }));
}

export interface ScreenSessions {
  sessions: Record<ScreenAccount, StoredSession>;
  /** The configuration each account works on (selected in the sidebar where a page needs one). */
  configurations: Record<ScreenAccount, { _id: string; name: string }>;
}

/** The visitor question the conversation screens show. */
export const visitorQuestion = "Hello, where is my order?";

async function firstConfiguration(session: StoredSession, query: string): Promise<{ _id: string; name: string }> {
  const found = await api<{ data: { _id: string; name: string }[] }>(
    "GET",
    `/configurations/search?query=${encodeURIComponent(query)}`,
    undefined,
    session.token,
  );
  const configuration = found.data.data?.[0];
  if (!configuration) throw new Error(`no configuration found: ${JSON.stringify(found.data)}`);
  return { _id: configuration._id, name: configuration.name };
}

/** A visitor writes once in the configuration's widget (the HTTP fallback of the chat socket); answers its session. */
export async function visitorConversation(configurationId: string, message = visitorQuestion): Promise<string> {
  const sent = await api<{ session_id: string }>("POST", `/widget/${configurationId}/messages`, { message });
  if (sent.status !== 200) throw new Error(`the visitor's message failed: ${sent.status} ${JSON.stringify(sent.data)}`);
  return sent.data.session_id;
}

/**
 * One sign-in per account for a whole journey file: the demo admin (shared session), a customer of the
 * journey's own (the demo customer's sign-ins are spent by other journeys) and a new customer_so with its
 * customer. Each configuration gets one visitor conversation.
 */
export async function screenSessions(prefix: string): Promise<ScreenSessions> {
  const admin = await apiSignIn(demoAccounts.admin);
  const [customer, selfOnboarding, adminConfiguration] = await Promise.all([
    createCustomerAccount(admin, {
      customer: { name: `Pages ${prefix} ${Date.now()}`, contactPersonEmail: `${prefix}@shop.example` },
      user: { firstname: "Carla", lastname: "Pages" },
      prefix,
    }),
    createSelfOnboardingAccount(`${prefix}-so`, true),
    firstConfiguration(admin, "demo"),
  ]);
  // The onboarding wizard makes the self-onboarding customer's configuration; here the API does.
  const soName = `${prefix}-so-${Date.now()}`;
  const made = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name: soName }, selfOnboarding.session.token);
  if (made.status !== 200) throw new Error(`creating the configuration failed: ${made.status} ${JSON.stringify(made.data)}`);
  const configurations = { admin: adminConfiguration, customer: customer.configuration, customer_so: { _id: made.data.inserted_id, name: soName } };
  await Promise.all(Object.values(configurations).map((configuration) => visitorConversation(configuration._id)));
  return { sessions: { admin, customer: customer.session, customer_so: selfOnboarding.session }, configurations };
}

/** The localStorage a screen's context starts with: the account's configuration selected. */
export function selectedConfiguration(sessions: ScreenSessions, account: ScreenAccount): Record<string, string> {
  return { "parley.selectedConfiguration": JSON.stringify(sessions.configurations[account]) };
}

/**
 * Counts the page's unanswered fetch and XHR requests (`window.__pendingRequests`), so a journey can wait for a
 * screen's data without Playwright's `networkidle` (half a second of silence, and never with a polling screen).
 */
export async function trackPendingRequests(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const tracked = window as unknown as { __pendingRequests: number };
    tracked.__pendingRequests = 0;
    const originalFetch = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      tracked.__pendingRequests += 1;
      try {
        return await originalFetch(...args);
      } finally {
        tracked.__pendingRequests -= 1;
      }
    };
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest["send"]>) {
      // socket.io's long polling keeps one request open on purpose; it is not a screen's data.
      const polling = /\/socket\.io\//.test((this as unknown as { __url?: string }).__url ?? "");
      if (!polling) {
        tracked.__pendingRequests += 1;
        this.addEventListener("loadend", () => (tracked.__pendingRequests -= 1), { once: true });
      }
      return send.apply(this, args);
    };
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      (this as unknown as { __url?: string }).__url = String(args[1]);
      return (open as (...a: unknown[]) => void).apply(this, args);
    } as typeof XMLHttpRequest.prototype.open;
  });
}

/**
 * Waits for a screen's real content: its heading, then no request of the page unanswered, no spinner, skeleton
 * or busy region shown, twice in a row 150 ms apart (a screen that starts a second request after the first).
 * The context must track requests (`trackPendingRequests`).
 */
export async function waitForScreen(page: Page): Promise<void> {
  await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor();
  await waitForQuiet(page);
}

/** No request of the page unanswered, no spinner, skeleton or busy region shown (see waitForScreen). */
export async function waitForQuiet(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const state = window as unknown as { __pendingRequests?: number; __quietSince?: number };
      const busy = Array.from(
        document.querySelectorAll('.chakra-spinner, .chakra-skeleton, [aria-busy="true"], [data-loading]'),
      ).some((element) => (element as HTMLElement).checkVisibility());
      if (busy || (state.__pendingRequests ?? 0) > 0) {
        state.__quietSince = undefined;
        return false;
      }
      state.__quietSince ??= performance.now();
      return performance.now() - state.__quietSince >= 150;
    },
    undefined,
    { timeout: 20_000, polling: 50 },
  );
  await page.evaluate(() => ((window as unknown as { __quietSince?: number }).__quietSince = undefined));
}

/**
 * Opens another screen of the portal the way a link does (the router follows `popstate`), without loading the
 * portal again; the first screen of a context is opened with `page.goto`.
 */
export async function openScreen(page: Page, url: string): Promise<void> {
  if (page.url() === "about:blank") {
    await page.goto(url);
    return;
  }
  // The router may keep the old screen while the new one's code loads: the new screen is there when the main
  // region has a heading the old screen did not have.
  await page.evaluate((target) => {
    for (const heading of Array.from(document.querySelectorAll("main h1"))) {
      heading.setAttribute("data-left-screen", heading.textContent ?? "");
    }
    window.history.pushState({}, "", target);
    window.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
  }, url);
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll("main h1")).some(
      (heading) => !heading.hasAttribute("data-left-screen") || heading.getAttribute("data-left-screen") !== heading.textContent,
    ),
  );
}

/**
 * Opens the account's screens one after the other in one signed-in context (its configuration selected, with
 * the given colour scheme and extra storage), calling `atScreen` once each screen's real content is there.
 */
export async function visitScreens(
  browser: Browser,
  sessions: ScreenSessions,
  account: ScreenAccount,
  screens: ManifestScreen[],
  options: { colorScheme: "light" | "dark"; localStorage: Record<string, string> },
  atScreen: (page: Page, screen: ManifestScreen) => Promise<void>,
): Promise<void> {
  const { context, page } = await newPage(browser, {
    session: sessions.sessions[account],
    colorScheme: options.colorScheme,
    localStorage: { ...options.localStorage, ...selectedConfiguration(sessions, account) },
  });
  await trackPendingRequests(context);
  for (const screen of screens) {
    await openScreen(page, screen.url);
    await expectPath(page, screen.url);
    await waitForScreen(page);
    await atScreen(page, screen);
  }
  await context.close();
}
