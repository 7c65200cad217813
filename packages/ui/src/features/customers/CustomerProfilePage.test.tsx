import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createParleyClient } from "@parley/sdk";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/client";
import { clearSession, setSession } from "../../session/session";
import { continueToSubscriptionKey } from "../../shell/ProfileMenu";
import { renderWithUi } from "../../test/render";
import { CustomerProfilePage } from "./CustomerProfilePage";

const customerId = "7b1f3c2e-1111-4a4a-8a8a-000000000001";
const stored = {
  _id: customerId,
  name: "Fietsenwinkel",
  companyName: "Fietsenwinkel B.V.",
  contactPerson: "Anna",
  contactPersonPhone: null,
  contactPersonEmail: "anna@fiets.test",
  street: "Kerkstraat",
  houseNumber: null,
  addition: null,
  postalCode: null,
  city: "Utrecht",
  country: "NL",
  stripe_customer_id: null,
  language: "nl",
  timezone: null,
  taxExempt: null,
  taxId: null,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The profile page of a customer user, with the server's answers to the customer read and save. */
async function openProfile(options: { role?: "customer" | "customer_so"; readFails?: boolean } = {}) {
  setSession("token", { id: "u1", customerId, role: options.role ?? "customer", firstname: "Anna", lastname: "Tester", username: "anna" });
  const calls: { method: string; path: string; body?: unknown }[] = [];
  let current: Record<string, unknown> = { ...stored };
  const api = createParleyClient({
    baseUrls: { configurationServer: "http://portal.test/api", chatServer: "http://portal.test/api", chatbotBackend: "http://portal.test/api" },
    getToken: () => "token",
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === "GET" && url.pathname === "/api/customer") {
        calls.push({ method: "GET", path: `${url.pathname}${url.search}` });
        if (options.readFails) return json({ status: "error", code: "unexpected_error", message: "Something went wrong" }, 500);
        return json({ status: "success", data: current });
      }
      const body = (await request.clone().json()) as Record<string, unknown>;
      calls.push({ method: request.method, path: url.pathname, body });
      current = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) };
      return json({ status: "success", message: "Data saved", updated_id: customerId, inserted_id: null, updated_customer: current });
    },
  });
  await renderWithUi(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider api={api}>
        <MemoryRouter initialEntries={["/customer-profile"]}>
          <Routes>
            <Route path="/customer-profile" element={<CustomerProfilePage />} />
            <Route path="/subscription/view" element={<p>Subscription page</p>} />
            <Route path="/pricing" element={<p>Pricing page</p>} />
          </Routes>
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  clearSession();
  sessionStorage.clear();
});

describe("a customer's own profile page", { timeout: 30_000 }, () => {
  it("shows the company's stored details and saves a change with the customer's id", async () => {
    const calls = await openProfile();
    const city = (await screen.findByLabelText(/City/)) as HTMLInputElement;
    expect(city.value).toBe("Utrecht");
    expect(screen.getByText(/Address incomplete/)).toBeTruthy();
    fireEvent.change(city, { target: { value: "Amersfoort" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const saved = calls.find((call) => call.method === "POST")!;
    expect(saved.path).toBe("/api/customer/create_or_update");
    expect(saved.body).toMatchObject({ _id: customerId, city: "Amersfoort", name: "Fietsenwinkel" });
    expect(calls[0]).toEqual({ method: "GET", path: `/api/customer?_id=${customerId}` });
  });

  it("shows the tax exemption as the provider set it, not for the customer to change", async () => {
    await openProfile();
    const exempt = (await screen.findByLabelText("Exempt from VAT")) as HTMLInputElement;
    expect(exempt.disabled).toBe(true);
    expect(screen.getByText("Set by us. Contact us if your company is exempt from VAT.")).toBeTruthy();
  });

  it("offers the time zones by name with their offset, and saves the one chosen", async () => {
    const calls = await openProfile();
    const zone = (await screen.findByLabelText(/Time zone/)) as HTMLSelectElement;
    expect(zone.tagName).toBe("SELECT");
    const amsterdam = [...zone.options].find((option) => option.value === "Europe/Amsterdam");
    expect(amsterdam?.text).toMatch(/^Europe\/Amsterdam \(UTC\+0[12]:00\)$/);
    expect([...zone.options].find((option) => option.value === "America/New_York")?.text).toMatch(/^America\/New York \(UTC-0[45]:00\)$/);
    fireEvent.change(zone, { target: { value: "Europe/Amsterdam" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")!.body).toMatchObject({ timezone: "Europe/Amsterdam" });
  });

  it("continues to the subscription once a user sent here from Subscription has completed the address", async () => {
    sessionStorage.setItem(continueToSubscriptionKey, "1");
    await openProfile();
    expect(await screen.findByText("Complete your address to continue to the subscription.")).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/House number/), { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText(/Postal code/), { target: { value: "3511 AB" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("Subscription page")).toBeTruthy();
    expect(sessionStorage.getItem(continueToSubscriptionKey)).toBeNull();
  });

  it("stays on the page while the address is still incomplete", async () => {
    sessionStorage.setItem(continueToSubscriptionKey, "1");
    const calls = await openProfile({ role: "customer_so" });
    fireEvent.change(await screen.findByLabelText(/House number/), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(screen.queryByText("Pricing page")).toBeNull();
    expect(screen.getByText(/Address incomplete/)).toBeTruthy();
    expect(sessionStorage.getItem(continueToSubscriptionKey)).toBe("1");
  });

  it("takes no more than the contract allows and says so for a longer name", async () => {
    const calls = await openProfile();
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    expect(name.maxLength).toBe(200);
    expect((screen.getByLabelText(/^Contact person/) as HTMLInputElement).maxLength).toBe(100);
    expect((screen.getByLabelText(/^House number/) as HTMLInputElement).maxLength).toBe(20);
    // A browser stops typing at the limit; a longer value put in otherwise still gets the domain's message.
    fireEvent.change(name, { target: { value: "x".repeat(201) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Use at most 200 characters")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("says what went wrong when the details cannot be read, and reads them again on request", async () => {
    const calls = await openProfile({ readFails: true });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "GET")).toHaveLength(2));
  });
});
