import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { newConfigurationDefaults } from "@parley/domain/configuration";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { selectConfiguration } from "../../configuration/selection";
import { i18n } from "../../i18n/setup";
import { clearSession, setSession } from "../../session/session";
import { renderWithApi } from "../../test/render";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
import { GeneralSettingsPage } from "./SettingsPages";

const admin = { id: "a1", role: "admin" as const, customerId: null, firstname: "Ada", lastname: "Admin", username: "ada@parley.test" };
const customers = ["Bakery 10", "Zebra", "bakery 2", "Édith", "Ernst", "apple"].map((name, index) => ({ _id: `k${index}`, name }));
const created = { _id: "c9", ...newConfigurationDefaults({ selfOnboarding: false, now: new Date("2026-11-22"), name: "Corner shop" }) };

/** An admin on General settings with `?new=1` (the sidebar's New configuration), no configuration selected. */
async function openNewConfiguration() {
  setSession("a-token", admin);
  selectConfiguration(null);
  const server = fakeTrainingServer({
    "GET /customers": () => ({ body: { status: "success", data: customers } }),
    "POST /configuration/create_or_update": () => ({ body: { status: "success", data: created } }),
    "GET /configuration": () => ({ body: { status: "success", data: created } }),
    "GET /orders/get-subscription": () => ({ body: { status: "success", data: null } }),
  });
  const router = createMemoryRouter([{ path: "/settings/general", element: <GeneralSettingsPage /> }], { initialEntries: ["/settings/general?new=1"] });
  await renderWithApi(<RouterProvider router={router} />, server.api);
  return { server, router };
}

afterEach(async () => {
  clearSession();
  selectConfiguration(null);
  await i18n.changeLanguage("en");
});

describe("the new configuration form", { timeout: 30_000 }, () => {
  it("lists the customers in the language's order, ignoring case and accents, numbers by value", async () => {
    await openNewConfiguration();
    const picker = await screen.findByLabelText("Customer");
    await waitFor(() => expect(within(picker).getAllByRole("option").length).toBe(customers.length + 1));
    expect(within(picker).getAllByRole("option").map((option) => option.textContent)).toEqual(["No customer", "apple", "bakery 2", "Bakery 10", "Édith", "Ernst", "Zebra"]);
  });

  it("names the products in the interface language, with the code where names repeat", async () => {
    await openNewConfiguration();
    const product = await screen.findByLabelText(/^Product/);
    const labels = within(product).getAllByRole("option").map((option) => option.textContent);
    expect(labels).toContain("Entry");
    expect(labels).toContain("Basic");
    expect(labels).toContain("Basic (so_basic)");
    await i18n.changeLanguage("nl");
    await waitFor(() => expect(within(product).getAllByRole("option").map((option) => option.textContent)).toContain("Proefperiode (so_trial)"));
  });

  it("created by keyboard, leaves the focus on the new configuration's first field, not the page's body", async () => {
    await openNewConfiguration();
    const name = await screen.findByLabelText(/^Name/);
    await userEvent.click(name);
    await userEvent.keyboard("Corner shop{Enter}");
    const settingsName = await screen.findByRole("form", { name: /./ }).then((form) => within(form).findByLabelText(/^Name/));
    await waitFor(() => expect(document.activeElement).toBe(settingsName));
    expect((settingsName as HTMLInputElement).value).toBe("Corner shop");
    // A part of the screen loading its texts hides it for a frame, which drops the focus to the body: it comes back.
    settingsName.blur();
    await waitFor(() => expect(document.activeElement).toBe(settingsName));
  });
});
