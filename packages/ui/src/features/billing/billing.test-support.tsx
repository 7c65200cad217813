import type { ReactElement } from "react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { selectConfiguration } from "../../configuration/selection";
import { setSession, type SessionUser } from "../../session/session";
import { renderWithApi } from "../../test/render";
import { fakeTrainingServer, type Route } from "../training/fakeServer.test-support";

/** A customer signed in (customer "cust1"), configuration "c1" selected, as the shell leaves them. */
export const signedInCustomer: SessionUser = { id: "u1", role: "customer", customerId: "cust1", firstname: "Sam", lastname: "Shop", username: "sam@shop.test" };

/**
 * A billing screen at `path` in a data router beside the customer profile and home (pages to go to),
 * over the fake server answering `routes` (and the complete customer). With `configuration` selected ("c1" unless told). Returns the server, to read the calls.
 */
export async function renderBillingScreen(
  screen: ReactElement,
  routes: Record<string, Route>,
  { path = "/screen", user = signedInCustomer as SessionUser | null, configuration = { _id: "c1", name: "shop" } as { _id: string; name: string } | null } = {},
) {
  if (user) setSession("a-token", user);
  selectConfiguration(configuration);
  const server = fakeTrainingServer({ "GET /customer": () => ({ body: { status: "success", data: completeCustomer } }), ...routes });
  const router = createMemoryRouter(
    [
      { path: path.split("?")[0], element: screen },
      { path: "/customer-profile", element: <p>The profile page</p> },
      { path: "/customer", element: <p>The customer home</p> },
      { path: "/contact-premium", element: <p>The contact page</p> },
    ],
    { initialEntries: [path] },
  );
  await renderWithApi(<RouterProvider router={router} />, server.api);
  return { server, router };
}

/** The signed-in customer, its address complete (subscription actions need it). */
export const completeCustomer = {
  _id: "cust1",
  name: "Shop",
  companyName: "The Shop BV",
  street: "Kerkstraat",
  houseNumber: "12",
  postalCode: "1011 AB",
  city: "Amsterdam",
  country: "NL",
};

/** A subscription as the contract's Subscription schema describes it. */
export function storedSubscription(fields: Record<string, unknown> = {}) {
  return {
    _id: "s1",
    configuration_id: "c1",
    customer_id: "cust1",
    subscription_type: "monthly",
    is_active: false,
    chosen_product: "entry",
    manual_amount: 149,
    year_discount: 0,
    end_date: "2026-12-01",
    trial_days: 14,
    activation: "active",
    stripe_subscription_id: null,
    ...fields,
  };
}

export const subscriptionAnswer = (data: unknown) => ({ body: { status: "success", data } });
