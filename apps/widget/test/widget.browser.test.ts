// @vitest-environment node
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  distDir,
  startHostSite,
  startWidgetFixture,
  type FixtureOptions,
  type WidgetFixture,
} from "./fixture-server";
import { xssCorpus } from "./xss-corpus";

/**
 * The widget as a customer's visitor meets it: a page on another origin pastes the snippet, the built
 * loader frames the built chat app, and the chat talks to a loopback stand-in of the server. Needs
 * the build (turbo runs this package's test after its build: apps/widget/turbo.json).
 */

let browser: Browser;
let host: Awaited<ReturnType<typeof startHostSite>>;

beforeAll(async () => {
  if (!existsSync(join(distDir, "loader.js")) || !existsSync(join(distDir, "index.html")))
    throw new Error(`No build in ${distDir}: run pnpm --filter @parley/widget build first.`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  host = await startHostSite();
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

const englishDesign: FixtureOptions["chatbotSettings"] = {
  uiLanguage: "en",
  showRating: true,
  headerTitle: "Ask us",
};

interface WatchedPage {
  page: Page;
  pageErrors: string[];
  consoleErrors: string[];
}

/** `hostOrigin`: the customer's page at another address of the same site (`localhost`: another site than the widget's 127.0.0.1). */
async function openHostPage(widgetOrigin: string | null, hostOrigin = host.origin, viewport = { width: 1280, height: 800 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    // The host page's own console; the widget frame's (a refused socket while its server is down) is not the host's.
    if (message.type() === "error" && message.location().url.startsWith(host.origin))
      consoleErrors.push(`${message.text()} @ ${message.location().url}`);
  });
  await page.goto(`${hostOrigin}/${widgetOrigin ? `?widget=${encodeURIComponent(widgetOrigin)}` : ""}`, {
    waitUntil: "load",
  });
  return { page, pageErrors, consoleErrors };
}

async function widgetFrame(page: Page, widgetOrigin: string): Promise<Frame> {
  await page.locator("iframe").waitFor({ state: "attached" });
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame.url().startsWith(`${widgetOrigin}/widget/`))
        ?.url(),
    )
    .toBeTruthy();
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${widgetOrigin}/widget/`));
  if (!frame) throw new Error("No widget frame.");
  return frame;
}

const xssFlag = (target: Page | Frame) => target.evaluate(() => (window as { __xss?: unknown }).__xss);

describe("the widget on a customer's page", () => {
  let widget: WidgetFixture;
  beforeAll(async () => {
    widget = await startWidgetFixture({
      chatbotSettings: {
        ...englishDesign,
        disclaimerHtml:
          "<p>By chatting you accept our <a href='https://shop.example/privacy'>privacy terms</a>.</p>",
      },
    });
  });
  afterAll(() => widget.stop());

  it("opens, streams an answer as text and then shows the final answer with its source", async () => {
    const { page, pageErrors } = await openHostPage(widget.origin);
    const frameElement = page.locator("iframe");
    const frame = await widgetFrame(page, widget.origin);

    // Closed: the frame holds the button (60 + 0 + 0 + 15), at the default place, above the page.
    await expect
      .poll(() => frameElement.evaluate((element) => getComputedStyle(element).visibility))
      .toBe("visible");
    const closedStyle = await frameElement.evaluate((element) => ({
      ...element.getBoundingClientRect().toJSON(),
      zIndex: getComputedStyle(element).zIndex,
      right: getComputedStyle(element).right,
      bottom: getComputedStyle(element).bottom,
    }));
    expect(closedStyle).toMatchObject({
      width: 75,
      height: 75,
      zIndex: "2000",
      right: "5px",
      bottom: "10px",
    });

    const launcher = frame.getByRole("button", { name: "Open chat" });
    await launcher.click();
    await expect
      .poll(() => frameElement.evaluate((element) => element.getBoundingClientRect().width))
      .toBe(470);
    // Focus moves into the chat: the message field, named in the widget's language.
    const field = frame.getByRole("textbox", { name: "Your message" });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => frame.locator(".pw-disclaimer a").getAttribute("target")).toBe("_parent");

    await field.fill("Where is the FAQ?");
    await field.press("Enter");
    // The agents heard the visitor typing, and stop before the message.
    await expect.poll(() => widget.typing.length).toBeGreaterThanOrEqual(2);
    expect(widget.typing.slice(0, 2).map(({ typing, afterMessages }) => ({ typing, afterMessages }))).toEqual([
      { typing: true, afterMessages: 0 },
      { typing: false, afterMessages: 0 },
    ]);
    // Raw streamed text first…
    await frame.locator(".pw-streaming").filter({ hasText: "Hello" }).waitFor();
    // …then the final, sanitised HTML with its sources as links into the host page.
    await frame.locator(".pw-from-assistant strong", { hasText: "visitor" }).waitFor();
    expect(await frame.locator(".pw-streaming").count()).toBe(0);
    const source = frame.getByRole("link", { name: "Our FAQ" });
    expect(await source.getAttribute("href")).toBe("https://shop.example/faq");
    expect(await source.getAttribute("target")).toBe("_parent");
    expect(await source.getAttribute("rel")).toContain("noopener");
    expect(widget.received).toHaveLength(1);
    expect(widget.received[0]?.client_message_id).toMatch(/.+/);
    // Announced once complete, in the live region.
    await expect
      .poll(() => frame.locator("[aria-live=polite]").textContent())
      .toContain("Hello visitor, see our FAQ.");

    // Rating: shown as chosen, and stored with the conversation on the server.
    await frame.getByRole("button", { name: "Helpful answer", exact: true }).click();
    expect(
      await frame.getByRole("button", { name: "Helpful answer", exact: true }).getAttribute("aria-pressed"),
    ).toBe("true");
    await expect.poll(() => widget.ratings.length).toBe(1);
    expect(widget.ratings[0]).toMatchObject({ rating: 1, session_id: expect.any(String), page_url: expect.stringContaining(host.origin) });
    expect(widget.ratings[0]!.messageId).toMatch(/.+/);

    // Esc closes, and focus goes back to the launcher.
    await page.keyboard.press("Escape");
    await expect
      .poll(() =>
        frame
          .getByRole("button", { name: "Open chat" })
          .evaluate((element) => element === document.activeElement),
      )
      .toBe(true);
    await expect
      .poll(() => frameElement.evaluate((element) => element.getBoundingClientRect().width))
      .toBe(75);

    // The conversation survives a page load (session id kept per configuration in the widget's storage).
    await page.reload({ waitUntil: "load" });
    const reloaded = await widgetFrame(page, widget.origin);
    const stored = await reloaded.evaluate(() => localStorage.getItem("parley.widget.config-1"));
    expect(JSON.parse(stored ?? "{}")).toMatchObject({ sessionId: "session-1", pending: [] });

    // The host page keeps working beside the widget.
    await page.locator("#counter").click();
    expect(await page.locator("#counter").textContent()).toBe("1");
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it("tells the host page about full screen and shrinks to 85 by 85 on the host page's collapseChat", async () => {
    const { page } = await openHostPage(widget.origin);
    const frame = await widgetFrame(page, widget.origin);
    const frameElement = page.locator("iframe");
    await frame.getByRole("button", { name: "Open chat" }).click();
    await frame.getByRole("button", { name: "Full screen" }).click();
    await expect
      .poll(() => frameElement.evaluate((element) => element.getBoundingClientRect().toJSON()))
      .toMatchObject({ width: 1280, height: 800 });
    await frame.getByRole("button", { name: "Exit full screen" }).click();
    await expect
      .poll(() => frameElement.evaluate((element) => element.getBoundingClientRect().width))
      .toBe(470);
    await page.evaluate(() => window.postMessage({ type: "collapseChat" }, location.origin));
    await expect
      .poll(() => frameElement.evaluate((element) => element.getBoundingClientRect().toJSON()))
      .toMatchObject({ width: 85, height: 85 });
    // A message from another origin is ignored.
    await page.evaluate(() => window.postMessage({ type: "fullScreen" }, "*"));
    await page.waitForTimeout(200);
    expect(await frameElement.evaluate((element) => element.getBoundingClientRect().width)).toBe(85);
    await page.context().close();
  });
});

describe("an XSS corpus in the start message, the disclaimer and the answers", () => {
  let widget: WidgetFixture;
  const corpus = xssCorpus.join("\n");
  beforeAll(async () => {
    widget = await startWidgetFixture({
      chatbotSettings: {
        ...englishDesign,
        initialState: "opened",
        startMessage: corpus,
        disclaimerHtml: corpus,
        headerTitle: `<img src=x onerror="window.__xss=1">`,
      },
      chatbotButtonSettings: {
        showChatbuttonBubble: true,
        chatbuttonBubbleDelay: 0,
        chatbuttonBubbleText: `<script>window.__xss=1</script>`,
      },
      answerHtml: corpus,
      deltas: [`<img src=x onerror="window.__xss=1">`, `<script>window.__xss=1</script>`],
      deltaDelayMs: 50,
    });
  });
  afterAll(() => widget.stop());

  it("runs nothing", async () => {
    const { page, pageErrors } = await openHostPage(widget.origin);
    const frame = await widgetFrame(page, widget.origin);
    const field = frame.getByRole("textbox", { name: "Your message" });
    await field.fill(`<img src=x onerror="window.__xss=1">`);
    await field.press("Enter");
    await expect.poll(() => frame.locator(".pw-from-assistant").count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => frame.locator(".pw-streaming").count()).toBe(0);
    // The visitor's own text is shown as text.
    await frame.locator(".pw-from-visitor", { hasText: "<img src=x" }).waitFor();
    await page.waitForTimeout(500);
    expect(await xssFlag(frame)).toBeUndefined();
    expect(await xssFlag(page)).toBeUndefined();
    expect(
      await frame
        .locator(
          ".pw-window script, .pw-window img[src=x], .pw-window svg:not([aria-hidden]), .pw-window iframe",
        )
        .count(),
    ).toBe(0);
    const hrefs = await frame
      .locator(".pw-window a[href]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:|tel:)/);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});

describe("when websockets are refused", () => {
  it("sends over the HTTP fallback and shows the answer", async () => {
    const widget = await startWidgetFixture({
      chatbotSettings: { ...englishDesign, initialState: "opened" },
      withoutSocket: true,
    });
    const { page, pageErrors } = await openHostPage(widget.origin);
    const frame = await widgetFrame(page, widget.origin);
    const field = frame.getByRole("textbox", { name: "Your message" });
    await field.fill("Over HTTP?");
    await field.press("Enter");
    await frame.locator(".pw-from-assistant strong", { hasText: "visitor" }).waitFor();
    expect(widget.posted).toEqual([{ message: "Over HTTP?", session_id: null }]);
    expect(await frame.getByRole("link", { name: "Our FAQ" }).getAttribute("target")).toBe("_parent");
    // The visitor starts over: the stored session is forgotten.
    await frame.getByRole("button", { name: "Start a new conversation" }).click();
    // It asks first, since the conversation would be lost.
    await frame.getByRole("button", { name: "Start new" }).click();
    await expect.poll(() => frame.locator(".pw-from-visitor").count()).toBe(0);
    await expect
      .poll(async () =>
        JSON.parse((await frame.evaluate(() => localStorage.getItem("parley.widget.config-1"))) ?? "{}"),
      )
      .toMatchObject({ sessionId: null });
    expect(pageErrors).toEqual([]);
    await page.context().close();
    await widget.stop();
  });
});

describe("framed by the portal's test environment with the server's test ticket", () => {
  /** The portal's page: it frames the chat app itself, with the ticket in the frame's address. */
  async function openTestEnvironment(widgetOrigin: string, ticket: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const address = `${widgetOrigin}/widget/?${new URLSearchParams({ configuration_id: "config-1", page_url: `${host.origin}/assistant/test`, test_ticket: ticket }).toString()}`;
    await page.setContent(`<!doctype html><title>Test environment</title><iframe title="Chat widget test" src="${address}" style="width:450px;height:700px"></iframe>`);
    const frame = await widgetFrame(page, widgetOrigin);
    const field = frame.getByRole("textbox", { name: "Your message" });
    await field.fill("Free test?");
    await field.press("Enter");
    await frame.locator(".pw-from-assistant strong", { hasText: "visitor" }).waitFor();
    return context;
  }

  it("hands the ticket to the server with the socket's connection", async () => {
    const widget = await startWidgetFixture({ chatbotSettings: { ...englishDesign, initialState: "opened" }, deltaDelayMs: 20 });
    const context = await openTestEnvironment(widget.origin, "1795000000000.signed");
    expect(widget.handshakes.at(-1)).toMatchObject({ configuration_id: "config-1", test_ticket: "1795000000000.signed" });
    await context.close();
    // A customer's website frames the widget without one.
    const { page } = await openHostPage(widget.origin);
    await widgetFrame(page, widget.origin);
    await expect.poll(() => widget.handshakes.length).toBe(2);
    expect(widget.handshakes.at(-1)!.test_ticket).toBeUndefined();
    await page.context().close();
    await widget.stop();
  });

  it("hands the ticket to the server with a message over the HTTP fallback", async () => {
    const widget = await startWidgetFixture({ chatbotSettings: { ...englishDesign, initialState: "opened" }, withoutSocket: true });
    const context = await openTestEnvironment(widget.origin, "1795000000000.signed");
    expect(widget.posted).toEqual([{ message: "Free test?", session_id: null, test_ticket: "1795000000000.signed" }]);
    await context.close();
    await widget.stop();
  });
});

describe("on a website of another site, whose browser refuses the widget's frame its own storage", () => {
  it("continues the conversation after a page load with the session id kept in the host page, and nothing the visitor typed", async () => {
    const widget = await startWidgetFixture({ chatbotSettings: { ...englishDesign, initialState: "opened" } });
    // localhost and 127.0.0.1 are two sites: this Chromium refuses the third-party frame's localStorage.
    const { page, pageErrors } = await openHostPage(widget.origin, host.origin.replace("127.0.0.1", "localhost"));
    const frame = await widgetFrame(page, widget.origin);
    expect(await frame.evaluate(() => {
      try {
        return localStorage.length >= 0;
      } catch {
        return false;
      }
    })).toBe(false);
    const field = frame.getByRole("textbox", { name: "Your message" });
    await field.fill("My order number is 12345");
    await field.press("Enter");
    await frame.locator(".pw-from-assistant strong", { hasText: "visitor" }).waitFor();
    expect(widget.received[0]?.session_id).toBe("session-1");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.visitor.config-1"))).toBe("session-1");
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("12345");

    await page.reload({ waitUntil: "load" });
    const reloaded = await widgetFrame(page, widget.origin);
    const again = reloaded.getByRole("textbox", { name: "Your message" });
    await again.fill("And when does it arrive?");
    await again.press("Enter");
    await expect.poll(() => widget.received.length).toBe(2);
    expect(widget.received[1]?.session_id).toBe("session-1");

    // Starting over replaces the kept id by the new conversation's.
    await reloaded.getByRole("button", { name: "Start a new conversation" }).click();
    await reloaded.getByRole("button", { name: "Start new" }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.visitor.config-1"))).toBe("session-2");
    expect(pageErrors).toEqual([]);
    await page.context().close();
    await widget.stop();
  });
});

describe("a kept conversation after a page load", () => {
  let widget: WidgetFixture;
  beforeAll(async () => {
    widget = await startWidgetFixture({ chatbotSettings: englishDesign, deltaDelayMs: 50 });
  });
  afterAll(() => widget.stop());

  it("shows the conversation again after a reload without reading it out to screen readers again", async () => {
    const { page, pageErrors } = await openHostPage(widget.origin);
    let frame = await widgetFrame(page, widget.origin);
    await frame.getByRole("button", { name: "Open chat" }).click();
    const field = frame.getByRole("textbox", { name: "Your message" });
    await field.fill("Where is the FAQ?");
    await field.press("Enter");
    await expect.poll(() => frame.getByRole("status").textContent()).toContain("Hello visitor, see our FAQ.");

    await page.reload({ waitUntil: "load" });
    frame = await widgetFrame(page, widget.origin);
    await frame.locator(".pw-from-assistant strong", { hasText: "visitor" }).waitFor();
    await page.waitForTimeout(500);
    expect(await frame.getByRole("status").textContent()).toBe("");
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});

describe("Escape with the emoticons open", () => {
  it("closes the emoticons first and the chat only on the next press", async () => {
    const widget = await startWidgetFixture({ chatbotSettings: { ...englishDesign, allowEmoticons: true } });
    const { page, pageErrors } = await openHostPage(widget.origin);
    const frame = await widgetFrame(page, widget.origin);
    const frameWidth = () => page.locator("iframe").evaluate((element) => element.getBoundingClientRect().width);
    await frame.getByRole("button", { name: "Open chat" }).click();
    const toggle = frame.getByRole("button", { name: "Emoticons" });
    await toggle.click();
    await frame.getByRole("group", { name: "Emoticons" }).waitFor();

    await page.keyboard.press("Escape");
    await frame.getByRole("group", { name: "Emoticons" }).waitFor({ state: "detached" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await frameWidth()).toBe(470);

    await page.keyboard.press("Escape");
    await expect.poll(frameWidth).toBe(75);
    expect(pageErrors).toEqual([]);
    await page.context().close();
    await widget.stop();
  });
});

describe("the online message while agents come and go", () => {
  it("hides it when the server says the last agent left and shows it again when one comes back, without a reload", async () => {
    const widget = await startWidgetFixture({ chatbotSettings: { ...englishDesign, enableOnlineMessage: true, onlineMessage: "We're online" } });
    const { page, pageErrors } = await openHostPage(widget.origin);
    const frame = await widgetFrame(page, widget.origin);
    await frame.getByRole("button", { name: "Open chat" }).click();
    const online = frame.locator(".pw-online");
    // The settings said an agent is online.
    await online.waitFor();
    expect(await online.textContent()).toBe("We're online");
    await expect.poll(() => widget.handshakes.length).toBe(1);

    widget.agentsOnline(false);
    await online.waitFor({ state: "detached" });
    widget.agentsOnline(true);
    await online.waitFor();
    expect(await online.textContent()).toBe("We're online");
    expect(pageErrors).toEqual([]);
    await page.context().close();
    await widget.stop();
  });
});

describe("on a narrow phone", () => {
  it("keeps the header's title and subtitle on one line each beside its buttons", async () => {
    const widget = await startWidgetFixture({
      chatbotSettings: { uiLanguage: "fr", headerTitle: "Discutez avec nous", headerSubtitle: "Nous sommes là pour vous aider", allowPlaySounds: true },
    });
    const { page, pageErrors } = await openHostPage(widget.origin, host.origin, { width: 320, height: 640 });
    const frame = await widgetFrame(page, widget.origin);
    await frame.getByRole("button", { name: /chat/i }).first().click();
    const title = frame.getByRole("heading", { name: "Discutez avec nous" });
    await title.waitFor();
    const lines = (selector: string) =>
      frame.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight === "normal" ? String(parseFloat(getComputedStyle(element).fontSize) * 1.2) : getComputedStyle(element).lineHeight)));
    expect(await lines(".pw-header-texts h1")).toBe(1);
    expect(await lines(".pw-header-texts p")).toBe(1);
    // The full title stays readable on hover and to assistive technology.
    expect(await title.getAttribute("title")).toBe("Discutez avec nous");
    expect(pageErrors).toEqual([]);
    await page.context().close();
    await widget.stop();
  });
});

describe("the chat's open or closed state across page loads, for the browser session", () => {
  let widget: WidgetFixture;
  beforeAll(async () => {
    widget = await startWidgetFixture({ chatbotSettings: englishDesign });
  });
  afterAll(() => widget.stop());

  const frameWidth = (page: Page) =>
    page.locator("iframe").evaluate((element) => element.getBoundingClientRect().width);

  /** Opens the chat, reloads, goes to another page of the site, closes it and reloads again. */
  async function openReloadNavigateClose(hostOrigin: string): Promise<Page> {
    const { page, pageErrors } = await openHostPage(widget.origin, hostOrigin);
    let frame = await widgetFrame(page, widget.origin);
    await frame.getByRole("button", { name: "Open chat" }).click();
    await expect.poll(() => frameWidth(page)).toBe(470);

    // The visitor had the chat open: it comes back open, framed at the chat's size, without a click.
    await page.reload({ waitUntil: "load" });
    frame = await widgetFrame(page, widget.origin);
    await frame.getByRole("textbox", { name: "Your message" }).waitFor();
    await expect.poll(() => frameWidth(page)).toBe(470);
    expect(await frame.getByRole("button", { name: "Open chat" }).count()).toBe(0);

    // Another page of the same site.
    await page.goto(`${hostOrigin}/shipping?widget=${encodeURIComponent(widget.origin)}`, { waitUntil: "load" });
    frame = await widgetFrame(page, widget.origin);
    await frame.getByRole("textbox", { name: "Your message" }).waitFor();
    await expect.poll(() => frameWidth(page)).toBe(470);

    // Closing is remembered too, also when the visitor reloads straight after.
    await frame.getByRole("button", { name: "Close chat" }).click();
    await page.reload({ waitUntil: "load" });
    frame = await widgetFrame(page, widget.origin);
    await frame.getByRole("button", { name: "Open chat" }).waitFor();
    await expect.poll(() => frameWidth(page)).toBe(75);
    expect(await frame.getByRole("textbox", { name: "Your message" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    return page;
  }

  it("keeps it in the widget's own storage on a page of the same site", async () => {
    const page = await openReloadNavigateClose(host.origin);
    // The host page is asked to keep nothing when the frame can keep it itself.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.context().close();
  });

  it("keeps it in the host page's session storage when the browser refuses the frame its own storage", async () => {
    const hostOrigin = host.origin.replace("127.0.0.1", "localhost");
    const page = await openReloadNavigateClose(hostOrigin);
    expect(await page.evaluate(() => sessionStorage.getItem("parley.visitor.config-1.chat"))).toBe("closed");
    await page.context().close();
  });
});

describe("when the design allows attachments", () => {
  it("checks a picked file, uploads it and sends a message that links to it for the visitor's session", async () => {
    const widget = await startWidgetFixture({
      chatbotSettings: { ...englishDesign, initialState: "opened", allowAttachments: true },
      withoutSocket: true,
    });
    const { page, pageErrors } = await openHostPage(widget.origin);
    const frame = await widgetFrame(page, widget.origin);
    const paperclip = frame.getByRole("button", { name: "Attach a file" });
    await paperclip.waitFor();
    const input = frame.locator("input[type=file]");
    // Before any message there is no conversation to attach to.
    await input.setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await frame.getByRole("alert").filter({ hasText: "Send a message first" }).waitFor();
    const field = frame.getByRole("textbox", { name: "Your message" });
    await field.fill("Here is my invoice");
    await field.press("Enter");
    await frame.locator(".pw-from-assistant strong", { hasText: "visitor" }).waitFor();
    // Refused on the client: no upload.
    await input.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
    await frame.getByRole("alert").filter({ hasText: "Only PNG, JPEG, WebP, GIF and PDF" }).waitFor();
    expect(widget.attachments).toEqual([]);

    await input.setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    const link = frame.getByRole("link", { name: "📎 scan.pdf" });
    await link.waitFor();
    expect(widget.attachments).toEqual([{ session_id: "http-session-1", filename: "scan.pdf", bytes: 15 }]);
    expect(widget.posted[1]!.message).toMatch(/^📎 scan\.pdf\n\/api\/widget\/config-1\/attachments\/[0-9a-f-]{36}$/);
    expect(await link.getAttribute("href")).toMatch(/^\/api\/widget\/config-1\/attachments\/[0-9a-f-]{36}\?session_id=http-session-1&page_url=/);
    expect(pageErrors).toEqual([]);
    await page.context().close();
    await widget.stop();
  });
});

describe("when the widget's server is down", () => {
  it("leaves the host page working and error-free, whether it was never up or stops while the page is open", async () => {
    const widget = await startWidgetFixture({ chatbotSettings: englishDesign });
    const { page, pageErrors, consoleErrors } = await openHostPage(widget.origin);
    await widgetFrame(page, widget.origin);
    await expect
      .poll(() => page.locator("iframe").evaluate((element) => getComputedStyle(element).visibility))
      .toBe("visible");
    await widget.stop();
    await page.waitForTimeout(1500);
    await page.locator("#counter").click();
    expect(await page.locator("#counter").textContent()).toBe("1");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.context().close();

    // Never up: the script cannot load (the browser notes the failed request itself), the page is untouched.
    const downOrigin = widget.origin;
    const down = await openHostPage(downOrigin);
    await down.page.waitForTimeout(500);
    await down.page.locator("#counter").click();
    expect(await down.page.locator("#counter").textContent()).toBe("1");
    expect(down.pageErrors).toEqual([]);
    expect(await down.page.locator("iframe").count()).toBe(0);
    await down.page.context().close();
  });

  it("keeps the frame hidden, silently, when the chat app gets no design", async () => {
    const widget = await startWidgetFixture({ settingsStatus: 404 });
    const { page, pageErrors, consoleErrors } = await openHostPage(widget.origin);
    const frame = await widgetFrame(page, widget.origin);
    await frame.waitForLoadState("load");
    await page.waitForTimeout(500);
    expect(
      await page
        .locator("iframe")
        .evaluate((element) => ({
          visibility: getComputedStyle(element).visibility,
          width: element.getBoundingClientRect().width,
        })),
    ).toEqual({ visibility: "hidden", width: 0 });
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
    await widget.stop();
  });
});
