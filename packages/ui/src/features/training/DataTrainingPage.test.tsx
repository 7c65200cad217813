import type { PortalKind } from "@parley/domain/pages";
import type { Role } from "@parley/domain/roles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { configure, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { Outlet, RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/client";
import { selectConfiguration } from "../../configuration/selection";
import { clearSession, setSession } from "../../session/session";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { renderWithUi } from "../../test/render";
import { pageRoutes } from "../pageRoutes";
import { DataTrainingPage } from "./DataTrainingPage";
import { fakeTrainingServer } from "./fakeServer.test-support";

configure({ asyncUtilTimeout: 10_000 });

/** A page of the portal opened by its address with configuration c1 selected, as `role`. */
async function open(portal: PortalKind, role: Role, path: string) {
  setSession("a-token", { id: "u1", role, customerId: "c1", firstname: "Sam", lastname: "Setup", username: "sam@example.test" });
  selectConfiguration({ _id: "c1", name: "shop" });
  const server = fakeTrainingServer({
    "GET /training/urls/get": () => ({ body: { status: "success", urls: [{ url: "https://shop.test/contact", subject: "Contact" }] } }),
  });
  const router = createMemoryRouter([{ path: "/", element: <Suspense fallback={<p>Loading</p>}><Outlet /></Suspense>, children: pageRoutes(portal) }], { initialEntries: [path] });
  await renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider api={server.api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => clearSession());

describe("the Data Training screen's pages", { timeout: 30_000 }, () => {
  it("opens at Settings → Data training for admins, at the typed articles", async () => {
    await open("admin", "admin", "/settings/datatraining");
    expect(await screen.findByRole("heading", { name: "Data training", level: 1 })).toBeTruthy();
    expect((await screen.findByRole("tab", { name: "Typed articles" })).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("form", { name: "New article" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Webshop" })).toBeTruthy();
  });

  it("opens the admin's Data training at the Webshop section when the address names it", async () => {
    await open("admin", "admin", "/settings/datatraining?section=webshop");
    expect((await screen.findByRole("tab", { name: "Webshop" })).getAttribute("aria-selected")).toBe("true");
  });

  it("opens the self-onboarding customer's URLs at the URL list, beside the other sections", async () => {
    await open("customer", "customer_so", "/assistant/links");
    expect((await screen.findByRole("tab", { name: "URL list" })).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByDisplayValue("Contact")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Website" })).toBeTruthy();
    // Connecting a webshop is a premium feature the self-onboarding customer cannot use.
    expect(screen.queryByRole("tab", { name: "Webshop" })).toBeNull();
  });

  it("keeps the admin's Data → Manage URLs the URL manager alone", async () => {
    await open("admin", "admin", "/assistant/links");
    expect(await screen.findByDisplayValue("Contact")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});

describe("the Data Training screen while answering from the knowledge base is off", { timeout: 30_000 }, () => {
  const server = () =>
    fakeTrainingServer({ "GET /training/articles": () => ({ body: { status: "success", articles: [] } }) });

  it("tells an admin that trained articles are not used yet and leads to the switch", async () => {
    setSession("a-token", { id: "u1", role: "admin", customerId: null, firstname: "Ada", lastname: "Admin", username: "ada@example.test" });
    await renderConfigurationScreen(<DataTrainingPage />, { api: server().api, configuration: { rag_enabled: false } });
    const notice = await screen.findByRole("note");
    expect(within(notice).getByText("The assistant does not answer from trained articles yet")).toBeTruthy();
    expect(within(notice).getByRole("link", { name: "Open AI settings" }).getAttribute("href")).toBe("/settings/ai-settings");
  });

  it("says nothing when the configuration answers from it", async () => {
    setSession("a-token", { id: "u1", role: "admin", customerId: null, firstname: "Ada", lastname: "Admin", username: "ada@example.test" });
    await renderConfigurationScreen(<DataTrainingPage />, { api: server().api, configuration: { rag_enabled: true } });
    expect(await screen.findByRole("tab", { name: "Typed articles" })).toBeTruthy();
    expect(screen.queryByRole("note")).toBeNull();
  });
});
