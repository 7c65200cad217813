import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithUi } from "../test/render";
import { FormDialog } from "./FormDialog";

describe("a destructive form dialog", () => {
  // jsdom lays nothing out, and the dialog's focus trap skips what has no box: give every element one.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, "getClientRects").mockReturnValue([new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList);
  });
  afterEach(() => vi.restoreAllMocks());

  it("starts with the focus on Cancel, so Enter does not destroy", async () => {
    await renderWithUi(
      <FormDialog title="Delete the FAQ?" submitLabel="Delete FAQ" destructive onSubmit={() => undefined} onClose={() => undefined}>
        <p>It cannot be undone.</p>
      </FormDialog>,
    );
    const cancel = await screen.findByRole("button", { name: "Cancel" });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });
});
