import { describe, expect, it } from "vitest";
import {
  expectPath,
  useBrowser,
  newPage,
  newestMailId,
  signInWithForm,
  snap,
  waitForMail,
} from "../support/browser";
import { createSelfOnboardingAccount } from "../support/shell";

const journey = "04-password-reset";
const newPassword = "Fresh!Pass42";

describe("forgot and reset password", () => {
  const browser = useBrowser();

  it("mails a link that sets a new password; the new one signs in, the old one no longer does", async () => {
    // An account of its own, so the demo accounts keep their password for the other journeys.
    const account = await createSelfOnboardingAccount("reset", true);
    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expectPath(page, "/forgot-password");
    await page.getByRole("heading", { name: "Forgot password" }).waitFor();
    const before = await newestMailId();
    await page.getByLabel("Email address").fill(account.email);
    await snap(page, journey, "1-request-link");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your inbox").waitFor();
    await snap(page, journey, "2-link-sent");

    const mail = await waitForMail(account.email, before);
    const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<]+/.exec(mail.text)?.[0];
    expect(link, `a reset link in: ${mail.text}`).toBeTruthy();
    const resetUrl = new URL(link ?? "");
    await page.goto(resetUrl.pathname + resetUrl.search);
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();

    // The confirmation must match.
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("Passwords do not match").waitFor();
    await snap(page, journey, "3-mismatch-refused");

    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("Password updated successfully").waitFor();
    await snap(page, journey, "4-password-saved");

    // The link works once, and says so as it opens, before a password is typed.
    await page.goto(resetUrl.pathname + resetUrl.search);
    await page.getByText("This reset link was used or has expired").waitFor();
    expect(await page.getByLabel("New password").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/forgot-password");
    await snap(page, journey, "5-link-used-once");

    await page.goto("/login");
    await signInWithForm(page, account.email, account.password);
    await page.getByText("Invalid login credentials").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    await expectPath(page, "/login");
    await snap(page, journey, "6-old-password-refused");

    await signInWithForm(page, account.email, newPassword);
    await expectPath(page, "/customer");
    await page.getByRole("heading", { name: "Welcome, Sam Setup" }).waitFor();
    await snap(page, journey, "7-signed-in-with-new-password");
    await context.close();
  });

  it("changes the password of the signed-in user from the profile menu; the session goes on, the old password no longer signs in", async () => {
    const account = await createSelfOnboardingAccount("change", true);
    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await signInWithForm(page, account.email, account.password);
    await expectPath(page, "/customer");

    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your password" });
    await dialog.waitFor();
    // The dialog starts on the current password, and Enter in the last field saves.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("currentPassword");
    await page.keyboard.type("Wrong!Pass42");
    await dialog.getByLabel("New password", { exact: false }).first().fill(newPassword);
    await dialog.getByLabel("Confirm new password").fill(newPassword);
    await dialog.getByLabel("Confirm new password").press("Enter");
    await dialog.getByText("This is not your current password").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("currentPassword");
    await snap(page, journey, "8-change-wrong-current");

    await dialog.getByLabel("Current password").fill(account.password);
    await dialog.getByLabel("Confirm new password").press("Enter");
    await page.getByText("Password updated successfully").waitFor();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup"))).toBe("menu");
    // This session goes on with the new token: a reload stays signed in.
    await page.reload();
    await expectPath(page, "/customer");
    await snap(page, journey, "9-changed-and-still-signed-in");

    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expectPath(page, "/login");
    await signInWithForm(page, account.email, account.password);
    await page.getByText("Invalid login credentials").waitFor();
    await signInWithForm(page, account.email, newPassword);
    await expectPath(page, "/customer");
    await context.close();
  });
});
