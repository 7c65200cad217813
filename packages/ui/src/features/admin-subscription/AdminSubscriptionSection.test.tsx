import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/setup";
import { clearSession, setSession } from "../../session/session";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { toaster } from "../../toaster";
import { storedSubscription, subscriptionAnswer, signedInCustomer } from "../billing/billing.test-support";
import { useNodeMultipart } from "../design/fakeDesignServer.test-support";
import { GeneralSettingsPage } from "../settings/SettingsPages";
import { fakeTrainingServer, type Route } from "../training/fakeServer.test-support";

configure({ asyncUtilTimeout: 10_000 });
beforeAll(useNodeMultipart);
beforeEach(() => {
  // Only the clock: the trial's days left and the proposed end date count from 22 November 2026.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearSession();
  await i18n.changeLanguage("en");
});

const admin = { id: "a1", role: "admin" as const, customerId: null, firstname: "Ada", lastname: "Admin", username: "ada@parley.test" };
const activeAnnual = storedSubscription({ is_active: true, chosen_product: "basic", subscription_type: "annual", manual_amount: 149, year_discount: 10, end_date: "2027-01-31" });

async function renderGeneral(routes: Record<string, Route>, user = admin as typeof admin | typeof signedInCustomer) {
  setSession("a-token", user);
  const server = fakeTrainingServer({ "GET /customers": () => ({ body: { status: "success", data: [{ _id: "cust1", name: "Shop" }] } }), ...routes });
  const router = await renderConfigurationScreen(<GeneralSettingsPage />, { api: server.api, configuration: { customerId: "cust1" } });
  return Object.assign(server, { router });
}

async function section() {
  return within(await screen.findByRole("region", { name: "Subscription" }));
}

const toastsOf = (create: { mock: { calls: unknown[][] } }) => create.mock.calls.map(([options]) => options);

describe("the admin's subscription section", { timeout: 30_000 }, () => {
  it("shows the stored subscription, prices the year live and saves the edits as the contract's numbers and date", async () => {
    const create = vi.spyOn(toaster, "create");
    const server = await renderGeneral({
      "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual),
      "POST /orders/create_or_update_subscription": (call) => ({ body: { status: "success", data: { ...activeAnnual, ...(call.body as object) } } }),
    });
    const card = await section();
    const amount = await card.findByLabelText("Amount per month (€)");
    expect((amount as HTMLInputElement).value).toBe("149.00");
    expect((card.getByLabelText("Year discount") as HTMLSelectElement).value).toBe("10");
    expect(card.getByTestId("subscription-status").textContent).toBe("Active");
    expect(card.getByTestId("annual-price").textContent).toBe("Paid annually: €1,609.20 a year");
    expect(server.callsTo("GET /orders/get-subscription")[0]?.query).toEqual({ configuration_id: "c1" });

    fireEvent.change(amount, { target: { value: "199,5" } });
    fireEvent.change(card.getByLabelText("Year discount"), { target: { value: "25" } });
    expect(card.getByTestId("annual-price").textContent).toBe("Paid annually: €1,795.50 a year");
    fireEvent.change(card.getByLabelText("Product"), { target: { value: "premium" } });
    fireEvent.change(card.getByLabelText("Payment"), { target: { value: "monthly" } });
    fireEvent.change(card.getByLabelText("End date"), { target: { value: "2027-03-31" } });
    fireEvent.change(card.getByLabelText("Trial days"), { target: { value: "0" } });
    fireEvent.click(card.getByRole("button", { name: "Save subscription" }));

    await waitFor(() => expect(server.callsTo("POST /orders/create_or_update_subscription")).toHaveLength(1));
    expect(server.callsTo("POST /orders/create_or_update_subscription")[0]?.body).toEqual({
      configuration_id: "c1",
      customer_id: "cust1",
      chosen_product: "premium",
      subscription_type: "monthly",
      is_active: true,
      manual_amount: 199.5,
      year_discount: 25,
      end_date: "2027-03-31",
      trial_days: 0,
    });
    await waitFor(() => expect(toastsOf(create)).toContainEqual(expect.objectContaining({ type: "success", title: "Data saved successfully" })));
    // The stored copy now is the saved one.
    await waitFor(() => expect((card.getByLabelText("Amount per month (€)") as HTMLInputElement).value).toBe("199.50"));
  });

  it("shows the trial's days left or its end as the form's values give them, and activates with the switch", async () => {
    const server = await renderGeneral({
      "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription({ end_date: "2026-12-01" })),
      "POST /orders/create_or_update_subscription": (call) => ({ body: { status: "success", data: { _id: "s1", ...(call.body as object) } } }),
    });
    const card = await section();
    await waitFor(() => expect(card.getByTestId("subscription-status").textContent).toBe("Trial: 9 days left"));
    fireEvent.change(card.getByLabelText("End date"), { target: { value: "2026-11-22" } });
    expect(card.getByTestId("subscription-status").textContent).toBe("Trial ended");
    fireEvent.click(card.getByLabelText("Active (paid)"));
    await waitFor(() => expect(card.getByTestId("subscription-status").textContent).toBe("Active"));
    fireEvent.click(card.getByRole("button", { name: "Save subscription" }));
    await waitFor(() => expect(server.callsTo("POST /orders/create_or_update_subscription")[0]?.body).toMatchObject({ is_active: true, end_date: "2026-11-22" }));
  });

  it("asks before leaving with unsaved subscription changes", async () => {
    const { router } = await renderGeneral({ "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual) });
    const card = await section();
    fireEvent.change(await card.findByLabelText("Trial days"), { target: { value: "30" } });
    void router.navigate("/elsewhere");
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/screen"));
    expect((card.getByLabelText("Trial days") as HTMLInputElement).value).toBe("30");
  });

  it("offers the self-onboarding year discount only where it is stored", async () => {
    await renderGeneral({ "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription({ chosen_product: "so_basic", manual_amount: 19.99, year_discount: 16.63 })) });
    const card = await section();
    const discount = (await card.findByLabelText("Year discount")) as HTMLSelectElement;
    expect(discount.value).toBe("16.63");
    expect([...discount.options].map((option) => option.textContent)).toEqual(["0 %", "5 %", "10 %", "15 %", "16.63 % (self-onboarding)", "20 %", "25 %", "30 %"]);
    expect(card.getByTestId("annual-price").textContent).toBe("Paid annually: €199.99 a year");
    expect((card.getByLabelText("Product") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Basic (so_basic) — 500 messages a month");
  });

  it("offers the seven year discounts of spec 01 §5 otherwise", async () => {
    await renderGeneral({ "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual) });
    const discount = (await (await section()).findByLabelText("Year discount")) as HTMLSelectElement;
    expect([...discount.options].map((option) => option.value)).toEqual(["0", "5", "10", "15", "20", "25", "30"]);
  });

  it.each([204, 304])("says no changes were detected on a %i", async (status) => {
    const create = vi.spyOn(toaster, "create");
    const server = await renderGeneral({
      "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual),
      "POST /orders/create_or_update_subscription": () => ({ status, body: undefined }),
    });
    const card = await section();
    fireEvent.click(await card.findByRole("button", { name: "Save subscription" }));
    await waitFor(() => expect(toastsOf(create)).toContainEqual(expect.objectContaining({ type: "info", title: "No changes detected" })));
    expect(toastsOf(create)).not.toContainEqual(expect.objectContaining({ title: "Data saved successfully" }));
    expect(server.callsTo("POST /orders/create_or_update_subscription")[0]?.body).toMatchObject({ manual_amount: 149, year_discount: 10, end_date: "2027-01-31" });
  });

  it("marks the field a 400 names and says what to do", async () => {
    const create = vi.spyOn(toaster, "create");
    await renderGeneral({
      "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual),
      "POST /orders/create_or_update_subscription": () => ({
        status: 400,
        body: { type: "about:blank", title: "Bad request", status: 400, code: "validation_failed", message: "Invalid field", errors: [{ path: "end_date", message: "Invalid field" }] },
      }),
    });
    const card = await section();
    fireEvent.click(await card.findByRole("button", { name: "Save subscription" }));
    await waitFor(() => expect(card.getByLabelText("End date").getAttribute("aria-invalid")).toBe("true"));
    expect(card.getByLabelText("Amount per month (€)").getAttribute("aria-invalid")).toBeNull();
    expect(card.getByRole("alert").textContent).toContain("Correct the marked fields and try again.");
    await waitFor(() => expect(toastsOf(create)).toContainEqual(expect.objectContaining({ type: "error", title: "Invalid field", description: "Check the marked field: End date" })));
  });

  it("does not call the server with a negative amount or a third decimal", async () => {
    const server = await renderGeneral({ "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual) });
    const card = await section();
    const amount = await card.findByLabelText("Amount per month (€)");
    fireEvent.change(amount, { target: { value: "-5" } });
    fireEvent.click(card.getByRole("button", { name: "Save subscription" }));
    expect(await card.findByText("Enter a number from 0 to 1,000,000")).toBeTruthy();
    expect(card.getByTestId("annual-price").textContent).toBe("Paid annually: enter a valid amount to see the price");
    fireEvent.change(amount, { target: { value: "149.999" } });
    fireEvent.click(card.getByRole("button", { name: "Save subscription" }));
    expect(await card.findByText("Enter an amount in euro with at most 2 decimals, such as 149.00")).toBeTruthy();
    expect(server.callsTo("POST /orders/create_or_update_subscription")).toHaveLength(0);
  });

  it("proposes the defaults when the configuration has none, and creates it from them", async () => {
    const server = await renderGeneral({
      "GET /orders/get-subscription": () => subscriptionAnswer(null),
      "POST /orders/create_or_update_subscription": (call) => ({ body: { status: "success", data: { _id: "s9", ...(call.body as object) } } }),
    });
    const card = await section();
    expect(await card.findByText("No subscription yet")).toBeTruthy();
    expect(card.queryByText("No data found")).toBeNull();
    expect(card.getByText(/no subscription yet/)).toBeTruthy();
    expect((card.getByLabelText("Product") as HTMLSelectElement).value).toBe("entry");
    expect((card.getByLabelText("Amount per month (€)") as HTMLInputElement).value).toBe("149.00");
    expect((card.getByLabelText("End date") as HTMLInputElement).value).toBe("2026-12-06");
    expect(card.getByTestId("subscription-status").textContent).toBe("Trial: 14 days left");
    // Nothing active to cancel.
    expect(card.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    fireEvent.click(card.getByRole("button", { name: "Save subscription" }));
    await waitFor(() =>
      expect(server.callsTo("POST /orders/create_or_update_subscription")[0]?.body).toEqual({
        configuration_id: "c1",
        customer_id: "cust1",
        chosen_product: "entry",
        subscription_type: "monthly",
        is_active: false,
        manual_amount: 149,
        year_discount: 0,
        end_date: "2026-12-06",
        trial_days: 14,
      }),
    );
    await waitFor(() => expect(card.queryByText("No subscription yet")).toBeNull());
  });

  it("cancels an active subscription after the confirmation, reads it again and says so", async () => {
    const create = vi.spyOn(toaster, "create");
    let canceled = false;
    const server = await renderGeneral({
      "GET /orders/get-subscription": () => subscriptionAnswer(canceled ? { ...activeAnnual, is_active: false, end_date: "2026-11-01" } : activeAnnual),
      "POST /orders/cancel_subscription": () => {
        canceled = true;
        return { body: { status: "success", message: "Subscription canceled successfully" } };
      },
    });
    const card = await section();
    fireEvent.click(await card.findByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel the subscription?" });
    expect(server.callsTo("POST /orders/cancel_subscription")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    await waitFor(() => expect(card.getByTestId("subscription-status").textContent).toBe("Trial ended"));
    expect(server.callsTo("POST /orders/cancel_subscription")[0]?.body).toEqual({ customer_id: "cust1" });
    expect(server.callsTo("GET /orders/get-subscription")).toHaveLength(2);
    await waitFor(() => expect(toastsOf(create)).toContainEqual(expect.objectContaining({ type: "success", title: "Subscription canceled successfully" })));
    expect(card.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
  });

  it("says so when the cancel fails", async () => {
    const create = vi.spyOn(toaster, "create");
    await renderGeneral({
      "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual),
      "POST /orders/cancel_subscription": () => ({ status: 503, body: { type: "about:blank", title: "Unavailable", status: 503, code: "subscription_cancel_failed", message: "Error canceling subscription" } }),
    });
    const card = await section();
    fireEvent.click(await card.findByRole("button", { name: "Cancel subscription" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel subscription" }));
    await waitFor(() => expect(toastsOf(create)).toContainEqual(expect.objectContaining({ type: "error", title: "Error canceling subscription" })));
  });

  it("offers a retry when the subscription cannot be read", async () => {
    let failing = true;
    await renderGeneral({
      "GET /orders/get-subscription": () => (failing ? { status: 404, body: { type: "about:blank", title: "Not found", status: 404, code: "not_found", message: "No data found" } } : subscriptionAnswer(activeAnnual)),
    });
    const card = await section();
    fireEvent.click(await card.findByRole("button", { name: "Try again" }));
    failing = false;
    fireEvent.click(card.getByRole("button", { name: "Try again" }));
    expect(await card.findByLabelText("Amount per month (€)")).toBeTruthy();
  });

  it("is not shown to a customer, nor read", async () => {
    const server = await renderGeneral({ "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual) }, signedInCustomer);
    await screen.findByRole("heading", { name: "Product and usage" });
    expect(screen.queryByRole("region", { name: "Subscription" })).toBeNull();
    expect(server.callsTo("GET /orders/get-subscription")).toHaveLength(0);
  });

  it("reads in Dutch", async () => {
    await renderGeneral({ "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription({ end_date: "2026-12-01", year_discount: 10 })) });
    await (await section()).findByLabelText("Amount per month (€)");
    await act(() => i18n.changeLanguage("nl"));
    const card = within(await screen.findByRole("region", { name: "Abonnement" }));
    expect(card.getByText("Proefperiode: nog 9 dagen")).toBeTruthy();
    expect(card.getByTestId("annual-price").textContent).toBe("Jaarlijks betaald: €\u00a01.609,20 per jaar");
    fireEvent.change(card.getByLabelText("Bedrag per maand (€)"), { target: { value: "12,345" } });
    fireEvent.click(card.getByRole("button", { name: "Abonnement opslaan" }));
    expect(await card.findByText("Vul een bedrag in euro in met hoogstens 2 decimalen, zoals 149,00")).toBeTruthy();
  });
});
