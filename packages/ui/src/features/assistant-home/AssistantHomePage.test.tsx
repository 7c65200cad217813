import type { Role } from "@parley/domain/roles";
import { act, configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { clearSession, setSession } from "../../session/session";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeTrainingServer, problem, storedArticle, type Route } from "../training/fakeServer.test-support";
import { AssistantHomePage } from "./AssistantHomePage";

configure({ asyncUtilTimeout: 10_000 });

const now = () => new Date("2026-11-22T12:00:00Z");

const trial = { configuration_id: "c1", customer_id: "cu1", subscription_type: "monthly", is_active: false, chosen_product: "so_basic", manual_amount: 19.99, year_discount: 16.63, end_date: "2026-12-01", trial_days: 14 };

function assistantServer(overrides: Record<string, Route> = {}) {
  return fakeTrainingServer({
    "GET /chatbot/settings/byConfigurationId": () => ({ body: { status: "success", data: { chatbotSettings: { name: "Bakery Bot", configuration_id: "c1" }, chatbotButtonSettings: {} } } }),
    "GET /orders/get-subscription": () => ({ body: { status: "success", data: trial } }),
    "GET /data/dataset": () => ({
      body: { status: "success", message: "", data: { id: "d1", configurationId: "c1", dataset_name: "FAQ", dataset_headers: [], dataset_data: [{ question: "Open?", answer: "Yes" }, { question: "Gluten free?", answer: "Some" }] } },
    }),
    "GET /training/urls/get": () => ({ body: { status: "success", urls: [{ url: "https://bakery.example/menu", subject: "Menu" }] } }),
    "GET /training/articles": () => ({
      body: {
        status: "success",
        articles: [
          storedArticle({ _id: "a1", text: "We bake daily.", source: "typed" }),
          storedArticle({ _id: "a2", text: "Opening hours.", source: "typed" }),
          storedArticle({ _id: "a3", text: "Not yet indexed.", source: "typed", indexed: false }),
        ],
      },
    }),
    "GET /files/get_names": () => ({ body: { status: "success", file_names: ["prices.pdf"] } }),
    ...overrides,
  });
}

const configuredQuota = { message_limit: 500, remaining_messages: 100, usage_reset_date: "2026-12-01", allowed_origins: ["https://bakery.example"] };

async function openAs(role: Role, { routes = {}, configuration = configuredQuota }: { routes?: Record<string, Route>; configuration?: Record<string, unknown> } = {}) {
  setSession("a-token", { id: "u1", role, customerId: "cu1", firstname: "Sam", lastname: "Baker", username: "sam@bakery.example" });
  const server = assistantServer(routes);
  await renderConfigurationScreen(<AssistantHomePage now={now} />, { api: server.api, configuration });
  return server;
}

const stepLinks = async () =>
  (await within(await screen.findByRole("region", { name: "Next steps" })).findAllByRole("link")).map((link) => link.getAttribute("href"));

afterEach(() => clearSession());

describe("the assistant home", { timeout: 30_000 }, () => {
  it("shows the assistant's name and state, its quota in the quota colours, what it knows and where it runs", async () => {
    await openAs("customer_so");
    expect(await screen.findByRole("heading", { name: "Bakery Bot" })).toBeTruthy();
    expect(await screen.findByText("Trial: 9 days left")).toBeTruthy();
    expect(screen.getByText("Answering visitors")).toBeTruthy();

    const quota = await screen.findByRole("region", { name: "Messages" });
    expect(within(quota).getByText("100 of 500 messages left")).toBeTruthy();
    // 20 % left: red (spec 02 §9: green above 60, amber above 30).
    expect(within(quota).getByRole("region", { name: "Message quota" }).getAttribute("data-quota-color")).toBe("red");
    expect(within(quota).getByText("400 messages used this period")).toBeTruthy();
    expect(within(quota).getByText(/Messages are running low/)).toBeTruthy();
    expect(within(quota).getByRole("link", { name: "Your plan" }).getAttribute("href")).toBe("/pricing");

    const knowledge = screen.getByRole("region", { name: "What it knows" });
    await waitFor(() =>
      expect(within(knowledge).getAllByRole("listitem").map((row) => row.textContent)).toEqual(["FAQ entries2", "Web pages (URLs)1", "Trained texts3 (2 indexed)", "Uploaded files1"]),
    );
    expect(within(knowledge).getByRole("link", { name: "FAQ entries" }).getAttribute("href")).toBe("/assistant/faq");

    const website = screen.getByRole("region", { name: "On your website" });
    expect(within(website).getByText("The assistant only works on this website:")).toBeTruthy();
    expect(within(website).getByText("https://bakery.example")).toBeTruthy();
    expect(within(website).getByRole("link", { name: "Add to website" }).getAttribute("href")).toBe("/assistant/embedding");
    expect(await within(website).findByText("Your own design is saved.")).toBeTruthy();
  });

  it("gives a self-onboarding customer a card for each of its own screens", async () => {
    await openAs("customer_so");
    // Setting the assistant up first, the conversations after.
    expect(await stepLinks()).toEqual([
      "/assistant/prompting",
      "/assistant/faq",
      "/assistant/links",
      "/assistant/design",
      "/assistant/test",
      "/assistant/embedding",
      "/conversations/live",
      "/conversations/history",
    ]);
  });

  it("gives a customer only the customer's screens, and its subscription page", async () => {
    await openAs("customer", { configuration: { ...configuredQuota, allowed_origins: [] } });
    expect(await stepLinks()).toEqual(["/dataset/view", "/assistant/test", "/conversations/live", "/conversations/history", "/conversations/postprocessed"]);
    expect(screen.getByRole("link", { name: "Your plan" }).getAttribute("href")).toBe("/subscription/view");
    const website = screen.getByRole("region", { name: "On your website" });
    expect(within(website).getByText(/Your provider places it on your website/)).toBeTruthy();
    expect(within(website).queryByRole("link")).toBeNull();
  });

  it("starts a new assistant with what to do first", async () => {
    await openAs("customer_so", {
      configuration: { message_limit: 200, remaining_messages: 200, usage_reset_date: "2026-12-22", allowed_origins: [] },
      routes: {
        "GET /chatbot/settings/byConfigurationId": () => problem(404, "no_settings_found", "No settings found"),
        "GET /orders/get-subscription": () => ({ body: { status: "success", data: null } }),
        "GET /data/dataset": () => ({ body: { status: "success", message: "", data: null } }),
        "GET /training/urls/get": () => ({ body: { status: "success", urls: [] } }),
        "GET /training/articles": () => ({ body: { status: "success", articles: [] } }),
        "GET /files/get_names": () => ({ body: { status: "success", file_names: [] } }),
      },
    });
    // Without a saved design the assistant carries its configuration's name.
    expect(await screen.findByRole("heading", { name: "shop" })).toBeTruthy();
    expect(await screen.findByText("No plan yet")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Message quota" }).getAttribute("data-quota-color")).toBe("green");
    expect(await screen.findByText(/Your assistant knows nothing about your business yet/)).toBeTruthy();
    expect(await screen.findByText("The assistant still has the default design.")).toBeTruthy();
    const steps = screen.getByRole("region", { name: "Next steps" });
    const toDo = within(steps).getAllByText("To do").map((badge) => badge.closest("a")?.getAttribute("href"));
    expect(toDo).toEqual(["/assistant/faq", "/assistant/links", "/assistant/design", "/assistant/embedding"]);
  });

  it("says when one kind of knowledge could not be read and shows the others", async () => {
    await openAs("customer_so", { routes: { "GET /training/articles": () => problem(500, "internal_error", "Internal error") } });
    const knowledge = await screen.findByRole("region", { name: "What it knows" });
    expect(await within(knowledge).findByText("Could not be read. Reload the page to try again.")).toBeTruthy();
    await waitFor(() =>
      expect(within(knowledge).getAllByRole("listitem").map((row) => row.textContent)).toEqual(["FAQ entries2", "Web pages (URLs)1", "Trained textsCould not be read. Reload the page to try again.", "Uploaded files1"]),
    );
  });

  it("tells an assistant out of messages what to do", async () => {
    await openAs("customer", { configuration: { ...configuredQuota, remaining_messages: 0 } });
    expect(await screen.findByText("Out of messages")).toBeTruthy();
    expect(screen.getByText(/No messages left: visitors get no answers until the reset date/)).toBeTruthy();
  });

  it("reads in Dutch with every text translated", async () => {
    await openAs("customer_so");
    await screen.findByText("(2 indexed)");
    await act(() => i18n.changeLanguage("nl"));
    expect(await screen.findByRole("region", { name: "Volgende stappen" })).toBeTruthy();
    expect(screen.getByText("Proefperiode: nog 9 dagen")).toBeTruthy();
    expect(screen.getByText("100 van 500 berichten over")).toBeTruthy();
    expect(screen.getByText("(2 geïndexeerd)")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/assistantHome\.|pages:|titles\./);
  });
});
