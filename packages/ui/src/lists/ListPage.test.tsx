import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithUi } from "../test/render";
import { ListPage } from "./ListPage";

describe("a list page with an editor", () => {
  it("puts the editor beside the list only while the list keeps room for its columns, else below it (a 1280 px window with the sidebar cut the customers' Address column)", async () => {
    await renderWithUi(
      <ListPage title="Customers" intro="Businesses" editor={<form aria-label="Customer form" />}>
        <table aria-label="Customers" />
      </ListPage>,
    );
    const list = screen.getByRole("table", { name: "Customers" }).parentElement!;
    const editor = screen.getByRole("form", { name: "Customer form" }).parentElement!;
    const row = list.parentElement!;
    expect(editor.parentElement).toBe(row);
    expect(getComputedStyle(row).flexWrap).toBe("wrap");
    // Side by side needs 40rem for the list (five columns, a name and an e-mail) and 22rem for the form.
    expect(getComputedStyle(list).flexBasis).toBe("40rem");
    expect(getComputedStyle(editor).flexBasis).toBe("22rem");
    expect(getComputedStyle(list).minWidth).toBe("0");
  });
});
