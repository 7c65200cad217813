import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession } from "../../session/session";
import { problem, type Route } from "../training/fakeServer.test-support";
import { renderBillingScreen, signedInCustomer, storedSubscription, subscriptionAnswer } from "./billing.test-support";
import { PaymentSuccessPage } from "./PaymentSuccessPage";

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => clearSession());

const activated = (success: boolean) => ({ body: { status: "success", success } });
const paymentStatus = (subscription: string) => ({ body: { status: "success", subscription } });

/** Answers the payment states in turn, the last one from then on. */
function statesInTurn(...states: string[]): Route {
  let asked = 0;
  return () => paymentStatus(states[Math.min(asked++, states.length - 1)]!);
}

/**
 * The page polls every 10 ms. It gives up after `timeoutMs`: long by default, so that a loaded machine answering
 * the three checks slowly does not make a test meant to end paid or failed end in the timeout; the test of the
 * timeout sets it short.
 */
function renderReturn(
  routes: Record<string, Route>,
  { path = "/payment-success?session_id=cs_1", user = signedInCustomer as typeof signedInCustomer | null, timeoutMs = 8_000 } = {},
) {
  return renderBillingScreen(<PaymentSuccessPage intervalMs={10} timeoutMs={timeoutMs} />, {
    "GET /orders/get-subscription": () => subscriptionAnswer(storedSubscription({ is_active: true, chosen_product: "basic", subscription_type: "annual" })),
    ...routes,
  }, { path, user });
}

describe("the payment return page", { timeout: 30_000 }, () => {
  it("activates the session's product, asks until the payment is paid, activates again and shows the plan", async () => {
    const { server } = await renderReturn({
      "POST /orders/activate-product": () => activated(false),
      "GET /orders/check-payment-status": statesInTurn("pending", "pending", "paid"),
    });
    expect(await screen.findByText("Payment received")).toBeTruthy();
    expect(server.callsTo("POST /orders/activate-product").map((call) => call.body)).toEqual([{ session_id: "cs_1" }, { session_id: "cs_1" }]);
    const checks = server.callsTo("GET /orders/check-payment-status");
    expect(checks).toHaveLength(3);
    expect(checks[0]?.query).toEqual({ customerId: "cust1" });
    expect((await screen.findByTestId("activated-plan")).textContent).toBe("Your plan: Basic (Annual)");
    fireEvent.click(screen.getByRole("link", { name: "Go to home" }));
    expect(await screen.findByText("The customer home")).toBeTruthy();
  });

  it("gives up after the timeout with what to do, and tries again on request", async () => {
    let paid = false;
    const { server } = await renderReturn({
      "POST /orders/activate-product": () => activated(paid),
      "GET /orders/check-payment-status": () => paymentStatus(paid ? "paid" : "pending"),
    }, { timeoutMs: 150 });
    expect(await screen.findByText("Payment was not completed in time. Please try again.")).toBeTruthy();
    expect(screen.getByText(/try again in a minute/)).toBeTruthy();
    const checksBefore = server.callsTo("GET /orders/check-payment-status").length;
    expect(checksBefore).toBeGreaterThan(2);
    // It stops asking once it gave up.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(server.callsTo("GET /orders/check-payment-status")).toHaveLength(checksBefore);
    paid = true;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Payment received")).toBeTruthy();
    expect(server.callsTo("POST /orders/activate-product")).toHaveLength(2);
  });

  it("says a refused payment failed", async () => {
    await renderReturn({
      "POST /orders/activate-product": () => activated(false),
      "GET /orders/check-payment-status": statesInTurn("pending", "failed"),
    });
    expect(await screen.findByText("The payment failed")).toBeTruthy();
    expect(screen.queryByText("Payment received")).toBeNull();
  });

  it("says an unknown checkout session cannot be found", async () => {
    const { server } = await renderReturn({ "POST /orders/activate-product": () => problem(404, "not_found", "Not found") });
    expect(await screen.findByText("This payment could not be found")).toBeTruthy();
    expect(server.callsTo("GET /orders/check-payment-status")).toHaveLength(0);
  });

  it("trusts the activation when nobody is signed in to ask about", async () => {
    const { server } = await renderReturn({ "POST /orders/activate-product": () => activated(true) }, { user: null });
    expect(await screen.findByText("Payment received")).toBeTruthy();
    expect(server.callsTo("GET /orders/check-payment-status")).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
  });

  it("explains that there is nothing to check without a session id", async () => {
    const { server } = await renderReturn({}, { path: "/payment-success" });
    expect(await screen.findByText("No payment to check")).toBeTruthy();
    await waitFor(() => expect(server.calls.filter((call) => call.path !== "/orders/get-subscription")).toHaveLength(0));
  });
});
