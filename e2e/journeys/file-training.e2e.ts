import { describe, expect, it } from "vitest";
import { api, expectPath, newPage, snap, snapOnFailure, useBrowser, type StoredSession } from "../support/browser";
import { createSelfOnboardingAccount } from "../support/shell";

const journey = "file-training";

/** A handbook longer than one article (100,000 characters): it must be cut between sentences. */
const handbook = Array.from({ length: 2500 }, (_, index) => `Rule ${index} of the bakery handbook says the oven is checked every morning.`).join(" ");

async function openFiles(session: StoredSession, options: { language?: string; colorScheme?: "light" | "dark" } = {}) {
  const { context, page } = await newPage(browser(), {
    session,
    colorScheme: options.colorScheme,
    localStorage: options.language ? { "parley.language": options.language } : {},
  });
  snapOnFailure(page, journey, `files-${options.language ?? "en"}`);
  await page.goto("/assistant/links");
  await expectPath(page, "/assistant/links");
  return { context, page };
}

let browser: ReturnType<typeof useBrowser>;

describe("file training on the customer's Data Training screen", () => {
  browser = useBrowser();

  it("replaces a file uploaded again under its name, counts its articles, cuts a long file between sentences; in English and in Dutch, dark", { timeout: 240_000 }, async () => {
    const { session } = await createSelfOnboardingAccount("files-so", true);
    const name = `so-files-${Date.now()}`;
    const created = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name }, session.token);
    expect(created.status).toBe(200);
    const configurationId = created.data.inserted_id;

    const { context, page } = await openFiles(session);
    await page.getByRole("tab", { name: "Files" }).click();
    const upload = async (file: { name: string; text: string }) => {
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Choose files" }).click();
      await (await chooser).setFiles({ name: file.name, mimeType: "text/plain", buffer: Buffer.from(file.text, "utf8") });
    };
    const table = page.getByRole("table", { name: "Uploaded files" });

    await upload({ name: "FAQ.txt", text: "Delivery\n\nWe deliver within three days." });
    await table.getByText("Indexed", { exact: true }).waitFor({ timeout: 60_000 });
    await upload({ name: "faq.txt", text: "Delivery\n\nWe deliver the next day.\n\nReturns\n\nReturns are free for 30 days." });
    // The new text replaced the old: still one row, its sections in one article (a file's article holds up to 100,000 characters).
    await table.getByText("1 article", { exact: true }).waitFor({ timeout: 60_000 });
    await upload({ name: "handbook.txt", text: handbook });
    await table.getByText("2 articles", { exact: true }).waitFor({ timeout: 90_000 });
    await snap(page, journey, "1-files-en");

    // One row per name, shown as it was uploaded; the server holds one file and only the new text.
    expect(await table.getByRole("row").count()).toBe(3);
    await table.getByText("Indexed", { exact: true }).nth(1).waitFor();
    await table.getByRole("cell", { name: "faq.txt", exact: true }).waitFor();
    const files = await api<{ files: { original_name: string }[] }>("GET", `/files/get_names?configuration_id=${configurationId}`, undefined, session.token);
    expect(files.data.files.map((file) => file.original_name).sort()).toEqual(["faq.txt", "handbook.txt"]);
    const stored = await api<{ articles: { text: string; source: string }[] }>("GET", `/training/articles?_id=${configurationId}`, undefined, session.token);
    const texts = stored.data.articles.map((article) => article.text);
    expect(texts.join("\n")).not.toContain("three days");
    expect(texts.join("\n")).toContain("next day");
    const handbookArticles = texts.filter((text) => text.startsWith("Rule "));
    expect(handbookArticles).toHaveLength(2);
    for (const text of handbookArticles) expect(text).toMatch(/^Rule \d+ .*every morning\.$/su);
    await context.close();

    const dutch = await openFiles(session, { language: "nl", colorScheme: "dark" });
    await dutch.page.getByRole("tab", { name: "Bestanden" }).click();
    await dutch.page.getByRole("table", { name: "Geüploade bestanden" }).getByText("faq.txt", { exact: true }).waitFor();
    await snap(dutch.page, journey, "2-files-nl-dark");
    await dutch.page.getByRole("button", { name: /faq\.txt/ }).last().click();
    await dutch.page.getByText("Dit bestand verwijderen?").waitFor();
    await snap(dutch.page, journey, "3-delete-nl-dark");
    await dutch.page.keyboard.press("Escape");
    await dutch.page.getByRole("tab", { name: "Getrainde artikelen" }).click();
    await dutch.page.getByText("handbook", { exact: false }).first().waitFor();
    await snap(dutch.page, journey, "4-trained-nl-dark");
    await dutch.context.close();
  });
});
