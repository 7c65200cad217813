import { describe, expect, it } from "vitest";
import { matchesSearch, pageOf, sortRows } from "./rows";

describe("list rows", () => {
  it("searches any text, ignoring case and spaces around the search", () => {
    expect(matchesSearch(["Demo Webshop", null], "  webSHOP ")).toBe(true);
    expect(matchesSearch(["Demo Webshop", "Utrecht"], "bakery")).toBe(false);
    expect(matchesSearch([null], " ")).toBe(true);
  });

  it("sorts naturally in both directions with empty values last", () => {
    const rows = [{ n: "item 10" }, { n: "" }, { n: "Item 9" }, { n: "apple" }];
    expect(sortRows(rows, (row) => row.n, "asc").map((row) => row.n)).toEqual(["apple", "Item 9", "item 10", ""]);
    expect(sortRows(rows, (row) => row.n, "desc").map((row) => row.n)).toEqual(["item 10", "Item 9", "apple", ""]);
    expect(sortRows([{ v: 3 }, { v: 1 }, { v: null }], (row) => row.v, "asc").map((row) => row.v)).toEqual([1, 3, null]);
  });

  it("pages the rows and keeps the page within the rows there are", () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOf(rows, 3, 10)).toEqual({ rows: [21, 22, 23], page: 3, pageCount: 3, from: 21, to: 23, total: 23 });
    expect(pageOf(rows, 9, 10)).toMatchObject({ page: 3, from: 21 });
    expect(pageOf([], 1, 10)).toEqual({ rows: [], page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
  });
});
