import { describe, expect, it } from "vitest";
import { draftOf } from "./articles";
import { fakeTrainingServer } from "./fakeServer.test-support";
import { createAndIndex } from "./hooks";

describe("creating and indexing many articles", () => {
  it("sends them in create_articles calls, counts the refused ones by source, and indexes the held unindexed ones after", async () => {
    const server = fakeTrainingServer({
      "POST /training/create_articles": () => ({
        body: {
          status: "success",
          created: 1,
          duplicates: 1,
          indexed: 1,
          failed: 1,
          code: "articles_not_indexed",
          message: "One or more articles could not be indexed",
          articles: [
            { position: 0, _id: "new", created: true, indexed: true },
            { position: 2, _id: "held", created: false, indexed: false },
          ],
          failures: [{ position: 1, code: "no_valid_text", message: "No valid text found" }],
        },
      }),
      "POST /training/index_article": () => ({ body: { status: "success", indexed: 1, failed: 0 } }),
    });
    const drafts = [draftOf("https://shop.test/a", "A", "Fresh bread daily."), draftOf("https://shop.test/b", null, "!!!"), draftOf("https://shop.test/c", null, "Held before.")];
    const counts = await createAndIndex(server.api, "c1", drafts);
    expect(counts).toEqual({ created: 2, failed: 1, notIndexed: 0, failedSources: ["https://shop.test/b"], articleIds: ["new", "held"] });
    expect(server.callsTo("POST /training/create_articles").map((call) => call.body)).toEqual([{ configurationId: "c1", articles: drafts }]);
    expect(server.callsTo("POST /training/index_article").map((call) => call.body)).toEqual([{ configurationId: "c1", articleIds: ["held"] }]);
  });

  it("counts a whole call the server refused as failed", async () => {
    const server = fakeTrainingServer({});
    const drafts = [draftOf("one.txt", null, "One."), draftOf("two.txt", null, "Two.")];
    expect(await createAndIndex(server.api, "c1", drafts)).toEqual({ created: 0, failed: 2, notIndexed: 0, failedSources: ["one.txt", "two.txt"], articleIds: [] });
    expect(server.callsTo("POST /training/index_article")).toEqual([]);
  });

  it("counts an article once when several drafts hold its text", async () => {
    const server = fakeTrainingServer({
      "POST /training/create_articles": () => ({
        body: {
          status: "success",
          created: 1,
          duplicates: 1,
          indexed: 1,
          failed: 0,
          articles: [
            { position: 0, _id: "same", created: true, indexed: true },
            { position: 1, _id: "same", created: false, indexed: true },
          ],
        },
      }),
    });
    const drafts = [draftOf("https://shop.test/", null, "Welcome."), draftOf("https://shop.test/index.html", null, "Welcome.")];
    expect(await createAndIndex(server.api, "c1", drafts)).toMatchObject({ created: 1, articleIds: ["same"] });
  });
});
