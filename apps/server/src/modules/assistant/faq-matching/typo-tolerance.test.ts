import { describe, expect, it } from "vitest";
import { mostLikelyCorrection } from "./typo-tolerance";

describe("mostLikelyCorrection", () => {
  const counts = new Map([
    ["refund", 50],
    ["reimbursement", 5],
    ["count", 900],
    ["account", 300],
    ["status", 80],
    ["statues", 3],
  ]);
  const isWord = (word: string) => counts.has(word);
  const rank = (word: string) => counts.get(word) ?? 0;

  it("finds the word one deletion, insertion, substitution or swap away", () => {
    expect(mostLikelyCorrection("reimbursment", isWord, rank)).toBe("reimbursement"); // insertion
    expect(mostLikelyCorrection("refunnd", isWord, rank)).toBe("refund"); // deletion
    expect(mostLikelyCorrection("fefund", isWord, rank)).toBe("refund"); // substitution
    expect(mostLikelyCorrection("sttaus", isWord, rank)).toBe("status"); // swap of neighbours
  });

  it("prefers the most frequent of several candidates, and knows nothing two edits away", () => {
    // "acount" is one edit from both "count" and "account": the more frequent wins.
    expect(mostLikelyCorrection("acount", isWord, rank)).toBe("count");
    expect(mostLikelyCorrection("stauts", isWord, rank)).toBe("status");
    expect(mostLikelyCorrection("rfnd", isWord, rank)).toBeUndefined();
  });

  it("leaves short words, known words and words with other characters alone", () => {
    expect(mostLikelyCorrection("cnt", isWord, rank)).toBeUndefined();
    expect(mostLikelyCorrection("refund", isWord, rank)).toBeUndefined();
    expect(mostLikelyCorrection("r3fund", isWord, rank)).toBeUndefined();
  });
});
