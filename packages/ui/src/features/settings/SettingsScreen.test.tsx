import { newConfigurationDefaults } from "@parley/domain/configuration";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ApiProvider, createApi } from "../../api/client";
import { selectConfiguration } from "../../configuration/selection";
import { shellQueryKeys } from "../../shell/hooks";
import { renderWithUi } from "../../test/render";
import { AiSettingsPage } from "./SettingsPages";

/** The AI settings of a loaded configuration (the query cache holds it, as after a read), in a data router. */
async function renderAiSettings() {
  const configuration = { _id: "c1", ...newConfigurationDefaults({ selfOnboarding: false, now: new Date("2026-11-22"), name: "shop" }) };
  selectConfiguration({ _id: "c1", name: "shop" });
  const queryClient = new QueryClient();
  queryClient.setQueryData(shellQueryKeys.configuration("c1"), { status: "success", data: configuration });
  const router = createMemoryRouter(
    [
      { path: "/settings/ai-settings", element: <AiSettingsPage /> },
      { path: "/elsewhere", element: <p>Another page</p> },
    ],
    { initialEntries: ["/settings/ai-settings"] },
  );
  await renderWithUi(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={createApi()}>
        <RouterProvider router={router} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return router;
}

// Whole screens in jsdom: generous, as the root test command runs them beside other packages on two cores.
describe("a settings screen", { timeout: 20_000 }, () => {
  it("marks and lists what differs from the loaded copy, and resets to it", async () => {
    await renderAiSettings();
    const temperature = await screen.findByLabelText("Temperature");
    expect(screen.getByText("All changes are saved")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Save/ }).hasAttribute("disabled")).toBe(true);

    fireEvent.change(temperature, { target: { value: "0.7" } });
    // fireEvent, not userEvent: moving focus off a Chakra switch needs PointerEvent, which jsdom lacks.
    fireEvent.click(screen.getByRole("checkbox", { name: /Alert triggers/ }));
    await screen.findByText("Unsaved changes: 2");
    expect(screen.getByTestId("changed-fields").textContent).toBe("Temperature, Alert triggers");
    // The switch reveals its keywords; the changed fields carry a badge.
    expect(screen.getByLabelText("Alert keywords")).toBeTruthy();
    expect(screen.getAllByText("Changed")).toHaveLength(2);

    // Back to the loaded value by hand: no longer listed.
    fireEvent.change(temperature, { target: { value: "0.1" } });
    await screen.findByText("Unsaved changes: 1");

    fireEvent.click(screen.getByRole("button", { name: /Reset/ }));
    await screen.findByText("All changes are saved");
    expect(screen.queryByLabelText("Alert keywords")).toBeNull();
  });

  it("shows a number out of its range as the domain's issue", async () => {
    await renderAiSettings();
    fireEvent.change(await screen.findByLabelText("Top-p"), { target: { value: "3" } });
    await screen.findByText("Enter a number from 0 to 1");
  });

  it("asks before leaving with unsaved changes, and stays when asked to", async () => {
    const router = await renderAiSettings();
    fireEvent.change(await screen.findByLabelText("Maximum tokens"), { target: { value: "900" } });
    await screen.findByText("Unsaved changes: 1");
    void router.navigate("/elsewhere");
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/ai-settings"));
    expect((screen.getByLabelText(/^Maximum tokens/) as HTMLInputElement).value).toBe("900");

    void router.navigate("/elsewhere");
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave without saving" }));
    await screen.findByText("Another page");
  });
});
