import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeTrainingServer, problem, type Route } from "../training/fakeServer.test-support";
import { Dashboard } from "./Dashboard";

configure({ asyncUtilTimeout: 10_000 });

const months = [
  { month: "2026-06", conversations: 0, messages: 0, manual_conversations: 0 },
  { month: "2026-07", conversations: 3, messages: 9, manual_conversations: 1 },
  { month: "2026-08", conversations: 0, messages: 0, manual_conversations: 0 },
  { month: "2026-09", conversations: 12, messages: 40, manual_conversations: 0 },
  { month: "2026-10", conversations: 5, messages: 11, manual_conversations: 0 },
  { month: "2026-11", conversations: 1, messages: 2, manual_conversations: 0 },
];
const cost = {
  currency: "EUR",
  cost_per_100_messages: 0.42,
  total_cost: 0.084,
  messages: 20,
  months: months.map((month) => ({ month: month.month, cost_per_100_messages: 0, total_cost: 0, messages: 0 })),
};
const usage = { message_limit: 500, remaining_messages: 400, used_messages: 100, usage_reset_date: "2026-12-01", percent_remaining: 80, quota_color: "green", configurations: 2, customers: 1 };

function dashboardServer(overrides: Record<string, Route> = {}) {
  return fakeTrainingServer({
    "GET /dashboard/conversations": () => ({ body: { status: "success", data: months } }),
    "GET /dashboard/gpt-cost": () => ({ body: { status: "success", data: cost } }),
    "GET /dashboard/usage": () => ({ body: { status: "success", data: usage } }),
    ...overrides,
  });
}

describe("the dashboard", { timeout: 30_000 }, () => {
  it("shows conversations per month as a labelled bar list, the cost per 100 messages and the usage of the selected configuration", async () => {
    const server = dashboardServer();
    await renderConfigurationScreen(<Dashboard configurationId="c1" />, { api: server.api });
    const chart = await screen.findByRole("list", { name: "Conversations per month" });
    const bars = within(chart).getAllByRole("listitem");
    expect(bars).toHaveLength(6);
    expect(within(bars[0]!).getByText("June 2026: 0 conversations")).toBeTruthy();
    expect(within(bars[3]!).getByText("September 2026: 12 conversations")).toBeTruthy();
    expect(within(bars[5]!).getByText("November 2026: 1 conversation")).toBeTruthy();
    expect(screen.getByText("21 conversations in this period")).toBeTruthy();
    expect(await screen.findByText("€0.42")).toBeTruthy();
    expect(screen.getByText("20 answers in the last 6 months, €0.08 in total")).toBeTruthy();
    expect(await screen.findByText("400 of 500 messages left")).toBeTruthy();
    for (const call of ["GET /dashboard/conversations", "GET /dashboard/gpt-cost", "GET /dashboard/usage"]) {
      expect(server.callsTo(call)[0]?.query).toEqual({ configuration_id: "c1" });
    }
  });

  it("asks for every configuration when none is selected, and says what the sum covers", async () => {
    const server = dashboardServer();
    await renderConfigurationScreen(<Dashboard configurationId={null} />, { api: server.api });
    expect(await screen.findByText("Summed over 2 configurations")).toBeTruthy();
    expect(server.callsTo("GET /dashboard/conversations")[0]?.query).toEqual({});
  });

  it("says so when there is nothing yet", async () => {
    const server = dashboardServer({
      "GET /dashboard/conversations": () => ({ body: { status: "success", data: months.map((month) => ({ ...month, conversations: 0, messages: 0 })) } }),
      "GET /dashboard/gpt-cost": () => ({ body: { status: "success", data: { ...cost, cost_per_100_messages: 0, total_cost: 0, messages: 0 } } }),
      "GET /dashboard/usage": () => problem(404, "not_found", "Not found"),
    });
    await renderConfigurationScreen(<Dashboard configurationId={null} />, { api: server.api });
    expect(await screen.findByText(/No conversations yet in this period/)).toBeTruthy();
    expect(await screen.findByText("No answers yet in the last 6 months.")).toBeTruthy();
    expect(await screen.findByText("There is no configuration yet, so no messages are counted.")).toBeTruthy();
  });

  it("shows a failure with a retry that asks again", async () => {
    let fail = true;
    const server = dashboardServer({
      "GET /dashboard/conversations": () => (fail ? problem(403, "forbidden", "Forbidden") : { body: { status: "success", data: months } }),
    });
    await renderConfigurationScreen(<Dashboard configurationId="c1" />, { api: server.api });
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getAllByRole("alert").length).toBeGreaterThan(0);
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole("list", { name: "Conversations per month" })).toBeTruthy());
  });
});
