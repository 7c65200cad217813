import { screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PortalContext } from "../../portalContext";
import { renderWithUi } from "../../test/render";
import { MaintenancePage, NotAuthorizedPage, NotFoundPage, RouteErrorPage, ServerErrorPage } from "./MessagePage";

const pages: [string, ReactElement][] = [
  ["not found", <NotFoundPage key="nf" />],
  ["server error", <ServerErrorPage key="se" />],
  ["not authorized", <NotAuthorizedPage key="na" />],
  ["maintenance", <MaintenancePage key="m" />],
  ["route error", <RouteErrorPage key="re" />],
];

describe("error and information pages", () => {
  it.each(pages)("the %s page shows the portal's brand", async (_name, page) => {
    await renderWithUi(
      <PortalContext.Provider value={{ kind: "admin", brand: "Parley Admin" }}>
        <MemoryRouter>{page}</MemoryRouter>
      </PortalContext.Provider>,
    );
    expect(screen.getByText("Parley Admin")).toBeTruthy();
    expect(screen.queryByText("Parley")).toBeNull();
  });

  it("wraps its actions rather than running them out of a narrow card", async () => {
    await renderWithUi(
      <MemoryRouter>
        <NotAuthorizedPage otherPortalUrl="/" otherPortalNameKey="misc.notAuthorized.title" onLogout={() => {}} />
      </MemoryRouter>,
    );
    const row = screen.getByRole("button", { name: "Sign in with another account" }).parentElement!;
    expect(getComputedStyle(row).flexWrap).toBe("wrap");
  });

  it("says Parley without a portal brand", async () => {
    await renderWithUi(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByText("Parley")).toBeTruthy();
  });
});
