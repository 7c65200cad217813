import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../session/session";
import { renderAdminPage } from "../../test/adminPage";
import { fakeTrainingServer, problem } from "../training/fakeServer.test-support";
import { UserForm } from "./UserForm";

afterEach(() => clearSession());

describe("the user form", { timeout: 30_000 }, () => {
  it("takes no more than the contract allows and says so for a longer name", async () => {
    const server = fakeTrainingServer({});
    await renderAdminPage(<UserForm user={null} revision={0} customers={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, server.api);
    const firstname = (await screen.findByLabelText(/^First name/)) as HTMLInputElement;
    expect(firstname.maxLength).toBe(100);
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).maxLength).toBe(100);
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).maxLength).toBe(254);
    // A browser stops typing at the limit; a longer value put in otherwise still gets the domain's message.
    fireEvent.change(firstname, { target: { value: "x".repeat(101) } });
    fireEvent.blur(firstname);
    expect(await screen.findByText("Use at most 100 characters")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("does not let the signed-in admin change their own role or deactivate themselves, but another user's", async () => {
    const server = fakeTrainingServer({});
    const entry = (id: string) => ({
      id, customerId: null, username: `${id}@example.test`, firstname: "Ada", lastname: "Admin", email: `${id}@example.test`, avatar: null,
      role: "admin" as const, status: "active" as const, showWizard: false, showInstructions: false, forceRefreshPassword: false, languageCode: "en", is_available: true, customerName: null,
    });
    // The admin page signs in as user u0.
    await renderAdminPage(<UserForm user={entry("u0")} revision={0} customers={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, server.api);
    expect(((await screen.findByLabelText(/^Role/)) as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Status/) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText("You cannot change your own role or deactivate yourself.")).toBeTruthy();
    cleanup();
    await renderAdminPage(<UserForm user={entry("u9")} revision={0} customers={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, server.api);
    expect(((await screen.findByLabelText(/^Role/)) as HTMLSelectElement).disabled).toBe(false);
    expect((screen.getByLabelText(/^Status/) as HTMLSelectElement).disabled).toBe(false);
  });

  it("says at the field that another user has the address, not the sign-in page's 'try logging in'", async () => {
    const server = fakeTrainingServer({
      "POST /users/add_or_update": () => ({
        ...problem(409, "account_exists", "This account already exists, try logging in"),
        body: { ...problem(409, "account_exists", "This account already exists, try logging in").body, errors: [{ path: "email", message: "This account already exists, try logging in" }] },
      }),
    });
    await renderAdminPage(<UserForm user={null} revision={0} customers={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, server.api);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: "Dup" } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: "Licate" } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: "customer@demo.test" } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Longenough1!" } });
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: "admin" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Another user already has this e-mail address")).toBeTruthy();
    expect(server.callsTo("POST /users/add_or_update")).toHaveLength(1);
    expect(screen.queryByText(/try logging in/)).toBeNull();
    expect(screen.queryByText("Invalid field")).toBeNull();
  });

  it("lists the customers in the language's order, ignoring case and accents, numbers by value", async () => {
    const server = fakeTrainingServer({});
    const customers = ["Bakery 10", "Zebra", "bakery 2", "Édith", "Ernst", "apple"].map((name, index) => ({ _id: `k${index}`, name }));
    await renderAdminPage(<UserForm user={null} revision={0} customers={customers as never} onSaved={vi.fn()} onCancel={vi.fn()} />, server.api);
    const picker = (await screen.findByLabelText(/^Customer/)) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent).slice(1)).toEqual(["apple", "bakery 2", "Bakery 10", "Édith", "Ernst", "Zebra"]);
  });
});
