import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithUi } from "../../test/render";
import { DatasetTable } from "./DatasetTable";

const headers = [
  { text: "Question", value: "question" },
  { text: "Answer", value: "answer" },
];
const hours = "Mon-Fri 9-18\nSat 10-16\nSunday closed";

function renderTable(onCellChange = vi.fn()) {
  return renderWithUi(
    <DatasetTable
      headers={headers}
      rows={[{ id: "r1", cells: { question: "What are your opening hours?", answer: hours } }]}
      search=""
      pagination={{ pageIndex: 0, pageSize: 50 }}
      onPaginationChange={() => {}}
      onCellChange={onCellChange}
      onDeleteRow={() => {}}
      onFilteredCount={() => {}}
    />,
  );
}

describe("the FAQ table's cells", () => {
  // jsdom lays nothing out; the virtualised table needs a scroll area with a height to render its rows.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  });
  afterEach(() => vi.restoreAllMocks());

  it("show an answer of several lines with its line breaks, and an edit keeps them", async () => {
    const onCellChange = vi.fn();
    await renderTable(onCellChange);
    const answer = (await screen.findByLabelText("Answer, 1")) as HTMLTextAreaElement;
    expect(answer.value).toBe(hours);
    fireEvent.change(answer, { target: { value: `${hours}\nHolidays closed` } });
    fireEvent.blur(answer);
    expect(onCellChange).toHaveBeenCalledWith("r1", "answer", `${hours}\nHolidays closed`);
  });

  it("hand the text over on Enter, and Shift+Enter is a new line in the cell", async () => {
    const onCellChange = vi.fn();
    await renderTable(onCellChange);
    const question = (await screen.findByLabelText("Question, 1")) as HTMLTextAreaElement;
    fireEvent.change(question, { target: { value: "When are you open?" } });
    expect(fireEvent.keyDown(question, { key: "Enter", shiftKey: true })).toBe(true);
    expect(onCellChange).not.toHaveBeenCalled();
    // Enter does not type a line break; it saves the cell.
    expect(fireEvent.keyDown(question, { key: "Enter" })).toBe(false);
    expect(onCellChange).toHaveBeenCalledWith("r1", "question", "When are you open?");
  });
});
