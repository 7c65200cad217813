import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { selectConfiguration } from "../../configuration/selection";
import { clearSession } from "../../session/session";
import { problem, type Route } from "../training/fakeServer.test-support";
import { renderBillingScreen, signedInCustomer, storedSubscription, subscriptionAnswer } from "./billing.test-support";
import { browserNavigation, checkoutAddress } from "./checkout";
import { PricingPage } from "./PricingPage";

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const now = () => new Date("2026-11-22T10:00:00Z");

function clientSettings(priceIds: { basicMonthlyPriceId: string | null; basicAnnualPriceId: string | null }) {
  return {
    body: {
      status: "success",
      data: {
        configurationServerUrl: "/api",
        chatServerUrl: "/api",
        chatbotBackendUrl: "/api",
        promptBotConfigurationId: null,
        chatbotHostUrl: "/widget",
        emailHandlerClientId: null,
        customerPortalUrl: null,
        loginPortalDomain: null,
        ...priceIds,
      },
    },
  };
}

const soTrial = storedSubscription({ chosen_product: "so_trial", manual_amount: 19.99, year_discount: 16.63, end_date: "2026-12-01" });

function renderPricing(routes: Record<string, Route> = {}) {
  return renderBillingScreen(<PricingPage now={now} />, {
    "GET /orders/get-subscription": () => subscriptionAnswer(soTrial),
    "GET /client-settings": () => clientSettings({ basicMonthlyPriceId: "price_monthly", basicAnnualPriceId: "price_annual" }),
    "POST /orders/create-fixed-checkout-session": () => ({ body: { status: "success", session_id: "cs_9", url: "https://pay.example.test/cs_9" } }),
    ...routes,
  }, { user: { ...signedInCustomer, role: "customer_so" } });
}

const plan = (name: string) => screen.getByRole("region", { name });

describe("the pricing page", { timeout: 30_000 }, () => {
  it("shows Trial with the current trial's days left, Basic by the month, and Custom by contact", async () => {
    await renderPricing();
    expect(await screen.findByText("Trial: 9 days left")).toBeTruthy();
    expect(within(plan("Trial")).getByText("200 messages")).toBeTruthy();
    expect(within(plan("Trial")).getByText("14 days to try everything")).toBeTruthy();
    expect(within(plan("Trial")).getByText("Current plan")).toBeTruthy();
    expect(within(plan("Basic")).getByText("€19.99 a month")).toBeTruthy();
    expect(within(plan("Basic")).getByText("500 messages a month")).toBeTruthy();
    expect(within(plan("Custom")).getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact-premium");
    // The discount itself is not shown (spec 02 §9).
    expect(screen.queryByText(/16[.,]63|%/)).toBeNull();
  });

  it("switches to the annual price and starts the fixed checkout with the annual price id", async () => {
    const assign = vi.spyOn(browserNavigation, "assign").mockImplementation(() => undefined);
    const { server } = await renderPricing();
    await screen.findByText("€19.99 a month");
    fireEvent.click(screen.getByLabelText("Pay annually"));
    expect(await within(plan("Basic")).findByText("€199.99 a year")).toBeTruthy();
    const choose = within(plan("Basic")).getByRole("button", { name: "Choose Basic annually" });
    await waitFor(() => expect(choose.hasAttribute("disabled")).toBe(false));
    fireEvent.click(choose);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example.test/cs_9"));
    expect(server.callsTo("POST /orders/create-fixed-checkout-session").map((call) => call.body)).toEqual([{ customer_id: "cust1", stripe_price_id: "price_annual" }]);
  });

  it("opens the built-in checkout page in the interface's language, and a payment provider's page as given", async () => {
    const assign = vi.spyOn(browserNavigation, "assign").mockImplementation(() => undefined);
    const local = "http://portal.test/api/orders/local-checkout/cs_9";
    await renderPricing({ "POST /orders/create-fixed-checkout-session": () => ({ body: { status: "success", session_id: "cs_9", url: local } }) });
    const choose = await within(await screen.findByRole("region", { name: "Basic" })).findByRole("button", { name: "Choose Basic monthly" });
    await waitFor(() => expect(choose.hasAttribute("disabled")).toBe(false));
    fireEvent.click(choose);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${local}?lang=en`));
    expect(checkoutAddress(local, "fr")).toBe(`${local}?lang=fr`);
    expect(checkoutAddress("/api/orders/local-checkout/cs_9", "de")).toBe(`${window.location.origin}/api/orders/local-checkout/cs_9?lang=de`);
    expect(checkoutAddress("https://checkout.stripe.com/c/pay/cs_9", "fr")).toBe("https://checkout.stripe.com/c/pay/cs_9");
    expect(checkoutAddress(local, "xx")).toBe(local);
  });

  it("starts the monthly checkout with the monthly price id", async () => {
    vi.spyOn(browserNavigation, "assign").mockImplementation(() => undefined);
    const { server } = await renderPricing();
    const choose = await within(await screen.findByRole("region", { name: "Basic" })).findByRole("button", { name: "Choose Basic monthly" });
    await waitFor(() => expect(choose.hasAttribute("disabled")).toBe(false));
    fireEvent.click(choose);
    await waitFor(() => expect(server.callsTo("POST /orders/create-fixed-checkout-session")).toHaveLength(1));
    expect(server.calls.at(-1)?.body).toEqual({ customer_id: "cust1", stripe_price_id: "price_monthly" });
  });

  it("says the payment cannot start when the checkout fails, and stays on the page", async () => {
    const assign = vi.spyOn(browserNavigation, "assign").mockImplementation(() => undefined);
    await renderPricing({ "POST /orders/create-fixed-checkout-session": () => problem(503, "checkout_failed", "Failed") });
    const choose = await within(await screen.findByRole("region", { name: "Basic" })).findByRole("button", { name: "Choose Basic monthly" });
    await waitFor(() => expect(choose.hasAttribute("disabled")).toBe(false));
    fireEvent.click(choose);
    const alert = await screen.findByRole("alert");
    expect(alert.getAttribute("data-error-code")).toBe("checkout_failed");
    expect(within(alert).getByText("Failed to start the checkout session. Please try again later.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("keeps Basic unavailable, and says why, when the lookup has no price id", async () => {
    const { server } = await renderPricing({ "GET /client-settings": () => clientSettings({ basicMonthlyPriceId: null, basicAnnualPriceId: null }) });
    expect(await screen.findByText("Online payment is not set up yet. Contact us to subscribe.")).toBeTruthy();
    expect(within(plan("Basic")).getByRole("button", { name: "Choose Basic monthly" }).hasAttribute("disabled")).toBe(true);
    expect(server.callsTo("POST /orders/create-fixed-checkout-session")).toHaveLength(0);
  });

  it("marks Basic as the current plan once it is paid", async () => {
    await renderPricing({ "GET /orders/get-subscription": () => subscriptionAnswer({ ...soTrial, chosen_product: "so_basic", is_active: true }) });
    expect(await within(await screen.findByRole("region", { name: "Basic" })).findByText("Current plan")).toBeTruthy();
    expect(within(plan("Trial")).queryByText("Current plan")).toBeNull();
    // Not a bare "Active" under the trial, which reads as a running trial.
    expect(within(plan("Trial")).queryByText("Active")).toBeNull();
    expect(within(plan("Trial")).getByText("Your trial is over: you are on a paid plan.")).toBeTruthy();
  });

  it("shows an annual subscriber the annual price of their plan, until they switch to monthly", async () => {
    await renderPricing({
      "GET /orders/get-subscription": () => subscriptionAnswer({ ...soTrial, chosen_product: "so_basic", is_active: true, subscription_type: "annual", trial_days: 0 }),
    });
    const basic = await screen.findByRole("region", { name: "Basic" });
    expect(await within(basic).findByText("€199.99 a year")).toBeTruthy();
    expect(within(basic).getByRole("button", { name: "Choose Basic annually" })).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Pay annually"));
    expect(await within(basic).findByText("€19.99 a month")).toBeTruthy();
  });

  it("tells a customer whose configuration has no subscription stored yet that the trial started with it, not that it starts later", async () => {
    await renderPricing({ "GET /orders/get-subscription": () => ({ body: { status: "success", data: null } }) });
    expect(await within(plan("Trial")).findByText("Your 14-day trial started with your first configuration.")).toBeTruthy();
    expect(screen.queryByText("Your trial starts with your first configuration.")).toBeNull();
  });

  it("tells a customer without a configuration that the trial starts with the first one", async () => {
    selectConfiguration(null);
    await renderBillingScreen(<PricingPage now={now} />, {
      "GET /client-settings": () => clientSettings({ basicMonthlyPriceId: "price_monthly", basicAnnualPriceId: "price_annual" }),
    }, { user: { ...signedInCustomer, role: "customer_so" }, configuration: null });
    expect(await within(await screen.findByRole("region", { name: "Trial" })).findByText("Your 14-day trial starts with your first configuration.")).toBeTruthy();
  });
});
