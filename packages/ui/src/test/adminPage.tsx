import { RouterProvider, createMemoryRouter } from "react-router-dom";
import type { ReactElement } from "react";
import type { ParleyApi } from "../api/client";
import { setSession } from "../session/session";
import { renderWithApi } from "./render";

/**
 * An admin's page, signed in, in a data router at `/page` beside `/elsewhere` (a page to leave to),
 * over the SDK client `api`. Returns the router, to navigate.
 */
export async function renderAdminPage(page: ReactElement, api: ParleyApi) {
  setSession("a-token", { id: "u0", role: "admin", customerId: null, firstname: "Ada", lastname: "Admin", username: "ada@example.test" });
  const router = createMemoryRouter(
    [
      { path: "/page", element: page },
      { path: "/elsewhere", element: <p>Another page</p> },
    ],
    { initialEntries: ["/page"] },
  );
  await renderWithApi(<RouterProvider router={router} />, api);
  return router;
}
