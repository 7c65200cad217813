/**
 * A self-onboarding customer's first visit: the wizard reads the shop's website (a loopback fixture the server
 * may fetch), proposes a persona, questions and answers, pages and a look, and Finish sets the assistant up;
 * the assistant then answers a visitor from the questions found on the website. Once more in Dutch and dark.
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, expectPath, newPage, snap, snapOnFailure, useBrowser } from "../support/browser";
import { createSelfOnboardingAccount } from "../support/shell";
import { startOnboardingWebsite } from "../support/website";

const journey = "self-onboarding";

describe("the self-onboarding wizard", () => {
  const browser = useBrowser();
  let website: Server;
  const origin = () => `http://127.0.0.1:${inject("onboardingPort")}`;

  beforeAll(async () => {
    website = await startOnboardingWebsite(inject("onboardingPort"));
  });
  afterAll(async () => {
    await new Promise((resolve) => website?.close(resolve));
  });

  it("sets up an assistant from the shop's website, which then answers a visitor from its FAQ", { timeout: 240_000 }, async () => {
    const account = await createSelfOnboardingAccount("onboard", false);
    const { context, page } = await newPage(browser(), { session: account.session });
    snapOnFailure(page, journey, "english");
    await page.goto("/self-onboarding");
    await expectPath(page, "/self-onboarding");
    await page.getByRole("heading", { name: "Welcome", level: 2 }).waitFor();

    // A refused address says what to do, and nothing is scanned.
    await page.getByLabel(/Website address/).fill("www.casino-royale.test");
    for (const statement of [/I am authorised/, /I understand that adult/, /I allow the public content/]) await page.getByText(statement).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByTestId("url-outcome").waitFor();
    await snap(page, journey, "1-refused-address");

    await page.getByLabel(/Website address/).fill(`${origin()}/`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => page.getByTestId("scan-percent").textContent(), { timeout: 90_000 }).toBe("100%");
    await snap(page, journey, "2-scanned");

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Persona", level: 2 }).waitFor();
    expect(await page.getByLabel(/Who is the assistant/).inputValue()).toContain("Tulip Bakery");
    await snap(page, journey, "3-persona");

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "FAQ", level: 2 }).waitFor();
    const questions = await page.getByTestId("faq-row").count();
    expect(questions).toBeGreaterThanOrEqual(3);
    const found = await Promise.all(Array.from({ length: questions }, (_, index) => page.getByLabel(`Question ${index + 1}`, { exact: true }).inputValue()));
    expect(found).toEqual(expect.arrayContaining(["Do you bake gluten-free bread?", "Can I pick up my order?"]));
    await snap(page, journey, "4-faq");

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "URLs", level: 2 }).waitFor();
    await page.getByText(`${origin()}/delivery`).waitFor();
    await snap(page, journey, "5-urls");

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Design", level: 2 }).waitFor();
    await page.getByRole("radio", { name: "Colour #c2410c" }).waitFor();
    await page.locator('[data-testid="colour-swatch"][aria-label="Colour #15803d"]').click();
    await expect.poll(() => page.getByTestId("chosen-colour").textContent()).toBe("#15803d");
    await snap(page, journey, "6-design");

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Finish", level: 2 }).waitFor();
    await page.getByLabel(/^Name/).fill("Tulip Bakery");
    await snap(page, journey, "7-finish");
    await page.getByRole("button", { name: "Finish" }).click();
    await page.waitForURL((url) => url.pathname === "/customer", { timeout: 60_000 });
    await snap(page, journey, "8-customer-home");

    // The assistant exists, with the FAQ from the website, and answers a visitor with it.
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const configurations = await api<{ data: { _id: string; name: string; entity_instruction?: string }[] }>("GET", "/configurations/search", undefined, token!);
    expect(configurations.status).toBe(200);
    expect(configurations.data.data).toHaveLength(1);
    const configuration = configurations.data.data[0]!;
    const answer = await api<{ reply: { content: string; sources: { title: string }[] } }>("POST", `/widget/${configuration._id}/messages`, {
      message: "do you have gluten free bread?",
    });
    expect(answer.status).toBe(200);
    expect(answer.data.reply.content).toContain("buckwheat");
    expect(answer.data.reply.sources[0]?.title).toBe("Do you bake gluten-free bread?");
    await context.close();
  });

  it("is Dutch and dark for a Dutch user, from the address to the persona", { timeout: 180_000 }, async () => {
    const account = await createSelfOnboardingAccount("onboard-nl", false);
    const { context, page } = await newPage(browser(), { session: account.session, colorScheme: "dark", localStorage: { "parley.language": "nl" } });
    snapOnFailure(page, journey, "dutch");
    await page.goto("/self-onboarding");
    await page.getByLabel(/Websiteadres/).waitFor();
    await snap(page, journey, "nl-1-welcome-dark");
    await page.getByLabel(/Websiteadres/).fill(`${origin()}/`);
    for (const checkbox of await page.getByRole("checkbox").all()) await checkbox.check({ force: true });
    await page.getByRole("button", { name: "Doorgaan" }).click();
    await expect.poll(() => page.getByTestId("scan-percent").textContent(), { timeout: 90_000 }).toBe("100%");
    await snap(page, journey, "nl-2-scanned-dark");
    await page.getByRole("button", { name: "Doorgaan" }).click();
    await page.getByRole("heading", { name: "Persona", level: 2 }).waitFor();
    // The proposal is written in Dutch.
    expect(await page.getByRole("textbox").first().inputValue()).toMatch(/Tulip Bakery/);
    await snap(page, journey, "nl-3-persona-dark");
    await context.close();
  });
});
