import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithUi } from "../test/render";
import { SaveBar } from "./EditorStates";

function Editor() {
  const [dirty, setDirty] = useState(true);
  return (
    <>
      <button type="button">Before</button>
      <SaveBar dirty={dirty} saving={false} canSave onDiscard={() => setDirty(false)} onSave={() => setDirty(false)} />
      <button type="button">After</button>
    </>
  );
}

describe("the save bar", () => {
  it.each(["Discard changes", "Save"])("keeps a keyboard user's focus in the bar when %s disables the button just pressed", async (name) => {
    await renderWithUi(<Editor />);
    const button = screen.getByRole("button", { name });
    act(() => button.focus());
    fireEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const focused = document.activeElement;
    expect(focused).not.toBe(button);
    expect(focused).not.toBe(document.body);
    expect(focused?.contains(button)).toBe(true);
  });
});
