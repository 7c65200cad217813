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
});
