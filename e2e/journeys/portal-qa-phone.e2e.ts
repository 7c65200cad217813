import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, apiSignIn, demoAccounts, newPage, snap, useBrowser } from "../support/browser";

const journey = "portal-qa-phone";

/** Widest right edge of the page's content; above the viewport's width the page scrolls sideways. */
const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** The right edge of an element and of the closest card around it. */
async function rightEdges(page: Page, name: RegExp | string): Promise<{ button: number; card: number }> {
  return page.getByRole("button", { name }).first().evaluate((element) => {
    const card = element.closest(".chakra-card__root") ?? document.body;
    return { button: element.getBoundingClientRect().right, card: card.getBoundingClientRect().right };
  });
}

async function demoConfiguration(token: string): Promise<{ _id: string; name: string }> {
  const found = await api<{ data: { _id: string; name: string }[] }>("GET", "/configurations/search", undefined, token);
  const demo = found.data.data.find((configuration) => configuration.name === "demo-webshop")!;
  return { _id: demo._id, name: demo.name };
}

describe("configuration screens on a phone, in French and dark", () => {
  const browser = useBrowser();

  it("keeps each data-training tab on one line in French and German at 1280 px; on a phone all seven wrap into sight", async () => {
    const session = await apiSignIn(demoAccounts.admin);
    const selected = JSON.stringify(await demoConfiguration(session.token));
    for (const [language, first] of [["fr", "Articles rédigés"], ["de", "Geschriebene Artikel"]] as const) {
      const { context, page } = await newPage(browser(), {
        session,
        colorScheme: "dark",
        localStorage: { "parley.language": language, "parley.selectedConfiguration": selected },
      });
      await page.goto("/admin/settings/datatraining");
      await page.getByRole("tab", { name: first }).waitFor();
      // The lines each tab's label takes (a label squeezed to two lines had two).
      const lines = await page.getByRole("tab").evaluateAll((tabs) =>
        tabs.map((tab) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(tab, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
          }
          return tops.size;
        }),
      );
      expect(lines).toEqual([1, 1, 1, 1, 1, 1, 1]);
      // And all seven are in sight at 1280 px, none cut off at the row's end.
      const listRight = await page.getByRole("tablist").evaluate((list) => list.getBoundingClientRect().right);
      const lastRight = await page.getByRole("tab").last().evaluate((tab) => tab.getBoundingClientRect().right);
      expect(lastRight).toBeLessThanOrEqual(listRight);
      await snap(page, journey, `0-data-training-tabs-${language}`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      // On a phone the tabs wrap onto more rows: all seven in sight, none scrolled out of a row.
      const tabRights = await page.getByRole("tab").evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().right));
      expect(tabRights).toHaveLength(7);
      expect(Math.max(...tabRights)).toBeLessThanOrEqual(390);
      await context.close();
    }
  });

  it("wraps the buttons of the subscription, the webshop connection and a new workflow instead of widening the page", async () => {
    const session = await apiSignIn(demoAccounts.admin);
    const { context, page } = await newPage(browser(), {
      session,
      colorScheme: "dark",
      localStorage: { "parley.language": "fr", "parley.selectedConfiguration": JSON.stringify(await demoConfiguration(session.token)) },
    });
    await page.setViewportSize({ width: 390, height: 844 });

    // General settings: the subscription's save and cancel buttons.
    await page.goto("/admin/settings/general");
    await page.getByRole("button", { name: "Annuler les modifications" }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await snap(page, journey, "1-general-subscription");

    // Data training, webshop tab, once the shop is connected: test and change credentials.
    await page.goto("/admin/settings/datatraining");
    await page.getByRole("tab", { name: "Boutique en ligne" }).click();
    await page.getByLabel("Adresse de la boutique").fill("https://shop.example.com");
    await page.getByLabel("Clé client (consumer key)").fill("ck_phone");
    await page.getByLabel("Secret client (consumer secret)").fill("cs_phone");
    await page.getByRole("button", { name: "Enregistrer les identifiants" }).click();
    await page.getByRole("button", { name: "Modifier les identifiants" }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await snap(page, journey, "2-webshop-connected");

    // AI functions: a new workflow's buttons stay inside its card.
    await page.goto("/admin/settings/functions");
    await page.getByRole("button", { name: "Nouveau workflow" }).click();
    const addOrder = await rightEdges(page, "Ajouter une recherche de commande");
    expect(addOrder.button).toBeLessThanOrEqual(addOrder.card);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await snap(page, journey, "3-new-workflow");
    await context.close();
  });
});
