import { describe, expect, it } from "vitest";
import { flateBombPdf, guidePdf, scannedPdf, textPdf } from "../../test/files";
import { PdfTooLargeError, readPdfText } from "./pdf-reader";
import { UnreadablePdfError } from "./pdf-text";

describe("reading a PDF's text in a worker", () => {
  it("gives the headings and paragraphs of each page, and nothing for a scan", async () => {
    expect(await readPdfText(guidePdf())).toEqual([
      { kind: "heading", text: "Opening hours" },
      { kind: "paragraph", text: "Our shop in Utrecht is open from nine to five on weekdays." },
      { kind: "paragraph", text: "On Saturdays we close at noon." },
      { kind: "heading", text: "Returns (within 30 days)" },
      { kind: "paragraph", text: "Send the parcel back with the form." },
    ]);
    expect(await readPdfText(scannedPdf())).toEqual([]);
  });

  it("reads several PDFs asked for at once, one after the other", async () => {
    const texts = ["One", "Two", "Three"];
    const read = await Promise.all(texts.map((text) => readPdfText(textPdf([[{ text, size: 12, y: 700 }]]))));
    expect(read).toEqual(texts.map((text) => [{ kind: "paragraph", text }]));
  });

  it("stops a PDF of a few hundred kB that unpacks to gigabytes, and one that takes too long", async () => {
    const bomb = flateBombPdf(2048);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    await expect(readPdfText(bomb, { memoryBytes: 256 * 1024 * 1024, timeoutMs: 60_000 })).rejects.toEqual(new PdfTooLargeError("memory"));
    expect(Date.now() - started).toBeLessThan(30_000);
    await expect(readPdfText(bomb, { memoryBytes: 4 * 1024 * 1024 * 1024, timeoutMs: 300 })).rejects.toEqual(new PdfTooLargeError("time"));
    // The reader goes on after a stopped one.
    expect(await readPdfText(textPdf([[{ text: "After", size: 12, y: 700 }]]))).toEqual([{ kind: "paragraph", text: "After" }]);
  });

  it("says a damaged PDF cannot be read", async () => {
    await expect(readPdfText(Buffer.from("%PDF-1.4\nnothing here"))).rejects.toBeInstanceOf(UnreadablePdfError);
  });
});
