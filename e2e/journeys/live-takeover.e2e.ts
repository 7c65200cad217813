import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
  baseUrl,
  demoAccounts,
  demoPassword,
  describeViolations,
  newPage,
  seriousAccessibilityViolations,
  snap,
  snapOnFailure,
  uniqueEmail,
  useBrowser,
  type StoredSession,
} from "../support/browser";
import { startCustomerWebsite, widgetFrame } from "../support/website";

const journey = "live-takeover";

interface LiveTexts {
  live: {
    open: string;
    visitorTyping: string;
    status: { connected: string; closed: string };
    dialog: { title: string; reply: string; messages: string; agentNote: string; noteSaved: string };
    actions: { takeover: string; send: string; close: string; saveNote: string; release: string };
  };
}
// The Dutch texts the agent should see, from the product's own translation files.
const nl = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/ui/src/features/live/locales/nl.json"), "utf8")) as LiveTexts;

describe("an agent takes over a visitor's conversation live", () => {
  const browser = useBrowser();
  let website: Server;
  let websiteUrl: string;
  let configuration: { _id: string; name: string };
  let agent: StoredSession;

  beforeAll(async () => {
    // The demo customer's sign-ins are used up by other journeys: a new user of the same customer.
    const admin = await apiSignIn(demoAccounts.admin);
    const customers = await api<{ data: { _id: string; name: string }[] }>("GET", "/customers", undefined, admin.token);
    const demoWebshop = customers.data.data.find((entry) => entry.name === "Demo Webshop");
    if (!demoWebshop) throw new Error(`Demo Webshop not among the customers: ${JSON.stringify(customers.data)}`);
    const email = uniqueEmail("live-agent");
    const created = await api(
      "POST",
      "/users/add_or_update",
      { customerId: demoWebshop._id, username: email, email, firstname: "Liv", lastname: "Agent", password: demoPassword, role: "customer" },
      admin.token,
    );
    if (created.status !== 200) throw new Error(`creating the agent failed: ${created.status} ${JSON.stringify(created.data)}`);
    agent = await apiSignIn(email);
    const found = await api<{ data: { _id: string; name: string }[] }>("GET", "/configurations/search", undefined, agent.token);
    configuration = found.data.data.find((entry) => entry.name === "demo-webshop")!;
    const script = await fetch(`${baseUrl()}/api/chatbot/settings/script?configuration_id=${configuration._id}`);
    const snippet = ((await script.json()) as { script: string }).script;
    website = await startCustomerWebsite(snippet);
    websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((done) => website?.close(done));
  });

  it("sees the visitor's conversation appear, takes over and replies; the visitor gets the reply (Dutch, dark)", { timeout: 150_000 }, async () => {
    const { context: agentContext, page: agentPage } = await newPage(browser(), {
      session: agent,
      colorScheme: "dark",
      localStorage: { "parley.language": "nl", "parley.selectedConfiguration": JSON.stringify(configuration) },
    });
    snapOnFailure(agentPage, journey, "agent-failure");
    await agentPage.goto("/conversations/live");
    await agentPage.locator('[data-live-state="online"]').waitFor({ timeout: 30_000 });
    await snap(agentPage, journey, "1-agent-online");

    const visitorContext = await browser().newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    const visitorPage = await visitorContext.newPage();
    snapOnFailure(visitorPage, journey, "visitor-failure");
    await visitorPage.goto(websiteUrl, { waitUntil: "load" });
    const frame = await widgetFrame(visitorPage);
    await frame.getByRole("button", { name: /chat/i }).first().click();
    const field = frame.getByRole("textbox").first();
    await field.waitFor({ timeout: 15_000 });
    const question = `Can a person help me with order ${Date.now() % 100_000}?`;
    await field.fill(question);
    await field.press("Enter");

    // The conversation appears on the agent's live screen, with the live count in the menu.
    const row = agentPage.locator("tr", { hasText: question });
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => agentPage.getByRole("navigation").first().locator(".chakra-badge").first().textContent()).toMatch(/^\d+$/);
    await snap(agentPage, journey, "2-conversation-appears");
    const listViolations = await seriousAccessibilityViolations(agentPage);
    expect(listViolations, describeViolations(listViolations)).toEqual([]);

    // On a phone (390 px) the list is a card per conversation: nothing scrolls sideways, and Open is in sight and
    // reached by keyboard.
    await agentPage.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => agentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const phoneList = agentPage.locator("main table").first();
    expect(await phoneList.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    const phoneOpen = row.getByRole("button", { name: nl.live.open });
    const openBox = await phoneOpen.boundingBox();
    expect(openBox && openBox.x >= 0 && openBox.x + openBox.width <= 390, "Open is on the phone's screen").toBe(true);
    await snap(agentPage, journey, "2b-phone-list");
    const phoneViolations = await seriousAccessibilityViolations(agentPage);
    expect(phoneViolations, describeViolations(phoneViolations)).toEqual([]);
    await phoneOpen.focus();
    await agentPage.keyboard.press("Enter");
    const dialog = agentPage.getByRole("dialog", { name: nl.live.dialog.title });
    await dialog.getByText(question).waitFor();
    await agentPage.setViewportSize({ width: 1280, height: 800 });
    // The dialog opens with the focus on what comes next, Take over (not on the agent note).
    await expect.poll(() => dialog.getByRole("button", { name: nl.live.actions.takeover }).evaluate((button) => button === document.activeElement)).toBe(true);
    // The visitor types again: the agent sees it, until the visitor empties the field.
    await field.fill("Nog één ding");
    await dialog.getByText(nl.live.visitorTyping).waitFor({ timeout: 15_000 });
    await field.fill("");
    await dialog.getByText(nl.live.visitorTyping).waitFor({ state: "detached", timeout: 15_000 });
    await dialog.getByRole("button", { name: nl.live.actions.takeover }).click();
    await dialog.getByTestId("dialog-status").getByText(nl.live.status.connected).waitFor();
    // The server's note that Liv joined is stored with the conversation (the widget does not show system notes).
    await dialog.getByText("Liv", { exact: false }).first().waitFor();

    const reply = "Hallo, ik ben Liv. Ik kijk uw bestelling na.";
    await dialog.getByRole("textbox", { name: nl.live.dialog.reply }).fill(reply);
    // The visitor sees the agent typing before the reply comes.
    await frame.locator(".pw-typing").waitFor({ timeout: 15_000 });
    await dialog.getByRole("button", { name: nl.live.actions.send }).click();
    await dialog.getByRole("list", { name: nl.live.dialog.messages }).getByText(reply).waitFor();
    // The draft is cleared once the server acknowledged the reply.
    await expect.poll(() => dialog.getByRole("textbox", { name: nl.live.dialog.reply }).inputValue()).toBe("");
    // A note for the colleagues, saved on the conversation.
    const note = "Klant wacht op terugbetaling van bestelling.";
    // Folded until opened, so that the messages keep the room.
    await dialog.getByRole("button", { name: nl.live.dialog.agentNote }).click();
    await dialog.getByRole("textbox", { name: nl.live.dialog.agentNote }).fill(note);
    await dialog.getByRole("button", { name: nl.live.actions.saveNote }).click();
    await dialog.getByText(nl.live.dialog.noteSaved).waitFor();
    await snap(agentPage, journey, "3-agent-replied");
    const dialogViolations = await seriousAccessibilityViolations(agentPage);
    expect(dialogViolations, describeViolations(dialogViolations)).toEqual([]);

    await frame.getByText(reply).first().waitFor({ timeout: 20_000 });
    // The visitor was told that a person joined, by first name.
    await frame.getByText(/Liv has joined/).first().waitFor();
    await visitorPage.screenshot({ path: resolve(import.meta.dirname, "../test-results", journey, "4-visitor-sees-reply.png") });

    // A second tab of the agent, light and English, has the conversation with the reply too.
    const { context: lightContext, page: lightPage } = await newPage(browser(), {
      session: agent,
      localStorage: { "parley.selectedConfiguration": JSON.stringify(configuration) },
    });
    await lightPage.goto("/conversations/live");
    const lightRow = lightPage.locator("tr", { hasText: question });
    await lightRow.getByText("Connected").waitFor({ timeout: 30_000 });
    await lightRow.getByRole("button", { name: "Open" }).click();
    await lightPage.getByRole("dialog", { name: "Conversation" }).getByRole("list", { name: "Messages" }).getByText(reply).waitFor();
    // It says who has the conversation.
    await lightPage.getByRole("dialog", { name: "Conversation" }).getByText("Taken over by Liv").waitFor();
    // The colleague's tab has the note.
    await expect.poll(() => lightPage.getByRole("dialog", { name: "Conversation" }).getByTestId("agent-note-preview").textContent()).toBe(note);
    // The dialog's opening animation, finished before the picture.
    await lightPage.waitForTimeout(500);
    await snap(lightPage, journey, "4-light-english-dialog");
    await lightContext.close();

    // The visitor asks again, the agent hands back without answering: the assistant answers the waiting question.
    const answersBefore = await dialog.locator('li[data-role="assistant"]').count();
    const waiting = "Wat kost de verzending naar België, en hoe lang duurt het voordat mijn pakket er is?";
    await field.fill(waiting);
    await field.press("Enter");
    await dialog.getByRole("list", { name: nl.live.dialog.messages }).getByText(waiting).waitFor({ timeout: 20_000 });
    await dialog.getByRole("button", { name: nl.live.actions.release }).click();
    await expect.poll(() => dialog.locator('li[data-role="assistant"]').count(), { timeout: 30_000 }).toBe(answersBefore + 1);
    await expect.poll(() => dialog.locator("li[data-role]").last().getAttribute("data-role")).toBe("assistant");
    await snap(agentPage, journey, "5-handed-back-and-answered");
    // The list behind fits the 1280 px screen with the longer Dutch status ("Niet verbonden"): nothing cut off.
    const list = agentPage.locator("main table").first();
    await list.locator('tr[data-status="disconnected"]').first().waitFor();
    expect(await list.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);

    // Closing: the conversation leaves the live count.
    await dialog.getByRole("button", { name: nl.live.actions.close }).click();
    await dialog.getByTestId("dialog-status").getByText(nl.live.status.closed).waitFor();
    await snap(agentPage, journey, "6-closed");
    await visitorContext.close();
    await agentContext.close();
  });
});
