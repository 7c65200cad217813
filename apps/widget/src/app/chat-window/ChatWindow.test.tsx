import { widgetIcons } from "@parley/domain/widget";
import {
  defaultChatbotButtonSettings,
  defaultChatbotButtonSettingsIn,
  defaultChatbotSettings,
  defaultChatbotSettingsIn,
} from "@parley/domain/chatbotDesign";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Transport } from "../conversation/chat-connection";
import { emptyConversation, type ConversationState } from "../conversation/conversation-state";
import { translatorFor, widgetLanguageOf } from "../i18n/translations";
import { Launcher } from "../launcher/Launcher";
import { readDesign } from "../settings/design";
import { ChatWindow } from "./ChatWindow";

/** The chat as App shows it for a settings answer: its language from the design, the window opened. */
function showChat(
  answer: unknown,
  conversationChanges: Partial<ConversationState> = {},
  transport: Transport = "socket",
  fullScreen = false,
  onStartOver: () => void = () => undefined,
  onSend: (text: string) => void = () => undefined,
): HTMLElement {
  const design = readDesign(answer);
  const translate = translatorFor(widgetLanguageOf(design.chat.uiLanguage));
  const conversation: ConversationState = {
    ...emptyConversation("s1"),
    messages: [
      {
        key: "a1",
        id: "a1",
        role: "assistant",
        content: "<p>We ship in two days.</p>",
        timestamp: "2026-11-26T12:00:00.000Z",
        is_answer: true,
        sources: [{ kind: "url", title: "Shipping", url: "https://shop.example/shipping" }],
      },
    ],
    ...conversationChanges,
  };
  const root = document.createElement("div");
  document.body.append(root);
  const ignore = () => undefined;
  render(
    <>
      <ChatWindow
        design={design}
        configurationId="c1"
        pageUrl="https://shop.example/"
        translate={translate}
        conversation={conversation}
        transport={transport}
        fullScreen={fullScreen}
        closable
        soundOn={false}
        fieldRef={{ current: null }}
        onSend={onSend}
        onTyping={ignore}
        onClose={ignore}
        onToggleFullScreen={ignore}
        onStartOver={onStartOver}
        onToggleSound={ignore}
      />
      <Launcher button={design.button} translate={translate} buttonRef={{ current: null }} onOpen={ignore} />
    </>,
    root,
  );
  return root;
}

const shownText = (root: HTMLElement) => root.textContent ?? "";
const placeholderOf = (root: HTMLElement) => root.querySelector("textarea")?.getAttribute("placeholder");
const labelled = (root: HTMLElement, label: string) => root.querySelector(`[aria-label="${label}"]`);

afterEach(() => {
  document.body.replaceChildren();
});

describe("the chat's texts follow its language", () => {
  it("greets an English configuration without a saved design in English, labels included", () => {
    // The server's answer when nothing is saved: the defaults in the configuration's language.
    const root = showChat({
      data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") },
    });
    const text = shownText(root);
    expect(text).toContain("Hello! How can I help you?");
    expect(text).toContain("Chat with us");
    expect(text).toContain("We're happy to help");
    expect(text).toContain("Sources");
    expect(placeholderOf(root)).toBe("Type your message...");
    for (const label of ["Send", "Close chat", "Your message", "Open chat", "Start a new conversation"])
      expect(labelled(root, label), label).not.toBeNull();
    for (const dutch of ["Hallo", "Chat met ons", "We helpen je graag", "Bronnen"]) expect(text).not.toContain(dutch);
  });

  it("shows the Dutch defaults as Dutch for a Dutch configuration", () => {
    const root = showChat({ data: { chatbotSettings: defaultChatbotSettingsIn("nl"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("nl") } });
    const text = shownText(root);
    expect(text).toContain("Hallo! Waarmee kan ik je helpen?");
    expect(text).toContain("Chat met ons");
    expect(text).toContain("Bronnen");
    expect(placeholderOf(root)).toBe("Typ je bericht...");
    expect(labelled(root, "Versturen")).not.toBeNull();
    expect(labelled(root, "Chat sluiten")).not.toBeNull();
  });

  it("shows untouched Dutch defaults of a design set to English in English, and keeps the customer's own greeting", () => {
    const root = showChat({
      data: {
        chatbotSettings: { ...defaultChatbotSettings, uiLanguage: "en", startMessage: "Welcome to Demo Webshop! Ask me anything." },
        chatbotButtonSettings: { ...defaultChatbotButtonSettings },
      },
    });
    const text = shownText(root);
    expect(text).toContain("Welcome to Demo Webshop! Ask me anything.");
    expect(text).not.toContain("How can I help you?");
    expect(text).toContain("Chat with us");
    expect(placeholderOf(root)).toBe("Type your message...");
  });

  it("keeps a Dutch greeting a customer typed, even beside English labels", () => {
    const root = showChat({
      data: { chatbotSettings: { ...defaultChatbotSettingsIn("en"), startMessage: "Welkom bij de bakkerij!", headerTitle: "Bakkerij Jansen" } },
    });
    const text = shownText(root);
    expect(text).toContain("Welkom bij de bakkerij!");
    expect(text).toContain("Bakkerij Jansen");
    expect(labelled(root, "Send")).not.toBeNull();
  });
});

describe("the chat while the server cannot be reached", () => {
  const english = { data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") } };
  const waiting = {
    pending: [{ clientMessageId: "c1", text: "Can I return an item?", timestamp: "2026-11-26T12:01:00.000Z" }],
    errorCode: "service_unavailable",
  };

  it("says the connection is lost and the message waits, not that it failed and must be sent again", () => {
    const root = showChat(english, waiting);
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe("Connection lost, reconnecting…");
    expect(shownText(root)).not.toContain("Please try again");
  });

  it("says so once in Dutch, also while the socket is reconnecting", () => {
    const root = showChat(
      { data: { chatbotSettings: defaultChatbotSettingsIn("nl"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("nl") } },
      waiting,
      "connecting",
    );
    expect(shownText(root).split("Verbinding verbroken, opnieuw verbinden…")).toHaveLength(2);
  });
});

describe("the chat while the visitor's device is offline", () => {
  const goOnline = (online: boolean) =>
    act(() => {
      Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
      window.dispatchEvent(new Event(online ? "online" : "offline"));
    });
  afterEach(() => goOnline(true));

  it("says at once that the visitor is offline and the message waits, in the chat's language, and stops saying it once back", () => {
    const dutch = { data: { chatbotSettings: defaultChatbotSettingsIn("nl"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("nl") } };
    // The socket has not noticed yet: it still counts as connected.
    let root!: HTMLElement;
    act(() => {
      root = showChat(dutch, {
        pending: [{ clientMessageId: "c1", text: "Kan ik retourneren?", timestamp: "2026-11-26T12:01:00.000Z" }],
      });
    });
    expect(shownText(root)).not.toContain("offline");
    goOnline(false);
    expect(root.querySelector('[role="status"]')?.textContent).toBe(
      "Je bent offline. Je berichten worden verstuurd zodra de verbinding terug is.",
    );
    goOnline(true);
    expect(shownText(root)).not.toContain("offline");
  });

  it("says it once, instead of the line that the connection is lost", () => {
    goOnline(false);
    const english = { data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") } };
    const root = showChat(
      english,
      { pending: [{ clientMessageId: "c1", text: "Hello?", timestamp: "2026-11-26T12:01:00.000Z" }], errorCode: "service_unavailable" },
      "connecting",
    );
    expect(shownText(root)).toContain("You are offline.");
    expect(shownText(root)).not.toContain("Connection lost");
  });
});

describe("the chat on a website its customer did not allow", () => {
  it("says the chat is not available on this website instead of asking to try again, in the chat's language", () => {
    const english = { data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") } };
    const alert = showChat(english, { errorCode: "forbidden" }).querySelector('[role="alert"]');
    expect(alert?.textContent).toBe("This chat is not available on this website.");
    const dutch = { data: { chatbotSettings: defaultChatbotSettingsIn("nl"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("nl") } };
    expect(showChat(dutch, { errorCode: "forbidden" }).querySelector('[role="alert"]')?.textContent).toBe(
      "Deze chat is niet beschikbaar op deze website.",
    );
  });
});

describe("the chat on a website its customer did not allow: nothing to type into", () => {
  it("turns the message field and Send off, so no message waits forever as 'Sending…'", () => {
    const english = { data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") } };
    const root = showChat(english, { errorCode: "forbidden" });
    expect(root.querySelector("textarea")!.disabled).toBe(true);
    expect(root.querySelector<HTMLButtonElement>(".pw-send")!.disabled).toBe(true);
    document.body.replaceChildren();
    expect(showChat(english).querySelector("textarea")!.disabled).toBe(false);
  });
});

describe("writing a message", () => {
  const english = { data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") } };
  const type = (root: HTMLElement, text: string) =>
    act(() => {
      const field = root.querySelector("textarea")!;
      field.value = text;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  const submit = (root: HTMLElement) =>
    act(() => {
      root.querySelector("form.pw-composer")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });

  it("keeps Send in the tab order while there is nothing to send, so Tab from the field stays in the chat", async () => {
    const sent: string[] = [];
    const root = showChat(english, {}, "socket", false, undefined, (text) => sent.push(text));
    const send = labelled(root, "Send") as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    expect(send.getAttribute("aria-disabled")).toBe("true");
    await submit(root);
    expect(sent).toEqual([]);
    await type(root, "Where is my order?");
    expect(send.getAttribute("aria-disabled")).toBe("false");
    await submit(root);
    expect(sent).toEqual(["Where is my order?"]);
  });

  it("keeps a message over 4000 characters whole and says it is too long instead of cutting it", async () => {
    const sent: string[] = [];
    const root = showChat(english, {}, "socket", false, undefined, (text) => sent.push(text));
    const field = root.querySelector("textarea")!;
    expect(field.hasAttribute("maxlength")).toBe(false);
    const long = `${"a".repeat(4400)} the end`;
    await type(root, long);
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe("Your message is longer than 4000 characters. Please shorten it. (4408/4000)");
    // The count changes with each keystroke: it is shown, not read out each time.
    expect(alert.querySelector('[aria-hidden="true"]')?.textContent).toBe(" (4408/4000)");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(labelled(root, "Send")!.getAttribute("aria-disabled")).toBe("true");
    await submit(root);
    expect(sent).toEqual([]);
    expect(field.value).toBe(long);
    // Shortened to the limit, it goes.
    await type(root, "b".repeat(4000));
    expect(root.querySelector('[role="alert"]')).toBeNull();
    await submit(root);
    expect(sent).toEqual(["b".repeat(4000)]);
  });
});

describe("starting a new conversation", () => {
  const english = { data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") } };
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

  it("asks first when there is a conversation to lose, and Cancel or Esc keep it", async () => {
    let startedOver = 0;
    const root = showChat(english, {}, "socket", false, () => (startedOver += 1));
    const startOver = labelled(root, "Start a new conversation") as HTMLButtonElement;
    await act(() => startOver.click());
    await settle();
    expect(startedOver).toBe(0);
    expect(root.querySelector(".pw-confirm")?.textContent).toContain("Start a new conversation? This one will no longer be shown here.");
    expect(document.activeElement?.textContent).toBe("Cancel");
    await act(() => (document.activeElement as HTMLButtonElement).click());
    expect(root.querySelector(".pw-confirm")).toBeNull();
    expect(document.activeElement).toBe(startOver);

    await act(() => startOver.click());
    await settle();
    await act(() => {
      document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    });
    expect(root.querySelector(".pw-confirm")).toBeNull();
    expect(startedOver).toBe(0);

    await act(() => startOver.click());
    await act(() => root.querySelector<HTMLButtonElement>(".pw-confirm-yes")!.click());
    expect(startedOver).toBe(1);
    expect(root.querySelector(".pw-confirm")).toBeNull();
  });

  it("starts at once when nothing has been said yet", async () => {
    let startedOver = 0;
    const root = showChat(english, { messages: [] }, "socket", false, () => (startedOver += 1));
    await act(() => (labelled(root, "Start a new conversation") as HTMLButtonElement).click());
    expect(startedOver).toBe(1);
    expect(root.querySelector(".pw-confirm")).toBeNull();
  });
});

describe("the keyboard in the full-screen chat", () => {
  const english = { data: { chatbotSettings: defaultChatbotSettingsIn("en"), chatbotButtonSettings: defaultChatbotButtonSettingsIn("en") } };
  const tab = (shiftKey = false) =>
    document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", shiftKey, bubbles: true, cancelable: true }));

  it("keeps Tab inside the chat, which covers the page: from the last control to the first and back", () => {
    const root = showChat(english, {}, "socket", true);
    const controls = [...root.querySelectorAll<HTMLElement>(".pw-window button:not([disabled]), .pw-window textarea, .pw-window a[href]")];
    const first = controls[0]!;
    const last = controls[controls.length - 1]!;
    last.focus();
    expect(tab()).toBe(false);
    expect(document.activeElement).toBe(first);
    expect(tab(true)).toBe(false);
    expect(document.activeElement).toBe(last);
  });

  it("lets Tab leave the floating chat for the page around it", () => {
    const root = showChat(english);
    const controls = [...root.querySelectorAll<HTMLElement>(".pw-window button:not([disabled]), .pw-window textarea, .pw-window a[href]")];
    controls[controls.length - 1]!.focus();
    expect(tab()).toBe(true);
  });
});

describe("the widget's own drawings, shared with the portal's design preview", () => {
  it("draws the default avatar and the chat button's icon from the domain's widgetIcons", () => {
    const root = showChat({});
    expect([...root.querySelectorAll(".pw-avatar path")].map((path) => path.getAttribute("d"))).toEqual([
      widgetIcons.defaultAvatar.path,
    ]);
    expect([...root.querySelectorAll(".pw-launcher-button path")].map((path) => path.getAttribute("d"))).toEqual([
      widgetIcons.launcher,
    ]);
  });

  it("draws the rating's thumbs, as the preview does, instead of emoji a visitor's fonts may lack", () => {
    const root = showChat({ data: { chatbotSettings: { uiLanguage: "en", showRating: true } } });
    for (const [label, paths] of [
      ["Helpful answer", widgetIcons.helpful],
      ["Unhelpful answer", widgetIcons.notHelpful],
    ] as const) {
      const button = labelled(root, label)!;
      expect(button.textContent).toBe("");
      expect([...button.querySelectorAll("svg path")].map((path) => path.getAttribute("d"))).toEqual(paths);
    }
  });

  it("offers thumbs under answers only: not under the greeting, small talk or a note that a colleague will join", () => {
    const at = "2026-11-26T12:00:00.000Z";
    const root = showChat(
      { data: { chatbotSettings: { uiLanguage: "en", showRating: true, startMessage: "Hello! How can I help you?" } } },
      {
        messages: [
          { key: "u1", id: "u1", role: "user", content: "hi", timestamp: at },
          { key: "a1", id: "a1", role: "assistant", content: "<p>Hello! How can I help you today?</p>", timestamp: at, is_answer: false },
          { key: "u2", id: "u2", role: "user", content: "Can I pay with PayPal?", timestamp: at },
          { key: "a2", id: "a2", role: "assistant", content: "<p>Yes, we accept PayPal.</p>", timestamp: at, is_answer: true },
          { key: "u3", id: "u3", role: "user", content: "Can I talk to a person?", timestamp: at },
          { key: "a3", id: "a3", role: "assistant", content: "<p>A colleague will join shortly.</p>", timestamp: at, is_answer: false },
          { key: "s1", id: "s1", role: "system", content: "<p>Anna joined the conversation.</p>", timestamp: at },
          { key: "h1", id: "h1", role: "human_agent", content: "<p>Hi, Anna here.</p>", timestamp: at, agent_name: "Anna" },
        ],
      },
    );
    const rated = [...root.querySelectorAll(".pw-message")].filter((item) => item.querySelector(".pw-rating"));
    expect(rated.map((item) => item.querySelector(".pw-bubble")?.textContent)).toEqual(["Yes, we accept PayPal."]);
  });

  it("shows the thumb the conversation's history holds when this browser kept none (storage blocked in a third-party frame)", () => {
    localStorage.clear();
    const rated = (rating: 1 | -1 | null) => ({
      messages: [{ key: "a1", id: "a1", role: "assistant" as const, content: "<p>Two days.</p>", timestamp: "2026-11-26T12:00:00.000Z", is_answer: true, rating }],
    });
    const pressed = (root: HTMLElement) =>
      ["Helpful answer", "Unhelpful answer"].map((label) => labelled(root, label)!.getAttribute("aria-pressed"));
    const settings = { data: { chatbotSettings: { uiLanguage: "en", showRating: true } } };
    expect(pressed(showChat(settings, rated(-1)))).toEqual(["false", "true"]);
    document.body.replaceChildren();
    expect(pressed(showChat(settings, rated(1)))).toEqual(["true", "false"]);
    document.body.replaceChildren();
    expect(pressed(showChat(settings, rated(null)))).toEqual(["false", "false"]);
  });

  it("says a refused attachment above the message row, not inside it where it squeezed the field", async () => {
    const root = showChat({ data: { chatbotSettings: { uiLanguage: "en", allowAttachments: true } } });
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(["hello"], "note.txt", { type: "text/plain" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain("Only PNG, JPEG, WebP, GIF and PDF files can be sent.");
    const row = root.querySelector("form.pw-composer")!;
    expect(row.contains(alert)).toBe(false);
    expect(alert.nextElementSibling).toBe(row);
    // Writing on clears it.
    const field = root.querySelector("textarea")!;
    await act(async () => {
      field.value = "Where is my order?";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => {
      row.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});

describe("an answer while it streams", () => {
  const streamingChat = { data: { chatbotSettings: { uiLanguage: "en", streamingResponse: true } } };
  const streamedBubble = (root: HTMLElement) => root.querySelector(".pw-streaming .pw-bubble")!;

  it("shows a model's HTML as formatted text as it grows, never its tags, and nothing the allow-list refuses", () => {
    const root = showChat(streamingChat, {
      streaming: [{ messageId: "m1", text: '<p>Shipping costs <strong>4.95</strong> euro; see <a href="https://shop.example/ship" onclick="x()">our page</a><script>alert(1)</script><img src=x onerror=alert(1)> <a href="https://shop.ex' }],
    });
    const bubble = streamedBubble(root);
    expect(bubble.textContent).toBe("Shipping costs 4.95 euro; see our page ");
    expect(bubble.querySelector("strong")?.textContent).toBe("4.95");
    expect(bubble.querySelector("a")?.getAttribute("href")).toBe("https://shop.example/ship");
    expect(bubble.querySelector("script, img, [onclick]")).toBeNull();
  });

  it("shows plain text as it is, a lone '<' included", () => {
    const root = showChat(streamingChat, { streaming: [{ messageId: "m1", text: "Prices < 50 euro ship for 4.95" }] });
    expect(streamedBubble(root).textContent).toBe("Prices < 50 euro ship for 4.95");
  });
});
