import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { fakeTrainingServer, problem } from "../features/training/fakeServer.test-support";
import { renderWithApi } from "../test/render";
import { ProfileMenu, availabilityStorageKey } from "./ProfileMenu";

const user = {
  id: "u1",
  firstname: "Chris",
  lastname: "Customer",
  email: "chris@example.test",
  role: "customer",
  customerId: "c1",
} as const;

afterEach(() => localStorage.removeItem(availabilityStorageKey));

describe("the profile menu", () => {
  it("shows the agent's availability on its button, and Away once chosen, as the server is told", async () => {
    const server = fakeTrainingServer({
      "POST /users/availability": () => ({ body: { status: "success" } }),
    });
    await renderWithApi(
      <MemoryRouter>
        <ProfileMenu user={user as never} role="customer" onLogout={() => {}} />
      </MemoryRouter>,
      server.api,
    );
    const trigger = screen.getByRole("button", { name: "Profile menu" });
    expect(trigger.getAttribute("title")).toBe("Available");
    expect(trigger.querySelector("[data-availability]")?.getAttribute("data-availability")).toBe("available");

    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole("menuitemradio", { name: "Away" }));
    await waitFor(() => expect(trigger.getAttribute("title")).toBe("Away"));
    expect(trigger.querySelector("[data-availability]")?.getAttribute("data-availability")).toBe("away");
    expect(localStorage.getItem(availabilityStorageKey)).toBe("false");
    await waitFor(() => expect(server.calls.some((call) => call.path === "/users/availability")).toBe(true));
  });
});

describe("changing one's own password from the profile menu", () => {
  const admin = {
    id: "a1",
    firstname: "Ada",
    lastname: "Admin",
    email: "ada@example.test",
    role: "admin",
  } as const;
  const strong = "N3w!Password";

  async function openDialog(routes: Parameters<typeof fakeTrainingServer>[0]) {
    const server = fakeTrainingServer(routes);
    await renderWithApi(
      <MemoryRouter>
        <ProfileMenu user={admin as never} role="admin" onLogout={() => {}} />
      </MemoryRouter>,
      server.api,
    );
    const trigger = screen.getByRole("button", { name: "Profile menu" });
    fireEvent.click(trigger);
    // By keyboard, as jsdom's pointer events do not highlight a menu item.
    const item = await screen.findByRole("menuitem", { name: "Change password" });
    for (let step = 0; step < 10 && !item.hasAttribute("data-highlighted"); step += 1)
      await userEvent.keyboard("{ArrowDown}");
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Change your password" });
    return { server, trigger, dialog };
  }

  const fill = (label: string | RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  afterEach(() => localStorage.removeItem("accessToken"));

  it("is offered to an admin too, and goes on with the token the server answers", async () => {
    const { server, trigger, dialog } = await openDialog({
      "POST /users/refresh_password": () => ({
        body: { status: "success", message: "Password updated successfully", token: "the-new-token" },
      }),
    });
    fill(/^Current password/, "Demo!2345");
    fill(/^New password/, strong);
    fill(/^Confirm new password/, strong);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save password" }));

    await waitFor(() => expect(server.callsTo("POST /users/refresh_password")).toHaveLength(1));
    expect(server.callsTo("POST /users/refresh_password")[0]?.body).toEqual({
      currentPassword: "Demo!2345",
      password: strong,
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Change your password" })).toBeNull());
    expect(localStorage.getItem("accessToken")).toBe("the-new-token");
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("says at the field when the current password is wrong, and keeps the dialog open", async () => {
    const { server, dialog } = await openDialog({
      "POST /users/refresh_password": () => problem(400, "invalid_credentials", "Invalid login credentials"),
    });
    fill(/^Current password/, "Wrong!2345");
    fill(/^New password/, strong);
    fill(/^Confirm new password/, strong);
    // Enter in the last field, as a keyboard user does: the focus then moves to the refused field, which
    // blurs the last one and makes the form validate again before anything re-renders.
    screen.getByLabelText(/^Confirm new password/).focus();
    fireEvent.submit(screen.getByLabelText(/^Confirm new password/).closest("form") as HTMLFormElement);

    expect(await within(dialog).findByText(/This is not your current password/)).toBeTruthy();
    // Still said after the form validates again, as it does when the focus leaves a field.
    fireEvent.blur(screen.getByLabelText(/^Confirm new password/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).getByText(/This is not your current password/)).toBeTruthy();
    expect(server.callsTo("POST /users/refresh_password")).toHaveLength(1);
    await waitFor(() => expect(document.activeElement?.getAttribute("name")).toBe("currentPassword"));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(localStorage.getItem("accessToken")).toBeNull();
  });

  it("refuses a new password equal to the current one or not confirmed, without asking the server", async () => {
    const { server, dialog } = await openDialog({});
    fill(/^Current password/, strong);
    fill(/^New password/, strong);
    fill(/^Confirm new password/, "Other!2345");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save password" }));

    expect(await within(dialog).findByText("Choose a password other than your current one")).toBeTruthy();
    expect(within(dialog).getByText("Passwords do not match")).toBeTruthy();
    expect(server.callsTo("POST /users/refresh_password")).toHaveLength(0);
  });
});
