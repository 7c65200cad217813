import { describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
  demoAccounts,
  uniqueEmail,
  demoPassword,
  expectPath,
  useBrowser,
  newPage,
  signInWithForm,
  snap,
} from "../support/browser";

const journey = "02-route-guard";

describe("the route guard", () => {
  const browser = useBrowser();

  it("sends a visitor to login with the target path and, after sign-in, to that target", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/conversations/history");
    await expectPath(page, "/login?redirect=%2Fconversations%2Fhistory");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await snap(page, journey, "customer-1-login-with-target");
    await signInWithForm(page, demoAccounts.customer, demoPassword);
    await expectPath(page, "/conversations/history");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "History" })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await snap(page, journey, "customer-2-landed-on-target");

    // Signed in, the public pages send the user home.
    await page.goto("/login");
    await expectPath(page, "/customer");
    await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();
    await page.goto("/register");
    await expectPath(page, "/customer");
    await page.goto("/forgot-password");
    await expectPath(page, "/customer");
    // Reset-password always passes, signed in or not.
    await page.goto("/reset-password?token=from-an-email");
    await expectPath(page, "/reset-password?token=from-an-email");
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await snap(page, journey, "customer-3-login-page-goes-home");

    // Same origin, so the customer's session reaches the admin portal: not authorized there.
    await page.goto("/admin/customers");
    await page.getByRole("heading", { name: "You are not authorized to view this page" }).waitFor();
    const toCustomerPortal = page.getByRole("link", { name: /customer portal/i });
    expect(await toCustomerPortal.getAttribute("href")).toBe("/");
    await snap(page, journey, "customer-4-admin-portal-not-authorized");
    await toCustomerPortal.click();
    await expectPath(page, "/customer");
    await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();
    await context.close();
  });

  it("does the same in the admin portal under /admin/", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/admin/users");
    await expectPath(page, "/admin/login?redirect=%2Fusers");
    await snap(page, journey, "admin-1-login-with-target");
    await signInWithForm(page, demoAccounts.admin, demoPassword);
    await expectPath(page, "/admin/users");
    await snap(page, journey, "admin-2-landed-on-target");
    await page.goto("/admin/login");
    await expectPath(page, /^\/admin\/?$/);
    await page.getByRole("heading", { name: "Welcome, Ada Admin" }).waitFor();

    // An admin in the customer portal is shown not-authorized with the way to the admin portal.
    await page.goto("/customer");
    await page.getByRole("heading", { name: "You are not authorized to view this page" }).waitFor();
    expect(await page.getByRole("link", { name: /admin portal/i }).getAttribute("href")).toBe("/admin/");
    await snap(page, journey, "admin-3-customer-portal-not-authorized");
    await context.close();
  });

  it("removes a tampered token and sends the user to login", async () => {
    const session = await apiSignIn(demoAccounts.customer);
    const [header, payload, signature] = session.token.split(".");
    // Same header and claims, a signature that no longer matches them.
    const flipped = (signature?.[0] === "A" ? "B" : "A") + (signature ?? "").slice(1);
    const tampered = `${header}.${payload}.${flipped}`;
    expect(tampered).not.toBe(session.token);
    const { context, page } = await newPage(browser(), { session: { ...session, token: tampered } });
    await page.goto("/conversations/live");
    await expectPath(page, "/login?redirect=%2Fconversations%2Flive");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("userData"))).toBeNull();
    await snap(page, journey, "tampered-token-back-to-login");

    // The genuine token still works, so it was the tampering the guard refused.
    await page.evaluate((token) => localStorage.setItem("accessToken", token), session.token);
    await page.goto("/conversations/live");
    await expectPath(page, "/conversations/live");
    await context.close();
  });

  it("sends a user who must refresh the password to reset-password until it is set", async () => {
    const admin = await apiSignIn(demoAccounts.admin);
    const customer = await apiSignIn(demoAccounts.customer);
    const email = uniqueEmail("forced");
    const created = await api(
      "POST",
      "/users/add_or_update",
      {
        customerId: customer.user.customerId,
        username: email,
        email,
        firstname: "Fiona",
        lastname: "Forced",
        password: demoPassword,
        role: "customer",
        forceRefreshPassword: true,
      },
      admin.token,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(200);

    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await signInWithForm(page, email, demoPassword);
    await expectPath(page, "/reset-password");
    await page.getByText("For your security, please choose a new password before you continue.").waitFor();
    await snap(page, journey, "forced-1-reset-password");
    // Every other page leads back here until the password is set.
    await page.goto("/conversations/history");
    await expectPath(page, "/reset-password");

    const fresh = "Changed!Pass8";
    await page.getByLabel("New password").fill(fresh);
    await page.getByLabel("Confirm password").fill(fresh);
    await page.getByRole("button", { name: "Save password" }).click();
    await expectPath(page, "/customer");
    await page.getByRole("heading", { name: "Welcome, Fiona Forced" }).waitFor();
    await page.goto("/conversations/history");
    await expectPath(page, "/conversations/history");
    await snap(page, journey, "forced-2-password-set");
    const again = await apiSignIn(email, fresh);
    expect(again.user.forceRefreshPassword).toBe(false);
    await context.close();
  });
});
