import { act, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { clearSession, setSession } from "../../session/session";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { subscriptionAnswer } from "../billing/billing.test-support";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
import { GeneralSettingsPage } from "./SettingsPages";

configure({ asyncUtilTimeout: 10_000 });
afterEach(async () => {
  clearSession();
  await i18n.changeLanguage("en");
});

const admin = { id: "a1", role: "admin" as const, customerId: null, firstname: "Ada", lastname: "Admin", username: "ada@parley.test" };

describe("the admin's product and usage", { timeout: 30_000 }, () => {
  it("says at the field, before sending, that the remaining messages cannot be above the message limit; enterprise's unlimited takes any", async () => {
    setSession("a-token", admin);
    const server = fakeTrainingServer({
      "GET /customers": () => ({ body: { status: "success", data: [{ _id: "cust1", name: "Shop" }] } }),
      "GET /orders/get-subscription": () => subscriptionAnswer(null),
      "POST /configuration/create_or_update": (call) => ({ body: { status: "success", message: "Data saved successfully", inserted_id: null, updated_id: "c1", data: call.body } }),
    });
    await renderConfigurationScreen(<GeneralSettingsPage />, {
      api: server.api,
      configuration: { customerId: "cust1", product: "basic", message_limit: 500, remaining_messages: 120 },
    });
    const remaining = await screen.findByLabelText("Remaining messages");
    fireEvent.change(remaining, { target: { value: "600" } });
    const message = "The remaining messages cannot be more than the message limit (500)";
    expect(await screen.findByText(message)).toBeTruthy();
    expect(remaining.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: /^Save$/ }));
    await screen.findByText("Correct the marked fields and try again.");
    expect(server.callsTo("POST /configuration/create_or_update")).toHaveLength(0);

    await act(() => i18n.changeLanguage("de"));
    expect(await screen.findByText("Die verbleibenden Nachrichten dürfen das Nachrichtenlimit (500) nicht überschreiten")).toBeTruthy();
    await act(() => i18n.changeLanguage("en"));

    // Enterprise's limit is 0, unlimited: any number of remaining messages.
    // The configuration form comes first; the subscription section below has a product too.
    fireEvent.change(screen.getAllByLabelText("Product")[0]!, { target: { value: "enterprise" } });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: /^Save$/ }));
    await waitFor(() => expect(server.callsTo("POST /configuration/create_or_update")).toHaveLength(1));
    expect(server.callsTo("POST /configuration/create_or_update")[0]?.body).toMatchObject({ product: "enterprise", message_limit: 0, remaining_messages: 600 });
  });
});
