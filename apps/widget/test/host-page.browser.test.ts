// @vitest-environment node
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distDir, startHostSite, startWidgetFixture, type WidgetFixture } from "./fixture-server";

/**
 * The widget on websites that are not kind to it: the built loader and chat app on a page of another origin,
 * talking to the loopback stand-in of the server (see widget.browser.test.ts for the common journeys).
 */

let browser: Browser;
let widget: WidgetFixture;

beforeAll(async () => {
  if (!existsSync(join(distDir, "loader.js"))) throw new Error(`No build in ${distDir}: run pnpm --filter @parley/widget build first.`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  widget = await startWidgetFixture({ chatbotSettings: { uiLanguage: "en" }, deltaDelayMs: 20 });
});

afterAll(async () => {
  await browser?.close();
  await widget?.stop();
});

async function widgetFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${widget.origin}/widget/`))).toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(`${widget.origin}/widget/`))!;
}

describe("a website whose stylesheet styles every iframe", () => {
  // What themes ship for responsive video embeds, and worse.
  const hostileCss = `<style>iframe { width: 100% !important; height: auto !important; border: 8px solid red !important;
    margin: 40px !important; opacity: .5 !important; transform: rotate(3deg) !important; top: 0 !important; }</style>`;
  let host: Awaited<ReturnType<typeof startHostSite>>;
  beforeAll(async () => {
    host = await startHostSite(hostileCss);
  });
  afterAll(() => host?.stop());

  it("keeps the frame to the launcher's size in its corner, and to the chat's when open", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${host.origin}/?widget=${encodeURIComponent(widget.origin)}`);
    const frame = await widgetFrame(page);
    const frameElement = page.locator("iframe");
    const box = () => frameElement.evaluate((element) => {
      const style = getComputedStyle(element);
      return { ...element.getBoundingClientRect().toJSON(), border: style.borderTopWidth, opacity: style.opacity, transform: style.transform };
    });
    await frame.locator(".pw-launcher-button").waitFor();
    await expect.poll(box).toMatchObject({ x: 1280 - 5 - 75, y: 800 - 10 - 75, width: 75, height: 75, border: "0px", opacity: "1", transform: "none" });
    // The page beside the launcher still takes its own clicks (a stretched frame took them all).
    await page.mouse.click(400, 780);
    expect(await page.evaluate(() => document.elementFromPoint(400, 780)?.tagName)).not.toBe("IFRAME");

    await frame.locator(".pw-launcher-button").click();
    await expect.poll(box).toMatchObject({ width: 400 + 70, height: 600 + 30, y: 800 - 10 - 630 });
    await frame.locator("textarea").fill("Hello?");
    await frame.locator("textarea").press("Enter");
    await expect.poll(() => frame.locator(".pw-from-assistant").last().innerText()).toContain("see our FAQ");
    await page.close();
  });
});

describe("a visitor who writes right to left", () => {
  let host: Awaited<ReturnType<typeof startHostSite>>;
  beforeAll(async () => {
    host = await startHostSite();
  });
  afterAll(() => host?.stop());

  it("reads their Arabic right to left, in the field and in the conversation, beside answers left to right", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${host.origin}/?widget=${encodeURIComponent(widget.origin)}`);
    const frame = await widgetFrame(page);
    await frame.locator(".pw-launcher-button").click();
    const field = frame.locator("textarea");
    await field.fill("مرحبا، هل يمكنني إرجاع منتج؟");
    const direction = (element: Element) => getComputedStyle(element).direction;
    expect(await field.evaluate(direction)).toBe("rtl");
    await field.press("Enter");
    await expect.poll(() => frame.locator(".pw-from-assistant .pw-bubble").last().innerText()).toContain("see our FAQ");
    expect(await frame.locator(".pw-from-visitor .pw-bubble").last().evaluate(direction)).toBe("rtl");
    expect(await frame.locator(".pw-from-assistant .pw-bubble").last().evaluate(direction)).toBe("ltr");
    // An empty field is the chat's own direction again.
    expect(await field.evaluate(direction)).toBe("ltr");
    await page.close();
  });
});

describe("a visitor who takes back their thumb", () => {
  let host: Awaited<ReturnType<typeof startHostSite>>;
  let rated: WidgetFixture;
  beforeAll(async () => {
    host = await startHostSite();
    rated = await startWidgetFixture({ chatbotSettings: { uiLanguage: "en", showRating: true }, deltaDelayMs: 20 });
  });
  afterAll(async () => {
    await host?.stop();
    await rated?.stop();
  });

  it("unpresses it on a second press, tells the server, and finds it unpressed after a page load", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const open = async () => {
      await page.goto(`${host.origin}/?widget=${encodeURIComponent(rated.origin)}`);
      await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${rated.origin}/widget/`))).toBe(true);
      return page.frames().find((frame) => frame.url().startsWith(`${rated.origin}/widget/`))!;
    };
    let frame = await open();
    await frame.locator(".pw-launcher-button").click();
    await frame.locator("textarea").fill("Do you ship to Belgium?");
    await frame.locator("textarea").press("Enter");
    const helpful = () => frame.locator('.pw-rating button[aria-label="Helpful answer"]').last();
    await helpful().click();
    await expect.poll(() => helpful().getAttribute("aria-pressed")).toBe("true");
    await helpful().click();
    await expect.poll(() => helpful().getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => rated.ratings.map((rating) => rating.rating)).toEqual([1, null]);

    frame = await open();
    // The kept conversation comes back open, with the answer and no thumb pressed.
    await helpful().waitFor();
    expect(await frame.locator('.pw-rating button[aria-pressed="true"]').count()).toBe(0);
    await page.close();
  });
});

describe("an embedded chat far down a long page", () => {
  let host: Awaited<ReturnType<typeof startHostSite>>;
  let embedded: WidgetFixture;
  beforeAll(async () => {
    host = await startHostSite("<style>body { padding-top: 3000px }</style>");
    embedded = await startWidgetFixture({ chatbotSettings: { uiLanguage: "en", mode: "embedded" }, deltaDelayMs: 20 });
  });
  afterAll(async () => {
    await host?.stop();
    await embedded?.stop();
  });

  it("leaves the page where the visitor is when the conversation comes back, and shows its end inside the chat", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    const open = async () => {
      await page.goto(`${host.origin}/?widget=${encodeURIComponent(embedded.origin)}`);
      await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${embedded.origin}/widget/`))).toBe(true);
      return page.frames().find((frame) => frame.url().startsWith(`${embedded.origin}/widget/`))!;
    };
    let frame = await open();
    const questions = ["Do you ship to Belgium?", "And to Germany?", "How long does it take?", "What does it cost?"];
    for (const [index, question] of questions.entries()) {
      await frame.locator("textarea").fill(question);
      await frame.locator("textarea").press("Enter");
      // Each answer in before the next question: answers are shown with their sources.
      await expect.poll(() => frame.locator(".pw-sources").count()).toBe(index + 1);
    }

    await page.evaluate(() => scrollTo(0, 0));
    frame = await open();
    await expect.poll(() => frame.locator(".pw-from-visitor").count()).toBe(4);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    // Inside the chat the list stands at its end: the last answer is in its view.
    const atEnd = await frame.locator(".pw-messages").evaluate((list) => Math.abs(list.scrollHeight - list.clientHeight - list.scrollTop) < 2);
    expect(atEnd).toBe(true);
    await page.close();
  });
});
