import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeDesignServer, savedDesign } from "./fakeDesignServer.test-support";
import { widgetStorageKeys } from "@parley/domain/widget";
import { clearSession, setSession } from "../../session/session";
import { knowledgePageFor, TestEnvironmentPage } from "./TestEnvironmentPage";

configure({ asyncUtilTimeout: 5_000 });

const hit = (fields: Record<string, unknown>) => ({ text: "", score: 0, ...fields });

function renderTest(hits: unknown[] = [], configuration?: { rag_enabled: boolean }) {
  const server = fakeDesignServer({
    "GET /chatbot/settings/byConfigurationId": () => ({
      body: { status: "success", data: savedDesign({ chatbotWidth: 380, chatbotHeight: 560 }) },
    }),
    "POST /training/search_in_articles": () => ({ body: { status: "success", data: hits } }),
    "POST /widget/test-ticket": () => ({ body: { status: "success", data: { test_ticket: "1795000000000.ticket", expires_at: "2026-11-28T08:00:00.000Z" } } }),
  });
  return { server, rendered: renderConfigurationScreen(<TestEnvironmentPage />, { api: server.api, configuration }) };
}

afterEach(async () => {
  if (i18n.isInitialized && i18n.language !== "en") await act(() => i18n.changeLanguage("en"));
});

describe("the Test environment", { timeout: 30_000 }, () => {
  it("frames the real widget of the configuration, sized for its chat window, and starts over with a fresh session", async () => {
    const { server, rendered } = renderTest();
    await rendered;
    const frame = (await screen.findByTitle("Chat widget test")) as HTMLIFrameElement;
    const address = new URL(frame.getAttribute("src")!, "http://portal.test");
    expect(address.pathname).toBe("/widget/");
    expect(address.searchParams.get("configuration_id")).toBe("c1");
    // The server's test ticket: the chats here use none of the customer's messages, and the screen says so.
    expect(server.callsTo("POST /widget/test-ticket").map((call) => call.body)).toEqual([{ configuration_id: "c1" }]);
    expect(address.searchParams.get("test_ticket")).toBe("1795000000000.ticket");
    expect(screen.getByText("Chats here do not use your messages, up to 100 answers a day.")).toBeTruthy();
    await waitFor(() => expect(frame.style.width).toBe("450px"));
    expect(frame.style.height).toBe("590px");

    // The tester came to chat: the widget starts with its chat open (a closed launcher sat below the fold).
    expect(sessionStorage.getItem(widgetStorageKeys.chatState("c1"))).toBe("opened");

    localStorage.setItem(widgetStorageKeys.visitor("c1"), JSON.stringify({ sessionId: "s1", pending: [] }));
    localStorage.setItem(widgetStorageKeys.visitor("c2"), "kept");
    // The chat left closed (or full screen) is forgotten too: the fresh visit starts with the chat open.
    sessionStorage.setItem(widgetStorageKeys.chatState("c1"), "closed");
    fireEvent.click(screen.getByRole("button", { name: "Start over" }));
    expect(localStorage.getItem(widgetStorageKeys.visitor("c1"))).toBeNull();
    expect(localStorage.getItem(widgetStorageKeys.visitor("c2"))).toBe("kept");
    expect(sessionStorage.getItem(widgetStorageKeys.chatState("c1"))).toBe("opened");
    // A new frame: the widget loads again without the old conversation.
    await waitFor(() => expect(screen.getByTitle("Chat widget test")).not.toBe(frame));
  });

  it("shows the sources retrieval finds for a question, best first, with their scores", async () => {
    const { server, rendered } = renderTest([
      hit({
        source: "faq",
        text: "When are you open? Monday to Friday.",
        score: 0.0328,
        faq: { row: 2, values: {} },
        signals: { faq: 1 },
      }),
      hit({
        source: "article",
        text: "Our shop opens at nine.",
        score: 0.0161,
        article: { _id: "a1", subject: "Opening hours", source: "https://shop.example/hours" },
        chunk: 0,
        signals: { vector: 1 },
      }),
    ]);
    await rendered;
    const question = await screen.findByLabelText("Check a question");
    expect(screen.getByRole("button", { name: /Check$/ }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(question, { target: { value: "  When are you open?  " } });
    fireEvent.click(screen.getByRole("button", { name: /Check$/ }));

    await screen.findByText("2 sources for “When are you open?”");
    expect(server.callsTo("POST /training/search_in_articles").map((call) => call.body)).toEqual([
      { configurationId: "c1", searchText: "When are you open?", includeFaq: true, limit: 10 },
    ]);
    const [first, second] = screen.getAllByTestId("knowledge-hit");
    expect(within(first!).getByText("FAQ row 3")).toBeTruthy();
    expect(within(first!).getByText("Score 0.033")).toBeTruthy();
    expect(within(first!).getByText("Found by FAQ matcher (#1)")).toBeTruthy();
    expect(within(second!).getByText("Opening hours")).toBeTruthy();
    expect(within(second!).getByText("Score 0.016")).toBeTruthy();
    expect(within(second!).getByText("https://shop.example/hours")).toBeTruthy();
  });

  it("checks each question the visitor asks in the framed widget, and nothing from another window", async () => {
    const { server, rendered } = renderTest([hit({ source: "faq", text: "Monday to Friday.", score: 0.03, faq: { row: 0, values: {} } })]);
    await rendered;
    const frame = (await screen.findByTitle("Chat widget test")) as HTMLIFrameElement;
    const post = (data: unknown, source: MessageEventSource | null) =>
      window.dispatchEvent(new MessageEvent("message", { data, origin: window.location.origin, source }));
    // Another window (a page that is not the widget) is not listened to.
    post({ type: "parley:visitor-question", text: "not from the widget" }, window);
    post({ type: "parley:visitor-question", text: "When are you open?" }, frame.contentWindow);
    await screen.findByText("1 source for “When are you open?”");
    expect(server.callsTo("POST /training/search_in_articles").map((call) => (call.body as { searchText: string }).searchText)).toEqual(["When are you open?"]);
    expect((screen.getByLabelText("Check a question") as HTMLInputElement).value).toBe("When are you open?");
  });

  it("says where to open the chat while the framed widget shows it closed (its button sits at the frame's bottom, often below the fold)", async () => {
    const { rendered } = renderTest([]);
    await rendered;
    const frame = (await screen.findByTitle("Chat widget test")) as HTMLIFrameElement;
    const post = (data: unknown) => act(() => void window.dispatchEvent(new MessageEvent("message", { data, origin: window.location.origin, source: frame.contentWindow })));
    const hint = /open it with the round button at the bottom of the frame/;
    const layout = { mode: "overlay", side: "right", sideOffset: 20, bottomOffset: 20, fullHeight: false };
    post({ type: "loaded", layout, state: "closed" });
    expect(await screen.findByText(hint)).toBeTruthy();
    post({ type: "extend" });
    await waitFor(() => expect(screen.queryByText(hint)).toBeNull());
    post({ type: "collapse" });
    expect(await screen.findByText(hint)).toBeTruthy();
  });

  it("writes a source's score as a number of the interface language", async () => {
    const { rendered } = renderTest([hit({ source: "faq", text: "Monday to Friday.", score: 0.0328, faq: { row: 0, values: {} } })]);
    await rendered;
    await act(() => i18n.changeLanguage("de"));
    fireEvent.change(await screen.findByLabelText("Eine Frage prüfen"), { target: { value: "Wann haben Sie geöffnet?" } });
    fireEvent.submit(screen.getByRole("search"));
    expect(await screen.findByText("Punktzahl 0,033")).toBeTruthy();
  });

  it("says what to do when nothing is found", async () => {
    const { rendered } = renderTest([]);
    await rendered;
    fireEvent.change(await screen.findByLabelText("Check a question"), {
      target: { value: "Do you sell bikes?" },
    });
    fireEvent.submit(screen.getByRole("search"));
    await screen.findByText("Nothing found for this question");
    expect(screen.getByText(/Add an article, a website or an FAQ row under Data training/)).toBeTruthy();
  });

  it("sends a customer, who has no Data training, to the FAQ when nothing is found", async () => {
    setSession("token", { role: "customer", email: "customer@demo.test" });
    try {
      const { rendered } = renderTest([]);
      await rendered;
      fireEvent.change(await screen.findByLabelText("Check a question"), { target: { value: "Do you sell bikes?" } });
      fireEvent.submit(screen.getByRole("search"));
      await screen.findByText("Nothing found for this question");
      expect(screen.queryByText(/under Data training/)).toBeNull();
      expect(screen.getByText(/Add the question and its answer to your FAQ/)).toBeTruthy();
      expect(screen.getByRole("link", { name: "Open the FAQ" }).getAttribute("href")).toBe("/dataset/view");
    } finally {
      clearSession();
    }
  });

  it("finds for each role the knowledge page that role may open", () => {
    expect(knowledgePageFor("admin")).toEqual({ path: "/settings/datatraining", kind: "training" });
    expect(knowledgePageFor("customer_so")).toEqual({ path: "/assistant/links", kind: "training" });
    expect(knowledgePageFor("customer")).toEqual({ path: "/dataset/view", kind: "faq" });
    expect(knowledgePageFor(undefined)).toBeNull();
  });

  it("says beside the found articles that the assistant does not answer from them while the knowledge base is off", async () => {
    const { rendered } = renderTest([hit({ source: "article", score: 0.03, text: "A service costs 79 euro.", article: { _id: "a1", subject: "Repairs", source: "https://shop.test/repairs" } })], { rag_enabled: false });
    await rendered;
    const panel = (await screen.findByRole("heading", { name: "Sources the assistant finds" })).closest("section") ?? document.body;
    const notice = await within(panel as HTMLElement).findByRole("note");
    expect(within(notice).getByText("The assistant does not answer from trained articles yet")).toBeTruthy();
    // Nothing is trained on this screen: the note speaks of the articles found here, not of "what you train here".
    expect(notice.textContent).not.toMatch(/train here/);
    expect(notice.textContent).toContain("The articles found below are not used in answers");
  });

  it("adds no such note when the assistant answers from the knowledge base", async () => {
    const { rendered } = renderTest([], { rag_enabled: true });
    await rendered;
    await screen.findByRole("heading", { name: "Sources the assistant finds" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole("note")).toBeNull();
  });
});
