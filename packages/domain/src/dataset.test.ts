import { describe, expect, it } from "vitest";
import { datasetFromServer, datasetToServer, faqColumns, faqEntriesOf, mapDatasetForSave } from "./dataset";

const headers = [
  { text: "Question", value: "question" },
  { text: "Answer", value: "answer" },
];

describe("dataset save mapping", () => {
  it("maps every record to the chosen headers, missing cells empty", () => {
    expect(mapDatasetForSave([{ question: "Q1", answer: "A1" }, { question: "Q2" }, {}], headers)).toEqual([
      { question: "Q1", answer: "A1" },
      { question: "Q2", answer: "" },
      { question: "", answer: "" },
    ]);
  });

  it("fills a new column with empty strings in existing records", () => {
    const withCategory = [...headers, { text: "Category", value: "category" }];
    expect(mapDatasetForSave([{ question: "Q1", answer: "A1" }], withCategory)).toEqual([
      { question: "Q1", answer: "A1", category: "" },
    ]);
  });

  it("drops cells of columns no longer chosen and writes other values as text", () => {
    expect(mapDatasetForSave([{ question: 7, answer: null, old: "x" }], headers)).toEqual([
      { question: "7", answer: "" },
    ]);
  });

  it("keeps no records when there are none", () => {
    expect(mapDatasetForSave([], headers)).toEqual([]);
  });
});

describe("dataset names between client and server", () => {
  it("maps client names to server names and back", () => {
    const client = {
      id: "d1",
      configurationId: "cfg1",
      datasetName: "FAQ",
      datasetData: [{ question: "Q" }],
      datasetHeaders: headers,
    };
    const stored = datasetToServer(client);
    expect(stored).toEqual({
      id: "d1",
      configurationId: "cfg1",
      dataset_name: "FAQ",
      dataset_data: [{ question: "Q", answer: "" }],
      dataset_headers: headers,
    });
    expect(datasetFromServer(stored)).toEqual({ ...client, datasetData: [{ question: "Q", answer: "" }] });
  });

  it("leaves the id out when there is none", () => {
    expect("id" in datasetToServer({ datasetName: "x", datasetData: [], datasetHeaders: [] })).toBe(false);
  });
});

describe("faqColumns", () => {
  it("reads the columns named question and answer in any of the five languages, wherever they stand", () => {
    expect(faqColumns([{ text: "Categorie", value: "c" }, { text: "Antwoord", value: "a" }, { text: "Vraag", value: "q" }])).toEqual({ question: "q", answer: "a" });
    expect(faqColumns([{ text: "Réponse", value: "r" }, { text: "Question", value: "q" }])).toEqual({ question: "q", answer: "r" });
    expect(faqColumns([{ text: "Pregunta", value: "p" }, { text: "x", value: "respuesta" }])).toEqual({ question: "p", answer: "respuesta" });
  });

  it("falls back to the first two columns, and to nothing with fewer than two", () => {
    expect(faqColumns([{ text: "Topic", value: "t" }, { text: "Text", value: "x" }, { text: "Notes", value: "n" }])).toEqual({ question: "t", answer: "x" });
    expect(faqColumns([{ text: "Only", value: "o" }])).toBeUndefined();
  });
});

describe("faqEntriesOf", () => {
  it("reads question and answer by the named columns, trimmed, and leaves out rows missing either", () => {
    const headers = [{ text: "Answer", value: "a" }, { text: "Question", value: "q" }];
    const records = [{ a: " Same day. ", q: " When? " }, { a: "", q: "No answer" }, { a: "Orphan", q: "  " }, { a: 5, q: "Count" }];
    expect(faqEntriesOf(headers, records)).toEqual([
      { question: "When?", answer: "Same day." },
      { question: "Count", answer: "5" },
    ]);
    expect(faqEntriesOf([{ text: "Only", value: "o" }], [{ o: "x" }])).toEqual([]);
  });
});
