import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { guidePdf } from "../../apps/server/src/test/files";
import { api, apiSignIn, demoAccounts, expectPath, newPage, snap, snapOnFailure, useBrowser } from "../support/browser";

const journey = "data-training";

/** A small shop website on the one loopback port the server may fetch from (OUTBOUND_ALLOWED_HOSTS). */
function startShopWebsite(port: number): Promise<Server> {
  const page = (title: string, body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>` +
    `<nav><a href="/">Home</a> <a href="/delivery">Delivery</a></nav><main><h1>${title}</h1>${body}</main>` +
    `<footer>© Fixture Bakery – all rights reserved</footer></body></html>`;
  const pages: Record<string, string> = {
    "/": page("Fixture Bakery", "<p>We bake sourdough bread every morning in our Haarlem kitchen.</p>"),
    "/delivery": page("Delivery", "<p>Orders placed before noon are delivered by cargo bike the same afternoon.</p>"),
  };
  const server = createServer((request, response) => {
    const body = pages[request.url ?? ""];
    if (!body) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

describe("the Data Training screen", () => {
  const browser = useBrowser();
  let website: Server;
  const origin = () => `http://127.0.0.1:${inject("fixturePort")}`;

  beforeAll(async () => {
    website = await startShopWebsite(inject("fixturePort"));
  });
  afterAll(async () => {
    await new Promise((resolve) => website?.close(resolve));
  });

  it("trains from a website and a PDF, then finds a sentence of each through the screen's search", { timeout: 180_000 }, async () => {
    const admin = await apiSignIn(demoAccounts.admin);
    const name = `training-${Date.now()}`;
    const created = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name }, admin.token);
    expect(created.status).toBe(200);
    const { context, page } = await newPage(browser(), {
      session: admin,
      localStorage: { "parley.selectedConfiguration": JSON.stringify({ _id: created.data.inserted_id, name }) },
    });
    snapOnFailure(page, journey, "training");
    await page.goto("/admin/settings/datatraining");
    await expectPath(page, "/admin/settings/datatraining");
    await page.getByRole("heading", { level: 1 }).first().waitFor();

    // Website: two pages read in a batch, with progress, then trained.
    await page.getByRole("tab", { name: "Website" }).click();
    // Every element's checkbox label is readable: none runs into the next checkbox ("textarea" did).
    const tagLabels = page.getByRole("group", { name: "Read these HTML elements" }).locator("label");
    await tagLabels.last().waitFor();
    const tagBoxes = await tagLabels.evaluateAll((labels) =>
      labels.map((label) => {
        const text = label.querySelector("[data-part=label]")!.getBoundingClientRect();
        const control = label.querySelector("[data-part=control]")!.getBoundingClientRect();
        return { name: label.textContent, top: control.top, textLeft: text.left, textRight: text.right, controlLeft: control.left };
      }),
    );
    expect(tagBoxes.length).toBeGreaterThan(20);
    for (const [index, box] of tagBoxes.entries()) {
      const next = tagBoxes[index + 1];
      if (next && Math.abs(next.top - box.top) < 2) expect(box.textRight, `${box.name} runs into ${next.name}`).toBeLessThanOrEqual(next.controlLeft);
    }
    await page.getByLabel("Pages to read").fill(`${origin()}/\n${origin()}/delivery`);
    await page.getByRole("button", { name: "Read and train 2 pages" }).click();
    await page.getByText("2 of 2 pages").waitFor({ timeout: 60_000 });
    await page.getByText("Finished.").waitFor({ timeout: 60_000 });
    await snap(page, journey, "1-website-trained");

    // Files: a PDF with a text layer, uploaded by the file chooser, read and indexed.
    await page.getByRole("tab", { name: "Files" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).click();
    await (await chooser).setFiles({ name: "opening-hours.pdf", mimeType: "application/pdf", buffer: guidePdf() });
    await page.getByText("Indexed", { exact: true }).first().waitFor({ timeout: 60_000 });
    await snap(page, journey, "2-file-indexed");

    // The screen's search shows what the assistant would retrieve: a sentence of each source.
    await page.getByRole("tab", { name: "Trained articles" }).click();
    const search = page.getByRole("search", { name: "Search the knowledge" });
    const ask = async (question: string, expected: string) => {
      await search.getByRole("textbox", { name: "Question" }).fill(question);
      await search.getByRole("button", { name: "Search" }).click();
      const results = page.getByRole("list", { name: "What the assistant would find" });
      await results.getByText(expected).first().waitFor({ timeout: 30_000 });
    };
    await ask("when is the delivery by cargo bike", "cargo bike");
    await ask("are you open on saturdays", "Saturdays we close at noon");
    await snap(page, journey, "3-search");

    // What the screen stored is what the server holds for this configuration.
    const stored = await api<{ articles: { text: string }[] }>("GET", `/training/articles?_id=${created.data.inserted_id}`, undefined, admin.token);
    const texts = stored.data.articles.map((article) => article.text).join("\n");
    expect(texts).toContain("sourdough");
    expect(texts).toContain("noon");
    expect(texts).not.toContain("all rights reserved");
    await context.close();
  });
});
