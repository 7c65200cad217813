import { act, fireEvent, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { Outlet, RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi } from "../api/client";
import { renderWithApi, renderWithUi } from "../test/render";
import { i18n } from "../i18n/setup";
import { withTranslatedPageHits } from "./localize";
import { loadRecentSearches, rememberSearch, type SearchResult } from "./recent";
import { SearchDialog, SearchDialogView, useSearchShortcut } from "./SearchDialog";
import { SearchPalette } from "./SearchPalette";

const results: SearchResult[] = [
  { title: "Manage FAQ", icon: "LuBookOpen", group: "Pages", url: "/assistant/faq" },
  { title: "Design", icon: "LuPalette", group: "Pages", url: "/assistant/design" },
  { title: "Bakery de Vries", icon: "LuBuilding2", group: "Customers", url: "/customers?id=1" },
];

function Palette({ initialQuery = "", items = results, recent = [] as SearchResult[], onSelect = vi.fn() }) {
  const [query, setQuery] = useState(initialQuery);
  return <SearchPalette query={query} onQueryChange={setQuery} results={items} recent={recent} onSelect={onSelect} />;
}

describe("search dialog keyboard behaviour", () => {
  it("shows hits with title and group, and moves the active option with the arrow keys", async () => {
    const onSelect = vi.fn();
    await renderWithUi(<Palette initialQuery="a" onSelect={onSelect} />);
    const input = screen.getByRole("combobox", { name: "Search pages, customers and configurations" });
    expect(screen.getByRole("group", { name: "Pages" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Customers" })).toBeTruthy();
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Manage FAQ", "Design", "Bakery de Vries"].map((title, index) => (index === 0 ? `${title}↵` : title)));
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]?.id);

    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    expect(options[1]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    // Past the last hit it wraps to the first; up from the first goes to the last.
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[2]?.id);

    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith(results[2]);
  });

  it("says 'No result found!' when a query has no hits", async () => {
    await renderWithUi(<Palette initialQuery="zzz" items={[]} />);
    expect(screen.getByText("No result found!")).toBeTruthy();
    expect(screen.getByRole("listbox").textContent).toBe("");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("lists recent searches for an empty query, or says there are none", async () => {
    const { unmount } = await renderWithUi(<Palette items={[]} />);
    expect(screen.getByRole("status").textContent).toBe("No recent searches");
    // A listbox holds options and groups only; the message stands beside it (axe: aria-required-children).
    expect(screen.getByRole("listbox").children).toHaveLength(0);
    unmount();
    await renderWithUi(<Palette items={[]} recent={[results[1]!]} />);
    expect(screen.getByRole("group", { name: "Recent searches" })).toBeTruthy();
    expect(screen.getByRole("option").textContent).toContain("Design");
  });

  it("keeps recent searches in browser storage, newest first, without duplicates", () => {
    rememberSearch(results[0]!);
    rememberSearch(results[1]!);
    rememberSearch(results[0]!);
    expect(loadRecentSearches().map((item) => item.title)).toEqual(["Manage FAQ", "Design"]);
  });

  it("opens on Ctrl+K (and Cmd+K)", () => {
    const onOpen = vi.fn();
    renderHook(() => useSearchShortcut(onOpen));
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    fireEvent.keyDown(window, { key: "K", metaKey: true });
    fireEvent.keyDown(window, { key: "k" });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it("closes with Esc", async () => {
    const onOpenChange = vi.fn();
    await renderWithUi(
      <SearchDialogView
        open
        onOpenChange={onOpenChange}
        query=""
        onQueryChange={() => {}}
        results={[]}
        recent={[]}
        loading={false}
        onSelect={() => {}}
      />,
    );
    const input = await screen.findByRole("combobox");
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});

describe("search in the interface language", () => {
  afterEach(async () => {
    if (i18n.language !== "en") await act(() => i18n.changeLanguage("en"));
  });

  it("shows pages and groups in German, though the server answers them in English", async () => {
    await renderWithUi(
      <Palette
        initialQuery="a"
        items={[
          { title: "Manage FAQ", icon: "LuBookOpen", group: "Pages", url: "/dataset/view" },
          { title: "Bakery de Vries", icon: "LuBuilding2", group: "Customers", url: "/customers?id=1" },
        ]}
      />,
    );
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByRole("group", { name: "Seiten" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Kunden" })).toBeTruthy();
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["FAQ verwalten↵", "Bakery de Vries"]);
  });

  it("finds a customer's pages by their German titles, before the server's other hits and without doubles", async () => {
    await renderWithUi(<div />);
    await act(() => i18n.changeLanguage("de"));
    const server: SearchResult[] = [
      { title: "Manage FAQ", icon: "LuBookOpen", group: "Pages", url: "/dataset/view" },
      { title: "demo-webshop", icon: "LuBot", group: "Configurations", url: "/customer?configurationId=c1" },
    ];
    const hits = withTranslatedPageHits(server, "customer", "Verlauf", i18n.t);
    expect(hits.map((hit) => hit.url)).toEqual(["/conversations/history", "/dataset/view", "/customer?configurationId=c1"]);
    expect(withTranslatedPageHits(server, "customer", "FAQ verwalten", i18n.t).map((hit) => hit.url)).toEqual(["/dataset/view", "/customer?configurationId=c1"]);
  });
});

describe("choosing a hit", () => {
  afterEach(() => localStorage.clear());

  it("puts the focus on the opened page's heading once the page shows it, not back on the search's opener", async () => {
    localStorage.clear();
    rememberSearch(results[0]!);
    /** A page that loads a moment after the navigation, as the portals' lazily loaded screens do. */
    function LateFaqPage() {
      const [loaded, setLoaded] = useState(false);
      useEffect(() => void setTimeout(() => setLoaded(true), 150), []);
      return loaded ? <h1>Manage FAQ</h1> : <p>Loading…</p>;
    }
    function Shell() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Search
          </button>
          <main id="main-content" tabIndex={-1}>
            <Outlet />
          </main>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: <Shell />,
          children: [
            { index: true, element: <h1>Home</h1> },
            { path: "assistant/faq", element: <LateFaqPage /> },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    await renderWithApi(<RouterProvider router={router} />, createApi());
    const opener = screen.getByRole("button", { name: "Search" });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole("option", { name: /Manage FAQ/ }));
    const heading = await screen.findByRole("heading", { name: "Manage FAQ" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(router.state.location.pathname).toBe("/assistant/faq");
  });
});
