import { describe, expect, it } from "vitest";
import { datasetFromServer, datasetLimits, datasetShapeProblem, datasetToServer, faqColumns, faqEntriesOf, mapDatasetForSave } from "./dataset";

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
      { question: "When?", answer: "Same day.", row: 0 },
      { question: "Count", answer: "5", row: 3 },
    ]);
    expect(faqEntriesOf([{ text: "Only", value: "o" }], [{ o: "x" }])).toEqual([]);
  });
});

describe("dataset shape", () => {
  const columns = (count: number) => Array.from({ length: count }, (_, index) => ({ text: `Column ${index}`, value: `c${index}` }));

  it("accepts columns of their own names and keys within the limits", () => {
    expect(datasetShapeProblem(headers, 2)).toBeUndefined();
    expect(datasetShapeProblem(columns(datasetLimits.columns), datasetLimits.cells / datasetLimits.columns)).toBeUndefined();
  });

  it("points at the header whose name or key is blank, repeated or unusable", () => {
    const problem = (changed: { text: string; value: string }) => datasetShapeProblem([...headers, changed], 1);
    expect(problem({ text: "  ", value: "x" })).toEqual({ path: "datasetHeaders.2.text", issue: { key: "field_required" } });
    expect(problem({ text: " QUESTION ", value: "x" })).toEqual({ path: "datasetHeaders.2.text", issue: { key: "column_name_taken" } });
    expect(problem({ text: "Notes", value: " " })).toEqual({ path: "datasetHeaders.2.value", issue: { key: "field_required" } });
    expect(problem({ text: "Notes", value: "answer" })).toEqual({ path: "datasetHeaders.2.value", issue: { key: "column_key_taken" } });
    expect(problem({ text: "Notes", value: "__proto__" })).toEqual({ path: "datasetHeaders.2.value", issue: { key: "column_key_not_allowed" } });
  });

  it("bounds the columns, the rows and their product, the cells saving makes", () => {
    expect(datasetShapeProblem(columns(datasetLimits.columns + 1), 1)?.issue).toEqual({ key: "dataset_too_many_columns", values: { max: 50 } });
    expect(datasetShapeProblem(headers, datasetLimits.rows + 1)).toEqual({ path: "datasetData", issue: { key: "dataset_too_many_rows", values: { max: 20_000 } } });
    expect(datasetShapeProblem(columns(11), datasetLimits.rows)).toEqual({ path: "datasetData", issue: { key: "dataset_too_many_cells", values: { max: 100_000 } } });
  });
});
