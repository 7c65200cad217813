import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import {
  getSelectedConfiguration,
  guardConfigurationSwitch,
  selectConfiguration,
} from "../configuration/selection";
import { clearSession, setSession } from "../session/session";
import { fakeTrainingServer } from "../features/training/fakeServer.test-support";
import { renderWithApi } from "../test/render";
import { ConfigurationSelector } from "./ConfigurationSelector";

const configurations = [
  { _id: "a", name: "Shop A" },
  { _id: "b", name: "Shop B" },
];

async function renderSelector(
  stored: { _id: string; name: string } = configurations[0]!,
  listed = configurations,
) {
  setSession("a-token", {
    id: "u1",
    role: "admin",
    customerId: "c1",
    firstname: "Ada",
    lastname: "Admin",
    username: "ada@example.test",
  });
  selectConfiguration(stored);
  const server = fakeTrainingServer({
    "GET /configurations/search": () => ({ body: { status: "success", data: listed } }),
  });
  await renderWithApi(
    <MemoryRouter>
      <ConfigurationSelector isAdmin />
    </MemoryRouter>,
    server.api,
  );
  return screen.getByRole("combobox", { name: "Configuration" }) as HTMLInputElement;
}

async function pick(input: HTMLInputElement, name: string) {
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole("option", { name }));
}

afterEach(() => clearSession());

describe("the configuration selector", { timeout: 30_000 }, () => {
  it("shows the chosen configuration once the switch is allowed", async () => {
    const input = await renderSelector();
    expect(input.value).toBe("Shop A");
    await pick(input, "Shop B");
    await waitFor(() => expect(getSelectedConfiguration()?._id).toBe("b"));
    await waitFor(() => expect(input.value).toBe("Shop B"));
  });

  it("names a configuration chosen by its id only (from a notification) as the list names it", async () => {
    const input = await renderSelector({ _id: "b", name: "" });
    await waitFor(() => expect(input.value).toBe("Shop B"));
    expect(getSelectedConfiguration()).toEqual({ _id: "b", name: "Shop B" });
  });

  it("shows the current configuration again when a screen with unsaved changes keeps it", async () => {
    const input = await renderSelector();
    let answer: (leave: boolean) => void = () => {};
    const removeGuard = guardConfigurationSwitch(() => new Promise((resolve) => (answer = resolve)));
    try {
      await pick(input, "Shop B");
      await waitFor(() => expect(input.value).toBe("Shop B"));
      // "Stay on this page": the form still belongs to A, so the selector must say A.
      answer(false);
      await waitFor(() => expect(input.value).toBe("Shop A"));
      expect(getSelectedConfiguration()?._id).toBe("a");
    } finally {
      removeGuard();
    }
  });

  it("lists the configurations in the language's order, ignoring case and accents, numbers by value (the server's is plain text)", async () => {
    const listed = ["Bakery 10", "bakery 2", "Zebra", "Édith", "Ernst"].map((name, index) => ({
      _id: `k${index}`,
      name,
    }));
    const input = await renderSelector(listed[2], listed);
    fireEvent.click(input);
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(5));
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "bakery 2",
      "Bakery 10",
      "Édith",
      "Ernst",
      "Zebra",
    ]);
  });
});
