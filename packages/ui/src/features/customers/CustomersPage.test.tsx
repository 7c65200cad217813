import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession } from "../../session/session";
import { renderAdminPage } from "../../test/adminPage";
import { fakeTrainingServer, problem } from "../training/fakeServer.test-support";
import { blankCustomer } from "./editor";
import { CustomersPage } from "./CustomersPage";

const longName = `Bakkerij ${"de Vries en Zonen ".repeat(12)}`.slice(0, 200);
const customers = [
  { ...blankCustomer(), _id: "c1", name: longName, companyName: "Vries B.V.", contactPerson: "Anna", city: "Utrecht" },
  { ...blankCustomer(), _id: "c2", name: "Fietsenwinkel", city: "Haarlem" },
];

/** The customers page with the server's list. */
async function openCustomers() {
  const server = fakeTrainingServer({
    "GET /customers": () => ({ body: { status: "success", data: customers } }),
    "GET /customer_has_configuration": () => ({ body: { status: "success", data: false } }),
  });
  const router = await renderAdminPage(<CustomersPage />, server.api);
  return { router, server, table: await screen.findByRole("table", { name: "Customers" }) };
}

afterEach(() => clearSession());

describe("the customers page", { timeout: 30_000 }, () => {
  it("keeps a long name on one line, cut short with the full name on hover", async () => {
    const { table } = await openCustomers();
    const name = within(table).getByRole("button", { name: longName });
    expect(name.getAttribute("title")).toBe(longName);
    const style = getComputedStyle(name);
    expect([style.whiteSpace, style.overflow, style.textOverflow]).toEqual(["nowrap", "hidden", "ellipsis"]);
    expect(style.maxWidth).not.toBe("");
  });

  it("asks before another row, a new customer or another page takes the place of unsaved changes", async () => {
    const { router, table } = await openCustomers();
    fireEvent.click(within(table).getByRole("button", { name: "Fietsenwinkel" }));
    await screen.findByRole("heading", { name: "Edit Fietsenwinkel" });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: "Amersfoort" } });

    fireEvent.click(within(table).getByRole("button", { name: longName }));
    // fireEvent: the dialog may still be animating in, when userEvent refuses a click (pointer-events: none).
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), { timeout: 5_000 });
    expect(screen.getByRole("heading", { name: "Edit Fietsenwinkel" })).toBeTruthy();
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe("Amersfoort");

    fireEvent.click(screen.getByRole("button", { name: "New customer" }));
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), { timeout: 5_000 });
    void router.navigate("/elsewhere");
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), { timeout: 5_000 });
    expect(router.state.location.pathname).toBe("/page");
    // A search result opens another row through the address (`?id=`): asked too, and staying keeps the address.
    void router.navigate("/page?id=c1");
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), { timeout: 5_000 });
    expect(router.state.location.search).toBe("");
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe("Amersfoort");

    fireEvent.click(within(table).getByRole("button", { name: longName }));
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Leave and discard" }));
    expect(await screen.findByRole("heading", { name: `Edit ${longName}` })).toBeTruthy();
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe("Utrecht");
  });

  it("opens another row without asking when nothing changed", async () => {
    const { table } = await openCustomers();
    fireEvent.click(within(table).getByRole("button", { name: "Fietsenwinkel" }));
    await screen.findByRole("heading", { name: "Edit Fietsenwinkel" });
    fireEvent.click(within(table).getByRole("button", { name: longName }));
    expect(await screen.findByRole("heading", { name: `Edit ${longName}` })).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("after a delete asks nothing more of the deleted customer (no request that can only fail)", async () => {
    let list = customers;
    const server = fakeTrainingServer({
      "GET /customers": () => ({ body: { status: "success", data: list } }),
      "GET /customer_has_configuration": (call) =>
        list.some((row) => row._id === call.query._id) ? { body: { status: "success", data: false } } : problem(404, "not_found", "Customer not found"),
      "DELETE /customers/c2": () => {
        list = customers.filter((row) => row._id !== "c2");
        return { body: { status: "success" } };
      },
    });
    await renderAdminPage(<CustomersPage />, server.api);
    const table = await screen.findByRole("table", { name: "Customers" });
    fireEvent.click(within(table).getByRole("button", { name: "Fietsenwinkel" }));
    await screen.findByRole("heading", { name: "Edit Fietsenwinkel" });
    await waitFor(() => expect(server.callsTo("GET /customer_has_configuration")).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(table).queryByRole("button", { name: "Fietsenwinkel" })).toBeNull());
    expect(server.callsTo("GET /customer_has_configuration").filter((call) => call.query._id === "c2")).toHaveLength(1);
  });

  it("moves the focus to the form when a customer is opened or a new one started (below the list on a phone)", async () => {
    const { table } = await openCustomers();
    fireEvent.click(within(table).getByRole("button", { name: "Fietsenwinkel" }));
    const edit = await screen.findByRole("heading", { name: "Edit Fietsenwinkel" });
    await waitFor(() => expect(document.activeElement).toBe(edit));
    const start = screen.getByRole("button", { name: "New customer" });
    start.focus();
    fireEvent.click(start);
    await waitFor(() => expect(document.activeElement?.textContent).toBe("New customer"));
    expect(document.activeElement?.tagName).toBe("H2");
  });

  it("after a delete by keyboard leaves the focus on the new customer's form, not on the page's body", async () => {
    const server = fakeTrainingServer({
      "GET /customers": () => ({ body: { status: "success", data: customers } }),
      "GET /customer_has_configuration": () => ({ body: { status: "success", data: false } }),
      "DELETE /customers/c2": () => ({ body: { status: "success" } }),
    });
    await renderAdminPage(<CustomersPage />, server.api);
    const table = await screen.findByRole("table", { name: "Customers" });
    fireEvent.click(within(table).getByRole("button", { name: "Fietsenwinkel" }));
    await screen.findByRole("heading", { name: "Edit Fietsenwinkel" });
    const remove = screen.getByRole("button", { name: "Delete" });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await screen.findByRole("heading", { name: "New customer" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), { timeout: 5_000 });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("New customer"), { timeout: 5_000 });
  });
});
