import { newSubscriptionDefaults } from "@parley/domain/subscription";
import { act, configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeTrainingServer, problem, type Route } from "../training/fakeServer.test-support";
import { CrmDashboardPage } from "./CrmDashboardPage";

configure({ asyncUtilTimeout: 10_000 });

const now = () => new Date("2026-11-22T12:00:00Z");

const customers = [
  { _id: "c1", name: "Bakery" },
  { _id: "c2", name: "Florist" },
  { _id: "c3", name: "Garage" },
];

function lead(id: string, fields: Record<string, unknown>) {
  return {
    _id: id,
    customerId: null,
    customerName: null,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    email: `${id}@example.test`,
    status: "active",
    signedUpAt: "2026-11-01T10:00:00Z",
    website: null,
    configurationId: null,
    messagesUsed: 0,
    messageLimit: 200,
    trialEndDate: "2026-12-01",
    trialDaysLeft: 9,
    trialExpired: false,
    onboardingFinished: false,
    ...fields,
  };
}
// Newest first by sign-up: u1, u3, u2; u1 and u3 signed up within 30 days.
const leads = [
  lead("u2", { signedUpAt: "2026-10-01T10:00:00Z", trialExpired: true, trialDaysLeft: 0 }),
  lead("u1", { signedUpAt: "2026-11-20T10:00:00Z", onboardingFinished: true, website: "bakery.example", trialDaysLeft: 12 }),
  lead("u3", { signedUpAt: "2026-11-01T10:00:00Z", status: "inactive" }),
];

const configurations = [
  { _id: "cfgA", name: "bakery-main", customerId: "c1", product: "entry" },
  { _id: "cfgB", name: "florist-site", customerId: "c2", product: "so_basic" },
  { _id: "cfgC", name: "garage-site", customerId: "c3", product: "so_basic" },
  { _id: "cfgD", name: "bakery-shop", customerId: "c1", product: "premium" },
  { _id: "cfgE", name: "florist-old", customerId: "c2", product: "entry" },
];

function subscription(configurationId: string, customerId: string, fields: Record<string, unknown>) {
  return { ...newSubscriptionDefaults({ selfOnboarding: false, now: now(), configurationId, customerId }), ...fields };
}
const subscriptions = [
  subscription("cfgA", "c1", { is_active: true, manual_amount: 149 }),
  // Ends in 3 days: in trial, ending soon.
  subscription("cfgB", "c2", { end_date: "2026-11-25", manual_amount: 19.99 }),
  // Ends in 18 days: in trial, not soon.
  subscription("cfgC", "c3", { end_date: "2026-12-10" }),
  // A year of 1000 a month with 10 % off: 900 a month.
  subscription("cfgD", "c1", { is_active: true, subscription_type: "annual", manual_amount: 1000, year_discount: 10 }),
  // Ended two days ago, not paid.
  subscription("cfgE", "c2", { end_date: "2026-11-20" }),
];

function crmServer(overrides: Record<string, Route> = {}) {
  return fakeTrainingServer({
    "GET /customers": () => ({ body: { status: "success", data: customers } }),
    "GET /leads": () => ({ body: { status: "success", data: leads } }),
    "GET /configurations/search": () => ({ body: { status: "success", data: configurations } }),
    "GET /orders/get-local-subscriptions": () => ({ body: { status: "success", data: subscriptions } }),
    ...overrides,
  });
}

const region = (name: string) => screen.findByRole("region", { name });

describe("the CRM dashboard", { timeout: 30_000 }, () => {
  it("counts customers, leads by status and subscriptions, and the monthly recurring revenue", async () => {
    const server = crmServer();
    await renderConfigurationScreen(<CrmDashboardPage now={now} />, { api: server.api });
    const customerCard = await region("Customers");
    expect(await within(customerCard).findByText("3")).toBeTruthy();

    const leadCard = await region("Leads");
    await within(leadCard).findByText("New in the last 30 days");
    const leadFigures = within(leadCard).getAllByText(/^\d+$/).map((element) => element.textContent);
    expect(leadFigures).toEqual(["3", "2"]);
    const byStatus = within(leadCard).getByRole("list", { name: "Leads by status" });
    expect(within(byStatus).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "2 with a running trial",
      "1 whose trial is over",
      "1 finished onboarding",
      "2 did not finish onboarding yet",
      "1 account is inactive",
    ]);

    const subscriptionCard = await region("Subscriptions");
    await within(subscriptionCard).findByText("Trial ends within 7 days");
    expect(within(subscriptionCard).getAllByText(/^\d+$/).map((element) => element.textContent)).toEqual(["2", "2", "1", "1"]);

    const revenue = await region("Monthly recurring revenue");
    expect(await within(revenue).findByText("€1,049.00")).toBeTruthy();
    expect(within(revenue).getByText(/From 2 active subscriptions/)).toBeTruthy();
    expect(server.callsTo("GET /configurations/search")[0]?.query).toEqual({ query: "" });
  });

  it("tables configurations by product with their subscriptions' state", async () => {
    await renderConfigurationScreen(<CrmDashboardPage now={now} />, { api: crmServer().api });
    const table = await within(await region("Configurations by product")).findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Entry", "2", "1", "0"],
      ["Basic (so_basic)", "2", "0", "2"],
      ["Premium", "1", "1", "0"],
    ]);
  });

  it("lists the newest leads and the trials ending soon with links to their screens", async () => {
    await renderConfigurationScreen(<CrmDashboardPage now={now} />, { api: crmServer().api });
    const newest = await region("Newest leads");
    const links = await within(newest).findAllByRole("link", { name: /^Open the user/ });
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Firstu1 Lastu1", "/users?id=u1"],
      ["Firstu3 Lastu3", "/users?id=u3"],
      ["Firstu2 Lastu2", "/users?id=u2"],
    ]);
    expect(within(newest).getByText("Trial: 12 days left")).toBeTruthy();
    expect(within(newest).getByText("Trial over")).toBeTruthy();

    const ending = await region("Trials ending within 7 days");
    expect(await within(ending).findByText("florist-site")).toBeTruthy();
    expect(within(ending).queryByText("garage-site")).toBeNull();
    expect(within(ending).getByText("3 days left")).toBeTruthy();
    expect(within(ending).getByRole("link", { name: "Open the customer Florist" }).getAttribute("href")).toBe("/customers?id=c2");
  });

  it("shows a card's skeleton while its list loads, the other cards' figures meanwhile", async () => {
    await renderConfigurationScreen(<CrmDashboardPage now={now} />, { api: crmServer({ "GET /leads": () => new Promise(() => {}) }).api });
    const leadCard = await region("Leads");
    expect(within(leadCard).getByRole("status").textContent).toBe("Loading…");
    expect(await within(await region("Customers")).findByText("3")).toBeTruthy();
    expect(within(leadCard).getByRole("status")).toBeTruthy();
  });

  it("says what is missing when the lists are empty", async () => {
    const empty = () => ({ body: { status: "success", data: [] } });
    await renderConfigurationScreen(<CrmDashboardPage now={now} />, {
      api: crmServer({ "GET /customers": empty, "GET /leads": empty, "GET /configurations/search": empty, "GET /orders/get-local-subscriptions": empty }).api,
    });
    expect(await screen.findByText("No customers yet. Create one on the Customers screen.")).toBeTruthy();
    expect(await screen.findByText(/No subscriptions yet/)).toBeTruthy();
    expect(screen.getByText("No active subscription yet, so nothing recurs.")).toBeTruthy();
    expect(screen.getByText("No configurations yet.")).toBeTruthy();
    expect(screen.getByText(/No leads yet/)).toBeTruthy();
    expect(screen.getByText("No trial ends within the next 7 days.")).toBeTruthy();
  });

  it("shows a failed list in its own cards with a retry, and the other figures still", async () => {
    let fail = true;
    const server = crmServer({ "GET /leads": () => (fail ? problem(403, "forbidden", "Forbidden") : { body: { status: "success", data: leads } }) });
    await renderConfigurationScreen(<CrmDashboardPage now={now} />, { api: server.api });
    const leadCard = await region("Leads");
    expect((await within(leadCard).findByRole("alert")).getAttribute("data-error-code")).toBe("forbidden");
    expect(await within(await region("Customers")).findByText("3")).toBeTruthy();
    fail = false;
    fireEvent.click(within(leadCard).getByRole("button", { name: "Try again" }));
    expect(await within(leadCard).findByRole("list", { name: "Leads by status" })).toBeTruthy();
  });

  it("reads in Dutch with every text translated", async () => {
    await renderConfigurationScreen(<CrmDashboardPage now={now} />, { api: crmServer().api });
    await screen.findByText("florist-site");
    await act(() => i18n.changeLanguage("nl"));
    expect(await screen.findByRole("region", { name: "Nieuwste leads" })).toBeTruthy();
    expect(screen.getByText("Nieuw in de laatste 30 dagen")).toBeTruthy();
    expect(screen.getByText("€ 1.049,00")).toBeTruthy();
    expect(screen.getByText("Nog 3 dagen")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/crmDashboard\.|pages:/);
    await act(() => i18n.changeLanguage("en"));
  });
});
