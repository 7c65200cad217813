import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiSignIn,
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

const journey = "teach-assistant";

interface CorrectionTexts {
  corrections: { teach: string; entryLabel: string; link: string; linkedTo: string };
}
// The French texts the agent should see, from the product's own translation files.
const fr = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/ui/src/features/corrections/locales/fr.json"), "utf8")) as CorrectionTexts;

interface Reply {
  session_id: string;
  reply: { content: string } | null;
}

describe("an agent teaches the assistant from a conversation in the history", () => {
  const browser = useBrowser();
  let configuration: { _id: string; name: string };
  let agent: StoredSession;
  // Words of a visitor's own that the embedded assistant cannot place (made unique per run).
  const question = `flibbertigibbet ${Date.now().toString(36)} gizmo`;
  const askAsVisitor = async () => (await api<Reply>("POST", `/widget/${configuration._id}/messages`, { message: question })).data;

  beforeAll(async () => {
    const admin = await apiSignIn(demoAccounts.admin);
    const customers = await api<{ data: { _id: string; name: string }[] }>("GET", "/customers", undefined, admin.token);
    const demoWebshop = customers.data.data.find((entry) => entry.name === "Demo Webshop")!;
    const email = uniqueEmail("teacher");
    const created = await api(
      "POST",
      "/users/add_or_update",
      { customerId: demoWebshop._id, username: email, email, firstname: "Tea", lastname: "Cher", password: demoPassword, role: "customer" },
      admin.token,
    );
    if (created.status !== 200) throw new Error(`creating the agent failed: ${created.status} ${JSON.stringify(created.data)}`);
    agent = await apiSignIn(email);
    const found = await api<{ data: { _id: string; name: string }[] }>("GET", "/configurations/search", undefined, agent.token);
    configuration = found.data.data.find((entry) => entry.name === "demo-webshop")!;
  });

  it("links the visitor's question to an FAQ entry (French, dark); the next visitor asking it gets that entry's answer", { timeout: 150_000 }, async () => {
    const before = await askAsVisitor();
    expect(before.reply?.content).not.toContain("tracking link");

    const { context, page } = await newPage(browser(), {
      session: agent,
      colorScheme: "dark",
      localStorage: { "parley.language": "fr", "parley.selectedConfiguration": JSON.stringify(configuration) },
    });
    snapOnFailure(page, journey, "failure");
    await page.goto("/conversations/history");
    await page.locator("tr", { hasText: question }).getByRole("button").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: new RegExp(`^${fr.corrections.teach}`) }).click();
    await dialog.getByLabel(fr.corrections.entryLabel).selectOption("How can I track my parcel?");
    await snap(page, journey, "1-choosing-the-entry");
    const violations = await seriousAccessibilityViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await dialog.getByRole("button", { name: fr.corrections.link, exact: true }).click();
    await dialog.getByText(fr.corrections.linkedTo.replace("{{question}}", "How can I track my parcel?")).waitFor();
    await snap(page, journey, "2-linked");
    await context.close();

    const after = await askAsVisitor();
    expect(after.session_id).not.toBe(before.session_id);
    expect(after.reply?.content).toContain("tracking link");
  });

  it("lists what the assistant learned under the FAQ, and forgets it (English, light)", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser(), {
      session: agent,
      localStorage: { "parley.language": "en", "parley.selectedConfiguration": JSON.stringify(configuration) },
    });
    snapOnFailure(page, journey, "faq-failure");
    await page.goto("/dataset/view");
    await page.getByRole("heading", { name: /Learned phrasings? \(\d+\)/ }).waitFor();
    await page.getByRole("button", { name: "Show the learned phrasings" }).click();
    const item = page.getByRole("listitem").filter({ hasText: question });
    await item.waitFor();
    await snap(page, journey, "3-learned-under-the-faq");
    await item.getByRole("button", { name: `Forget “${question}”` }).click();
    await item.waitFor({ state: "detached" });
    await context.close();
    expect((await askAsVisitor()).reply?.content).not.toContain("tracking link");
  });
});
