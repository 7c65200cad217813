import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
import { HistoryPage } from "./HistoryPage";
import { PostProcessedPage } from "./PostProcessedPage";

configure({ asyncUtilTimeout: 10_000 });

const now = new Date("2026-11-22T12:00:00Z");

const conversation = {
  session_id: "session-aaaaaaaaaaaaaaaaaaaaaa",
  configuration_id: "c1",
  status: "Closed",
  started_at: "2026-11-21T09:30:00.000Z",
  last_message_at: "2026-11-21T09:31:00.000Z",
  message_count: 2,
  user_message_count: 1,
  first_user_message: "When do you open?",
  is_manual: false,
  is_test: false,
  alert_triggered: false,
  client_ip: null,
  thumbs_up: 1,
  thumbs_down: 0,
  agent_note: null,
  workflow_triggered: "Order status",
  messages: [
    { id: "m1", role: "user", content: "When do you open?", timestamp: "2026-11-21T09:30:00.000Z", sources: [], rating: null },
    {
      id: "m2",
      role: "assistant",
      content: "<p>We open at <strong>ten</strong>.</p><img src=x onerror=alert(1)>",
      timestamp: "2026-11-21T09:30:05.000Z",
      sources: [{ kind: "url", title: "Opening hours", url: "https://shop.test/hours" }],
      rating: 1,
    },
  ],
};

function historyServer(items = [conversation], total = items.length) {
  return fakeTrainingServer({
    "GET /conversations/history": (call) => ({ body: { status: "success", items, total, page: Number(call.query.page ?? 1), page_size: Number(call.query.page_size ?? 10) } }),
    "GET /conversations/history/export": () => ({ body: "\uFEFFsession_id\r\n", contentType: "text/csv; charset=utf-8" }),
  });
}

afterEach(() => vi.restoreAllMocks());

describe("the history screen", { timeout: 30_000 }, () => {
  it("keeps the search box wide enough for its placeholder (18rem) instead of squeezing it beside the dates", async () => {
    const server = historyServer();
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: server.api });
    const search = await screen.findByRole("searchbox", { name: "Search in the messages" });
    // The theme's size 72 is 18rem: "Rechercher dans les messages" with the magnifier needs about 17rem.
    expect(getComputedStyle(search.parentElement!).minWidth).toBe("var(--chakra-sizes-72)");
  });

  it("asks for the last 7 days at first and opens a conversation with its sources and ratings", async () => {
    const server = historyServer();
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: server.api });
    const open = await screen.findByRole("button", { name: /2026|21/ });
    expect(screen.getByRole("img", { name: "1 helpful, 0 not helpful" })).toBeTruthy();
    expect(server.callsTo("GET /conversations/history")[0]?.query).toMatchObject({ configuration_id: "c1", from: "2026-11-15", to: "2026-11-22", page: "1", page_size: "10" });
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("We open at ten.")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Opening hours" }).getAttribute("href")).toBe("https://shop.test/hours");
    expect(within(dialog).getByText("Helpful")).toBeTruthy();
    expect(within(dialog).getByText("Visitor")).toBeTruthy();
    expect(within(dialog).getByText("Workflow run: Order status")).toBeTruthy();
    // As in the Live dialog (the agent's view): the visitor on the left, the assistant's side on the right.
    const side = (text: string) => getComputedStyle(within(dialog).getByText(text).closest("li")!).alignSelf;
    expect([side("Visitor"), side("We open at ten.")]).toEqual(["start", "end"]);
  });

  it("marks a test conversation with a Test badge in the list and its dialog, and a visitor's with none", async () => {
    const tested = { ...conversation, session_id: "session-tested-aaaaaaaaaaaaaaa", first_user_message: "Portal test", is_test: true };
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: historyServer([tested, conversation]).api });
    const testRow = (await screen.findByText("Portal test")).closest("tr")!;
    const visitorRow = screen.getByText("When do you open?").closest("tr")!;
    expect(within(testRow).getByLabelText("Test conversation: started in the portal's test environment, not by a visitor").textContent).toBe("Test");
    expect(within(visitorRow).queryByTestId("test-conversation-badge")).toBeNull();
    fireEvent.click(within(testRow).getByRole("button"));
    expect(within(await screen.findByRole("dialog")).getByText("Test")).toBeTruthy();
  });

  it("shows the date rules with the field they concern and asks nothing while one is broken", async () => {
    const server = historyServer();
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: server.api });
    await screen.findByRole("button", { name: /2026|21/ });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-10" } });
    expect(await screen.findByText("From: The period can span at most 7 days")).toBeTruthy();
    expect((screen.getByLabelText("Period") as HTMLSelectElement).value).toBe("custom");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-23" } });
    expect(await screen.findByText("To: The end date cannot be in the future")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-24" } });
    expect(await screen.findByText(/: The start date cannot be after the end date$/)).toBeTruthy();
    expect(screen.getByText("Correct the period above to see its conversations.")).toBeTruthy();
    expect(server.callsTo("GET /conversations/history")).toHaveLength(1);
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "yesterday" } });
    await waitFor(() => expect(server.callsTo("GET /conversations/history").at(-1)?.query).toMatchObject({ from: "2026-11-21", to: "2026-11-21" }));
  });

  it("shows a broken date rule below the filter row, so the search and Export stay where they are, and ties it to the date", async () => {
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: historyServer().api });
    await screen.findByRole("button", { name: /2026|21/ });
    const row = screen.getByLabelText("Search in the messages").closest("div")!.parentElement!;
    expect(within(row).getByRole("button", { name: "Export CSV" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-10" } });
    const rule = await screen.findByText("From: The period can span at most 7 days");
    // Not inside the row of the dates, the search and Export: the row keeps its height.
    expect(row.contains(rule)).toBe(false);
    expect(rule.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    const from = screen.getByLabelText("From");
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(from.getAttribute("aria-describedby")!)?.textContent).toBe("From: The period can span at most 7 days");
  });

  it("pages by the server with the page sizes, searches, and exports every conversation of the filters", async () => {
    const server = historyServer([conversation], 40);
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: server.api });
    await screen.findByText("1–10 of 40");
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(server.callsTo("GET /conversations/history").at(-1)?.query.page).toBe("2"));
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "25" } });
    await waitFor(() => expect(server.callsTo("GET /conversations/history").at(-1)?.query).toMatchObject({ page: "1", page_size: "25" }));
    fireEvent.change(screen.getByLabelText("Search in the messages"), { target: { value: "open" } });
    await waitFor(() => expect(server.callsTo("GET /conversations/history").at(-1)?.query.search).toBe("open"));
    const createObjectURL = vi.fn((_file: Blob) => "blob:csv");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(server.callsTo("GET /conversations/history/export")[0]?.query).toEqual({ configuration_id: "c1", from: "2026-11-15", to: "2026-11-22", search: "open" });
    // The file starts with the byte order mark the server sent (a spreadsheet reads it as UTF-8 then), once.
    const reader = new FileReader();
    const read = new Promise<ArrayBuffer>((resolve) => reader.addEventListener("load", () => resolve(reader.result as ArrayBuffer)));
    reader.readAsArrayBuffer(createObjectURL.mock.calls[0]![0]);
    const bytes = new Uint8Array(await read);
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, "s".charCodeAt(0)]);
  });

  it("offers a visitor's file as a download within the selected configuration", async () => {
    const id = "5d2a9c4e-1f3b-4e6a-8c7d-9b0e1a2f3c4d";
    // The visitor chose the name: it is saved without its direction-changing character, as the type's extension.
    const withFile = { ...conversation, messages: [{ id: "m1", role: "user", content: `📎 invoice\u202Efdp.pdf\n/api/widget/c1/attachments/${id}`, timestamp: "2026-11-21T09:30:00.000Z", sources: [], rating: null }] };
    const server = fakeTrainingServer({
      "GET /conversations/history": () => ({ body: { status: "success", items: [withFile], total: 1, page: 1, page_size: 10 } }),
      [`GET /conversations/attachments/${id}`]: () => ({ body: "%PDF-1.4", contentType: "application/pdf" }),
    });
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: server.api });
    fireEvent.click(await screen.findByRole("button", { name: /2026|21/ }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("📎 invoicefdp.pdf")).toBeTruthy();
    const createObjectURL = vi.fn((_file: Blob) => "blob:file");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(dialog.getByRole("button", { name: "Download the file" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(server.callsTo(`GET /conversations/attachments/${id}`)[0]?.query).toEqual({ configuration_id: "c1" });
    expect(saved).toEqual(["invoicefdp.pdf"]);
  });

  it("says what to do when the list cannot be loaded", async () => {
    const server = fakeTrainingServer({});
    await renderConfigurationScreen(<HistoryPage now={now} />, { api: server.api });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("the post-processed screen", { timeout: 30_000 }, () => {
  it("explains post-processing and where to switch it on when there is nothing", async () => {
    const server = fakeTrainingServer({ "GET /conversations/postprocessed": () => ({ body: { status: "success", items: [], total: 0, page: 1, page_size: 10 } }) });
    await renderConfigurationScreen(<PostProcessedPage />, { api: server.api });
    expect(await screen.findByText(/Post-processing summarises and labels/)).toBeTruthy();
    expect(screen.getByText(/Reporting and post-processing/)).toBeTruthy();
  });

  it("lists the conversations with summary, labels and delivery status, and notes that post-processing is off", async () => {
    const item = {
      session_id: "session-bbbbbbbbbbbbbbbbbbbbbb",
      configuration_id: "c1",
      started_at: "2026-11-21T09:30:00.000Z",
      message_count: 3,
      first_user_message: "Where is my order?",
      status: "not_processed",
      processed_at: null,
      summary: null,
      labels: [],
    };
    const server = fakeTrainingServer({ "GET /conversations/postprocessed": () => ({ body: { status: "success", items: [item], total: 1, page: 1, page_size: 10 } }) });
    await renderConfigurationScreen(<PostProcessedPage />, { api: server.api, configuration: { use_post_processing: false } });
    expect(await screen.findByText("Where is my order?")).toBeTruthy();
    expect(screen.getByText("Not processed")).toBeTruthy();
    expect(screen.getByText("No summary yet")).toBeTruthy();
    expect(screen.getByText("Post-processing is off for this configuration")).toBeTruthy();
  });
});
