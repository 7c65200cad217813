import { describe, expect, it } from "vitest";
import { articlesFromComponents, batchesOf, joinWithinLimit } from "./articles";

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
      { source: "https://shop.test/a", subject: "Opening hours | Shop", text: "Opening hours\n\nWe open at nine.", wordCount: 6, splitLength: 500, splitOverlap: 0 },
      { source: "manual.pdf", subject: null, text: "Returns within 30 days.", wordCount: 4, splitLength: 500, splitOverlap: 0 },
    ]);
  });

  it("keeps each article within the contract's text length", () => {
    expect(joinWithinLimit(["abcd", "ef", "ghijklmnop"], 8)).toEqual(["abcd\n\nef", "ghijklmn", "op"]);
  });

  it("cuts work into batches", () => {
    expect(batchesOf([1, 2, 3, 4, 5, 6, 7], 5)).toEqual([[1, 2, 3, 4, 5], [6, 7]]);
    expect(batchesOf([], 5)).toEqual([]);
  });
});
