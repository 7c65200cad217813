import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithUi } from "../../test/render";
import { CsvImportDialog } from "./CsvImportDialog";

describe("the CSV import dialog", () => {
  // The file is chosen with a real button, which shows keyboard focus; an invisible input in a label did not.
  it("offers the file as a button, the only way to the hidden file input, that opens the file chooser", async () => {
    await renderWithUi(
      <CsvImportDialog headers={[{ text: "Question", value: "question" }, { text: "Answer", value: "answer" }]} hasRows onImport={() => {}} onClose={() => {}} />,
    );
    const choose = await screen.findByRole("button", { name: "Choose file" });
    const input = screen.getByTestId("csv-file") as HTMLInputElement;
    expect(input.hidden).toBe(true);
    const opened = vi.spyOn(input, "click");
    fireEvent.click(choose);
    expect(opened).toHaveBeenCalledOnce();
  });
});
