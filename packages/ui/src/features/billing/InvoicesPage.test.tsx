import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/setup";
import { clearSession } from "../../session/session";
import { problem, type SeenCall } from "../training/fakeServer.test-support";
import { renderBillingScreen } from "./billing.test-support";
import { InvoicesPage } from "./InvoicesPage";

configure({ asyncUtilTimeout: 10_000 });
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSession();
  await i18n.changeLanguage("en");
});

const now = () => new Date("2026-11-22T10:00:00Z");

const invoiceOf = (id: string, number: string, date: string, amount: number, status: string) => ({ id, number, description: "Basic, monthly", date, dueDate: null, amount, currency: "EUR", status });

const invoicesByYear: Record<string, unknown[]> = {
  "2026": [invoiceOf("in_2", "PAR-2026-0012", "2026-11-01", 24.19, "paid"), invoiceOf("in_1", "PAR-2026-0003", "2026-03-01", 24.19, "open")],
  "2025": [invoiceOf("in_0", "PAR-2025-0040", "2025-12-01", 180.29, "void")],
};

const listInvoices = (call: SeenCall) => ({ body: { status: "success", data: invoicesByYear[call.query.year ?? ""] ?? [], years: [2026, 2025] } });

const detail = {
  ...invoiceOf("in_2", "PAR-2026-0012", "2026-11-01", 24.19, "paid"),
  dueDate: "2026-11-15",
  customer: { _id: "cust1", name: "Shop", companyName: "The Shop BV", street: "Kerkstraat", houseNumber: "12", postalCode: "1011 AB", city: "Amsterdam", country: "Netherlands", taxId: "NL123456789B01" },
  lines: [{ description: "Basic plan, November", quantity: 1, unit_price: 19.99, total: 19.99 }],
  subtotal: 19.99,
  discount: 0,
  taxes: 4.2,
  total: 24.19,
  hosted_invoice_url: "https://pay.example.test/invoice/in_2",
};

const rowTexts = () =>
  within(screen.getByRole("table", { name: /^Invoices of|^Facturen van/ }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").slice(0, 4).map((cell) => cell.textContent?.replace(/\s/g, " ")));

describe("the invoices", { timeout: 30_000 }, () => {
  it("lists the current year's invoices and switches to another year the answer lists", async () => {
    const { server } = await renderBillingScreen(<InvoicesPage now={now} />, { "GET /orders/invoices": listInvoices });
    await screen.findByText("PAR-2026-0012");
    expect(server.callsTo("GET /orders/invoices")[0]?.query).toEqual({ year: "2026" });
    expect(rowTexts()).toEqual([
      ["PAR-2026-0012", "Nov 1, 2026", "€24.19", "Paid"],
      ["PAR-2026-0003", "Mar 1, 2026", "€24.19", "Open"],
    ]);
    const year = screen.getByLabelText("Year") as HTMLSelectElement;
    expect([...year.options].map((option) => option.value)).toEqual(["2026", "2025"]);
    fireEvent.change(year, { target: { value: "2025" } });
    // The years stay while the chosen year loads.
    expect(await screen.findByText("Loading the invoices…")).toBeTruthy();
    expect([...(screen.getByLabelText("Year") as HTMLSelectElement).options].map((option) => option.value)).toEqual(["2026", "2025"]);
    await screen.findByText("PAR-2025-0040");
    expect(server.callsTo("GET /orders/invoices").at(-1)?.query).toEqual({ year: "2025" });
    expect(rowTexts()).toEqual([["PAR-2025-0040", "Dec 1, 2025", "€180.29", "Void"]]);
  });

  it("says when a year has no invoices", async () => {
    await renderBillingScreen(<InvoicesPage now={() => new Date("2027-02-01T10:00:00Z")} />, { "GET /orders/invoices": listInvoices });
    expect(await screen.findByText("No invoices in 2027")).toBeTruthy();
    expect([...(screen.getByLabelText("Year") as HTMLSelectElement).options].map((option) => option.value)).toEqual(["2027", "2026", "2025"]);
  });

  it("opens an invoice with its lines, VAT and total, and prints it", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const { server } = await renderBillingScreen(<InvoicesPage now={now} />, {
      "GET /orders/invoices": listInvoices,
      "GET /orders/invoices/in_2": () => ({ body: { status: "success", data: detail } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "View invoice PAR-2026-0012" }));
    const dialog = await screen.findByRole("dialog", { name: "Invoice PAR-2026-0012" });
    await within(dialog).findByText("Basic plan, November");
    expect(server.callsTo("GET /orders/invoices/in_2")).toHaveLength(1);
    expect(within(dialog).getByText("Due date: Nov 15, 2026")).toBeTruthy();
    expect(within(dialog).getByTestId("invoice-customer").textContent).toContain("Kerkstraat 12");
    expect(within(dialog).getByText("VAT number: NL123456789B01")).toBeTruthy();
    const totals = [...within(dialog).getByTestId("invoice-totals").children].map((row) => row.textContent);
    expect(totals).toEqual(["Subtotal€19.99", "VAT€4.20", "Total€24.19"]);
    expect(within(dialog).getByRole("link", { name: /Open at the payment provider/ }).getAttribute("href")).toBe("https://pay.example.test/invoice/in_2");
    fireEvent.click(within(dialog).getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("shows an invoice that cannot be opened with a retry", async () => {
    await renderBillingScreen(<InvoicesPage now={now} />, {
      "GET /orders/invoices": listInvoices,
      "GET /orders/invoices/in_2": () => problem(404, "not_found", "Not found"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "View invoice PAR-2026-0012" }));
    const dialog = await screen.findByRole("dialog");
    expect((await within(dialog).findByRole("alert")).getAttribute("data-error-code")).toBe("not_found");
    expect(within(dialog).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("reads in Dutch", async () => {
    await renderBillingScreen(<InvoicesPage now={now} />, { "GET /orders/invoices": listInvoices });
    await screen.findByText("PAR-2026-0012");
    await act(() => i18n.changeLanguage("nl"));
    await waitFor(() => expect(screen.getByLabelText("Jaar")).toBeTruthy());
    expect(rowTexts()[0]).toEqual(["PAR-2026-0012", "1 nov 2026", "€ 24,19", "Betaald"]);
  });
});
