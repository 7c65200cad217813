import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
import { FaqEditorPage } from "./FaqEditorPage";

const dataset = {
  dataset_name: "FAQ",
  dataset_headers: [
    { text: "Question", value: "question" },
    { text: "Answer", value: "answer" },
  ],
  dataset_data: [
    { question: "Do you rent bikes?", answer: "Yes, 35 euro a day." },
    { question: "Can I test ride?", answer: "Yes, on Saturdays." },
    { question: "Where are you?", answer: "Oudegracht 12." },
  ],
};

/** The editor on the three-row dataset, against a server that has no corrections. */
async function openEditor() {
  const server = fakeTrainingServer({
    "GET /data/dataset": () => ({ body: { status: "success", data: dataset, message: "" } }),
    "GET /data/dataset/corrections": () => ({ body: { status: "success", data: [] } }),
  });
  await renderConfigurationScreen(<FaqEditorPage />, { api: server.api });
}

describe("the FAQ editor", { timeout: 30_000 }, () => {
  // jsdom lays nothing out; the virtualised table needs a scroll area with a height to render its rows.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  });
  afterEach(() => vi.restoreAllMocks());

  it("puts a deleted row back where it was with Undo, keeping the other unsaved edits", async () => {
    await openEditor();
    const answer3 = (await screen.findByLabelText("Answer, 3")) as HTMLTextAreaElement;
    fireEvent.change(answer3, { target: { value: "Oudegracht 12, Utrecht." } });
    fireEvent.blur(answer3);

    fireEvent.click(screen.getByRole("button", { name: "Delete row 2" }));
    await waitFor(() => expect(screen.getByTestId("row-count").textContent).toBe("Rows: 2"));
    const notice = screen.getByTestId("row-deleted");
    expect(within(notice).getByText("Row 2 deleted.")).toBeTruthy();

    fireEvent.click(within(notice).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(screen.getByTestId("row-count").textContent).toBe("Rows: 3"));
    expect((screen.getByLabelText("Question, 2") as HTMLTextAreaElement).value).toBe("Can I test ride?");
    expect((screen.getByLabelText("Answer, 3") as HTMLTextAreaElement).value).toBe("Oudegracht 12, Utrecht.");
    expect(screen.queryByTestId("row-deleted")).toBeNull();
  });

  it("gives the focus to the row Undo puts back, not to the page's body (the Undo button goes away)", async () => {
    await openEditor();
    await screen.findByLabelText("Answer, 3");
    fireEvent.click(screen.getByRole("button", { name: "Delete row 2" }));
    const undo = within(await screen.findByTestId("row-deleted")).getByRole("button", { name: "Undo" });
    undo.focus();
    fireEvent.click(undo);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Delete row 2"));
    expect((document.activeElement?.closest("[data-row-id]")?.querySelector("textarea") as HTMLTextAreaElement).value).toBe("Can I test ride?");
  });

  it("keeps the focus in the table when a row is deleted: the next row's delete button, the previous one's after the last, Add row when none are left", async () => {
    await openEditor();
    await screen.findByLabelText("Answer, 3");
    /** The question of the row whose control has the focus. */
    const focusedRowQuestion = () => (document.activeElement?.closest("[data-row-id]")?.querySelector("textarea") as HTMLTextAreaElement | null)?.value;
    const deleteByKeyboard = (name: string) => {
      const button = screen.getByRole("button", { name });
      button.focus();
      fireEvent.click(button);
    };

    deleteByKeyboard("Delete row 2");
    await waitFor(() => expect(screen.getByTestId("row-count").textContent).toBe("Rows: 2"));
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Delete row 2"));
    expect(focusedRowQuestion()).toBe("Where are you?");

    deleteByKeyboard("Delete row 2");
    await waitFor(() => expect(screen.getByTestId("row-count").textContent).toBe("Rows: 1"));
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Delete row 1"));
    expect(focusedRowQuestion()).toBe("Do you rent bikes?");

    deleteByKeyboard("Delete row 1");
    await waitFor(() => expect(screen.getByTestId("row-count").textContent).toBe("Rows: 0"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add row" })));
  });

  it("says before saving that a FAQ has more cells than can be saved, and keeps Save off", async () => {
    // A FAQ of 11 columns and 10,000 rows (stored before the limit, say): any edit of it cannot be saved.
    const headers = Array.from({ length: 11 }, (_, index) => ({ text: index === 0 ? "Question" : `Column ${index}`, value: index === 0 ? "question" : `c${index}` }));
    const rows = Array.from({ length: 10_000 }, (_, index) => ({ question: `Question ${index}` }));
    const saves: unknown[] = [];
    const server = fakeTrainingServer({
      "GET /data/dataset": () => ({ body: { status: "success", data: { dataset_name: "Big", dataset_headers: headers, dataset_data: rows }, message: "" } }),
      "GET /data/dataset/corrections": () => ({ body: { status: "success", data: [] } }),
      "POST /data/dataset": (request) => {
        saves.push(request);
        return { body: { status: "success", message: "Data saved successfully", data: null } };
      },
    });
    await renderConfigurationScreen(<FaqEditorPage />, { api: server.api });
    await waitFor(() => expect(screen.getByTestId("row-count").textContent).toBe("Rows: 10000"), { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText(/Name of the FAQ/), { target: { value: "Bigger" } });

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("A FAQ holds at most 100000 cells (rows times columns); remove rows or columns");
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(saves).toEqual([]);
  });
});
