/** A visitor's attachments over the real server: who may send and download them, and what is refused. */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistantTexts } from "@parley/domain";
import { attachmentMessage, attachmentOf } from "@parley/domain/attachmentMessage";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { multipartBody, type FormPart } from "../../test/files";
import { createConfiguration } from "../../test/fixture";
import { saveDesign } from "../design/repository";
import { pngImage, secretText, svgWithScript } from "../design/test-images";
import { systemScope } from "../tenancy";
import { displayName, inspectAttachment, maxAttachmentBytes, maxAttachmentsPerConversation } from "./attachments";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ chatLimits: false });
});
afterAll(async () => {
  await ctx?.close();
});

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

let tenants = 0;
/** A configuration (its own customer) whose design allows attachments, or not, or that has no design (null), and a visitor's ongoing conversation in it. */
async function widget(allowAttachments: boolean | null = true) {
  tenants += 1;
  const customerId = await ctx.createCustomer(`Attach ${tenants} Co`);
  const configurationId = await createConfiguration(ctx.database.db, customerId, `attach-${tenants}`);
  if (allowAttachments !== null) await saveDesign(ctx.database.db, systemScope, configurationId, { settings: { allowAttachments }, buttonSettings: {} });
  const sent = await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload: { message: "Hello" } });
  expect(sent.statusCode).toBe(200);
  return { customerId, configurationId, sessionId: sent.json().session_id as string };
}

async function call(operationId: string, options: InjectOptions) {
  const response = await ctx.app.inject(options);
  expectToMatchContract(operationId, response);
  return response;
}

function upload(configurationId: string, sessionId: string, file: { bytes: Buffer; filename?: string; contentType?: string }) {
  const parts: FormPart[] = [
    { name: "session_id", value: sessionId },
    { name: "file", value: file.bytes, filename: file.filename ?? "photo.png", contentType: file.contentType ?? "image/png" },
  ];
  const { payload, headers } = multipartBody(parts);
  return call("uploadWidgetAttachment", { method: "POST", url: `/api/widget/${configurationId}/attachments`, headers, payload });
}

const download = (url: string, sessionId: string) =>
  call("downloadWidgetAttachment", { method: "GET", url: `${url}?session_id=${encodeURIComponent(sessionId)}` });

describe("a visitor's attachments", () => {
  it("are stored and served back to the visitor's session only, as a download that is never rendered", async () => {
    const { configurationId, sessionId } = await widget();
    const sent = await upload(configurationId, sessionId, { bytes: pngImage({ trailer: secretText }), filename: "../../etc/My photo.png" });
    expect(sent.statusCode).toBe(200);
    const { attachment } = sent.json();
    expect(attachment).toMatchObject({ name: "My photo.png", contentType: "image/png", url: `/api/widget/${configurationId}/attachments/${attachment.id}` });
    expect(attachment.url).not.toContain(sessionId);

    const file = await download(attachment.url, sessionId);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-security-policy"]).toBe("sandbox");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="attachment-[0-9a-f]{8}\.png"$/);
    expect(file.rawPayload.length).toBe(attachment.size);
    // Stripped of its metadata like a design image.
    expect(file.rawPayload.toString("latin1")).not.toContain(secretText);

    const pdfSent = await upload(configurationId, sessionId, { bytes: pdf, filename: "invoice.pdf", contentType: "application/pdf" });
    expect(pdfSent.statusCode).toBe(200);
    expect(pdfSent.json().attachment.contentType).toBe("application/pdf");
    const pdfFile = await download(pdfSent.json().attachment.url, sessionId);
    expect(pdfFile.headers["content-type"]).toBe("application/pdf");
    expect(pdfFile.rawPayload.equals(pdf)).toBe(true);
  });

  it("are acknowledged by the assistant, which reads no files, without using a message of the quota", async () => {
    const { configurationId, sessionId } = await widget();
    const remaining = async () =>
      (await ctx.database.db.query<{ remaining_messages: number }>("SELECT remaining_messages FROM configurations WHERE id = $1", [configurationId]))[0]!.remaining_messages;
    const before = await remaining();
    const { attachment } = (await upload(configurationId, sessionId, { bytes: pdf, filename: "order.pdf", contentType: "application/pdf" })).json();
    const sent = await ctx.app.inject({
      method: "POST",
      url: `/api/widget/${configurationId}/messages`,
      payload: { session_id: sessionId, message: attachmentMessage(attachment) },
    });
    expectToMatchContract("sendWidgetMessage", sent);
    expect(sent.json().reply).toMatchObject({ role: "assistant", content: `<p>${assistantTexts.en.attachment_received}</p>`, sources: [] });
    expect(await remaining()).toBe(before);
    // The same words naming another configuration's file are an ordinary question.
    const foreign = attachmentMessage({ name: "order.pdf", url: attachment.url.replace(configurationId, "00000000-0000-4000-8000-000000000000") });
    const other = await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload: { session_id: sessionId, message: foreign } });
    expect(other.json().reply.content).not.toContain(assistantTexts.en.attachment_received);
  });

  it("are refused when the design does not allow them (the default included)", async () => {
    for (const allow of [false, null]) {
      const { configurationId, sessionId } = await widget(allow);
      const response = await upload(configurationId, sessionId, { bytes: pngImage() });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
  });

  it("refuse what is no image or PDF by its content, and files over 5 MB", async () => {
    const { configurationId, sessionId } = await widget();
    const svg = await upload(configurationId, sessionId, { bytes: svgWithScript, filename: "logo.svg", contentType: "image/svg+xml" });
    expect(svg.statusCode).toBe(415);
    const html = await upload(configurationId, sessionId, { bytes: Buffer.from("<html><script>alert(1)</script></html>"), filename: "photo.png", contentType: "image/png" });
    expect(html.statusCode).toBe(415);
    const text = await upload(configurationId, sessionId, { bytes: Buffer.from("just text"), filename: "notes.pdf", contentType: "application/pdf" });
    expect(text.statusCode).toBe(415);
    const big = Buffer.concat([pdf, Buffer.alloc(maxAttachmentBytes)]);
    const tooBig = await upload(configurationId, sessionId, { bytes: big, filename: "big.pdf", contentType: "application/pdf" });
    expect(tooBig.statusCode).toBe(413);
    const rows = await ctx.database.db.query("SELECT id FROM conversation_attachments WHERE configuration_id = $1", [configurationId]);
    expect(rows).toEqual([]);
  });

  it("hold at most ten per conversation", async () => {
    const { configurationId, sessionId } = await widget();
    for (let index = 0; index < maxAttachmentsPerConversation; index++) {
      expect((await upload(configurationId, sessionId, { bytes: pdf, filename: `${index}.pdf` })).statusCode).toBe(200);
    }
    const over = await upload(configurationId, sessionId, { bytes: pdf, filename: "eleven.pdf" });
    expect(over.statusCode).toBe(400);
  });

  it("need the visitor's ongoing conversation of that configuration", async () => {
    const { configurationId } = await widget();
    const other = await widget();
    expect((await upload(configurationId, "no-such-session-0000000000", { bytes: pdf })).statusCode).toBe(404);
    // Another configuration's session (a foreign tenant's visitor) is no conversation here.
    expect((await upload(configurationId, other.sessionId, { bytes: pdf })).statusCode).toBe(404);
    await ctx.database.db.query("UPDATE conversations SET status = 'Closed' WHERE session_id = $1", [other.sessionId]);
    expect((await upload(other.configurationId, other.sessionId, { bytes: pdf })).statusCode).toBe(404);
  });

  it("are not served to another session, under another configuration, or by a made-up id", async () => {
    const mine = await widget();
    const sameConfiguration = await ctx.app.inject({ method: "POST", url: `/api/widget/${mine.configurationId}/messages`, payload: { message: "Hi" } });
    const neighbour = sameConfiguration.json().session_id as string;
    const foreign = await widget();
    const { attachment } = (await upload(mine.configurationId, mine.sessionId, { bytes: pdf, filename: "secret.pdf" })).json();

    expect((await download(attachment.url, neighbour)).statusCode).toBe(404);
    expect((await download(attachment.url, foreign.sessionId)).statusCode).toBe(404);
    // The foreign tenant's visitor naming the file under their own configuration.
    expect((await download(`/api/widget/${foreign.configurationId}/attachments/${attachment.id}`, foreign.sessionId)).statusCode).toBe(404);
    // The owner's session under another configuration.
    expect((await download(`/api/widget/${foreign.configurationId}/attachments/${attachment.id}`, mine.sessionId)).statusCode).toBe(404);
    expect((await download(`/api/widget/${mine.configurationId}/attachments/not-an-id`, mine.sessionId)).statusCode).toBe(404);
    expect((await download(`/api/widget/${mine.configurationId}/attachments/00000000-0000-4000-8000-000000000000`, mine.sessionId)).statusCode).toBe(404);
    expect((await download(attachment.url, mine.sessionId)).statusCode).toBe(200);
  });
});

describe("a visitor's attachments for the agents", () => {
  const agentDownload = (configurationId: string, id: string, token?: string) =>
    call("downloadConversationAttachment", {
      method: "GET",
      url: `/api/conversations/attachments/${id}?configuration_id=${configurationId}`,
      headers: token ? bearer(token) : {},
    });

  it("are downloaded by the configuration's customer users and by admins, as a download that is never rendered", async () => {
    const mine = await widget();
    const { attachment } = (await upload(mine.configurationId, mine.sessionId, { bytes: pdf, filename: "invoice.pdf", contentType: "application/pdf" })).json();
    // The address in the visitor's message names the id the agents download by.
    const named = attachmentOf(`📎 invoice.pdf\n${attachment.url}`, mine.configurationId);
    const customer = await ctx.createUser({ role: "customer", customerId: mine.customerId });
    const admin = await ctx.createUser({ role: "admin" });
    for (const token of [customer.token, admin.token]) {
      const file = await agentDownload(mine.configurationId, named!.id, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["content-security-policy"]).toBe("sandbox");
      expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="attachment-[0-9a-f]{8}\.pdf"$/);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    // A closed conversation's files stay readable in the history.
    await ctx.database.db.query("UPDATE conversations SET status = 'Closed' WHERE session_id = $1", [mine.sessionId]);
    expect((await agentDownload(mine.configurationId, attachment.id, customer.token)).statusCode).toBe(200);
  });

  it("are not served to another tenant's users, under another configuration, by a made-up id or without signing in", async () => {
    const mine = await widget();
    const foreign = await widget();
    const { attachment } = (await upload(mine.configurationId, mine.sessionId, { bytes: pdf, filename: "secret.pdf" })).json();
    const stranger = await ctx.createUser({ role: "customer", customerId: foreign.customerId });
    const owner = await ctx.createUser({ role: "customer", customerId: mine.customerId });

    expect((await agentDownload(mine.configurationId, attachment.id, stranger.token)).statusCode).toBe(404);
    // The stranger naming the file under their own configuration.
    expect((await agentDownload(foreign.configurationId, attachment.id, stranger.token)).statusCode).toBe(404);
    expect((await agentDownload(mine.configurationId, "not-an-id", owner.token)).statusCode).toBe(404);
    expect((await agentDownload(mine.configurationId, "00000000-0000-4000-8000-000000000000", owner.token)).statusCode).toBe(404);
    expect((await agentDownload(mine.configurationId, attachment.id)).statusCode).toBe(401);
    expect((await agentDownload(mine.configurationId, attachment.id.toUpperCase(), owner.token)).statusCode).toBe(200);
  });
});

describe("attachment checks", () => {
  it("tell the type by content and keep only a file name to show", () => {
    expect(inspectAttachment(pdf).contentType).toBe("application/pdf");
    expect(() => inspectAttachment(Buffer.from(" %PDF-1.4"))).toThrow();
    expect(displayName("C:\\Users\\me\\scan.pdf")).toBe("scan.pdf");
    expect(displayName("a\u202Egnp.pdf")).toBe("agnp.pdf");
    expect(displayName("/")).toBe("attachment");
  });
});
