import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { createParleyClient } from "@parley/sdk";
import { describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/client";
import { renderWithUi } from "../../test/render";
import { RegisterPage } from "./RegisterPage";

/** The registration page against a server that sends a code and refuses every code (nothing is signed in). */
async function openRegistration() {
  const calls: { url: string; body: unknown }[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const api = createParleyClient({
    baseUrls: { configurationServer: "http://portal.test/api", chatServer: "http://portal.test/api", chatbotBackend: "http://portal.test/api" },
    getToken: () => null,
    fetch: async (request) => {
      const url = new URL(request.url).pathname;
      if (request.method === "GET") return json(200, { password: true, google: false });
      calls.push({ url, body: await request.clone().json() });
      if (url === "/api/register") return json(200, { status: "success", message: "A code was sent" });
      return json(400, { type: "about:blank", title: "Bad Request", status: 400, code: "invalid_otp", message: "Invalid code, please check your email for the correct code." });
    },
  });
  await renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider api={api}>
        <MemoryRouter initialEntries={["/register"]}>
          <RegisterPage />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return calls;
}

/** Claire's details in the registration form (language left as it is). */
async function fillRegistration() {
  fireEvent.change(await screen.findByLabelText(/First name/), { target: { value: "Claire" } });
  fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: "Dubois" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "claire@velo.test" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Velo!2345x" } });
  fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: "Velo!2345x" } });
}

describe("the registration's one-time-code step", { timeout: 30_000 }, () => {
  it("is sent with Enter once the six digits are typed, as a keyboard user expects", async () => {
    const calls = await openRegistration();
    const user = userEvent.setup();
    await fillRegistration();
    fireEvent.change(screen.getByRole("combobox", { name: /Language/ }), { target: { value: "fr" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    const firstDigit = await screen.findByLabelText("Digit 1 of the code");
    await user.click(firstDigit);
    await user.keyboard("123456");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(calls.map((call) => call.url)).toContain("/api/validate-otp"));
    expect(calls.find((call) => call.url === "/api/validate-otp")?.body).toMatchObject({ email: "claire@velo.test", otp: "123456" });
  });

  it("puts the cursor in the first digit when the code step opens, so the code can be typed at once", async () => {
    await openRegistration();
    const user = userEvent.setup();
    await fillRegistration();
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    const firstDigit = await screen.findByLabelText("Digit 1 of the code");
    await waitFor(() => expect(document.activeElement).toBe(firstDigit));
  });
});
