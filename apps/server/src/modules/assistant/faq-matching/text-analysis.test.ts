import { describe, expect, it } from "vitest";
import { analyzerFor, foldText } from "./text-analysis";
import { createTypoIndex, editDistance } from "./typo-tolerance";
import { loadWordNet } from "./wordnet";

describe("text analysis", () => {
  it("folds accents, case and control characters", () => {
    expect(foldText("Élève ÇA\u0000marche")).toBe("eleve ca marche");
  });

  it("stems per language and keeps negations as terms", () => {
    const english = analyzerFor("en").analyze("I can't find my invoices");
    expect(english.map((token) => token.stem)).toEqual(["i", "can", "not", "find", "my", "invoic"]);
    expect(english.find((token) => token.word === "not")?.isStopWord).toBe(false);
    expect(english.find((token) => token.word === "my")?.isStopWord).toBe(true);
    expect(analyzerFor("nl").stem("bestellingen")).toBe(analyzerFor("nl").stem("bestelling"));
    expect(analyzerFor("fr").analyze("l'adresse").map((token) => token.word)).toEqual(["adresse"]);
  });

  it("gives a hyphenated word's parts and then the word written together", () => {
    const tokens = analyzerFor("en").analyze("Confirm your e-mail address");
    expect(tokens.map((token) => token.word)).toEqual(["confirm", "your", "e", "mail", "email", "address"]);
    expect(tokens.filter((token) => token.joined).map((token) => token.word)).toEqual(["email"]);
    expect(analyzerFor("nl").analyze("je track-en-trace-code").map((token) => token.word)).toEqual(["je", "track", "en", "trace", "code", "trackentracecode"]);
    // A hyphen with a space on one side joins nothing ("verzend- en retourkosten").
    expect(analyzerFor("nl").analyze("verzend- en retourkosten").some((token) => token.joined)).toBe(false);
  });
});

describe("typo tolerance", () => {
  it("measures swaps, insertions and deletions as one edit", () => {
    expect(editDistance("chasnge", "change", 2)).toBe(1);
    expect(editDistance("recieve", "receive", 2)).toBe(1);
    expect(editDistance("refund", "return", 1)).toBe(Infinity);
  });

  it("proposes FAQ words within the edits allowed for the word's length", () => {
    const index = createTypoIndex();
    for (const word of ["purchase", "change", "card", "invoice"]) index.add(word);
    expect(index.closeWords("prchase")).toEqual([{ word: "purchase", distance: 1 }]);
    expect(index.closeWords("invocie").map((close) => close.word)).toEqual(["invoice"]);
    expect(index.closeWords("car")).toEqual([]); // too short to guess: one edit makes another word
  });
});

describe("WordNet", () => {
  it("relates synonyms and broader words and knows dictionary words", () => {
    const wordNet = loadWordNet();
    expect(wordNet.relatedWords("bill").map((related) => related.word)).toContain("invoice");
    expect(wordNet.relatedWords("purchase")).toContainEqual({ word: "acquire", relation: "broader" });
    expect(wordNet.relatedWords("refund")).not.toContainEqual({ word: "reimburse", relation: "narrower" });
    expect(wordNet.relatedWords("refund", true)).toContainEqual({ word: "reimburse", relation: "narrower" });
    expect(wordNet.isKnownWord("invoices")).toBe(true);
    expect(wordNet.isKnownWord("chasnge")).toBe(false);
    expect(loadWordNet()).toBe(wordNet); // loaded once
  });
});
