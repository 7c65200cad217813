import { describe, expect, it } from "vitest";
import {
  addColumn,
  addRow,
  columnValueFor,
  deleteRow,
  editorFromDataset,
  editorToSaveBody,
  importRows,
  removeColumn,
  renameColumn,
  rowMatches,
  updateCell,
} from "./editor";

const loaded = () =>
  editorFromDataset({
    datasetName: "FAQ",
    datasetHeaders: [
      { text: "Question", value: "question" },
      { text: "Answer", value: "answer" },
    ],
    datasetData: [{ question: "Open?", answer: "Yes", stale: "dropped" }, { question: "Closed?" }],
  });

describe("the FAQ editor's state", () => {
  it("loads records mapped to the headers, with a row id each", () => {
    const state = loaded();
    expect(state.rows.map((row) => row.cells)).toEqual([
      { question: "Open?", answer: "Yes" },
      { question: "Closed?", answer: "" },
    ]);
    expect(new Set(state.rows.map((row) => row.id)).size).toBe(2);
  });

  it("a new column fills every existing row with an empty string; rename keeps the cells; remove drops them", () => {
    let state = addColumn(loaded(), " Category ");
    expect(state.headers[2]).toEqual({ text: "Category", value: "category" });
    expect(state.rows.map((row) => row.cells.category)).toEqual(["", ""]);
    state = renameColumn(state, "question", "Vraag");
    expect(state.headers[0]).toEqual({ text: "Vraag", value: "question" });
    expect(state.rows[0]?.cells.question).toBe("Open?");
    state = removeColumn(state, "answer");
    expect(state.rows[0]?.cells).toEqual({ question: "Open?", category: "" });
  });

  it("makes unique column keys from any name", () => {
    expect(columnValueFor("Categorie ë/Één", [])).toBe("categorie_e_een");
    expect(columnValueFor("Question", ["question", "question_2"])).toBe("question_3");
    expect(columnValueFor("???", [])).toBe("column");
  });

  it("adds rows at the top, edits a cell of one row, deletes a row", () => {
    const { state: added, rowId } = addRow(loaded());
    expect(added.rows[0]).toEqual({ id: rowId, cells: { question: "", answer: "" } });
    const edited = updateCell(added, rowId, "answer", "Maybe");
    expect(edited.rows[0]?.cells.answer).toBe("Maybe");
    expect(edited.rows[1]).toBe(added.rows[1]);
    expect(deleteRow(edited, rowId).rows).toHaveLength(2);
    expect(updateCell(edited, rowId, "answer", "Maybe")).toBe(edited);
    expect(updateCell(edited, "gone", "answer", "Late")).toBe(edited);
  });

  it("imports rows by the column mapping, replacing or appending", () => {
    const imported = importRows(loaded(), {
      headers: ["Antwoord", "Vraag", "Tags", "Ignored"],
      rows: [["Ja", "Open?", "hours", "x"], ["Nee"]],
      mapping: [{ kind: "existing", value: "answer" }, { kind: "existing", value: "question" }, { kind: "new" }, { kind: "skip" }],
      mode: "append",
    });
    expect(imported.headers.map((header) => header.text)).toEqual(["Question", "Answer", "Tags"]);
    expect(imported.rows.map((row) => row.cells)).toEqual([
      { question: "Open?", answer: "Yes", tags: "" },
      { question: "Closed?", answer: "", tags: "" },
      { question: "Open?", answer: "Ja", tags: "hours" },
      { question: "", answer: "Nee", tags: "" },
    ]);
    const replaced = importRows(loaded(), { headers: ["Question"], rows: [["Q"]], mapping: [{ kind: "new" }], mode: "replace" });
    expect(replaced.headers.map((header) => header.text)).toEqual(["Question", "Answer", "Question (1)"]);
    expect(replaced.rows.map((row) => row.cells)).toEqual([{ question: "", answer: "", question_1: "Q" }]);
  });

  it("saves every record mapped to the headers, with a trimmed name", () => {
    const state = { ...removeColumn(loaded(), "answer"), datasetName: " FAQ 2 " };
    expect(editorToSaveBody(state, "c1")).toEqual({
      configurationId: "c1",
      datasetName: "FAQ 2",
      datasetHeaders: [{ text: "Question", value: "question" }],
      datasetData: [{ question: "Open?" }, { question: "Closed?" }],
    });
  });

  it("finds rows by any cell, case aside", () => {
    const [first, second] = loaded().rows;
    expect(rowMatches(first!, "YES")).toBe(true);
    expect(rowMatches(second!, "yes")).toBe(false);
    expect(rowMatches(second!, "")).toBe(true);
  });
});
