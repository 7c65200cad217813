import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { HistoryPage } from "../history/HistoryPage";
import { LearnedPhrasings } from "./LearnedPhrasings";
import { fakeTrainingServer } from "../training/fakeServer.test-support";

configure({ asyncUtilTimeout: 10_000 });

const now = new Date("2026-11-22T12:00:00Z");

const conversation = {
  session_id: "session-cccccccccccccccccccccc",
  configuration_id: "c1",
  status: "Closed",
  started_at: "2026-11-21T09:30:00.000Z",
  last_message_at: "2026-11-21T09:31:00.000Z",
  message_count: 2,
  user_message_count: 1,
  first_user_message: "me parcel is lost??",
  is_manual: false,
  alert_triggered: false,
  client_ip: null,
  thumbs_up: 0,
  thumbs_down: 1,
  agent_note: null,
  messages: [
    { id: "m1", role: "user", content: "  me parcel is lost?? ", timestamp: "2026-11-21T09:30:00.000Z", sources: [], rating: null },
    { id: "m2", role: "assistant", content: "<p>Sorry, I don't know.</p>", timestamp: "2026-11-21T09:30:05.000Z", sources: [], rating: -1 },
  ],
};

const dataset = {
  id: "d1",
  configurationId: "c1",
  dataset_name: "FAQ",
  // Named columns in another order: the answer column comes first, as the server's rule allows.
  dataset_headers: [
    { text: "Antwoord", value: "a" },
    { text: "Vraag", value: "q" },
  ],
  dataset_data: [
    { a: "We ship the same day.", q: "When will my order arrive?" },
    { a: "Write to us and we look it up.", q: "My package is lost" },
    { a: "", q: "An entry without an answer" },
  ],
};

function server(corrections: Record<string, unknown>[] = []) {
  let stored = [...corrections];
  return fakeTrainingServer({
    "GET /conversations/history": () => ({ body: { status: "success", items: [conversation], total: 1, page: 1, page_size: 10 } }),
    "GET /data/dataset": () => ({ body: { status: "success", data: dataset, message: "" } }),
    "GET /data/dataset/corrections": () => ({ body: { status: "success", data: stored } }),
    "POST /data/dataset/corrections": (call) => {
      const body = call.body as { question: string; faqQuestion: string };
      const correction = { _id: "k1", question: body.question, faqQuestion: body.faqQuestion, createdAt: "2026-11-22T12:00:00.000Z" };
      stored = [correction];
      return { body: { status: "success", data: correction } };
    },
    "DELETE /data/dataset/corrections": () => {
      stored = [];
      return { body: { status: "success" } };
    },
  });
}

async function openConversation(api: ReturnType<typeof server>["api"]) {
  await renderConfigurationScreen(<HistoryPage now={now} />, { api });
  fireEvent.click(await screen.findByRole("button", { name: /2026|21/ }));
  return screen.findByRole("dialog");
}

describe("teaching the assistant from a visitor's question", { timeout: 30_000 }, () => {
  it("links the question, as the visitor put it, to an FAQ entry chosen by its question, and shows the link", async () => {
    const fake = server();
    const dialog = await openConversation(fake.api);
    fireEvent.click(await within(dialog).findByRole("button", { name: "Teach the assistant: “me parcel is lost??”" }));
    const select = (await within(dialog).findByLabelText("FAQ entry that answers this question")) as HTMLSelectElement;
    // Only entries with an answer are offered, by their question (the question column is found by its name).
    expect([...select.options].map((option) => option.value)).toEqual(["", "When will my order arrive?", "My package is lost"]);
    const link = within(dialog).getByRole("button", { name: "Link" }) as HTMLButtonElement;
    expect(link.disabled).toBe(true);
    fireEvent.change(select, { target: { value: "My package is lost" } });
    fireEvent.click(link);
    await waitFor(() => expect(fake.callsTo("POST /data/dataset/corrections")).toHaveLength(1));
    expect(fake.callsTo("POST /data/dataset/corrections")[0]?.body).toEqual({ configurationId: "c1", question: "me parcel is lost??", faqQuestion: "My package is lost" });
    expect(await within(dialog).findByText("Answered by the FAQ entry: My package is lost")).toBeTruthy();
    // The assistant's own message cannot be taught: only the visitor's.
    expect(within(dialog).queryByRole("button", { name: /^Teach the assistant/ })).toBeNull();
  });

  it("removes a link made earlier, and offers to teach again", async () => {
    const fake = server([{ _id: "k9", question: "me parcel is lost??", faqQuestion: "My package is lost", createdAt: "2026-11-21T12:00:00.000Z" }]);
    const dialog = await openConversation(fake.api);
    fireEvent.click(await within(dialog).findByRole("button", { name: "Remove link" }));
    await waitFor(() => expect(fake.callsTo("DELETE /data/dataset/corrections")[0]?.body).toEqual({ configurationId: "c1", _id: "k9" }));
    expect(await within(dialog).findByRole("button", { name: /^Teach the assistant/ })).toBeTruthy();
  });

  it("says to add FAQ entries first when the configuration has none, and can be cancelled", async () => {
    const none = fakeTrainingServer({
      "GET /conversations/history": () => ({ body: { status: "success", items: [conversation], total: 1, page: 1, page_size: 10 } }),
      "GET /data/dataset": () => ({ body: { status: "success", data: null, message: "No data found" } }),
      "GET /data/dataset/corrections": () => ({ body: { status: "success", data: [] } }),
    });
    const dialog = await openConversation(none.api);
    fireEvent.click(await within(dialog).findByRole("button", { name: "Teach the assistant: “me parcel is lost??”" }));
    expect(await within(dialog).findByText("The FAQ has no entries yet. Add them under FAQ first.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    // Keyboard focus goes back to the button the form came from.
    const teach = await within(dialog).findByRole("button", { name: /^Teach the assistant/ });
    await waitFor(() => expect(document.activeElement).toBe(teach));
  });
});

describe("the learned phrasings under the FAQ", { timeout: 30_000 }, () => {
  it("lists each phrasing with its entry, marks a link whose entry is gone, and forgets one", async () => {
    const fake = server([
      { _id: "k1", question: "me parcel is lost??", faqQuestion: "My package is lost", createdAt: "2026-11-21T12:00:00.000Z" },
      { _id: "k2", question: "wheres my stuff", faqQuestion: "Where is my order?", createdAt: "2026-11-20T12:00:00.000Z" },
    ]);
    await renderConfigurationScreen(<LearnedPhrasings configurationId="c1" />, { api: fake.api });
    expect(await screen.findByRole("heading", { name: "Learned phrasings (2)" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show the learned phrasings" }));
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "“me parcel is lost??”→ My package is lost",
      "“wheres my stuff”→ Where is my order?Entry changed or removed: this link no longer applies",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Forget “wheres my stuff”" }));
    await waitFor(() => expect(fake.callsTo("DELETE /data/dataset/corrections")[0]?.body).toEqual({ configurationId: "c1", _id: "k2" }));
  });

  it("shows nothing while nothing was learned", async () => {
    const fake = server();
    await renderConfigurationScreen(<LearnedPhrasings configurationId="c1" />, { api: fake.api });
    await waitFor(() => expect(fake.callsTo("GET /data/dataset/corrections")).toHaveLength(1));
    expect(screen.queryByText(/Learned phrasing/)).toBeNull();
  });
});
