import { describe, expect, it } from "vitest";
import { datasetToCsv, decodeCsvBytes, defaultMapping, parseCsv } from "./csv";

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decoding CSV files", () => {
  it("reads UTF-8 with and without a byte order mark", () => {
    expect(decodeCsvBytes(bytes(0xef, 0xbb, 0xbf, ...utf8("Vraag;Antwoord\nCafé;ja")))).toEqual({
      text: "Vraag;Antwoord\nCafé;ja",
      encoding: "utf-8",
      bom: true,
    });
    expect(decodeCsvBytes(utf8("Frage,Antwort\nÜber,ja"))).toMatchObject({ text: "Frage,Antwort\nÜber,ja", encoding: "utf-8", bom: false });
  });

  it("reads bytes that are not valid UTF-8 as Windows-1252, as Excel writes them", () => {
    // "Café €5" in Windows-1252: é is 0xE9, € is 0x80.
    const decoded = decodeCsvBytes(bytes(0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35));
    expect(decoded).toMatchObject({ text: "Café €5", encoding: "windows-1252" });
  });

  it("reads UTF-16 'Unicode text' by its byte order mark", () => {
    const le = bytes(0xff, 0xfe, 0x41, 0x00, 0x09, 0x00, 0x42, 0x00);
    expect(decodeCsvBytes(le)).toMatchObject({ text: "A\tB", encoding: "utf-16le" });
  });

  it("decodes in a chosen encoding when told to", () => {
    expect(decodeCsvBytes(utf8("é"), "windows-1252").text).toBe("Ã©");
  });
});

describe("parsing CSV", () => {
  it("guesses commas, semicolons and tabs, and keeps quoted delimiters and line breaks", () => {
    expect(parseCsv('question,answer\n"Open, today?","Yes\nuntil 5"\n')).toMatchObject({
      delimiter: ",",
      headers: ["question", "answer"],
      rows: [["Open, today?", "Yes\nuntil 5"]],
      errors: [],
    });
    expect(parseCsv("Vraag;Antwoord\nOpen?;Ja\n\n").rows).toEqual([["Open?", "Ja"]]);
    expect(parseCsv("a\tb\n1\t2").delimiter).toBe("\t");
  });

  it("reports an unclosed quote with its line", () => {
    const parsed = parseCsv('question,answer\nfine,yes\n"broken,no\nnext,row');
    expect(parsed.errors[0]).toMatchObject({ key: "unclosedQuote", lines: [3] });
  });

  it("reports rows with more fields than the header and suggests the delimiter the header uses", () => {
    const parsed = parseCsv("question;answer\nOpen, today?;Yes, until 5", ",");
    expect(parsed.errors).toContainEqual(expect.objectContaining({ key: "singleColumn", suggestedDelimiter: ";" }));
    expect(parsed.errors).toContainEqual(expect.objectContaining({ key: "tooManyFields", lines: [2] }));
  });

  it("pads short rows and names their lines", () => {
    const parsed = parseCsv("a,b,c\n1,2,3\n4\n");
    expect(parsed.shortLines).toEqual([3]);
    expect(parsed.errors).toEqual([]);
  });

  it("refuses empty and binary files", () => {
    expect(parseCsv(" \n ").errors).toEqual([{ key: "empty" }]);
    expect(parseCsv("PK\u0003\u0004\u0000\u0000").errors).toEqual([{ key: "binary" }]);
  });
});

describe("mapping and export", () => {
  const headers = [
    { text: "Question", value: "question" },
    { text: "Answer", value: "answer" },
  ];

  it("maps CSV columns to same-named columns once, others to new columns, unnamed ones nowhere", () => {
    expect(defaultMapping(["ANSWER ", "question", "Question", "Tags", ""], headers)).toEqual([
      { kind: "existing", value: "answer" },
      { kind: "existing", value: "question" },
      { kind: "new" },
      { kind: "new" },
      { kind: "skip" },
    ]);
  });

  it("maps a Dutch or German question and answer column into the FAQ's question and answer", () => {
    expect(defaultMapping(["Vraag", "Antwoord", "Categorie"], headers)).toEqual([
      { kind: "existing", value: "question" },
      { kind: "existing", value: "answer" },
      { kind: "new" },
    ]);
    // A column of the same name wins over one named so in another language.
    expect(defaultMapping(["Frage", "Question", "Antwort"], headers)).toEqual([
      { kind: "new" },
      { kind: "existing", value: "question" },
      { kind: "existing", value: "answer" },
    ]);
  });

  it("exports under the column names with a byte order mark, quoting where needed and defusing formulas", () => {
    const csv = datasetToCsv(headers, [{ question: 'Say "hi", ok?', answer: "=1+1" }, { question: "Line\nbreak" }]);
    expect(csv).toBe('\uFEFFQuestion,Answer\r\n"Say ""hi"", ok?","\'=1+1"\r\n"Line\nbreak",');
    const parsed = parseCsv(csv.slice(1));
    expect(parsed.rows).toEqual([['Say "hi", ok?', "'=1+1"], ["Line\nbreak", ""]]);
  });
});
