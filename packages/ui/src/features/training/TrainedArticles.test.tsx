import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { DataTrainingPage } from "./DataTrainingPage";
import { fakeTrainingServer, storedArticle } from "./fakeServer.test-support";

configure({ asyncUtilTimeout: 5_000 });

const hours = storedArticle({ _id: "a1", text: "We open at nine and close at five on weekdays.", source: "manual", subject: "Opening hours" });
const returns = storedArticle({ _id: "a2", text: "Returns are free within 30 days.", source: "https://shop.test/returns", subject: null, indexed: false, dateModified: "2026-11-21T08:00:00.000Z" });

function renderTrained() {
  let articles = [hours, returns];
  const server = fakeTrainingServer({
    "GET /training/articles": () => ({ body: { status: "success", articles } }),
    "POST /training/search_in_articles": () => ({
      body: {
        status: "success",
        data: [
          { source: "article", text: hours.text, score: 0.9132, article: hours, chunk: 0, snippet: "We open at nine" },
          { source: "article", text: returns.text, score: 0.08, article: returns, chunk: 0 },
          { source: "faq", text: "Do you ship abroad? Yes, within the EU.", score: 0.05, faq: { row: 3, values: { question: "Do you ship abroad?" } } },
        ],
      },
    }),
    "POST /training/articles/wipe_article_data_for_configuration": () => {
      articles = [];
      return { body: { status: "success", deleted: 2 } };
    },
  });
  return { server, rendered: renderConfigurationScreen(<DataTrainingPage initialSection="trained" />, { api: server.api }) };
}

describe("the trained articles", { timeout: 30_000 }, () => {
  it("lists source, subject, words, indexed and date", async () => {
    const { rendered } = renderTrained();
    await rendered;
    const table = await screen.findByRole("table", { name: "Trained articles" });
    const row = (await within(table).findByText("Opening hours")).closest("tr")!;
    expect(within(row).getByText("manual")).toBeTruthy();
    expect(within(row).getByText("10")).toBeTruthy();
    expect(within(row).getByText("Yes")).toBeTruthy();
    const unindexed = within(table).getByText("https://shop.test/returns").closest("tr")!;
    expect(within(unindexed).getByText("No subject")).toBeTruthy();
    expect(within(unindexed).getByText("No")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Index 1 of 1 unindexed" })).toBeTruthy();
  });

  it("shows what the assistant would retrieve, best first, with scores", async () => {
    const { server, rendered } = renderTrained();
    await rendered;
    const search = await screen.findByRole("search", { name: "Search the knowledge" });
    fireEvent.click(within(search).getByRole("button", { name: "Search" }));
    expect(await within(search).findByText("Type a question first.")).toBeTruthy();
    expect(server.callsTo("POST /training/search_in_articles")).toEqual([]);

    fireEvent.change(within(search).getByRole("textbox", { name: "Question" }), { target: { value: "  when are you open? " } });
    fireEvent.click(within(search).getByRole("button", { name: "Search" }));
    const results = await screen.findByRole("list", { name: "What the assistant would find" });
    const hits = within(results).getAllByRole("listitem");
    expect(hits).toHaveLength(3);
    expect(within(hits[0]!).getByLabelText("Score 0.913")).toBeTruthy();
    expect(within(hits[0]!).getByText("Opening hours")).toBeTruthy();
    expect(within(hits[0]!).getByText("We open at nine")).toBeTruthy();
    expect(within(hits[1]!).getByLabelText("Score 0.080")).toBeTruthy();
    expect(within(hits[1]!).getByText("Returns are free within 30 days.")).toBeTruthy();
    // A row of the FAQ dataset, which the assistant sees beside the articles.
    expect(within(hits[2]!).getByText("From the FAQ")).toBeTruthy();
    expect(within(hits[2]!).getByText("Do you ship abroad? Yes, within the EU.")).toBeTruthy();
    expect(server.callsTo("POST /training/search_in_articles")[0]!.body).toEqual({ configurationId: "c1", searchText: "when are you open?" });
  });

  it("wipes only after confirmation", async () => {
    const { server, rendered } = renderTrained();
    await rendered;
    await screen.findByText("Opening hours");
    fireEvent.click(screen.getByRole("button", { name: "Delete all" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Delete all trained articles?" });
    expect(within(dialog).getByText("All 2 articles of shop are removed from the assistant's knowledge. This cannot be undone.")).toBeTruthy();
    fireEvent.click(within(dialog).getByText("Cancel"));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.callsTo("POST /training/articles/wipe_article_data_for_configuration")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Delete all" }));
    dialog = await screen.findByRole("alertdialog", { name: "Delete all trained articles?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete all articles" }));
    await waitFor(() => expect(server.callsTo("POST /training/articles/wipe_article_data_for_configuration")).toHaveLength(1));
    expect(server.callsTo("POST /training/articles/wipe_article_data_for_configuration")[0]!.body).toEqual({ configuration_id: "c1" });
    // The list is read again and is empty.
    expect(await screen.findByText(/Nothing is trained yet/)).toBeTruthy();
  });
});
