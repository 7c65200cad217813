import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { DataTrainingPage } from "./DataTrainingPage";
import { fakeTrainingServer, storedArticle } from "./fakeServer.test-support";

configure({ asyncUtilTimeout: 5_000 });

const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index + 1}`).join(" ");

function renderEditor() {
  const server = fakeTrainingServer({
    "POST /training/create_article": (call) => {
      const body = call.body as { text: string; subject: string | null; source: string };
      return { body: { status: "success", data: storedArticle({ _id: "a1", text: body.text, source: body.source, subject: body.subject, indexed: false }) } };
    },
    "POST /training/index_article": () => ({ body: { status: "success", indexed: 1, failed: 0 } }),
    "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
    "GET /files/get_names": () => ({ body: { status: "success", file_names: [] } }),
  });
  return { server, rendered: renderConfigurationScreen(<DataTrainingPage />, { api: server.api }) };
}

describe("a typed article", { timeout: 30_000 }, () => {
  it("counts its words as they are typed and previews the domain's split", async () => {
    await renderEditor().rendered;
    const text = await screen.findByRole("textbox", { name: /^Text/ });
    const preview = screen.getByRole("region", { name: "How the article will be split" });
    expect(within(preview).getByTestId("word-count").textContent).toBe("0 words");

    fireEvent.change(text, { target: { value: words(500) } });
    await waitFor(() => expect(within(preview).getByTestId("word-count").textContent).toBe("500 words"));
    expect(within(preview).getByTestId("split-rule").textContent).toBe("Stored as one chunk");

    // Above 500 words: chunks of 500 overlapping by 50, so 600 words give 500 and the last 150.
    fireEvent.change(text, { target: { value: words(600) } });
    await waitFor(() => expect(within(preview).getByTestId("word-count").textContent).toBe("600 words"));
    expect(within(preview).getByTestId("split-rule").textContent).toBe("2 chunks of up to 500 words, 50 words overlapping");
    const chunks = within(preview).getAllByRole("listitem");
    expect(chunks.map((chunk) => chunk.textContent?.split(":")[0])).toEqual(["Chunk 1 (500 words)", "Chunk 2 (150 words)"]);
    expect(chunks[1]!.textContent).toContain("w451 w452");

    // Above 2000 words: chunks of 800.
    fireEvent.change(text, { target: { value: words(2001) } });
    await waitFor(() => expect(within(preview).getByTestId("split-rule").textContent).toBe("3 chunks of up to 800 words, 50 words overlapping"));
  });

  it("is stored with the split fields of its word count, then indexed", async () => {
    const { server, rendered } = renderEditor();
    await rendered;
    fireEvent.change(await screen.findByRole("textbox", { name: /^Subject/ }), { target: { value: " Opening hours " } });
    fireEvent.change(screen.getByRole("textbox", { name: /^Text/ }), { target: { value: `  ${words(700)} ` } });
    fireEvent.click(screen.getByRole("button", { name: "Save and index" }));
    await waitFor(() => expect(server.callsTo("POST /training/index_article")).toHaveLength(1));
    expect(server.callsTo("POST /training/create_article")[0]!.body).toEqual({
      configurationId: "c1",
      source: "manual",
      subject: "Opening hours",
      text: words(700),
      wordCount: 700,
      splitLength: 500,
      splitOverlap: 50,
    });
    expect(server.callsTo("POST /training/index_article")[0]!.body).toEqual({ configurationId: "c1", articleIds: ["a1"] });
    // The form starts afresh for the next article.
    await waitFor(() => expect((screen.getByRole("textbox", { name: /^Text/ }) as HTMLTextAreaElement).value).toBe(""));
  });

  it("asks for a text before sending anything", async () => {
    const { server, rendered } = renderEditor();
    await rendered;
    fireEvent.change(await screen.findByRole("textbox", { name: /^Text/ }), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save and index" }));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(server.callsTo("POST /training/create_article")).toEqual([]);
  });
});
