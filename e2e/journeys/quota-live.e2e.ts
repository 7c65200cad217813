import { describe, expect, it } from "vitest";
import { api, newPage, snap, useBrowser } from "../support/browser";
import { createSelfOnboardingAccount } from "../support/shell";

const journey = "quota-live";

describe("the message quota while the assistant answers", () => {
  const browser = useBrowser();
  it("counts visitors' answers live in the sidebar, and none of the customer's own tests", { timeout: 180_000 }, async () => {
    const account = await createSelfOnboardingAccount("quota", true);
    const created = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name: "quota-shop" }, account.session.token);
    expect(created.status).toBe(200);
    const configurationId = created.data.inserted_id;
    const remaining = async () =>
      (await api<{ data: { remaining_messages: number; message_limit: number } }>("GET", `/configuration?configuration_id=${configurationId}`, undefined, account.session.token)).data.data;
    const { message_limit: limit, remaining_messages: before } = await remaining();
    expect(limit).toBeGreaterThan(0);

    const { context, page } = await newPage(browser(), {
      session: account.session,
      localStorage: {
        "parley.language": "en",
        "parley.selectedConfiguration": JSON.stringify({ _id: configurationId, name: "quota-shop" }),
      },
    });
    await page.goto("/assistant/test");
    const footer = page.getByRole("region", { name: "Message quota" });
    await footer.getByText(`${before} of ${limit} messages left`).waitFor();
    await page.getByText("Chats here do not use your messages, up to 100 answers a day.").waitFor();

    // The customer tries the assistant in the test environment: answered, and no message used.
    const frame = page.frameLocator('iframe[title="Chat widget test"]');
    // The test environment opens the widget's chat at once (the tester came to chat).
    const field = frame.locator("textarea");
    await field.waitFor({ timeout: 30_000 });
    await field.fill("When are you open?");
    await field.press("Enter");
    await frame.locator(".pw-from-assistant").first().waitFor({ timeout: 30_000 });
    await snap(page, journey, "1-test-chat-answered");
    expect((await remaining()).remaining_messages).toBe(before);

    // A visitor on the customer's website is answered: the sidebar's figure follows without a reload.
    const visitor = await api("POST", `/widget/${configurationId}/messages`, { message: "Do you deliver?" });
    expect(visitor.status).toBe(200);
    expect((await remaining()).remaining_messages).toBe(before - 1);
    await footer.getByText(`${before - 1} of ${limit} messages left`).waitFor({ timeout: 15_000 });
    await snap(page, journey, "2-footer-after-a-visitor");
    await context.close();
  });
});
