import { describe, expect, it } from "vitest";
import { termWeigher } from "./faq-matcher";
import { fromCounts, loadWordFrequencies } from "./word-frequency";

describe("word frequency", () => {
  it("gives a word's surprisal in the corpus, folding spellings together and counting an unseen word as seen once", () => {
    const frequencies = fromCounts([
      { word: "I", count: 3 },
      { word: "i", count: 1 },
      { word: "Café", count: 2 },
      { word: "invoice", count: 2 },
    ]);
    expect(frequencies.surprisal("i")).toBeCloseTo(1); // 4 of 8
    expect(frequencies.surprisal("cafe")).toBeCloseTo(2); // 2 of 8
    expect(frequencies.surprisal("unheard")).toBeCloseTo(3); // as if 1 of 8
    expect([frequencies.has("cafe"), frequencies.has("i"), frequencies.has("unheard")]).toEqual([true, true, false]);
  });

  it("has English from SUBTLEXus, and no list for other languages", () => {
    const english = loadWordFrequencies("en")!;
    expect(english).toBe(loadWordFrequencies("en"));
    const bits = ["you", "know", "problem", "invoice"].map((word) => english.surprisal(word));
    expect(bits).toEqual([...bits].sort((a, b) => a - b));
    expect(bits[0]).toBeLessThan(6);
    expect(bits[3]).toBeGreaterThan(16);
    expect(loadWordFrequencies("nl")).toBeUndefined();
  });

  it("weighs words by frequency when a list exists, else by the stop list", () => {
    const token = (word: string, isStopWord: boolean) => ({ word, stem: word, isStopWord });
    const byFrequency = termWeigher(loadWordFrequencies("en"));
    expect(byFrequency(token("you", true))).toBe(0.05);
    expect(byFrequency(token("know", false))).toBeLessThan(byFrequency(token("problem", true)));
    expect(byFrequency(token("invoice", false))).toBe(1);
    const byStopList = termWeigher(undefined);
    expect(byStopList(token("problem", true))).toBe(0.2);
    expect(byStopList(token("know", false))).toBe(1);
  });
});
