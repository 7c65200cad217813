import { aiFunctions } from "@parley/domain/aiFunctions";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { FunctionsPage } from "./FunctionsPage";
import { workflowQueryKeys, type Workflow } from "./hooks";

// Whole screens in jsdom, on two cores shared with other suites: waits longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

const stored: Workflow = {
  _id: "w1",
  configuration_id: "c1",
  name: "Order status",
  trigger_function: "get_order_status",
  actions: [{ type: "retrieve_order", platform: "Shopify", target: null, message: null }],
  use_test_data: true,
  conversation_values: [],
  function_values: [],
};

/** The screen over a loaded configuration, catalogue and workflow list. */
function renderFunctions() {
  return renderConfigurationScreen(<FunctionsPage />, {
    configuration: { functions_enabled: true, functions: ["get_order_status"] },
    cached: [
      [workflowQueryKeys.aiFunctions, aiFunctions.map((entry) => ({ ...entry, parameters: [...entry.parameters] }))],
      [workflowQueryKeys.list("c1"), [stored]],
    ],
  });
}

describe("the AI functions screen", { timeout: 30_000 }, () => {
  it("shows the switched-on functions and the workflows with their actions", async () => {
    await renderFunctions();
    const orderStatus = await screen.findByRole("checkbox", { name: /Order status/ });
    expect((orderStatus as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: /Contact request/ }) as HTMLInputElement).checked).toBe(false);
    const table = screen.getByRole("table", { name: "Workflows" });
    expect(within(table).getByText("Look up an order (Shopify)")).toBeTruthy();
    expect(within(table).getByText("Test data")).toBeTruthy();
  });

  it("says under the switch that functions need a language model, linked to the switch", async () => {
    await renderFunctions();
    const functions = await screen.findByLabelText("AI functions (workflows)");
    const help = screen.getByText(/The language model that writes the answers calls these functions/);
    expect(functions.getAttribute("aria-describedby")?.split(" ")).toContain(help.id);
  });

  it("refuses an incomplete workflow with the domain's messages, by field", async () => {
    await renderFunctions();
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: what asked to be scrolled into view is recorded.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    fireEvent.click(await screen.findByRole("button", { name: "New workflow" }));
    const form = await screen.findByRole("form", { name: "New workflow" });
    // The form opens below the list, maybe out of sight: it comes into view.
    await waitFor(() => expect(scrolled.some((element) => element.contains(form))).toBe(true));
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    fireEvent.click(within(form).getByRole("button", { name: "Save workflow" }));
    await waitFor(() => expect(within(form).getAllByText("This field is required")).toHaveLength(4));
    const action = within(form).getByRole("group", { name: "Action 1" });
    fireEvent.click(within(action).getByRole("button", { name: "Remove action 1" }));
    await within(form).findByText("Add at least one valid action");

    // Choosing the function shows the values its actions may use.
    fireEvent.change(within(form).getByLabelText(/Trigger function/), { target: { value: "request_contact" } });
    await within(form).findByText("{{phone}}");
    expect(within(form).getByTestId("available-values").textContent).toBe("{{name}}{{phone}}{{question}}{{session_id}}{{client_ip}}");
  });

  it("leaves out the 'no workflows yet' notice while the first workflow is being written", async () => {
    await renderConfigurationScreen(<FunctionsPage />, {
      configuration: { functions_enabled: true, functions: ["get_order_status"] },
      cached: [
        [workflowQueryKeys.aiFunctions, aiFunctions.map((entry) => ({ ...entry, parameters: [...entry.parameters] }))],
        [workflowQueryKeys.list("c1"), []],
      ],
    });
    await screen.findByText("No workflows yet");
    Element.prototype.scrollIntoView = () => undefined;
    fireEvent.click(screen.getByRole("button", { name: "New workflow" }));
    await screen.findByRole("form", { name: "New workflow" });
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    expect(screen.queryByText("No workflows yet")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByText("No workflows yet");
  });

  it("opens a stored workflow for editing, and asks before leaving with its changes unsaved", async () => {
    const router = await renderFunctions();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Order status" }));
    const form = await screen.findByRole("form", { name: "Edit workflow Order status" });
    expect((within(form).getByLabelText(/Webshop/) as HTMLSelectElement).value).toBe("Shopify");
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: "Order status (new)" } });

    void router.navigate("/elsewhere");
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/screen"));

    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: /Edit workflow/ })).toBeNull());
    void router.navigate("/elsewhere");
    await screen.findByText("Another page");
  });

  it("asks before deleting", async () => {
    await renderFunctions();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Order status" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete workflow Order status?" });
    expect(within(dialog).getByText("The workflow and its actions are removed. This cannot be undone.")).toBeTruthy();
  });
});
