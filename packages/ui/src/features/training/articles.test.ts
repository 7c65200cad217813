import { describe, expect, it } from "vitest";
import { articleTextMaxLength, maxArticlesPerCreation } from "@parley/domain";
import { articlesFromComponents, batchesOf, creationBatches, draftOf, joinWithinLimit } from "./articles";

describe("articles of scraped components", () => {
  it("makes one article per page, without empty or repeated texts, with the page's subject", () => {
    const drafts = articlesFromComponents(
      [
        { text: "Opening hours", subject: "Hours", url: "https://shop.test/a" },
        { text: "  ", url: "https://shop.test/a" },
        { text: " Opening hours ", url: "https://shop.test/a" },
        { text: "We open at nine.", url: "https://shop.test/a" },
        { text: "Returns within 30 days.", url: null },
      ],
      "manual.pdf",
      new Map([["https://shop.test/a", "Opening hours | Shop"]]),
    );
    expect(drafts).toEqual([
      // A page's article links to the page, so the assistant's answer from it can name it.
      { source: "https://shop.test/a", subject: "Opening hours | Shop", text: "Opening hours\n\nWe open at nine.", wordCount: 6, splitLength: 500, splitOverlap: 0, kind: "scraped", url: "https://shop.test/a" },
      { source: "manual.pdf", subject: null, text: "Returns within 30 days.", wordCount: 4, splitLength: 500, splitOverlap: 0, kind: "scraped", url: null },
    ]);
    expect(articlesFromComponents([{ text: "We open at nine.", url: null }], "guide.pdf", undefined, "file")).toMatchObject([{ source: "guide.pdf", kind: "file", url: null }]);
  });

  it("keeps each article within the contract's text length", () => {
    expect(joinWithinLimit(["abcd", "ef", "ghijklmnop"], 8)).toEqual(["abcd\n\nef", "ghijklmn", "op"]);
  });

  it("cuts a text longer than an article at a sentence end, not in a word", () => {
    const page = Array.from({ length: 3000 }, (_, index) => `Bread number ${index} is baked fresh every morning.`).join(" ");
    const parts = joinWithinLimit([page]);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(articleTextMaxLength);
      expect(part).toMatch(/morning\.$/u);
    }
    expect(parts.join(" ")).toBe(page);
  });

  it("cuts work into batches", () => {
    expect(batchesOf([1, 2, 3, 4, 5, 6, 7], 5)).toEqual([[1, 2, 3, 4, 5], [6, 7]]);
    expect(batchesOf([], 5)).toEqual([]);
  });

  it("cuts articles into create_articles calls by count and by the bytes of their texts", () => {
    const small = Array.from({ length: maxArticlesPerCreation + 1 }, (_, i) => draftOf("manual", null, `text ${i}`));
    expect(creationBatches(small).map((batch) => batch.length)).toEqual([maxArticlesPerCreation, 1]);
    // Texts of ~100,000 two-byte characters, ~200 kB each in UTF-8: 20 fit in the 4 MiB of text of one call.
    const long = Array.from({ length: 25 }, (_, i) => draftOf(`page-${i}`, null, `${i} ${"é".repeat(articleTextMaxLength - 3)}`));
    const batches = creationBatches(long);
    expect(batches.map((batch) => batch.length)).toEqual([20, 5]);
    expect(batches.flat()).toEqual(long);
    expect(creationBatches([draftOf("a", null, "abcdef"), draftOf("b", null, "gh")], 10, 4)).toEqual([[draftOf("a", null, "abcdef")], [draftOf("b", null, "gh")]]);
    expect(creationBatches([])).toEqual([]);
  });
});
