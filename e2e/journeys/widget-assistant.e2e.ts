import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
  baseUrl,
  demoAccounts,
  describeViolations,
  resultsDir,
  seriousAccessibilityViolations,
  useBrowser,
} from "../support/browser";
import { startCustomerWebsite, widgetFrame } from "../support/website";

const journey = "widget-assistant";

describe("the assistant in the widget on a customer's website", () => {
  const browser = useBrowser();
  let website: Server;
  let websiteUrl: string;
  let configurationId: string;
  let token: string;

  beforeAll(async () => {
    const customer = await apiSignIn(demoAccounts.customer);
    token = customer.token;
    const found = await api<{ data: { _id: string; name: string }[] }>("GET", "/configurations/search", undefined, token);
    configurationId = found.data.data.find((configuration) => configuration.name === "demo-webshop")!._id;
    const script = await fetch(`${baseUrl()}/api/chatbot/settings/script?configuration_id=${configurationId}`);
    expect(script.status).toBe(200);
    const snippet = ((await script.json()) as { script: string }).script;
    expect(snippet).toContain(`${baseUrl()}/widget/loader.js`);
    website = await startCustomerWebsite(
      snippet,
      `<main><h1>Demo Webshop</h1><button id="buy" onclick="this.textContent='Added'">Add to cart</button></main>`,
    );
    // localhost: another site than the product's 127.0.0.1, as a customer's website is (the browser then
    // refuses the widget's frame its own storage).
    websiteUrl = `http://localhost:${(website.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => website?.close(resolve));
  });

  it("answers a visitor's question from the FAQ with its source, keeps the host page working and the conversation across a reload", { timeout: 120_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(websiteUrl, { waitUntil: "load" });
    const frame = await widgetFrame(page);

    await frame.getByRole("button", { name: /chat/i }).first().click();
    const field = frame.getByRole("textbox").first();
    await field.waitFor({ timeout: 15_000 });
    await field.fill("when will my order arive?");
    await field.press("Enter");
    const conversation = frame.getByRole("list").first();
    await conversation.getByText("usually arrive the next working day", { exact: false }).waitFor({ timeout: 20_000 });
    // The answer names its source: the FAQ entry's question.
    await conversation.getByText("When will my order arrive?", { exact: false }).first().waitFor();
    // Screen readers hear the answer.
    await expect.poll(() => frame.getByRole("status").first().textContent()).toContain("next working day");
    await page.screenshot({ path: `${resultsDir}/${journey}-answer.png` });

    // The host page is not disturbed by the widget.
    await page.locator("#buy").click();
    await expect.poll(() => page.locator("#buy").textContent()).toBe("Added");
    expect(pageErrors).toEqual([]);

    // The conversation is the visitor's own and is kept, and the chat the visitor left open comes back open
    // (this page is another site than the widget's: both are kept in the host page's storage).
    await page.reload({ waitUntil: "load" });
    const reloaded = await widgetFrame(page);
    const kept = reloaded.getByRole("list").first().getByText("when will my order arive?");
    await kept.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${resultsDir}/${journey}-reloaded-open.png` });
    // Closed, it stays closed after the next reload.
    await reloaded.getByRole("button", { name: /close chat|chat sluiten/i }).click();
    await page.reload({ waitUntil: "load" });
    const closed = await widgetFrame(page);
    await closed.getByRole("button", { name: /open chat|chat openen/i }).waitFor({ timeout: 15_000 });
    expect(await closed.getByRole("textbox").count()).toBe(0);
    await context.close();
  });

  it("shows one conversation in two tabs, each question above its answer, and keeps a message over the limit whole", { timeout: 120_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const first = await context.newPage();
    await first.goto(websiteUrl, { waitUntil: "load" });
    const one = await widgetFrame(first);
    await one.getByRole("button", { name: /open chat/i }).click();
    const field = one.getByRole("textbox").first();
    await field.fill("Which payment methods do you accept?");
    await field.press("Enter");
    const conversationOne = one.getByRole("list").first();
    await conversationOne.getByText("iDEAL", { exact: false }).waitFor({ timeout: 20_000 });

    // The second tab continues the conversation; its question shows in the first tab too, above its answer.
    const second = await context.newPage();
    await second.goto(websiteUrl, { waitUntil: "load" });
    const two = await widgetFrame(second);
    await two.getByRole("button", { name: /open chat/i }).click();
    await two.locator(".pw-from-visitor").getByText("Which payment methods do you accept?").waitFor({ timeout: 15_000 });
    await two.getByRole("textbox").first().fill("Do you ship abroad?");
    await two.getByRole("textbox").first().press("Enter");
    await conversationOne.getByText("Luxembourg", { exact: false }).waitFor({ timeout: 20_000 });
    // The visitor's own bubble (the FAQ source under the answer is named the same).
    await expect.poll(() => conversationOne.locator(".pw-from-visitor").getByText("Do you ship abroad?").count(), { timeout: 10_000 }).toBe(1);
    const order = await one.evaluate(() => Array.from(document.querySelectorAll(".pw-messages > ul > li"), (item) => item.textContent ?? ""));
    const asked = order.indexOf("Do you ship abroad?");
    expect(asked).toBeGreaterThan(0);
    expect(order[asked + 1]).toContain("Luxembourg");
    await first.screenshot({ path: `${resultsDir}/${journey}-two-tabs.png` });

    // A message over 4000 characters is not cut: it waits in the field, with a note, until it is shortened.
    const long = `${"Where is my parcel? ".repeat(210)}Thanks.`;
    await field.fill(long);
    await one.getByRole("alert").getByText(/longer than 4000 characters/).waitFor();
    await field.press("Enter");
    expect(await field.inputValue()).toBe(long);
    expect(await conversationOne.getByText("Where is my parcel? Where", { exact: false }).count()).toBe(0);
    await first.screenshot({ path: `${resultsDir}/${journey}-too-long.png` });
    await context.close();
  });

  it("runs nothing from an XSS corpus in the design's texts, and the open widget has no serious accessibility violation", { timeout: 120_000 }, async () => {
    const payloads = [
      `<img src=x onerror="window.__xss=1">`,
      `<script>window.__xss=1</script>`,
      `<a href="javascript:window.__xss=1">click</a>`,
      `<svg onload="window.__xss=1"></svg>`,
      `<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">`,
    ].join(" ");
    const current = await api<{ data: Record<string, unknown> }>("GET", `/chatbot/settings/byConfigurationId?configuration_id=${configurationId}`, undefined, token);
    const design = current.status === 200 ? current.data.data : {};
    const saved = await api(
      "POST",
      "/chatbot/settings",
      {
        chatbotSettings: { ...((design as { chatbotSettings?: object }).chatbotSettings ?? {}), configuration_id: configurationId, startMessage: `Welcome! ${payloads}`, disclaimerHtml: `<p>Terms ${payloads}</p>`, uiLanguage: "en" },
        chatbotButtonSettings: (design as { chatbotButtonSettings?: object }).chatbotButtonSettings ?? {},
      },
      token,
    );
    expect(saved.status, JSON.stringify(saved.data).slice(0, 400)).toBe(200);

    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(websiteUrl, { waitUntil: "load" });
    const frame = await widgetFrame(page);
    await frame.getByRole("button", { name: /chat/i }).first().click();
    await frame.getByText("Welcome!", { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await frame.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    const widgetPage = await context.newPage();
    await widgetPage.goto(`${baseUrl()}/widget/?configuration_id=${configurationId}`, { waitUntil: "load" });
    await widgetPage.getByRole("button", { name: /chat/i }).first().click();
    await widgetPage.getByRole("textbox").first().waitFor();
    await widgetPage.screenshot({ path: `${resultsDir}/${journey}-open.png` });
    const violations = await seriousAccessibilityViolations(widgetPage);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
