import { QueryClientProvider } from "@tanstack/react-query";
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/client";
import { createQueryClient } from "../../providers";
import { renderWithUi } from "../../test/render";
import { fakeTrainingServer, problem, type Route } from "../training/fakeServer.test-support";
import { ContactPremiumPage } from "./ContactPremiumPage";

configure({ asyncUtilTimeout: 10_000 });

async function renderPage(path: string, answer: Route = () => ({ body: { status: "success", message: "Thank you" } })) {
  const server = fakeTrainingServer({ "POST /contact-premium": answer });
  const router = createMemoryRouter([{ path: "/contact-premium", element: <ContactPremiumPage /> }], { initialEntries: [path] });
  await renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider api={server.api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return server;
}

const checkbox = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("the premium contact form", { timeout: 30_000 }, () => {
  it("lists the five premium features, ticks the one the menu linked from, and sends the choice with the texts", async () => {
    const server = await renderPage("/contact-premium?feature=whatsapp_ai");
    await screen.findByRole("heading", { name: "Premium features" });
    for (const name of ["AI reporting", "Knowledge base+", "Connect webshop", "WhatsApp AI", "Lead generation"]) expect(checkbox(name)).toBeTruthy();
    expect(checkbox("WhatsApp AI").checked).toBe(true);
    fireEvent.click(screen.getByText("AI reporting"));
    await waitFor(() => expect(checkbox("AI reporting").checked).toBe(true));
    fireEvent.change(screen.getByLabelText("Another feature"), { target: { value: "  CRM link " } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Please call me" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Thank you, your request was sent")).toBeTruthy();
    expect(server.callsTo("POST /contact-premium")[0]?.body).toEqual({
      selectedFeatures: ["ai_reporting", "whatsapp_ai"],
      otherFeature: "CRM link",
      message: "Please call me",
    });
    fireEvent.click(screen.getByRole("button", { name: "Send another request" }));
    expect(await screen.findByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("asks for a feature or a message before sending anything, and takes a message alone", async () => {
    const server = await renderPage("/contact-premium?feature=teleport");
    fireEvent.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Choose a feature or write a message")).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "What does it cost?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(server.callsTo("POST /contact-premium")).toHaveLength(1));
    expect(server.calls[0]?.body).toEqual({ selectedFeatures: [], otherFeature: null, message: "What does it cost?" });
  });

  it("says what is too long", async () => {
    await renderPage("/contact-premium");
    fireEvent.change(await screen.findByLabelText("Another feature"), { target: { value: "x".repeat(501) } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Use at most 500 characters")).toBeTruthy();
  });

  it("shows a failed send by its code and keeps what was typed", async () => {
    await renderPage("/contact-premium", () => problem(429, "rate_limited", "Too many requests"));
    fireEvent.change(await screen.findByLabelText("Message"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const alert = await screen.findByRole("alert");
    expect(alert.getAttribute("data-error-code")).toBe("rate_limited");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Hello");
    expect(alert.textContent).toContain("Wait a minute before you try again.");
  });

  it("says when to try again where the server said (Retry-After), in the reader's language", async () => {
    await renderPage("/contact-premium", () => ({ ...problem(429, "rate_limited", "Too many attempts"), headers: { "retry-after": "840" } }));
    fireEvent.change(await screen.findByLabelText("Message"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Try again in 14 minutes.");
    expect(alert.textContent).not.toContain("Wait a minute");
  });
});
