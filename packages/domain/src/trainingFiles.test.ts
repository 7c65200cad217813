import { describe, expect, it } from "vitest";
import { countWords } from "./training";
import { isAllowedUploadName } from "./training";
import { fileComponentsOf, maxFileComponentWords, maxTrainingFileBytes, textBlocksOf, trainingFileNameKey, uploadExtensionOf } from "./trainingFiles";

describe("names of training files", () => {
  it("are one file without regard to case or how an accent is typed; other names, other extensions are others", () => {
    expect(trainingFileNameKey("FAQ.PDF")).toBe(trainingFileNameKey("faq.pdf"));
    expect(trainingFileNameKey("Cafe\u0301.txt")).toBe(trainingFileNameKey("CAFÉ.txt"));
    expect(trainingFileNameKey("faq 2.pdf")).not.toBe(trainingFileNameKey("faq.pdf"));
    expect(trainingFileNameKey("faq.txt")).not.toBe(trainingFileNameKey("faq.pdf"));
  });
});

describe("upload extensions", () => {
  it("knows .txt and .pdf in any case, after a name, as isAllowedUploadName does", () => {
    const names = ["a.TXT", " b.Pdf ", "c.txt.exe", "d.pdfx", "txt", ".pdf"];
    expect(names.map(uploadExtensionOf)).toEqual([".txt", ".pdf", undefined, undefined, undefined, undefined]);
    expect(names.map((name) => uploadExtensionOf(name) !== undefined)).toEqual(names.map(isAllowedUploadName));
  });
});

describe("text blocks of a plain text", () => {
  it("finds Markdown, underlined and title-line headings, and joins hard-wrapped lines", () => {
    const text = [
      "# Opening hours",
      "We are open from nine",
      "to five.",
      "",
      "Returns",
      "=======",
      "Send it back within 30 days.",
      "",
      "",
      "Delivery",
      "",
      "Parcels leave the same day.",
      "- by post",
      "- by courier",
    ].join("\r\n");
    expect(textBlocksOf(text)).toEqual([
      { kind: "heading", text: "Opening hours" },
      { kind: "paragraph", text: "We are open from nine to five." },
      { kind: "heading", text: "Returns" },
      { kind: "paragraph", text: "Send it back within 30 days." },
      { kind: "heading", text: "Delivery" },
      { kind: "paragraph", text: "Parcels leave the same day.\n- by post\n- by courier" },
    ]);
  });

  it("keeps a short line as text when no paragraph follows it, and one ending as a sentence", () => {
    expect(textBlocksOf("\uFEFFHello")).toEqual([{ kind: "paragraph", text: "Hello" }]);
    expect(textBlocksOf("Call us.\n\nWe answer.")).toEqual([
      { kind: "paragraph", text: "Call us." },
      { kind: "paragraph", text: "We answer." },
    ]);
    expect(textBlocksOf("First\n\nSecond\n\nText under second.")).toEqual([
      { kind: "paragraph", text: "First" },
      { kind: "heading", text: "Second" },
      { kind: "paragraph", text: "Text under second." },
    ]);
    expect(textBlocksOf(" \n\t\n")).toEqual([]);
  });

  it("reads a Markdown heading without its closing #s, and a line that only looks like one as text", () => {
    const headings = ["## Prices ##", "# C#", "###   Spaced   out  #  ", "# #", "####### Seven.", "#NoSpace"].map((line) => textBlocksOf(`${line}\n\nBody.`)[0]);
    expect(headings).toEqual([
      { kind: "heading", text: "Prices" },
      { kind: "heading", text: "C#" },
      { kind: "heading", text: "Spaced out" },
      { kind: "paragraph", text: "# #" },
      { kind: "paragraph", text: "####### Seven." },
      { kind: "heading", text: "#NoSpace" },
    ]);
  });

  it("reads a heading line of thousands of spaces between two words in one pass", () => {
    // The earlier one-regex reading backtracked cubically: 3,000 spaces took 4 s, these 200,000 hours.
    const line = `# a${" ".repeat(200_000)}b`;
    expect(textBlocksOf(`${line}\n\nBody.`)[0]).toEqual({ kind: "heading", text: "a b" });
  });
});

describe("file components", () => {
  it("gives one component per section, named by its heading or the file", () => {
    const components = fileComponentsOf(
      [
        { kind: "paragraph", text: "Intro." },
        { kind: "heading", text: "Empty section" },
        { kind: "heading", text: "Hours" },
        { kind: "paragraph", text: "Nine to five." },
        { kind: "paragraph", text: "Closed on Sundays." },
        { kind: "heading", text: "Trailing heading" },
      ],
      "guide.pdf",
    );
    expect(components).toEqual([
      { text: "Intro.", subject: "guide.pdf" },
      { text: "Nine to five.\n\nClosed on Sundays.", subject: "Hours" },
    ]);
    expect(fileComponentsOf([{ kind: "heading", text: "Only a title" }], "x.txt")).toEqual([]);
  });

  it("cuts long sections at paragraphs, and a paragraph longer than the limit by words", () => {
    const words = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(" ");
    const components = fileComponentsOf(
      [
        { kind: "paragraph", text: words(600, "a") },
        { kind: "paragraph", text: words(600, "b") },
        { kind: "paragraph", text: words(maxFileComponentWords * 2 + 5, "c") },
      ],
      "long.txt",
    );
    expect(components.map((component) => countWords(component.text))).toEqual([600, 600, maxFileComponentWords, maxFileComponentWords, 5]);
    expect(components.every((component) => component.subject === "long.txt")).toBe(true);
  });

  it("cuts a paragraph longer than the limit at sentence ends", () => {
    const sentences = Array.from({ length: 300 }, (_, index) => `Parcel ${index} goes out before noon.`);
    const components = fileComponentsOf([{ kind: "paragraph", text: sentences.join(" ") }], "long.txt");
    expect(components.length).toBeGreaterThan(1);
    for (const component of components) {
      expect(countWords(component.text)).toBeLessThanOrEqual(maxFileComponentWords);
      expect(component.text).toMatch(/^Parcel \d+ goes out before noon\..*noon\.$/su);
    }
    expect(components.map((component) => component.text).join(" ")).toBe(sentences.join(" "));
  });

  it("caps uploads at 10 MB", () => {
    expect(maxTrainingFileBytes).toBe(10 * 1024 * 1024);
  });
});
