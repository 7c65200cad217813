import { describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
  demoAccounts,
  demoPassword,
  expectPath,
  useBrowser,
  newPage,
  pathOf,
  signInWithForm,
  snap,
  uniqueEmail,
} from "../support/browser";

const journey = "08-shell-dialogs";

describe("the shell's dialogs and parent-page messages", () => {
  const browser = useBrowser();

  it("shows getting started to a user with instructions on; 'don't show again' turns them off on the server", async () => {
    const admin = await apiSignIn(demoAccounts.admin);
    const customer = await apiSignIn(demoAccounts.customer);
    const email = uniqueEmail("starter");
    const created = await api(
      "POST",
      "/users/add_or_update",
      {
        customerId: customer.user.customerId,
        username: email,
        email,
        firstname: "Gina",
        lastname: "Guide",
        password: demoPassword,
        role: "customer",
        showInstructions: true,
        showWizard: false,
      },
      admin.token,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(200);

    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await signInWithForm(page, email, demoPassword);
    await expectPath(page, "/customer");
    const dialog = page.getByRole("dialog", { name: "Getting started" });
    await dialog.waitFor();
    for (const item of ["Design", "Knowledge base", "Conversations", "Add to website"]) {
      await dialog.getByText(item, { exact: true }).waitFor();
    }
    await dialog.getByRole("button", { name: "Discover your AI assistant" }).waitFor();
    await snap(page, journey, "1-getting-started");

    await dialog.getByText("Don't show this again").click();
    const saved = page.waitForResponse((response) =>
      /show_instructions/i.test(new URL(response.url()).pathname),
    );
    await dialog.getByRole("button", { name: "Close" }).first().click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: "hidden" });
    await snap(page, journey, "2-closed");
    const again = await apiSignIn(email);
    expect(again.user.showInstructions).toBe(false);
    await context.close();
  });

  it("opens the notifications dialog and follows a navigate-to message from the parent page", async () => {
    const session = await apiSignIn(demoAccounts.customer);
    const { context, page } = await newPage(browser(), { session });
    await page.goto("/customer");
    await page.getByRole("heading", { name: "Welcome, Chris Customer" }).waitFor();

    await page.getByRole("button", { name: /^Notifications/ }).click();
    const notifications = page.getByRole("dialog", { name: "Notifications" });
    await notifications.waitFor();
    // The demo customer is shared with journeys that run beside this one (a visitor's message in a taken-over
    // conversation notifies its agents): the dialog shows the empty state or the list, whichever is the case.
    await notifications.getByText("No notifications found").or(notifications.getByRole("button", { name: "Hide notification" })).first().waitFor();
    await snap(page, journey, "3-notifications-empty");
    await page.keyboard.press("Escape");
    await notifications.waitFor({ state: "hidden" });

    // Only in-app paths are followed.
    await page.evaluate(() =>
      window.postMessage({ type: "navigate-to", path: "//example.org/elsewhere" }, "*"),
    );
    // Nothing to wait for when nothing should happen: give the message a moment, then check.
    await page.waitForTimeout(500);
    expect(pathOf(page)).toBe("/customer");
    await page.evaluate(() => window.postMessage({ type: "navigate-to", path: "/conversations/live" }, "*"));
    await expectPath(page, "/conversations/live");
    await snap(page, journey, "4-navigated-by-message");
    await context.close();
  });
});
