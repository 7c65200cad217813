import { describe, expect, it } from "vitest";
import { decodeText } from "./charset";

// "Café – 5 €" in Windows-1252: é is 0xE9, the en dash 0x96, the euro sign 0x80.
const cafeInWindows1252 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x35, 0x20, 0x80]);
const ascii = (text: string) => Buffer.from(text, "latin1");

describe("decodeText", () => {
  it("decodes UTF-8 when nothing says otherwise", () => {
    expect(decodeText(Buffer.from("Café – 5 €"), "text/html")).toBe("Café – 5 €");
  });

  it("follows the charset of Content-Type", () => {
    expect(decodeText(cafeInWindows1252, "text/plain; charset=windows-1252")).toBe("Café – 5 €");
    expect(decodeText(cafeInWindows1252, 'text/plain; charset="Windows-1252"')).toBe("Café – 5 €");
  });

  it("reads ISO-8859-1 as Windows-1252, as browsers do", () => {
    expect(decodeText(cafeInWindows1252, "text/plain; charset=iso-8859-1")).toBe("Café – 5 €");
  });

  it("finds the charset in an HTML meta tag, in either form", () => {
    const page = (meta: string) => Buffer.concat([ascii(`<html><head>${meta}</head><p>`), cafeInWindows1252]);
    expect(decodeText(page('<meta charset="windows-1252">'), "text/html")).toContain("Café – 5 €");
    expect(
      decodeText(
        page('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'),
        "text/html",
      ),
    ).toContain("Café – 5 €");
  });

  it("prefers the header to the meta tag, and the byte order mark to both", () => {
    const page = Buffer.concat([ascii('<meta charset="utf-8">'), cafeInWindows1252]);
    expect(decodeText(page, "text/html; charset=windows-1252")).toContain("Café – 5 €");
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Café")]);
    expect(decodeText(withMark, "text/html; charset=windows-1252")).toBe("Café");
  });

  it("looks for meta tags in HTML only", () => {
    expect(decodeText(ascii('<meta charset="windows-1252">\u00e9'), "text/plain")).toContain("\ufffd");
  });

  it("falls back to UTF-8 for a label it does not know", () => {
    expect(decodeText(Buffer.from("Café"), "text/plain; charset=klingon")).toBe("Café");
  });
});
