import type { Role } from "@parley/domain/roles";
import { screen } from "@testing-library/react";
import { Suspense } from "react";
import { Outlet, RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { PortalKind } from "@parley/domain/pages";
import { namespaceLoader } from "../i18n/namespaces";
import { clearSession, setSession } from "../session/session";
import { renderWithApi } from "../test/render";
import { featureNamespaceLoaders } from "./featureNamespaces";
import { fakeTrainingServer } from "./training/fakeServer.test-support";
import { pageRoutes } from "./pageRoutes";

/** A page of the manifest opened by its address, signed in as `role` (as the guard leaves the session). */
async function open(portal: PortalKind, role: Role, path: string) {
  setSession("a-token", { id: "u1", role, customerId: "c1", firstname: "Sam", lastname: "Setup", username: "sam@example.test" });
  const router = createMemoryRouter(
    [{ path: "/", element: <Suspense fallback={<p>Loading</p>}><Outlet /></Suspense>, children: pageRoutes(portal) }],
    { initialEntries: [path] },
  );
  // The customer's invoices, for the page that opens.
  const server = fakeTrainingServer({ "GET /orders/invoices": () => ({ body: { status: "success", data: [], years: [] } }) });
  await renderWithApi(<RouterProvider router={router} />, server.api);
}

const notAuthorized = "You are not authorized to view this page";

afterEach(() => clearSession());

describe("the manifest's pages enforce its roles", { timeout: 30_000 }, () => {
  it("keeps a self-onboarding customer out of the customer's pages", async () => {
    await open("customer", "customer_so", "/conversations/postprocessed");
    expect(await screen.findByText(notAuthorized)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" })).toBeTruthy();
  });

  it("keeps a customer out of the self-onboarding customer's pages", async () => {
    await open("customer", "customer", "/assistant/embedding");
    expect(await screen.findByText(notAuthorized)).toBeTruthy();
  });

  it("keeps a customer role out of an admin-only page", async () => {
    await open("admin", "customer", "/customers");
    expect(await screen.findByText(notAuthorized)).toBeTruthy();
  });

  it("opens a page for a role the manifest names", async () => {
    await open("customer", "customer", "/subscription/invoices");
    expect(await screen.findByRole("heading", { name: "Invoices" })).toBeTruthy();
    expect(await screen.findByText(`No invoices in ${new Date().getFullYear()}`)).toBeTruthy();
    expect(screen.queryByText(notAuthorized)).toBeNull();
  });

  it("opens a path listed for several roles to each of them", async () => {
    await open("customer", "customer_so", "/assistant/links");
    expect(await screen.findByText("Select a configuration")).toBeTruthy();
    expect(screen.queryByText(notAuthorized)).toBeNull();
  });
});

describe("the dashboards and the assistant home are screens, not 'coming soon'", { timeout: 30_000 }, () => {
  const comingSoon = "We are building this screen. It will be available here soon.";

  it("opens the CRM dashboard for an admin", async () => {
    await open("admin", "admin", "/dashboard-crm");
    expect(await screen.findByRole("heading", { name: "CRM dashboard" })).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Newest leads" })).toBeTruthy();
    expect(screen.queryByText(comingSoon)).toBeNull();
  });

  it("asks an admin to select a configuration before the e-commerce dashboard", async () => {
    await open("admin", "admin", "/dashboard/ecommerce");
    expect(await screen.findByText("Select a configuration")).toBeTruthy();
    expect(screen.queryByText(comingSoon)).toBeNull();
  });

  it("opens the assistant home for a customer with a configuration selected", async () => {
    localStorage.setItem("parley.selectedConfiguration", JSON.stringify({ _id: "c1", name: "shop" }));
    await open("customer", "customer", "/aiassistant");
    expect(await screen.findByRole("heading", { name: "AI assistant" })).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Next steps" })).toBeTruthy();
    expect(screen.queryByText(comingSoon)).toBeNull();
  });
});

describe("page routes", () => {
  it("register the features' translation namespaces as they are built", () => {
    pageRoutes("admin");
    expect(Object.keys(featureNamespaceLoaders).filter((name) => namespaceLoader(name) === undefined)).toEqual([]);
  });

  it("give every page of the admin manifest one route", () => {
    const paths = pageRoutes("admin").map((route) => (route.index ? "/" : `/${route.path}`));
    expect(paths).toContain("/customers");
    expect(paths).toContain("/settings/general");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
