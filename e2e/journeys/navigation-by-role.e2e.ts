import { describe, expect, it } from "vitest";
import {
  demoAccounts,
  demoPassword,
  expectPath,
  useBrowser,
  newPage,
  signInWithForm,
  snap,
} from "../support/browser";
import {
  createSelfOnboardingAccount,
  mainNavigation,
  readNavigation,
  readProfileMenu,
  type NavNode,
} from "../support/shell";

// Spec 01 §2 "Navigation by role", as the English sidebar reads.
const adminNavigation: NavNode[] = [
  "Dashboard",
  "Customers",
  "Leads",
  "Users",
  {
    group: "Settings",
    // The groups need a selected configuration; the admin starts with none selected.
    items: [
      "General (disabled)",
      "AI settings (disabled)",
      "AI functions (disabled)",
      "Instructions (disabled)",
      "Connections (disabled)",
      "Data training (disabled)",
      "Design (disabled)",
      "Test (disabled)",
    ],
  },
  { group: "Data", items: ["Manage FAQ (disabled)", "Manage URLs (disabled)"] },
  { group: "Conversations", items: ["Live (disabled)", "History (disabled)"] },
];

const customerNavigation: NavNode[] = [
  "Dashboard",
  { group: "Conversations", items: ["Live", "History", "Postprocessed"] },
  { group: "Knowledge base", items: ["Manage FAQ"] },
  "Test environment",
];

const selfOnboardingNavigation: NavNode[] = [
  "Dashboard",
  { group: "Conversations", items: ["Live", "History"] },
  { group: "Knowledge base", items: ["Prompting", "FAQ", "URLs"] },
  "Design",
  "Test environment",
  "Add to website",
  {
    group: "Premium features",
    items: [
      "More info",
      "AI reporting (disabled)",
      "Knowledge base+ (disabled)",
      "Connect webshop (disabled)",
      "WhatsApp AI (disabled)",
      "Lead generation (disabled)",
    ],
  },
];

describe("signing in as each demo role shows that role's navigation", () => {
  const browser = useBrowser();

  it("admin: admin portal with Customers, Leads, Users and the configuration groups", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/admin/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await snap(page, "01-navigation", "admin-1-login");
    await signInWithForm(page, demoAccounts.admin, demoPassword);
    await expectPath(page, /^\/admin\/?$/);
    await page.getByRole("heading", { name: "Welcome, Ada Admin" }).waitFor();
    expect(await readNavigation(page)).toEqual(adminNavigation);
    await snap(page, "01-navigation", "admin-2-home-navigation");

    const profile = await readProfileMenu(page);
    expect(profile.texts).toContain("Ada Admin");
    expect(profile.texts).toContain(demoAccounts.admin);
    // Availability, Profile, Subscription and Invoices are for customer roles only.
    expect(profile.items).toEqual(["Change password", "Logout"]);
    await snap(page, "01-navigation", "admin-3-profile-menu");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expectPath(page, "/admin/login");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    await context.close();
  });

  it("customer: Conversations (Live, History, Postprocessed), Knowledge base (Manage FAQ), Test environment", async () => {
    const { context, page } = await newPage(browser());
    const authMethods = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/auth/methods",
    );
    await page.goto("/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // Google sign-in is offered only when the server has it configured; this run has not.
    expect(((await (await authMethods).json()) as { google?: boolean }).google).toBe(false);
    await page.waitForLoadState("networkidle");
    expect(await page.getByText("Continue with Google").count()).toBe(0);
    await snap(page, "01-navigation", "customer-1-login");
    await signInWithForm(page, demoAccounts.customer, demoPassword);
    await expectPath(page, "/customer");
    await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();
    expect(await readNavigation(page)).toEqual(customerNavigation);
    // A customer gets its first configuration selected (the seeded "demo-webshop").
    await page.getByRole("main").getByText("demo-webshop").waitFor();
    await snap(page, "01-navigation", "customer-2-home-navigation");

    // The menu links work: the group of the open page is the active one.
    const postprocessed = mainNavigation(page).getByRole("link", { name: "Postprocessed" });
    await postprocessed.click();
    await expectPath(page, "/conversations/postprocessed");
    await expect.poll(() => postprocessed.getAttribute("aria-current")).toBe("page");
    // Its group is the highlighted one.
    await expect
      .poll(() =>
        mainNavigation(page).getByRole("button", { name: "Conversations" }).getAttribute("data-active"),
      )
      .toBe("");
    expect(
      await mainNavigation(page).getByRole("button", { name: "Knowledge base" }).getAttribute("data-active"),
    ).toBeNull();
    await snap(page, "01-navigation", "customer-3-postprocessed");

    const profile = await readProfileMenu(page);
    expect(profile.texts).toContain("Chris Customer");
    expect(profile.texts).toContain(demoAccounts.customer);
    expect(profile.items).toEqual(["Available", "Away", "Profile", "Subscription", "Invoices", "Change password", "Logout"]);
    await snap(page, "01-navigation", "customer-4-profile-menu");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expectPath(page, "/login");
    await context.close();
  });

  it("customer_so without a customer: always sent to self-onboarding", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await signInWithForm(page, demoAccounts.onboarding, demoPassword);
    await expectPath(page, "/self-onboarding");
    await snap(page, "01-navigation", "onboarding-1-self-onboarding");
    // The wizard stands alone: no sidebar until the account has a customer.
    expect(await page.getByRole("navigation", { name: "Main navigation" }).count()).toBe(0);
    await page.goto("/customer");
    await expectPath(page, "/self-onboarding");
    await page.goto("/conversations/live");
    await expectPath(page, "/self-onboarding");
    await context.close();
  });

  it("customer_so with a customer: its own menu with the highlighted Premium features group", async () => {
    const account = await createSelfOnboardingAccount("nav-so", true);
    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await signInWithForm(page, account.email, account.password);
    await expectPath(page, "/customer");
    await page.getByRole("heading", { name: "Welcome, Sam Setup" }).waitFor();
    expect(await readNavigation(page)).toEqual(selfOnboardingNavigation);
    // Premium features is highlighted: framed and tinted, unlike the other groups.
    const frameOf = (name: string) =>
      page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("button", { name })
        .evaluate((trigger) => {
          const frame = getComputedStyle(trigger.parentElement as Element);
          return { border: frame.borderTopWidth, background: frame.backgroundColor };
        });
    const premium = await frameOf("Premium features");
    const conversations = await frameOf("Conversations");
    expect(premium.border).toBe("1px");
    expect(premium.background).not.toBe(conversations.background);
    await snap(page, "01-navigation", "customer-so-1-home-navigation");

    const profile = await readProfileMenu(page);
    expect(profile.items).toEqual(["Available", "Away", "Profile", "Subscription", "Invoices", "Change password", "Logout"]);
    await page.keyboard.press("Escape");
    await context.close();
  });
});
