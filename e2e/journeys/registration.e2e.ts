import { describe, expect, it } from "vitest";
import {
  api,
  demoAccounts,
  expectPath,
  useBrowser,
  newPage,
  newestMailId,
  snap,
  uniqueEmail,
  waitForMail,
} from "../support/browser";

const journey = "03-registration";
const password = "Welcome!2026";

describe("registration with the one-time code from the dev mailbox", () => {
  const browser = useBrowser();

  it("registers, refuses a wrong code, accepts the e-mailed one and signs the new user in", async () => {
    const email = uniqueEmail("register");
    const { context, page } = await newPage(browser());
    await page.goto("/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expectPath(page, "/register");
    await page.getByRole("heading", { name: "Create your account" }).waitFor();

    // An existing address is refused with the catalogue's wording.
    await page.getByLabel("First name").fill("Rita");
    await page.getByLabel("Last name").fill("Register");
    await page.getByLabel("Email address").fill(demoAccounts.customer);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("combobox", { name: /^Language/ }).selectOption("en");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("This account already exists, try logging in").waitFor();
    await snap(page, journey, "1-existing-account-refused");

    const before = await newestMailId();
    await page.getByLabel("Email address").fill(email);
    await snap(page, journey, "2-details-filled");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText(`We sent a 6-digit code to ${email}`).waitFor();
    await snap(page, journey, "3-code-step");

    const mail = await waitForMail(email, before);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, `a 6-digit code in: ${mail.text}`).toMatch(/^\d{6}$/);
    const wrongCode = code === "000000" ? "111111" : "000000";

    const firstDigit = page.getByLabel("Digit 1 of the code");
    await firstDigit.click();
    await page.keyboard.type(wrongCode);
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await page.getByText("Invalid code, please check your email for the correct code.").first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    await snap(page, journey, "4-wrong-code-refused");

    // Typing over the digits replaces them with the e-mailed code.
    await firstDigit.click();
    await page.keyboard.type(code ?? "");
    await page.getByRole("button", { name: "Verify and continue" }).click();

    // A new account is a self-onboarding user without a customer: the wizard comes first.
    await expectPath(page, "/self-onboarding");
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    expect(token).toBeTruthy();
    const validated = await api<{ payload: { role: string; customerId?: string | null } }>(
      "POST",
      "/validate-token",
      { token },
      token ?? undefined,
    );
    expect(validated.status).toBe(200);
    expect(validated.data.payload.role).toBe("customer_so");
    await snap(page, journey, "5-signed-in-self-onboarding");

    // Signed in for real: a reload keeps the session, the login page sends the user on.
    await page.reload();
    await expectPath(page, "/self-onboarding");
    await page.goto("/login");
    await expectPath(page, "/self-onboarding");
    await context.close();
  });
});
