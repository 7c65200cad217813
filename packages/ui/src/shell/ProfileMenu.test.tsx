import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { fakeTrainingServer } from "../features/training/fakeServer.test-support";
import { renderWithApi } from "../test/render";
import { ProfileMenu, availabilityStorageKey } from "./ProfileMenu";

const user = { id: "u1", firstname: "Chris", lastname: "Customer", email: "chris@example.test", role: "customer", customerId: "c1" } as const;

afterEach(() => localStorage.removeItem(availabilityStorageKey));

describe("the profile menu", () => {
  it("shows the agent's availability on its button, and Away once chosen, as the server is told", async () => {
    const server = fakeTrainingServer({ "POST /users/availability": () => ({ body: { status: "success" } }) });
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
