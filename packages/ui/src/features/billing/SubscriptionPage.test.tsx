import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/setup";
import { clearSession } from "../../session/session";
import { toaster } from "../../toaster";
import { useNodeMultipart } from "../design/fakeDesignServer.test-support";
import { problem, type Route } from "../training/fakeServer.test-support";
import { completeCustomer, renderBillingScreen, storedSubscription, subscriptionAnswer } from "./billing.test-support";
import { browserNavigation } from "./checkout";
import { SubscriptionPage } from "./SubscriptionPage";

configure({ asyncUtilTimeout: 10_000 });
beforeAll(useNodeMultipart);
afterEach(async () => {
  vi.restoreAllMocks();
  clearSession();
  await i18n.changeLanguage("en");
});

const now = () => new Date("2026-11-22T10:00:00Z");

function renderView(routes: Record<string, Route>) {
  return renderBillingScreen(<SubscriptionPage now={now} />, routes);
}

const activeAnnual = storedSubscription({ is_active: true, chosen_product: "basic", subscription_type: "annual", manual_amount: 149, year_discount: 10, end_date: "2027-01-31" });

describe("the subscription view", { timeout: 30_000 }, () => {
  it("shows an active plan of the selected configuration with its period, price and end date", async () => {
    const { server } = await renderView({ "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual) });
    expect(await screen.findByRole("heading", { name: "Basic" })).toBeTruthy();
    expect(screen.getByTestId("subscription-status").textContent).toBe("Active");
    expect(screen.getByText("500 messages a month")).toBeTruthy();
    expect(screen.getByText("Annual", { selector: "dd" })).toBeTruthy();
    // 149 a month, 12 months less 10 %.
    expect(screen.getByText("€1,609.20 a year")).toBeTruthy();
    expect(screen.getByText("Jan 31, 2027")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change plan" })).toBeTruthy();
    expect(server.callsTo("GET /orders/get-subscription")[0]?.query).toEqual({ configuration_id: "c1" });
  });

  it("shows a running trial with its days left and offers to buy, not to cancel", async () => {
    await renderView({ "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription({ end_date: "2026-12-01" })) });
    expect(await screen.findByText("Trial: 9 days left")).toBeTruthy();
    expect(screen.getByText("€149.00 a month")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Buy plan" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
  });

  it("says an ended trial has ended", async () => {
    await renderView({ "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription({ end_date: "2026-11-20" })) });
    expect((await screen.findByTestId("subscription-status")).textContent).toBe("Trial ended");
  });

  it("says the configuration has no subscription yet and leads to choosing a plan", async () => {
    await renderView({ "GET /orders/get-subscription": () => subscriptionAnswer(null) });
    expect(await screen.findByText("No subscription yet")).toBeTruthy();
    expect(screen.queryByText("No data found")).toBeNull();
    expect(screen.getByText(/has no subscription yet/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Buy plan" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Choose a plan" }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Buy a plan" }));
  });

  it("cancels after the confirmation, reads the subscription again and says so", async () => {
    const create = vi.spyOn(toaster, "create");
    let canceled = false;
    const { server } = await renderView({
      "GET /orders/get-subscription": () => subscriptionAnswer(canceled ? { ...activeAnnual, is_active: false, end_date: "2026-11-01" } : activeAnnual),
      "POST /orders/cancel_subscription": () => {
        canceled = true;
        return { body: { status: "success", message: "Subscription canceled successfully" } };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(server.callsTo("POST /orders/cancel_subscription")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    await waitFor(() => expect(screen.getByTestId("subscription-status").textContent).toBe("Trial ended"));
    expect(server.callsTo("POST /orders/cancel_subscription")[0]?.body).toEqual({ customer_id: "cust1" });
    expect(server.callsTo("GET /orders/get-subscription")).toHaveLength(2);
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Subscription canceled successfully" })));
    // The dialog closes and an inactive subscription has nothing to cancel.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull());
  });

  it("keeps the subscription and says so when the cancellation fails", async () => {
    const create = vi.spyOn(toaster, "create");
    const { server } = await renderView({
      "GET /orders/get-subscription": () => subscriptionAnswer(activeAnnual),
      "POST /orders/cancel_subscription": () => problem(503, "subscription_cancel_failed", "Error canceling subscription"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel subscription" }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: "error", title: "Error canceling subscription" })));
    expect(server.callsTo("GET /orders/get-subscription")).toHaveLength(1);
    expect(screen.getByTestId("subscription-status").textContent).toBe("Active");
  });

  it("starts an annual checkout and sends the browser to the payment page", async () => {
    const assign = vi.spyOn(browserNavigation, "assign").mockImplementation(() => undefined);
    const { server } = await renderView({
      "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription()),
      "POST /orders/create-checkout-session": () => ({ body: { status: "success", session_id: "cs_1", url: "https://pay.example.test/cs_1" } }),
    });
    const annual = (await screen.findByLabelText("Pay annually")) as HTMLInputElement;
    expect(annual.checked).toBe(false);
    fireEvent.click(annual);
    await waitFor(() => expect(annual.checked).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Buy plan" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example.test/cs_1"));
    expect(server.callsTo("POST /orders/create-checkout-session")[0]?.body).toEqual({ customer_id: "cust1", is_annual: true });
  });

  it("says which customer details are missing and leads to the profile when the server asks for them", async () => {
    const assign = vi.spyOn(browserNavigation, "assign").mockImplementation(() => undefined);
    const { router } = await renderView({
      "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription()),
      "POST /orders/create-checkout-session": () => ({
        status: 400,
        body: {
          type: "about:blank",
          title: "Bad request",
          status: 400,
          code: "customer_details_incomplete",
          message: "Please complete your customer details first",
          errors: [
            { path: "city", message: "This field is required" },
            { path: "street", message: "This field is required" },
          ],
        },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Buy plan" }));
    const alert = await screen.findByRole("alert");
    expect(alert.getAttribute("data-error-code")).toBe("customer_details_incomplete");
    expect(within(alert).getByText("Please complete your customer details first")).toBeTruthy();
    expect(within(alert).getByText("Fill in these fields in your profile: Street, City. Then start the payment again.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole("link", { name: "Complete my profile" }));
    expect(await screen.findByText("The profile page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/customer-profile");
    expect(sessionStorage.getItem("parley.continueToSubscription")).toBe("1");
  });

  it("asks for the missing address fields before any checkout starts", async () => {
    const { server } = await renderView({
      "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription()),
      "GET /customer": () => ({ body: { status: "success", data: { ...completeCustomer, houseNumber: " ", postalCode: null } } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Buy plan" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Fill in these fields in your profile: House number, Postal code. Then start the payment again.")).toBeTruthy();
    expect(server.callsTo("GET /customer")[0]?.query).toEqual({ _id: "cust1" });
    expect(server.callsTo("POST /orders/create-checkout-session")).toHaveLength(0);
    expect(within(alert).getByRole("link", { name: "Complete my profile" }).getAttribute("href")).toBe("/customer-profile");
  });

  it("shows a failed read with what to do and a retry", async () => {
    let failing = true;
    await renderView({ "GET /orders/get-subscription": () => (failing ? problem(404, "not_found", "Not found") : subscriptionAnswer(activeAnnual)) });
    expect((await screen.findByRole("alert")).getAttribute("data-error-code")).toBe("not_found");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Basic" })).toBeTruthy();
  });

  it("reads in Dutch", async () => {
    await renderView({ "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription({ end_date: "2026-12-01" })) });
    await screen.findByText("Trial: 9 days left");
    await act(() => i18n.changeLanguage("nl"));
    expect(await screen.findByText("Proefperiode: nog 9 dagen")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Abonnement kopen" })).toBeTruthy();
    expect(screen.getByText("€ 149,00 per maand")).toBeTruthy();
  });
});
