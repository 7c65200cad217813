import { defaultChatbotButtonSettings, defaultChatbotSettings, defaultChatbotSettingsIn, maxDesignImageBytes } from "@parley/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { multipartBody, type FormPart } from "../../test/files";
import { createConfiguration } from "../../test/fixture";
import { systemScope } from "../tenancy";
import { findEmbedScript } from "./repository";
import { gifImage, jpegImage, pngImage, secretText, svgWithScript, webpImage } from "./test-images";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let tenants = 0;
async function tenant(role: "customer" | "customer_so" = "customer") {
  tenants += 1;
  const customerId = await ctx.createCustomer(`Design ${tenants} Co`);
  const { token } = await ctx.createUser({ role, customerId });
  const configurationId = await createConfiguration(ctx.database.db, customerId, `design-${tenants}`);
  return { token, configurationId };
}

async function call(operationId: string, options: InjectOptions, token?: string) {
  const response = await ctx.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? bearer(token) : {}) } });
  expectToMatchContract(operationId, response);
  return response;
}

function form(operationId: string, url: string, parts: readonly FormPart[], token?: string) {
  const { payload, headers } = multipartBody(parts);
  return call(operationId, { method: "POST", url, headers, payload }, token);
}

const getSettings = (token: string, configurationId: string) =>
  call("getChatbotSettings", { method: "GET", url: `/api/chatbot/settings/byConfigurationId?configuration_id=${configurationId}` }, token);

function saveSettings(token: string, configurationId: string, settings: Record<string, unknown> = {}, button: Record<string, unknown> = {}) {
  return call(
    "saveChatbotSettings",
    {
      method: "POST",
      url: "/api/chatbot/settings",
      payload: {
        chatbotSettings: { _id: null, configuration_id: configurationId, isTemplate: false, templateName: null, ...settings },
        chatbotButtonSettings: { configuration_id: configurationId, ...button },
      },
    },
    token,
  );
}

const widgetSettings = (configurationId: string) => call("getWidgetSettings", { method: "GET", url: `/api/widget/${configurationId}/settings` });

function uploadImage(token: string, configurationId: string, file: { bytes: Buffer; filename?: string; contentType?: string } | null, imageType?: string) {
  const parts: FormPart[] = [{ name: "configuration_id", value: configurationId }];
  if (imageType !== undefined) parts.push({ name: "image_type", value: imageType });
  if (file) parts.push({ name: "file", value: file.bytes, filename: file.filename ?? "avatar.png", contentType: file.contentType ?? "image/png" });
  return form("uploadChatbotImage", "/api/chatbot/settings/image/upload", parts, token);
}

const listImages = (token: string, configurationId: string, query = "") =>
  call("listChatbotImages", { method: "GET", url: `/api/chatbot/settings/image/list?configuration_id=${configurationId}${query}` }, token);

const downloadImage = (configurationId: string, filename: string) =>
  call("downloadChatbotImage", { method: "GET", url: `/api/chatbot/settings/image/download?configuration_id=${configurationId}&filename=${encodeURIComponent(filename)}` });

const deleteImage = (token: string, body: Record<string, unknown>) =>
  call("deleteChatbotImage", { method: "DELETE", url: "/api/chatbot/settings/image/delete", payload: body }, token);

function uploadDemo(token: string, configurationId: string, html: Buffer | string) {
  return form(
    "uploadChatbotDemo",
    "/api/chatbot/settings/demo/upload",
    [
      { name: "configuration_id", value: configurationId },
      { name: "demo_content", value: typeof html === "string" ? Buffer.from(html) : html, filename: "demo.html", contentType: "text/html" },
    ],
    token,
  );
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe("design settings", () => {
  it("answer 'No settings found' until a design is saved, then the design with the server's ids and defaults", async () => {
    const { token, configurationId } = await tenant();
    const before = await getSettings(token, configurationId);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ code: "no_settings_found", message: "No settings found" });

    const saved = await saveSettings(
      token,
      configurationId,
      { _id: "client-made", isTemplate: true, templateName: "Mine", name: "Bot", primaryColor: "rgba(10, 20, 30, 0.5)", headerFont: `"Open Sans", Arial` },
      { _id: "x", configuration_id: "00000000-0000-4000-8000-000000000000", buttonHeight: 72 },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe("Design saved successfully.");
    const data = saved.json().data;
    expect(data.chatbotSettings).toMatchObject({ _id: null, configuration_id: configurationId, isTemplate: false, templateName: null, name: "Bot", language: "nl" });
    expect(data.chatbotSettings.startMessage).toBe(defaultChatbotSettings.startMessage);
    expect(data.chatbotButtonSettings).toMatchObject({ _id: null, configuration_id: configurationId, buttonHeight: 72, chatbuttonBubbleText: "Heb je een vraag?" });

    const read = await getSettings(token, configurationId);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(data);
  });

  it("are shown to the widget without a token: the saved design, or the Dutch defaults, and offline", async () => {
    const { token, configurationId } = await tenant();
    const defaults = await widgetSettings(configurationId);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toMatchObject({ status: "success", online: false });
    expect(defaults.json().data.chatbotSettings).toMatchObject({ ...defaultChatbotSettings, configuration_id: configurationId, _id: null });
    expect(defaults.json().data.chatbotButtonSettings).toMatchObject({ ...defaultChatbotButtonSettings, configuration_id: configurationId });

    await saveSettings(token, configurationId, { headerTitle: "Vragen?" });
    expect((await widgetSettings(configurationId)).json().data.chatbotSettings.headerTitle).toBe("Vragen?");
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) expect((await widgetSettings(id)).statusCode).toBe(404);

    // Readable by the widget on any website and inside the sandboxed demo page (Origin: null), without credentials.
    for (const origin of ["https://shop.example", "null"]) {
      const fromSite = await call("getWidgetSettings", { method: "GET", url: `/api/widget/${configurationId}/settings`, headers: { origin } });
      expect(fromSite.headers["access-control-allow-origin"]).toBe("*");
      expect(fromSite.headers["access-control-allow-credentials"]).toBeUndefined();
    }
    const fromPortal = await call("getWidgetSettings", { method: "GET", url: `/api/widget/${configurationId}/settings`, headers: { origin: "http://portal.test" } });
    expect(fromPortal.headers["access-control-allow-origin"]).toBe("http://portal.test");
  });

  it("are, when none is saved, the defaults in the configuration's language; the editor still hears no_settings_found", async () => {
    const { token, configurationId } = await tenant();
    await ctx.database.db.query(`UPDATE configurations SET settings = jsonb_set(settings, '{language}', '"en"') WHERE id = $1`, [configurationId]);
    const english = (await widgetSettings(configurationId)).json().data;
    expect(english.chatbotSettings).toMatchObject({
      ...defaultChatbotSettingsIn("en"),
      language: "en",
      uiLanguage: "en",
      startMessage: "Hello! How can I help you?",
      headerTitle: "Chat with us",
      userInputPlaceholderText: "Type your message...",
    });
    expect(english.chatbotButtonSettings.chatbuttonBubbleText).toBe("Have a question?");
    expect((await getSettings(token, configurationId)).statusCode).toBe(404);

    // What is saved is shown as saved; fields it lacks take the defaults of its widget language.
    await saveSettings(token, configurationId, { uiLanguage: "de", headerTitle: "Fragen?" });
    const saved = (await widgetSettings(configurationId)).json().data.chatbotSettings;
    expect(saved).toMatchObject({ uiLanguage: "de", headerTitle: "Fragen?", startMessage: "Hallo! Wie kann ich Ihnen helfen?" });
  });

  it("store the disclaimer as typed and answer it cleaned, everywhere", async () => {
    const { token, configurationId } = await tenant();
    const typed = `Zie <a href="https://example.com/privacy" onclick="steal()">privacy</a><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`;
    const saved = await saveSettings(token, configurationId, { disclaimerHtml: typed });
    const clean = 'Zie <a href="https://example.com/privacy" target="_blank" rel="noopener noreferrer">privacy</a><a target="_blank" rel="noopener noreferrer">x</a>';
    expect(saved.json().data.chatbotSettings.disclaimerHtml).toBe(clean);
    expect((await getSettings(token, configurationId)).json().data.chatbotSettings.disclaimerHtml).toBe(clean);
    expect((await widgetSettings(configurationId)).json().data.chatbotSettings.disclaimerHtml).toBe(clean);
    const rows = await ctx.database.db.query<{ settings: { disclaimerHtml: string } }>("SELECT settings FROM chatbot_designs WHERE configuration_id = $1", [configurationId]);
    expect(rows[0]?.settings.disclaimerHtml).toBe(typed);
  });

  it("refuse values the widget could not use safely, naming each field, and store nothing", async () => {
    const { token, configurationId } = await tenant();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ primaryColor: "red; background: url(//evil)" }, {}],
      [{ avatarUrl: "javascript:alert(1)" }, {}],
      [{ poweredByUrl: "//evil.example" }, {}],
      [{ headerFont: "x}body{display:none" }, {}],
      [{ headerGradientDirection: "to right, red)" }, {}],
      [{ language: "<nl>" }, {}],
      [{}, { shadowColor: "expression(alert(1))" }],
      [{}, { buttonImageUrl: "data:image/svg+xml,<svg onload=alert(1)>" }],
      [{ chatbotWidth: 10 }, {}],
      [{ chatbotHeight: 1e9 }, {}],
      [{ fontSize: "14" }, {}],
      [{ allowEmoticons: "yes" }, {}],
      [{ startMessage: "x".repeat(5001) }, {}],
      [{ name: "a".repeat(1_000_000) }, {}],
      [{ headerTitle: "nul\u0000byte" }, {}],
      [{ mode: "popup" }, {}],
      [{ initialState: "fullScreen" }, {}],
      [{}, { chatbuttonBubbleEffect: "explode" }],
      [{}, { chatbuttonBubbleDelay: -1 }],
    ];
    for (const [settings, button] of cases) {
      const response = await saveSettings(token, configurationId, settings, button);
      expect(response.statusCode, JSON.stringify([settings, button]).slice(0, 200)).toBe(400);
      expect(response.json().code).toBe("validation_failed");
    }
    const colour = await saveSettings(token, configurationId, { primaryColor: "blue" });
    expect(colour.json().errors).toEqual([expect.objectContaining({ path: "chatbotSettings.primaryColor" })]);
    expect((await getSettings(token, configurationId)).statusCode).toBe(404);

    const wrongShape = await call("saveChatbotSettings", { method: "POST", url: "/api/chatbot/settings", payload: { chatbotSettings: "x", chatbotButtonSettings: [] } }, token);
    expect(wrongShape.statusCode).toBe(400);
  });

  it("keep another tenant's design out of reach", async () => {
    const own = await tenant();
    const other = await tenant();
    await saveSettings(other.token, other.configurationId, { name: "Bravo" });
    expect((await getSettings(own.token, other.configurationId)).statusCode).toBe(404);
    expect((await saveSettings(own.token, other.configurationId, { name: "Hijacked" })).statusCode).toBe(404);
    expect((await getSettings(other.token, other.configurationId)).json().data.chatbotSettings.name).toBe("Bravo");
    expect((await getSettings(own.token, "not-an-id")).statusCode).toBe(404);
  });

  it("save two designs sent at once as one of them, whole", async () => {
    const { token, configurationId } = await tenant();
    const [first, second] = await Promise.all([
      saveSettings(token, configurationId, { name: "First", headerTitle: "First" }, { buttonHeight: 40 }),
      saveSettings(token, configurationId, { name: "Second", headerTitle: "Second" }, { buttonHeight: 90 }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const stored = (await getSettings(token, configurationId)).json().data;
    const winner = stored.chatbotSettings.name === "First" ? { title: "First", height: 40 } : { title: "Second", height: 90 };
    expect(stored.chatbotSettings.headerTitle).toBe(winner.title);
    expect(stored.chatbotButtonSettings.buttonHeight).toBe(winner.height);
  });
});

describe("design images", () => {
  it("are uploaded, listed by type, downloaded without their metadata, and deleted", async () => {
    const { token, configurationId } = await tenant();
    const avatar = await uploadImage(token, configurationId, { bytes: pngImage({ trailer: "<html><script>alert(1)</script>" }) });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const { filename, url } = avatar.json() as { filename: string; url: string };
    expect(filename).toMatch(/^avatar-[a-f0-9]{16}\.png$/);
    expect(url).toBe(`http://portal.test/api/chatbot/settings/image/download?configuration_id=${configurationId}&filename=${filename}`);

    const background = await uploadImage(token, configurationId, { bytes: webpImage(), filename: "bg.webp", contentType: "image/webp" }, "3");
    expect(background.statusCode, background.body).toBe(200);
    expect((await uploadImage(token, configurationId, { bytes: jpegImage(), filename: "bot.jpg", contentType: "image/jpeg" }, "2")).statusCode).toBe(200);

    const all = (await listImages(token, configurationId)).json().images as { filename: string; image_type: number; content_type: string }[];
    expect(all.map((image) => image.image_type).sort()).toEqual([1, 2, 3]);
    const avatars = (await listImages(token, configurationId, "&image_type=1")).json().images;
    expect(avatars).toEqual([{ filename, image_type: 1, url, size: expect.any(Number), content_type: "image/png" }]);

    const download = await downloadImage(configurationId, filename);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-disposition"]).toBe(`inline; filename="${filename}"`);
    expect(download.rawPayload.includes(secretText)).toBe(false);
    expect(download.rawPayload.includes("<script>")).toBe(false);
    expect(download.rawPayload.subarray(1, 4).toString()).toBe("PNG");

    const deleted = await deleteImage(token, { configuration_id: configurationId, filename, image_type: 1 });
    expect(deleted.statusCode).toBe(200);
    const again = await deleteImage(token, { configuration_id: configurationId, filename });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "avatar_delete_failed", message: "Failed to delete avatar image." });
    expect((await downloadImage(configurationId, filename)).statusCode).toBe(404);
    // Another type's image is not deleted by naming the wrong type.
    const backgroundName = background.json().filename as string;
    expect((await deleteImage(token, { configuration_id: configurationId, filename: backgroundName, image_type: 1 })).statusCode).toBe(404);
    expect((await downloadImage(configurationId, backgroundName)).statusCode).toBe(200);
  });

  it("are known by their content: a PNG named .gif is a PNG, a GIF keeps its type", async () => {
    const { token, configurationId } = await tenant();
    const renamed = await uploadImage(token, configurationId, { bytes: pngImage(), filename: "photo.gif", contentType: "image/gif" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().filename).toMatch(/\.png$/);
    expect((await downloadImage(configurationId, renamed.json().filename)).headers["content-type"]).toBe("image/png");
    const gif = await uploadImage(token, configurationId, { bytes: gifImage(), filename: "anim.gif", contentType: "image/gif" }, "4");
    expect(gif.json().filename).toMatch(/^button-[a-f0-9]{16}\.gif$/);
  });

  it("refuse what is no image, too large, missing or malformed, with a 4xx and nothing stored", async () => {
    const { token, configurationId } = await tenant();
    const missing = await uploadImage(token, configurationId, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "no_image_file", message: "No image file provided." });
    expect((await uploadImage(token, configurationId, { bytes: Buffer.alloc(0) })).json().code).toBe("no_image_file");

    const svg = await uploadImage(token, configurationId, { bytes: svgWithScript, filename: "logo.svg", contentType: "image/svg+xml" });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe("unsupported_file_type");
    expect(svg.json().message).toMatch(/SVG/);
    const svgAsPng = await uploadImage(token, configurationId, { bytes: svgWithScript, filename: "logo.png", contentType: "image/png" });
    expect(svgAsPng.statusCode).toBe(415);

    const polyglot = Buffer.from(`GIF89a=1;/*${"\u0000".repeat(6)}*/<html><script>alert(document.cookie)</script></html>`, "latin1");
    const poly = await uploadImage(token, configurationId, { bytes: polyglot, filename: "x.gif", contentType: "image/gif" });
    expect(poly.statusCode).toBe(400);
    expect(poly.json().code).toBe("image_upload_failed");

    const huge = Buffer.concat([pngImage(), Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await uploadImage(token, configurationId, { bytes: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe("payload_too_large");
    const justOver = await uploadImage(token, configurationId, { bytes: Buffer.concat([pngImage(), Buffer.alloc(maxDesignImageBytes)]) });
    expect(justOver.statusCode).toBe(413);

    expect((await uploadImage(token, configurationId, { bytes: pngImage() }, "7")).statusCode).toBe(400);
    expect((await uploadImage(token, configurationId, { bytes: pngImage({ width: 10_000 }) })).json().code).toBe("image_upload_failed");
    expect((await listImages(token, configurationId)).json().images).toEqual([]);

    const download = await call("downloadChatbotImage", { method: "GET", url: `/api/chatbot/settings/image/download?configuration_id=${configurationId}&filename=` });
    expect(download.statusCode).toBe(400);
    for (const name of ["../../etc/passwd", "avatar-0000000000000000.png", "x\"; filename=evil.html"]) {
      expect((await downloadImage(configurationId, name)).statusCode).toBe(404);
    }
  });

  it("answer 'Missing configuration ID or filename' when either is left out or blank (spec 02 §8)", async () => {
    const { token, configurationId } = await tenant();
    const missing = { code: "missing_configuration_or_filename", message: "Missing configuration ID or filename" };
    for (const query of [`configuration_id=${configurationId}`, `configuration_id=${configurationId}&filename=`, "filename=avatar.png", "configuration_id=&filename=avatar.png", ""]) {
      const download = await call("downloadChatbotImage", { method: "GET", url: `/api/chatbot/settings/image/download?${query}` });
      expect(download.statusCode, query).toBe(400);
      expect(download.json(), query).toMatchObject(missing);
    }
    for (const body of [{ configuration_id: configurationId }, { configuration_id: configurationId, filename: " " }, { filename: "avatar.png" }, { configuration_id: null, filename: "avatar.png" }]) {
      const deleted = await deleteImage(token, body);
      expect(deleted.statusCode, JSON.stringify(body)).toBe(400);
      expect(deleted.json(), JSON.stringify(body)).toMatchObject(missing);
    }
  });

  it("keep another tenant's images out of reach", async () => {
    const own = await tenant();
    const other = await tenant();
    const theirs = (await uploadImage(other.token, other.configurationId, { bytes: pngImage() })).json().filename as string;
    expect((await uploadImage(own.token, other.configurationId, { bytes: pngImage() })).statusCode).toBe(404);
    expect((await listImages(own.token, other.configurationId)).statusCode).toBe(404);
    expect((await deleteImage(own.token, { configuration_id: other.configurationId, filename: theirs })).statusCode).toBe(404);
    expect((await deleteImage(own.token, { configuration_id: own.configurationId, filename: theirs })).statusCode).toBe(404);
    // Downloads are public, but only under the configuration that holds the image.
    expect((await downloadImage(own.configurationId, theirs)).statusCode).toBe(404);
    expect((await listImages(other.token, other.configurationId)).json().images).toHaveLength(1);
  });
});

describe("embed script and demo page", () => {
  it("store the uploaded script, and answer the snippet a customer pastes, without a token", async () => {
    const { token, configurationId } = await tenant();
    const stored = await form(
      "uploadChatbotScript",
      "/api/chatbot/settings/script/upload",
      [
        { name: "configuration_id", value: configurationId },
        { name: "script_content", value: "<script>window.x = 1</script>" },
      ],
      token,
    );
    expect(stored.statusCode).toBe(200);
    expect(await findEmbedScript(ctx.database.db, systemScope, configurationId)).toBe("<script>window.x = 1</script>");

    const script = await call("getChatbotScript", { method: "GET", url: `/api/chatbot/settings/script?configuration_id=${configurationId}&environment=2` });
    expect(script.statusCode).toBe(200);
    expect(script.json().script).toBe(`<script async src="http://portal.test/widget/loader.js" data-configuration-id="${configurationId}"></script>`);
    expect((await call("getChatbotScript", { method: "GET", url: "/api/chatbot/settings/script?configuration_id=00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await call("getChatbotScript", { method: "GET", url: `/api/chatbot/settings/script?configuration_id=${configurationId}"><script>` })).statusCode).toBe(404);
  });

  it("serve the demo page at an unguessable address, sandboxed away from the portals' session", async () => {
    const { token, configurationId } = await tenant();
    const html = `<!doctype html><html><body><h1>Shop</h1><script>document.title = localStorage.length</script></body></html>`;
    const uploaded = await uploadDemo(token, configurationId, html);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().url as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/api\/chatbot\/settings\/demo\/[a-f0-9]{32}$/);
    expect(url).not.toContain(configurationId);

    const page = await call("getChatbotDemo", { method: "GET", url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(html);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toBe("sandbox allow-scripts allow-popups allow-forms");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");

    const replaced = await uploadDemo(token, configurationId, "<p>New</p>");
    expect((await call("getChatbotDemo", { method: "GET", url: pathOf(url) })).statusCode).toBe(404);
    expect((await call("getChatbotDemo", { method: "GET", url: pathOf(replaced.json().url) })).body).toBe("<p>New</p>");
    expect((await call("getChatbotDemo", { method: "GET", url: "/api/chatbot/settings/demo/not-an-id" })).statusCode).toBe(404);
  });

  it("refuse a demo page that is no UTF-8 text, too large, or for another tenant", async () => {
    const own = await tenant();
    const other = await tenant();
    expect((await uploadDemo(own.token, own.configurationId, Buffer.from([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0x00]))).statusCode).toBe(415);
    expect((await uploadDemo(own.token, own.configurationId, "x".repeat(2 * 1024 * 1024))).statusCode).toBe(413);
    expect((await uploadDemo(own.token, own.configurationId, "")).statusCode).toBe(400);
    expect((await uploadDemo(own.token, other.configurationId, "<p>x</p>")).statusCode).toBe(404);
    const rows = await ctx.database.db.query("SELECT 1 FROM chatbot_demos WHERE configuration_id = $1", [other.configurationId]);
    expect(rows).toEqual([]);
  });
});
