import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
  demoAccounts,
  expectPath,
  newestMailId,
  newPage,
  signInWithForm,
  snap,
  useBrowser,
  waitForMail,
  type StoredSession,
} from "../support/browser";
import { createSelfOnboardingAccount } from "../support/shell";

const journey = "shell-fixes";
const notAuthorized = "You are not authorized to view this page";

/** One admin sign-in for the whole file: the demo admin's sign-ins are shared with the other journeys. */
let adminSession: StoredSession | undefined;
async function admin(): Promise<StoredSession> {
  adminSession ??= await apiSignIn(demoAccounts.admin);
  return adminSession;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
}

describe("the shell, as a new user finds it (issue 12)", () => {
  const browser = useBrowser();

  it("gives a new self-sign-up the top bar on the onboarding page, and a way to sign out", async () => {
    const account = await createSelfOnboardingAccount("shell-so", false);
    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await signInWithForm(page, account.email, account.password);
    await expectPath(page, "/self-onboarding");
    await page.getByRole("heading", { name: "Set up your assistant", level: 1 }).waitFor();
    // Inside the shell: the top bar with its profile menu; no menu that would only lead back here.
    await page.getByRole("banner").getByRole("button", { name: "Profile menu" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main navigation" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Back to home" }).count()).toBe(0);
    await snap(page, journey, "1-self-onboarding-in-shell");

    await signOut(page);
    await expectPath(page, "/login");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    await page.goto("/self-onboarding");
    await expectPath(page, "/login?redirect=%2Fself-onboarding");
    await context.close();
  });

  it("shows the onboarding page in German and dark", async () => {
    const account = await createSelfOnboardingAccount("shell-so-de", false);
    const { context, page } = await newPage(browser(), {
      session: account.session,
      colorScheme: "dark",
      localStorage: { "parley.language": "de", "parley.preferences": JSON.stringify({ theme: "dark" }) },
    });
    await page.goto("/self-onboarding");
    await page.getByRole("heading", { name: "Ihren Assistenten einrichten", level: 1 }).waitFor();
    await snap(page, journey, "2-self-onboarding-de-dark");
    await context.close();
  });

  it("sends a customer who signs in on the admin sign-in page to the customer portal's link, not a 404", async () => {
    const account = await createSelfOnboardingAccount("shell-cust", true);
    const { context, page } = await newPage(browser());
    await page.goto("/admin/login");
    await signInWithForm(page, account.email, account.password);
    await expectPath(page, /^\/admin\/?$/);
    await page.getByRole("heading", { name: notAuthorized }).waitFor();
    await page.getByText("Your account belongs to the customer portal.").waitFor();
    const toCustomerPortal = page.getByRole("link", { name: /customer portal/i });
    expect(await toCustomerPortal.getAttribute("href")).toBe("/");
    await snap(page, journey, "3-customer-on-admin-sign-in");

    // Pages are guarded by their roles, not only by the menu.
    await page.goto("/admin/customers");
    await page.getByRole("heading", { name: notAuthorized }).waitFor();
    for (const customerOnly of ["/conversations/postprocessed", "/dataset/view", "/subscription/view"]) {
      await page.goto(customerOnly);
      await expectPath(page, customerOnly);
      await page.getByRole("main").getByRole("heading", { name: notAuthorized }).waitFor();
      // Inside the shell: the way home and the top bar stay.
      await page.getByRole("banner").getByRole("button", { name: "Profile menu" }).waitFor();
    }
    await snap(page, journey, "4-customer-so-on-customer-page");
    await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
    await expectPath(page, "/customer");
    await context.close();
  });

  it("refuses a malformed e-mail before sending it, and says a wrong one-time code once", async () => {
    const { context, page } = await newPage(browser());
    const logins: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/login") logins.push(request.method());
    });
    await page.goto("/login");
    await signInWithForm(page, "not-an-address", "Whatever!1");
    await page.getByText("Please enter a valid email address").waitFor();
    expect(logins).toEqual([]);
    await snap(page, journey, "5-malformed-email");

    // A wrong code: the alert says it, the code field is marked without saying it again.
    const email = `shell-otp.${Date.now().toString(36)}@example.test`;
    await page.goto("/register");
    await page.getByLabel("First name").fill("Otto");
    await page.getByLabel("Last name").fill("Code");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel(/^Password/).fill("Demo!2345");
    await page.getByLabel("Confirm password").fill("Demo!2345");
    await page.getByRole("combobox", { name: /^Language/ }).selectOption("en");
    const before = await newestMailId();
    await page.getByRole("button", { name: "Sign up" }).click();
    const mail = await waitForMail(email, before);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
    await page.getByLabel("Digit 1 of the code").click();
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await page.getByRole("alert").getByText("Invalid code, please check your email for the correct code.").waitFor();
    expect(await page.getByText("Invalid code, please check your email for the correct code.").count()).toBe(1);
    await snap(page, journey, "6-wrong-code-once");
    await context.close();
  });

  it("says a used reset link cannot be used as the page opens", async () => {
    const account = await createSelfOnboardingAccount("shell-reset", true);
    const before = await newestMailId();
    await api("POST", "/password-reset/request", { email: account.email });
    const mail = await waitForMail(account.email, before);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";
    const used = await api("POST", "/password-reset/reset", { token, password: "Used!Pass9", confirmPassword: "Used!Pass9" });
    expect(used.status).toBe(200);
    const { context, page } = await newPage(browser(), { localStorage: { "parley.language": "fr" } });
    await page.goto(`/reset-password?token=${token}`);
    await page.getByText("Ce lien de réinitialisation a déjà été utilisé ou a expiré").waitFor();
    expect(await page.getByRole("button", { name: "Enregistrer le mot de passe" }).count()).toBe(0);
    await snap(page, journey, "7-used-reset-link-fr");
    await context.close();
  });

  it("selects the configuration chosen in the admin's Ctrl+K search", async () => {
    const { context, page } = await newPage(browser(), { session: await admin() });
    await page.goto("/admin/");
    await page.getByRole("heading", { name: "Welcome, Ada Admin" }).waitFor();
    expect(await page.getByRole("combobox", { name: "Configuration" }).inputValue()).toBe("");
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search" });
    await dialog.getByRole("combobox").fill("demo-webshop");
    await dialog.getByRole("group", { name: "Configurations" }).getByRole("option", { name: /demo-webshop/ }).click();
    await expectPath(page, "/admin/settings/general");
    await expect.poll(() => page.getByRole("combobox", { name: "Configuration" }).inputValue()).toBe("demo-webshop");
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe("demo-webshop");
    await snap(page, journey, "8-search-selects-configuration");
    await context.close();
  });

  it("names the admin portal on its error pages", async () => {
    const { context, page } = await newPage(browser(), {
      colorScheme: "dark",
      localStorage: { "parley.language": "nl", "parley.preferences": JSON.stringify({ theme: "dark" }) },
    });
    for (const path of ["/admin/no-such-page", "/admin/server-error", "/admin/not-authorized", "/admin/under-maintenance"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.getByText("Parley Admin", { exact: true }).waitFor();
    }
    await page.goto("/admin/no-such-page");
    await page.getByText("Parley Admin", { exact: true }).waitFor();
    await snap(page, journey, "9-admin-not-found-nl-dark");
    await context.close();
  });

  it("offers 'View all' in the notifications, and on a phone the menu focuses its close button", async () => {
    const { context, page } = await newPage(browser(), { session: await admin() });
    await page.goto("/admin/");
    await page.getByRole("heading", { name: "Welcome, Ada Admin" }).waitFor();
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const notifications = page.getByRole("dialog", { name: "Notifications" });
    await notifications.getByRole("button", { name: "View all" }).click();
    await expectPath(page, "/admin/notifications");
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    await page.getByRole("button", { name: /^Unread \(\d+\)$/ }).click();
    expect(await page.getByRole("button", { name: /^Unread/ }).getAttribute("aria-pressed")).toBe("true");

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Main navigation" });
    await drawer.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName))
      .toBe("Close");
    expect(await drawer.getByRole("combobox", { name: "Configuration" }).evaluate((element) => element === document.activeElement)).toBe(false);
    await snap(page, journey, "10-phone-menu");
    await context.close();
  });

  it("fits the top bar, the profile and the Live list on a phone: the profile menu is whole and no page scrolls sideways", async () => {
    const { context, page } = await newPage(browser(), { session: await apiSignIn(demoAccounts.customer) });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/customer");
    await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();
    const profile = await page.getByRole("banner").getByRole("button", { name: "Profile menu" }).boundingBox();
    expect(profile!.x + profile!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The search keeps its name, now only an icon.
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await page.getByRole("dialog", { name: "Search" }).waitFor();
    await snap(page, journey, "11-phone-top-bar");
    await page.keyboard.press("Escape");
    // The profile's buttons wrap instead of widening the page.
    await page.goto("/customer-profile");
    await page.getByRole("button", { name: "Back to the dashboard" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A visitor writes, so the Live list has its table: it scrolls inside its frame, the page does not.
    await page.goto("/assistant/test");
    const widgetAddress = await page.getByTitle("Chat widget test").getAttribute("src");
    const visitor = await context.newPage();
    await visitor.goto(widgetAddress!);
    await visitor.getByRole("button", { name: "Open chat" }).click();
    const message = visitor.getByRole("textbox").first();
    await message.fill("On a phone");
    await message.press("Enter");
    await page.goto("/conversations/live");
    await page.getByRole("table").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it("keeps the whole top bar on a phone, in French and dark: the search button shrinks to its icon", async () => {
    const { context, page } = await newPage(browser(), { session: await admin(), colorScheme: "dark", localStorage: { "parley.language": "fr" } });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/customers");
    await page.getByRole("heading", { name: "Clients", level: 1 }).waitFor();
    const banner = page.getByRole("banner");
    for (const name of ["Ouvrir le menu", "Rechercher", "Notifications", "Menu du profil"]) {
      const box = await banner.getByRole("button", { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} is on the screen`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, journey, "11-phone-top-bar-fr-dark");

    // A settings form's save bar: the buttons go below its status, which keeps whole words (it was squeezed one syllable wide).
    const found = await api<{ data: { _id: string; name: string }[] }>("GET", "/configurations/search", undefined, (await admin()).token);
    const demo = found.data.data.find((configuration) => configuration.name === "demo-webshop")!;
    await page.evaluate((selected) => localStorage.setItem("parley.selectedConfiguration", JSON.stringify(selected)), demo);
    await page.goto("/admin/settings/ai-settings");
    const status = page.getByText("Toutes les modifications sont enregistrées");
    await status.waitFor();
    const statusBox = (await status.boundingBox())!;
    const saveBox = (await page.getByRole("button", { name: "Enregistrer" }).boundingBox())!;
    expect(statusBox.height).toBeLessThan(60);
    expect(saveBox.x + saveBox.width).toBeLessThanOrEqual(390);
    await snap(page, journey, "12-phone-save-bar-fr-dark");
    await context.close();
  });
});
