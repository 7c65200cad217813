import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../i18n/setup";
import { renderWithUi } from "../test/render";
import { pageHitsInLanguage, withPageHits } from "./pageHits";
import type { SearchResult } from "./recent";
import { SearchPalette } from "./SearchPalette";

const serverHits: SearchResult[] = [
  { title: "Customers", icon: "LuBuilding2", group: "Pages", url: "/customers" },
  { title: "Bakery de Vries", icon: "LuBuilding2", group: "Customers", url: "/customers?id=1" },
  { title: "Demo bot", icon: "LuBot", group: "Configurations", url: "/settings/general?configurationId=c1" },
];

afterEach(() => i18n.changeLanguage("en"));

describe("the search in the interface language", () => {
  it("shows group headings and page titles in French, not the server's English", async () => {
    await renderWithUi(<SearchPalette query="c" onQueryChange={() => {}} results={serverHits} recent={[]} onSelect={() => {}} />);
    await act(() => i18n.changeLanguage("fr"));
    await waitFor(() => expect(screen.getByRole("group", { name: "Clients" })).toBeTruthy());
    expect(screen.getByRole("group", { name: "Pages" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Configurations" })).toBeTruthy();
    expect(screen.getAllByRole("option").map((option) => option.textContent?.replace("↵", ""))).toEqual(["Clients", "Bakery de Vries", "Demo bot"]);
  });

  it("finds a page by its French title, which the server (English titles) cannot", async () => {
    await renderWithUi(<div />);
    await act(() => i18n.changeLanguage("fr"));
    const local = pageHitsInLanguage("admin", "utilisat", i18n.t);
    expect(local).toEqual([{ title: "Users", icon: "LuUsers", group: "Pages", url: "/users" }]);
    // Nothing twice: the server's hit of the same page goes, its other hits stay in order.
    const merged = withPageHits(pageHitsInLanguage("admin", "client", i18n.t), serverHits);
    expect(merged.map((hit) => hit.url)).toEqual(["/customers", "/customers?id=1", "/settings/general?configurationId=c1"]);
    expect(pageHitsInLanguage(undefined, "client", i18n.t)).toEqual([]);
  });
});
