import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession } from "../../session/session";
import { renderAdminPage } from "../../test/adminPage";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
import { UsersPage } from "./UsersPage";

const user = (id: string, firstname: string, customerName: string | null) => ({
  id,
  customerId: customerName ? "c1" : null,
  username: `${id}@example.test`,
  firstname,
  lastname: "Jansen",
  email: `${id}@example.test`,
  avatar: null,
  role: "customer",
  status: "active",
  showWizard: false,
  showInstructions: false,
  forceRefreshPassword: false,
  languageCode: "nl",
  is_available: false,
  customerName,
});
const longFirstname = "Maximiliaan".repeat(10).slice(0, 100);
const longCustomerName = "Bakkerij de Vries ".repeat(12).slice(0, 200);
const users = [user("u1", longFirstname, longCustomerName), user("u2", "Eva", null)];

/** The users page with the server's lists. */
async function openUsers() {
  const server = fakeTrainingServer({
    "GET /users": () => ({ body: { status: "success", data: users } }),
    "GET /customers": () => ({ body: { status: "success", data: [] } }),
  });
  const router = await renderAdminPage(<UsersPage />, server.api);
  return { router, server, table: await screen.findByRole("table", { name: "Users" }) };
}

afterEach(() => clearSession());

describe("the users page", { timeout: 30_000 }, () => {
  it("keeps a long name and customer on one line each, cut short with the full text on hover", async () => {
    const { table } = await openUsers();
    const fullName = `${longFirstname} Jansen`;
    const name = within(table).getByRole("button", { name: fullName });
    const customers = within(table).getAllByText(longCustomerName.trim());
    for (const [cell, text] of [[name, fullName], ...customers.map((customer) => [customer, longCustomerName.trim()] as const)] as const) {
      expect(cell.getAttribute("title")).toBe(text);
      const style = getComputedStyle(cell);
      expect([style.whiteSpace, style.overflow, style.textOverflow]).toEqual(["nowrap", "hidden", "ellipsis"]);
    }
  });

  it("fits a phone's width: the name and status columns only, the customer under the name", async () => {
    const { table } = await openUsers();
    // jsdom applies no media query: what a phone shows is read from the page's style rules for narrow screens.
    const narrowRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && /max-width/.test(rule.media.mediaText))
      .flatMap((rule) => [...rule.cssRules])
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);
    const shownOnPhone = (element: Element) => !narrowRules.some((rule) => element.matches(rule.selectorText) && rule.style.display === "none");
    const headers = within(table).getAllByRole("columnheader").filter(shownOnPhone).map((header) => header.textContent);
    expect(headers).toEqual([expect.stringMatching(/^Name/), expect.stringMatching(/^Status/)]);
    const [first] = within(table).getAllByTestId("user-customer-narrow");
    expect(first?.textContent).toBe(longCustomerName.trim());
    expect(shownOnPhone(first!)).toBe(true);
  });

  it("moves the focus to the form when a user is opened or a new one started (below the list on a phone)", async () => {
    const { table } = await openUsers();
    fireEvent.click(within(table).getByRole("button", { name: "Eva Jansen" }));
    const edit = await screen.findByRole("heading", { name: "Edit Eva Jansen" });
    await waitFor(() => expect(document.activeElement).toBe(edit));
    const start = screen.getByRole("button", { name: "New user" });
    start.focus();
    fireEvent.click(start);
    await waitFor(() => expect(document.activeElement?.textContent).toBe("New user"));
    expect(document.activeElement?.tagName).toBe("H2");
  });

  it("asks before another row or a new user takes the place of unsaved changes", async () => {
    const { table } = await openUsers();
    fireEvent.click(within(table).getByRole("button", { name: "Eva Jansen" }));
    await screen.findByRole("heading", { name: "Edit Eva Jansen" });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: "de Boer" } });

    fireEvent.click(screen.getByRole("button", { name: "New user" }));
    // fireEvent: the dialog may still be animating in, when userEvent refuses a click (pointer-events: none).
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), { timeout: 5_000 });
    expect(screen.getByRole("heading", { name: "Edit Eva Jansen" })).toBeTruthy();
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe("de Boer");

    fireEvent.click(within(table).getByRole("button", { name: `${longFirstname} Jansen` }));
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Leave and discard" }));
    expect(await screen.findByRole("heading", { name: `Edit ${longFirstname} Jansen` })).toBeTruthy();
  });
});
