import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession } from "../../session/session";
import { renderAdminPage } from "../../test/adminPage";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
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
});
