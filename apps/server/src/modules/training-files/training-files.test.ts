import { maxTrainingFileBytes } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { flateBombPdf, guidePdf, multipartBody, scannedPdf, textPdf, type FormPart } from "../../test/files";
import { createConfiguration } from "../../test/fixture";

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
  const customerId = await ctx.createCustomer(`Files ${tenants} Co`);
  const { token } = await ctx.createUser({ role, customerId });
  const configurationId = await createConfiguration(ctx.database.db, customerId, `files-${tenants}`);
  return { token, configurationId };
}

function fileParts(configurationId: string, filename: string, bytes: Buffer | string, contentType?: string): FormPart[] {
  return [
    { name: "configuration_id", value: configurationId },
    { name: "file", value: typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes, filename, contentType },
  ];
}

async function upload(token: string, parts: readonly FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  const response = await ctx.app.inject({ method: "POST", url: "/api/training/files/upload", headers: { ...headers, ...bearer(token) }, payload });
  expectToMatchContract("uploadTrainingFile", response);
  return response;
}

async function uploaded(token: string, configurationId: string, filename: string, bytes: Buffer | string): Promise<string> {
  const response = await upload(token, fileParts(configurationId, filename, bytes));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().filename as string;
}

async function list(token: string, configurationId: string) {
  const response = await ctx.app.inject({ method: "GET", url: `/api/files/get_names?configuration_id=${configurationId}`, headers: bearer(token) });
  expectToMatchContract("getFileNames", response);
  return response;
}

async function scrape(token: string, configurationId: string, filename: string) {
  const { payload, headers } = multipartBody([
    { name: "filename", value: filename },
    { name: "configuration_id", value: configurationId },
  ]);
  const response = await ctx.app.inject({ method: "POST", url: "/api/files/scrape", headers: { ...headers, ...bearer(token) }, payload });
  expectToMatchContract("scrapeFile", response);
  return response;
}

async function remove(token: string, configurationId: string, filename: string) {
  const response = await ctx.app.inject({
    method: "DELETE",
    url: `/api/files/delete?configuration_id=${configurationId}&filename=${encodeURIComponent(filename)}`,
    headers: bearer(token),
  });
  expectToMatchContract("deleteFile", response);
  return response;
}

async function trainArticles(token: string, configurationId: string, source: string, text: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/training/create_articles",
    headers: bearer(token),
    payload: { configurationId, articles: [{ text, source, kind: "file" }] },
  });
}

async function articles(token: string, configurationId: string): Promise<{ text: string; source: string }[]> {
  const response = await ctx.app.inject({ method: "GET", url: `/api/training/articles?_id=${configurationId}`, headers: bearer(token) });
  return response.json().articles;
}

const windows1252 = Buffer.from([
  ...Buffer.from("Prijzen\r\n\r\nDe prijs is 10 ", "latin1"),
  0x80, // €
  ...Buffer.from(" per maand, ", "latin1"),
  0x93, // “
  ...Buffer.from("gratis", "latin1"),
  0x94, // ”
  ...Buffer.from(" verzending en een caf", "latin1"),
  0xe9, // é
  ...Buffer.from(" in de winkel.", "latin1"),
]);

describe("training files", () => {
  it("stores a PDF under a name the server makes, lists it, scrapes its pages by heading, and deletes it", async () => {
    const { token, configurationId } = await tenant();
    expect((await list(token, configurationId)).json()).toEqual({ status: "success", file_names: [], files: [] });

    const pdf = guidePdf();
    const stored = await uploaded(token, configurationId, "../../etc/Opening Hours (2025).PDF", pdf);
    expect(stored).toMatch(/^opening-hours-2025-[0-9a-f]{8}\.pdf$/);

    const listed = (await list(token, configurationId)).json();
    expect(listed.file_names).toEqual([stored]);
    expect(listed.files).toEqual([
      { name: stored, original_name: "Opening Hours (2025).PDF", content_type: "application/pdf", size: pdf.length, created_at: expect.any(String) },
    ]);

    const scraped = await scrape(token, configurationId, stored);
    expect(scraped.statusCode, scraped.body).toBe(200);
    expect(scraped.json().components).toEqual([
      { text: "Our shop in Utrecht is open from nine to five on weekdays.\n\nOn Saturdays we close at noon.", subject: "Opening hours", tag: null, url: null },
      { text: "Send the parcel back with the form.", subject: "Returns (within 30 days)", tag: null, url: null },
    ]);

    expect((await remove(token, configurationId, stored)).json()).toEqual({ status: "success", message: "Data deleted successfully" });
    expect((await list(token, configurationId)).json().file_names).toEqual([]);
    expect((await remove(token, configurationId, stored)).statusCode).toBe(404);
    expect((await scrape(token, configurationId, stored)).statusCode).toBe(404);
  });

  it("answers the spec's words for a PDF without a text layer", async () => {
    const { token, configurationId } = await tenant();
    const stored = await uploaded(token, configurationId, "scan.pdf", scannedPdf());
    const scraped = await scrape(token, configurationId, stored);
    expect(scraped.statusCode).toBe(400);
    expect(scraped.json()).toMatchObject({ code: "no_file_content", message: "No content extracted from the file." });
  });

  it("stores UTF-8 text as it is and Windows-1252 text converted to UTF-8, and splits both by paragraphs and headings", async () => {
    const { token, configurationId } = await tenant("customer_so");
    const utf8 = "# Levering\n\nWe leveren binnen één dag.\nOok op zaterdag.\n\n## Retour\n\nGratis retour — 30 dagen.";
    const utf8Name = await uploaded(token, configurationId, "levering.txt", `\uFEFF${utf8}`);
    const cp1252Name = await uploaded(token, configurationId, "prijzen.txt", windows1252);

    const files = (await list(token, configurationId)).json().files as { name: string; size: number; content_type: string }[];
    const converted = "Prijzen\r\n\r\nDe prijs is 10 € per maand, “gratis” verzending en een café in de winkel.";
    expect(files.find((file) => file.name === cp1252Name)).toMatchObject({ content_type: "text/plain; charset=utf-8", size: Buffer.byteLength(converted) });
    expect(files.find((file) => file.name === utf8Name)?.size).toBe(Buffer.byteLength(utf8));

    expect((await scrape(token, configurationId, utf8Name)).json().components).toEqual([
      { text: "We leveren binnen één dag. Ook op zaterdag.", subject: "Levering", tag: null, url: null },
      { text: "Gratis retour — 30 dagen.", subject: "Retour", tag: null, url: null },
    ]);
    expect((await scrape(token, configurationId, cp1252Name)).json().components).toEqual([
      { text: "De prijs is 10 € per maand, “gratis” verzending en een café in de winkel.", subject: "Prijzen", tag: null, url: null },
    ]);
  });

  it("refuses by content: a program named .pdf, a PDF named .txt, binary named .txt, a damaged PDF, other names", async () => {
    const { token, configurationId } = await tenant();
    const program = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(64)]);
    const cases: [string, Buffer | string, string][] = [
      ["setup.pdf", program, "The file is not a PDF document"],
      ["guide.txt", guidePdf(), "The file is a PDF document, but its name ends in .txt"],
      ["notes.txt", program, "The file is not a text file"],
      ["broken.pdf", "%PDF-1.4\nthis is no PDF at all", "The PDF is damaged and cannot be read"],
      ["setup.exe", "plain text", "The file name must end in .txt or .pdf"],
      ["notes.txt.exe", "plain text", "The file name must end in .txt or .pdf"],
      [".pdf.docx", guidePdf(), "The file name must end in .txt or .pdf"],
    ];
    for (const [filename, bytes, reason] of cases) {
      const response = await upload(token, fileParts(configurationId, filename, bytes, "application/pdf"));
      expect(response.statusCode, filename).toBe(400);
      expect(response.json(), filename).toMatchObject({
        code: "unsupported_file_type",
        message: "Only .txt and .pdf files can be uploaded",
        errors: [{ path: "file", message: reason }],
      });
    }
    const empty = await upload(token, fileParts(configurationId, "empty.txt", ""));
    expect(empty.json()).toMatchObject({ status: 400, code: "no_file_content" });
    expect((await list(token, configurationId)).json().file_names).toEqual([]);
  });

  it("refuses a file over 10 MB with 413, and takes one just under", async () => {
    const { token, configurationId } = await tenant();
    const line = "All work and no play makes a dull assistant.\n";
    const under = line.repeat(Math.floor(maxTrainingFileBytes / line.length));
    const over = `${under}${line}`;
    const refused = await upload(token, fileParts(configurationId, "big.txt", over));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: "payload_too_large", message: "The file is larger than 10 MB" });
    expect((await list(token, configurationId)).json().file_names).toEqual([]);
    const name = await uploaded(token, configurationId, "big.txt", under);
    expect((await list(token, configurationId)).json().files[0]).toMatchObject({ name, size: under.length });
  });

  it("refuses with 413 a PDF of a few hundred kB that unpacks to gigabytes", async () => {
    const { token, configurationId } = await tenant();
    const refused = await upload(token, fileParts(configurationId, "bomb.pdf", flateBombPdf(2048)));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: "payload_too_large", message: "The PDF unpacks to more data than can be read." });
    expect((await list(token, configurationId)).json().file_names).toEqual([]);
  });

  it("refuses malformed forms: no file, text where the file belongs, a field twice, JSON, NUL in the name", async () => {
    const { token, configurationId } = await tenant();
    const missing = await upload(token, [{ name: "configuration_id", value: configurationId }]);
    expect(missing.json()).toMatchObject({ status: 400, code: "validation_failed", errors: [{ path: "file" }] });
    const text = await upload(token, [
      { name: "configuration_id", value: configurationId },
      { name: "file", value: "not a file" },
    ]);
    expect(text.json()).toMatchObject({ status: 400, errors: [{ path: "file", message: "Must be a file" }] });
    const twice = await upload(token, [{ name: "configuration_id", value: configurationId }, ...fileParts(configurationId, "a.txt", "Hello")]);
    expect(twice.json()).toMatchObject({ status: 400, errors: [{ path: "configuration_id", message: "Sent more than once" }] });
    const nul = await upload(token, fileParts(configurationId, "a\u0000.txt", "Hello"));
    expect(nul.statusCode).toBe(400);
    const extra = await upload(token, [...fileParts(configurationId, "extra.txt", "Hello there"), { name: "zz_unknown", value: "dropped" }]);
    expect(extra.statusCode, extra.body).toBe(200);

    // The same fields as JSON: these calls take forms only.
    for (const [operationId, url, fields] of [
      ["uploadTrainingFile", "/api/training/files/upload", { file: "Hello" }],
      ["scrapeFile", "/api/files/scrape", { filename: "x.txt" }],
    ] as const) {
      const json = await ctx.app.inject({ method: "POST", url, headers: bearer(token), payload: { configuration_id: configurationId, ...fields } });
      expect(json.statusCode, url).toBe(415);
      expectToMatchContract(operationId, json);
    }
  });

  it("replaces a file uploaded again under its name (any case), with its articles, and keeps other names apart", async () => {
    const { token, configurationId } = await tenant();
    const first = await uploaded(token, configurationId, "FAQ.txt", "Delivery takes three days.");
    const other = await uploaded(token, configurationId, "faq 2.txt", "Gift cards never expire.");
    const stored = await trainArticles(token, configurationId, first, "Delivery takes three days.");
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await trainArticles(token, configurationId, other, "Gift cards never expire.")).statusCode).toBe(200);

    const again = await uploaded(token, configurationId, "faq.txt", "Delivery takes one day.");
    // The same file, at the same address: a train again of it, or a delete, finds the new one.
    expect(again).toBe(first);
    const files = (await list(token, configurationId)).json().files as { name: string; original_name: string; size: number }[];
    expect(files.map((file) => [file.name, file.original_name]).sort()).toEqual([[first, "faq.txt"], [other, "faq 2.txt"]].sort());
    expect(files.find((file) => file.name === first)?.size).toBe("Delivery takes one day.".length);
    expect((await scrape(token, configurationId, first)).json().components[0].text).toBe("Delivery takes one day.");
    // What the assistant knew from the replaced text is gone; the other file's articles stay.
    const texts = (await articles(token, configurationId)).map((article) => article.text);
    expect(texts).toEqual(["Gift cards never expire."]);
  });

  it("keeps one file when two uploads of one name arrive at once", async () => {
    const { token, configurationId } = await tenant();
    const [first, second] = await Promise.all([
      upload(token, fileParts(configurationId, "faq.txt", "First version of the FAQ.")),
      upload(token, fileParts(configurationId, "FAQ.txt", "Second version of the FAQ.")),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(first!.json().filename).toBe(second!.json().filename);
    const files = (await list(token, configurationId)).json().files as { name: string }[];
    expect(files.map((file) => file.name)).toEqual([first!.json().filename]);
    const text = (await scrape(token, configurationId, files[0]!.name)).json().components[0].text;
    expect(["First version of the FAQ.", "Second version of the FAQ."]).toContain(text);
  });

  it("keeps another tenant's files out of reach, and files go with their configuration", async () => {
    const own = await tenant();
    const other = await tenant();
    const secret = await uploaded(other.token, other.configurationId, "secret.txt", "Bravo's secret prices.");

    expect((await list(own.token, other.configurationId)).statusCode).toBe(404);
    expect((await scrape(own.token, other.configurationId, secret)).statusCode).toBe(404);
    // Their file's name with one's own configuration finds nothing either.
    expect((await scrape(own.token, own.configurationId, secret)).statusCode).toBe(404);
    expect((await remove(own.token, own.configurationId, secret)).statusCode).toBe(404);
    expect((await remove(own.token, other.configurationId, secret)).statusCode).toBe(404);
    const planted = await upload(own.token, fileParts(other.configurationId, "planted.txt", "Planted."));
    expect(planted.statusCode).toBe(404);
    expect((await list(other.token, other.configurationId)).json().file_names).toEqual([secret]);

    await ctx.database.db.query("DELETE FROM configurations WHERE id = $1", [other.configurationId]);
    expect(await ctx.database.db.query("SELECT 1 FROM training_files WHERE configuration_id = $1", [other.configurationId])).toHaveLength(0);
  });

  it("reads many pages, each page's text in order", async () => {
    const { token, configurationId } = await tenant();
    const pages = Array.from({ length: 12 }, (_, index) => [{ text: `Page ${index + 1} says hello.`, size: 12, y: 700 }]);
    const stored = await uploaded(token, configurationId, "pages.pdf", textPdf(pages));
    const components = (await scrape(token, configurationId, stored)).json().components as { text: string; subject: string }[];
    expect(components).toHaveLength(1);
    expect(components[0]!.subject).toBe("pages.pdf");
    expect(components[0]!.text.split("\n\n")).toEqual(pages.map((page) => page[0]!.text));
  });
});
