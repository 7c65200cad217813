import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithUi } from "../test/render";
import { useSmallForm, type SmallFormHelpers } from "./useSmallForm";

type Values = { email: string };

const validate = async (values: Values) => (values.email.includes("@") ? {} : { email: "Enter an e-mail address" });

function EmailForm({ onSubmit }: { onSubmit: (values: Values, helpers: SmallFormHelpers) => Promise<void> }) {
  const form = useSmallForm<Values>({ initialValues: { email: "" }, validate, onSubmit });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <input aria-label="Email" {...form.field("email")} />
      {form.errorOf("email") && <p role="alert">{form.errorOf("email")}</p>}
      <button type="submit" disabled={form.isSubmitting}>
        Send
      </button>
    </form>
  );
}

describe("useSmallForm", () => {
  it("shows a message only once the field is touched, and clears it when the value becomes valid", async () => {
    await renderWithUi(<EmailForm onSubmit={vi.fn()} />);
    const input = screen.getByLabelText("Email");
    fireEvent.change(input, { target: { value: "nope" } });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    fireEvent.blur(input);
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Enter an e-mail address");
    fireEvent.change(input, { target: { value: "a@b.test" } });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("touches every field on submit and sends nothing while invalid", async () => {
    const onSubmit = vi.fn(async () => undefined);
    await renderWithUi(<EmailForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Enter an e-mail address");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends valid values and shows the field messages the submit handler sets (server errors)", async () => {
    const onSubmit = vi.fn(async (_values: Values, helpers: SmallFormHelpers) => {
      await helpers.setFieldTouched("email", true, false);
      helpers.setFieldError("email", "Already registered");
    });
    await renderWithUi(<EmailForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Already registered");
    expect(onSubmit).toHaveBeenCalledWith({ email: "a@b.test" }, expect.anything());
  });
});
