import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { createParleyClient } from "@parley/sdk";
import { describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/client";
import { renderWithUi } from "../../test/render";
import { ResetPasswordPage } from "./ResetPasswordPage";

/** The reset page opened from an e-mailed link, with the server's answer to the link check. */
async function openLink(valid: boolean) {
  const calls: { url: string; body: unknown }[] = [];
  const api = createParleyClient({
    baseUrls: { configurationServer: "http://portal.test/api", chatServer: "http://portal.test/api", chatbotBackend: "http://portal.test/api" },
    getToken: () => null,
    fetch: async (request) => {
      calls.push({ url: new URL(request.url).pathname, body: await request.clone().json() });
      return new Response(JSON.stringify({ valid }), { status: 200, headers: { "content-type": "application/json" } });
    },
  });
  await renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider api={api}>
        <MemoryRouter initialEntries={["/reset-password?token=from-the-mail"]}>
          <ResetPasswordPage />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe("the reset-password page opened from a link", { timeout: 30_000 }, () => {
  it("says at once that a used or expired link cannot be used, and offers a new one", async () => {
    const calls = await openLink(false);
    expect(await screen.findByText("This reset link was used or has expired")).toBeTruthy();
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/forgot-password");
    // Only the check, which does not spend the token.
    expect(calls).toEqual([{ url: "/api/password-reset/check", body: { token: "from-the-mail" } }]);
  });

  it("shows the form for a usable link", async () => {
    await openLink(true);
    expect(await screen.findByLabelText(/New password/)).toBeTruthy();
    expect(screen.queryByText("This reset link was used or has expired")).toBeNull();
  });
});
