import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../session/session";
import { renderAdminPage } from "../../test/adminPage";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
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
});
