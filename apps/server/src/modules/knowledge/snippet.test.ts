import { describe, expect, it } from "vitest";
import { maxSnippetLength, snippetOf } from "./snippet";

const filler = (count: number, word = "lorem") => Array.from({ length: count }, (_, i) => `${word}${i}`).join(" ");

describe("snippetOf", () => {
  it("answers a short text whole, with its white space collapsed", () => {
    expect(snippetOf("Our shop\n opens   at nine.", "when does the shop open")).toBe("Our shop opens at nine.");
  });

  it("cuts a long text around the question's words, with … where it cuts", () => {
    const text = `${filler(80)} Refunds are paid back within fourteen days after we receive the parcel. ${filler(80, "ipsum")}`;
    const snippet = snippetOf(text, "how long do refunds take");
    expect(snippet.length).toBeLessThanOrEqual(maxSnippetLength);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("Refunds are paid back within fourteen days");
    // A few words of context before the first match.
    expect(snippet).toMatch(/^…lorem77 lorem78 lorem79 Refunds/);
  });

  it("prefers the stretch with more of the question's words, and rarer ones", () => {
    const text = `Delivery is free. ${filler(60)} Delivery to Belgium costs five euro. ${filler(60, "ipsum")} Delivery again.`;
    expect(snippetOf(text, "delivery belgium")).toContain("Delivery to Belgium costs five euro.");
  });

  it("folds accents and case, and matches word endings", () => {
    const text = `${filler(70)} Ons Café is op zondag gesloten, de bestellingen komen maandag. ${filler(70, "ipsum")}`;
    const snippet = snippetOf(text, "cafe ZONDAG bestelling");
    expect(snippet).toContain("Ons Café is op zondag gesloten, de bestellingen komen maandag.");
  });

  it("starts at the beginning when no word of the question is in the text", () => {
    const text = filler(200);
    const snippet = snippetOf(text, "xylophone");
    expect(snippet.startsWith("lorem0 lorem1")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(maxSnippetLength);
  });

  it("cuts a single word longer than the room", () => {
    const snippet = snippetOf(`https://example.test/${"a".repeat(400)} and more`, "example");
    expect(snippet.length).toBeLessThanOrEqual(maxSnippetLength);
    expect(snippet.endsWith("…")).toBe(true);
  });
});
