import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { maxDesignImageBytes } from "@parley/domain/chatbotDesign";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { toaster } from "../../toaster";
import { DesignPage } from "./DesignPage";
import {
  fakeDesignServer,
  fileOf,
  problem,
  savedDesign,
  useNodeMultipart,
} from "./fakeDesignServer.test-support";

configure({ asyncUtilTimeout: 5_000 });
beforeAll(useNodeMultipart);
afterEach(() => vi.restoreAllMocks());

function renderDesign(routes: Parameters<typeof fakeDesignServer>[0] = {}, configuration: Record<string, unknown> = {}) {
  const server = fakeDesignServer({
    "GET /chatbot/settings/byConfigurationId": () => ({
      body: { status: "success", data: savedDesign({ headerTitle: "Chat with us" }) },
    }),
    "GET /chatbot/settings/image/list": () => ({ body: { status: "success", images: [] } }),
    "POST /chatbot/settings": (call) => ({
      body: { status: "success", data: call.body, message: "Design saved successfully." },
    }),
    ...routes,
  });
  return { server, rendered: renderConfigurationScreen(<DesignPage />, { api: server.api, configuration }) };
}

// A changed field's label ends in "Changed".
const field = (label: string) =>
  screen.findByLabelText(
    new RegExp(`^${label.replace(/[()]/g, "\\$&")}(Changed)?$`),
  ) as Promise<HTMLInputElement>;

// The first test renders the whole screen (every field group and the preview) in jsdom: on a loaded
// two-core machine that alone has taken 30 s.
describe("the Design screen", { timeout: 90_000 }, () => {
  it("previews as you type and saves the whole design with the contract's fixed fields", async () => {
    const create = vi.spyOn(toaster, "create");
    const { server, rendered } = renderDesign();
    await rendered;
    const title = await field("Header title");
    expect(title.value).toBe("Chat with us");
    expect(screen.getByTestId("preview-title").textContent).toBe("Chat with us");
    expect(screen.getByRole("button", { name: /Save/ }).hasAttribute("disabled")).toBe(true);

    fireEvent.change(title, { target: { value: "Ask the bakery" } });
    expect(screen.getByTestId("preview-title").textContent).toBe("Ask the bakery");
    fireEvent.change(await field("Start message"), { target: { value: "Goedemorgen!" } });
    expect(screen.getByTestId("preview-start-message").textContent).toBe("Goedemorgen!");
    await screen.findByText("Unsaved changes: 2");

    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await screen.findByText("All changes are saved");
    const [saved] = server.callsTo("POST /chatbot/settings");
    expect(saved!.body).toMatchObject({
      chatbotSettings: {
        _id: null,
        configuration_id: "c1",
        isTemplate: false,
        templateName: null,
        headerTitle: "Ask the bakery",
        startMessage: "Goedemorgen!",
        language: "nl",
        avatarUrl: null,
      },
      chatbotButtonSettings: { configuration_id: "c1", buttonHeight: 60 },
    });
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ type: "success", title: "Design saved successfully." }),
      ),
    );
    expect(screen.getByRole("button", { name: /Save/ }).hasAttribute("disabled")).toBe(true);
  });

  it("resets to what was loaded", async () => {
    const { rendered } = renderDesign();
    await rendered;
    fireEvent.change(await field("Placeholder of the message field"), {
      target: { value: "Vraag maar raak" },
    });
    expect(screen.getByTestId("preview-placeholder").textContent).toBe("Vraag maar raak");
    fireEvent.click(screen.getByRole("button", { name: /Reset/ }));
    await screen.findByText("All changes are saved");
    expect((await field("Placeholder of the message field")).value).toBe("Typ je bericht...");
    expect(screen.getByTestId("preview-placeholder").textContent).toBe("Typ je bericht...");
  });

  const noDesign = {
    "GET /chatbot/settings/byConfigurationId": () => problem(404, "no_settings_found", "No settings found"),
  };
  const select = (label: string) => field(label) as unknown as Promise<HTMLSelectElement>;

  it("starts from the Dutch defaults when no design is saved and the configuration names no language", async () => {
    const { rendered } = renderDesign(noDesign);
    await rendered;
    await screen.findByText("No design saved yet");
    expect(screen.getByText("The defaults are shown, with their texts in Dutch. Change what you like and save to use them.")).toBeTruthy();
    expect((await field("Start message")).value).toBe("Hallo! Waarmee kan ik je helpen?");
    expect((await select("Widget language")).value).toBe("nl");
    expect((await select("Answer language (fallback)")).value).toBe("nl");
  });

  it("starts from the defaults in the configuration's language when no design is saved", async () => {
    const { server, rendered } = renderDesign(noDesign, { language: "en" });
    await rendered;
    await screen.findByText("The defaults are shown, with their texts in English. Change what you like and save to use them.");
    expect((await field("Start message")).value).toBe("Hello! How can I help you?");
    expect((await field("Header title")).value).toBe("Chat with us");
    expect((await field("Header subtitle")).value).toBe("We're happy to help");
    expect((await field("Placeholder of the message field")).value).toBe("Type your message...");
    expect(screen.getByTestId("preview-placeholder").textContent).toBe("Type your message...");
    expect((await select("Widget language")).value).toBe("en");
    expect(screen.getByText(/The language of the widget's buttons and labels/)).toBeTruthy();
    expect(screen.queryByText(/Dutch texts/)).toBeNull();

    // Saved as shown: English texts and English as the widget's language.
    fireEvent.change(await field("Assistant name"), { target: { value: "Demo bot" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await screen.findByText("All changes are saved");
    expect(server.callsTo("POST /chatbot/settings")[0]!.body).toMatchObject({
      chatbotSettings: { uiLanguage: "en", language: "en", startMessage: "Hello! How can I help you?", headerTitle: "Chat with us" },
      chatbotButtonSettings: { chatbuttonBubbleText: "Have a question?" },
    });
  });

  it("switches the texts still at their defaults with the widget language, and keeps what was typed", async () => {
    const { rendered } = renderDesign({
      "GET /chatbot/settings/byConfigurationId": () => ({
        body: { status: "success", data: savedDesign({ uiLanguage: "en", headerTitle: "Demo Webshop" }) },
      }),
    });
    await rendered;
    // Saved with the Dutch defaults and English as widget language: shown (and previewed) in English, as the widget does.
    expect((await field("Start message")).value).toBe("Hello! How can I help you?");
    expect(screen.getByTestId("preview-start-message").textContent).toBe("Hello! How can I help you?");
    fireEvent.change(await select("Widget language"), { target: { value: "de" } });
    await waitFor(async () => expect((await field("Start message")).value).toBe("Hallo! Wie kann ich Ihnen helfen?"));
    expect((await field("Placeholder of the message field")).value).toBe("Ihre Nachricht...");
    expect((await field("Header title")).value).toBe("Demo Webshop");
    fireEvent.click(screen.getByRole("button", { name: /Reset/ }));
    await waitFor(async () => expect((await field("Start message")).value).toBe("Hello! How can I help you?"));
    expect((await select("Widget language")).value).toBe("en");
  });

  it("warns when text and background colours fall below WCAG AA", async () => {
    const { rendered } = renderDesign();
    await rendered;
    await field("Assistant message text");
    expect(screen.queryByTestId("contrast-warning")).toBeNull();
    fireEvent.change(await field("Assistant message text"), { target: { value: "#e5e7eb" } });
    const warning = await screen.findByTestId("contrast-warning");
    expect(
      within(warning).getByText("Assistant messages: contrast 1.1:1, needs at least 4.5:1"),
    ).toBeTruthy();
    fireEvent.change(await field("Assistant message text"), { target: { value: "#111827" } });
    await waitFor(() => expect(screen.queryByTestId("contrast-warning")).toBeNull());
  });

  it("refuses a colour the widget cannot use, and does not send it", async () => {
    const { server, rendered } = renderDesign();
    await rendered;
    fireEvent.change(await field("Primary colour"), { target: { value: "red; background: url(x)" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await screen.findByText("Enter a colour such as #4f46e5, #fff or rgb(79, 70, 229)");
    expect(server.callsTo("POST /chatbot/settings")).toEqual([]);
  });

  it("says the design was not saved when the server fails", async () => {
    const create = vi.spyOn(toaster, "create");
    const { rendered } = renderDesign({
      "POST /chatbot/settings": () => problem(500, "design_save_failed", "Failed to save design."),
    });
    await rendered;
    fireEvent.change(await field("Header title"), { target: { value: "Other" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ type: "error", title: "Failed to save design." }),
      ),
    );
    expect(screen.getByText("Unsaved changes: 1")).toBeTruthy();
  });

  it("checks an image before uploading it, and uses an uploaded avatar", async () => {
    const { server, rendered } = renderDesign({
      "POST /chatbot/settings/image/upload": () => ({
        body: {
          status: "success",
          filename: "a1.png",
          url: "http://portal.test/api/chatbot/settings/image/download?configuration_id=c1&filename=a1.png",
        },
      }),
    });
    await rendered;
    const input = await screen.findByTestId("image-input-1");
    fireEvent.change(input, { target: { files: [fileOf("logo.svg", "<svg/>", "image/svg+xml")] } });
    expect(await screen.findByText("logo.svg was not uploaded")).toBeTruthy();
    expect(screen.getByText(/SVG and other files are not accepted/)).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [fileOf("huge.png", new Uint8Array(maxDesignImageBytes + 1), "image/png")] },
    });
    expect(await screen.findByText("huge.png was not uploaded")).toBeTruthy();
    expect(server.callsTo("POST /chatbot/settings/image/upload")).toEqual([]);

    fireEvent.change(input, { target: { files: [fileOf("logo.png", "PNG", "image/png")] } });
    await waitFor(() =>
      expect((screen.getByLabelText(/^Avatar image/) as HTMLInputElement).value).toContain("filename=a1.png"),
    );
    expect(server.callsTo("POST /chatbot/settings/image/upload").map((call) => call.body)).toEqual([
      { file: "logo.png", configuration_id: "c1", image_type: "1" },
    ]);
    expect((screen.getByLabelText(/^Avatar(Changed)?$/) as HTMLSelectElement).value).toBe("uploaded");
  });

  it("says what to do with an image the server cannot read, not to try the same file again", async () => {
    const { rendered } = renderDesign({
      "POST /chatbot/settings/image/upload": () =>
        problem(400, "image_upload_failed", "The image could not be read: the PNG ends before its IEND chunk"),
    });
    await rendered;
    fireEvent.change(await screen.findByTestId("image-input-1"), { target: { files: [fileOf("broken.png", "PNG", "image/png")] } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Image upload failed.");
    expect(alert.textContent).toContain("Save the image again as PNG, JPEG, GIF or WebP");
    expect(alert.textContent).not.toContain("Please try again");
  });
});
