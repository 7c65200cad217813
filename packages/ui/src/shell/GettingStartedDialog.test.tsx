import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { createApi } from "../api/client";
import type { SessionUser } from "../session/session";
import { renderWithApi } from "../test/render";
import { GettingStartedDialog } from "./GettingStartedDialog";

const user: SessionUser = {
  id: "u1",
  role: "customer",
  customerId: "cust1",
  firstname: "Sam",
  lastname: "Shop",
  username: "sam@shop.test",
  showInstructions: true,
  showWizard: false,
};

/** A page as the shell shows it, its main content under a heading, and the dialog opened on its own or by a button. */
function Page({ byButton }: { byButton: boolean }) {
  const [open, setOpen] = useState(!byButton);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show getting started
      </button>
      <main id="main-content" tabIndex={-1}>
        <h1>Welcome back</h1>
        <button type="button">Edit design</button>
      </main>
      {open && <GettingStartedDialog user={user} />}
    </>
  );
}

async function renderPage(byButton: boolean) {
  const router = createMemoryRouter([{ path: "/", element: <Page byButton={byButton} /> }]);
  await renderWithApi(<RouterProvider router={router} />, createApi());
}

afterEach(() => sessionStorage.clear());

describe("the getting-started dialog", { timeout: 30_000 }, () => {
  it("gives the focus to the page's main heading when Escape closes it after it opened on its own", async () => {
    await renderPage(false);
    await screen.findByRole("dialog", { name: "Getting started" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Welcome back" })),
    );
  });

  it("gives the focus back to what opened it", async () => {
    await renderPage(true);
    const opener = screen.getByRole("button", { name: "Show getting started" });
    opener.focus();
    await userEvent.keyboard("{Enter}");
    await screen.findByRole("dialog", { name: "Getting started" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
