import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { getSelectedConfiguration, requestConfigurationSwitch } from "../../configuration/selection";
import { answerRuleTexts } from "@parley/domain/answerRules";
import type { ComponentType } from "react";
import { clearSession, setSession } from "../../session/session";
import { AiSettingsPage, ConnectionsPage, GeneralSettingsPage, InstructionsPage } from "./SettingsPages";

/** A settings screen of a loaded configuration. */
function renderSettings(Screen: ComponentType) {
  return renderConfigurationScreen(<Screen />);
}

// Whole screens in jsdom: generous, as the root test command runs them beside other packages on two cores.
describe("a settings screen", { timeout: 30_000 }, () => {
  it("marks and lists what differs from the loaded copy, offers the default rules, and resets to it", async () => {
    await renderSettings(InstructionsPage);
    const entity = await screen.findByLabelText("Entity instruction (who the assistant is)");
    expect(screen.getByText("All changes are saved")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Save/ }).hasAttribute("disabled")).toBe(true);

    fireEvent.change(entity, { target: { value: "You are the shop's assistant." } });
    fireEvent.change(screen.getAllByLabelText("Default rules in")[0]!, { target: { value: "nl" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Use the default rules" })[0]!);
    await screen.findByText("Unsaved changes: 2");
    expect(screen.getByTestId("changed-fields").textContent).toBe("Entity instruction (who the assistant is), Answer instruction");
    expect((screen.getByLabelText(/^Answer instruction/) as HTMLTextAreaElement).value).toContain(answerRuleTexts.nl.greet_once);
    expect(screen.getAllByText("Changed")).toHaveLength(2);

    // Back to the loaded value by hand: no longer listed.
    fireEvent.change(entity, { target: { value: "" } });
    await screen.findByText("Unsaved changes: 1");

    fireEvent.click(screen.getByRole("button", { name: /Reset/ }));
    await screen.findByText("All changes are saved");
    expect((screen.getByLabelText("Answer instruction") as HTMLTextAreaElement).value).toBe("");
  });

  it("shows a number out of its range as the domain's issue", async () => {
    await renderSettings(AiSettingsPage);
    fireEvent.change(await screen.findByLabelText("Top-p"), { target: { value: "3" } });
    await screen.findByText("Enter a number from 0 to 1");
  });

  it("explains the technical fields under their labels, linked to the field", async () => {
    await renderSettings(AiSettingsPage);
    const temperature = await screen.findByLabelText("Temperature");
    const help = screen.getByText(/How freely answers are worded, from 0/);
    expect(temperature.getAttribute("aria-describedby")?.split(" ")).toContain(help.id);
    expect(screen.getByText(/The longest answer the model may write/)).toBeTruthy();
  });

  it("proposes the known model names as the model is typed, and takes a provider's own name too", async () => {
    await renderSettings(AiSettingsPage);
    const model = (await screen.findByLabelText("Model", { selector: "input" })) as HTMLInputElement;
    const proposed = document.getElementById(model.getAttribute("list") ?? "");
    expect(proposed?.tagName).toBe("DATALIST");
    expect([...proposed!.querySelectorAll("option")].map((option) => option.value)).toEqual(["gpt-4o-default", "gpt-4o-mini-default"]);
    expect(screen.getByText(/or a model name of your provider/)).toBeTruthy();
    fireEvent.change(model, { target: { value: "llama3.1:8b" } });
    await screen.findByText("Unsaved changes: 1");
  });

  it("says when an instruction applies and what an empty one means", async () => {
    await renderSettings(InstructionsPage);
    await screen.findByLabelText("Answer instruction");
    expect(screen.getByText(/Left empty, the default rules in the visitor's language apply/)).toBeTruthy();
    expect(screen.getByText(/Used only with the live chat monitor on/)).toBeTruthy();
  });

  it("answers a save with invalid fields: says so in the save bar and takes the focus to the first marked field", async () => {
    await renderSettings(AiSettingsPage);
    const topp = await screen.findByLabelText("Top-p");
    fireEvent.change(topp, { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText(/^Maximum tokens/), { target: { value: "-5" } });
    await screen.findByText("Enter a number from 0 to 1");
    expect(screen.queryByText("Correct the marked fields and try again.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await screen.findByText("Correct the marked fields and try again.");
    await waitFor(() => expect(document.activeElement).toBe(topp));
    // Corrected, the bar no longer says so.
    fireEvent.change(topp, { target: { value: "0.2" } });
    fireEvent.change(screen.getByLabelText(/^Maximum tokens/), { target: { value: "800" } });
    await waitFor(() => expect(screen.queryByText("Correct the marked fields and try again.")).toBeNull());
  });

  it("marks every invalid field at once, an emptied name too", async () => {
    setSession("a-token", { id: "a1", role: "admin", customerId: null, firstname: "Ada", lastname: "Admin", username: "ada@parley.test" });
    await renderSettings(GeneralSettingsPage);
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: "" } });
    fireEvent.change(screen.getByLabelText(/^Message limit/), { target: { value: "-10" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await screen.findByText("Correct the marked fields and try again.");
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("This field is required")).toBeTruthy();
    expect(screen.getByLabelText(/^Message limit/).getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(name));
    clearSession();
  });

  it("says which line of a list fails and why, instead of only marking the list red", async () => {
    await renderSettings(ConnectionsPage);
    fireEvent.change(await screen.findByLabelText("Ignore these addresses"), { target: { value: "a@b.test\nnot an address" } });
    await screen.findByText("Line 2: Please enter a valid email address");
  });

  it("asks before leaving with unsaved changes, and stays when asked to", async () => {
    const router = await renderSettings(InstructionsPage);
    fireEvent.change(await screen.findByLabelText("Goal instruction (what it is for)"), { target: { value: "Sell bread" } });
    await screen.findByText("Unsaved changes: 1");
    void router.navigate("/elsewhere");
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    // fireEvent: the dialog may still be animating in, when userEvent refuses a click (pointer-events: none).
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/screen"));
    expect((screen.getByLabelText(/^Goal instruction/) as HTMLTextAreaElement).value).toBe("Sell bread");
    // The first dialog must be gone: while it animates out, a second lookup could find it and click into a closing dialog.
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull(), { timeout: 5_000 });

    void router.navigate("/elsewhere");
    const leaving = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    fireEvent.click(within(leaving).getByRole("button", { name: "Leave and discard" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/elsewhere"), { timeout: 5_000 });
    await screen.findByText("Another page", undefined, { timeout: 5_000 });
  });

  it("asks before another configuration is chosen with unsaved changes, and keeps the current one when asked to", async () => {
    await renderSettings(InstructionsPage);
    fireEvent.change(await screen.findByLabelText("Goal instruction (what it is for)"), { target: { value: "Sell bread" } });
    await screen.findByText("Unsaved changes: 1");

    const staying = requestConfigurationSwitch({ _id: "c2", name: "other" });
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave without saving?" })).getByRole("button", { name: "Stay on this page" }));
    expect(await staying).toBe(false);
    expect(getSelectedConfiguration()?._id).toBe("c1");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

    const leaving = requestConfigurationSwitch({ _id: "c2", name: "other" });
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave and discard" }));
    expect(await leaving).toBe(true);
    expect(getSelectedConfiguration()?._id).toBe("c2");
  });

  it("switches configuration without asking when nothing changed", async () => {
    await renderSettings(InstructionsPage);
    await screen.findByLabelText("Goal instruction (what it is for)");
    expect(await requestConfigurationSwitch({ _id: "c3", name: "third" })).toBe(true);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
