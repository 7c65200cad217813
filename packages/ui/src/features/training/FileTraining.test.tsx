import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Blob as NodeBlob, File as NodeFile } from "node:buffer";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { DataTrainingPage } from "./DataTrainingPage";
import { createdArticles, fakeTrainingServer, problem, storedArticle } from "./fakeServer.test-support";

configure({ asyncUtilTimeout: 5_000 });

function renderFiles({ fileNames = ["prices.txt"], articles = [] as Record<string, unknown>[] } = {}) {
  const server = fakeTrainingServer({
    "GET /files/get_names": () => ({ body: { status: "success", file_names: fileNames } }),
    "POST /training/files/upload": (call) => {
      const name = (call.body as { file: string }).file;
      if (name === "huge.txt") return problem(413, "payload_too_large", "The file is larger than 10 MB");
      if (name === "renamed.txt") return problem(400, "unsupported_file_type", "Only .txt and .pdf files can be uploaded");
      return { body: { status: "success", filename: name } };
    },
    "POST /files/scrape": (call) =>
      (call.body as { filename: string }).filename === "scan.pdf"
        ? problem(400, "no_file_content", "No content extracted from the file.")
        : { body: { status: "success", components: [{ text: "We open at nine.", tag: null, subject: null, url: null }, { text: " ", tag: null, subject: null, url: null }] } },
    "POST /training/create_articles": (call) => ({ body: createdArticles((call.body as { articles: { text: string }[] }).articles, () => "a1") }),
    "GET /training/articles": () => ({ body: { status: "success", articles } }),
  });
  return { server, rendered: renderConfigurationScreen(<DataTrainingPage initialSection="files" />, { api: server.api }) };
}

// The stubbed fetch builds Node's Request, which takes jsdom's files for nameless blobs: the files and
// the SDK's multipart body are Node's own here, as they are all the browser's own in a portal.
beforeAll(async () => {
  const NodeFormData = (await new Response(new URLSearchParams("a=1")).formData()).constructor;
  vi.stubGlobal("FormData", NodeFormData);
  vi.stubGlobal("Blob", NodeBlob);
  return () => vi.unstubAllGlobals();
});

const file = (name: string, content: string, type: string) => new NodeFile([content], name, { type }) as unknown as File;

describe("file training", { timeout: 30_000 }, () => {
  it("refuses files other than .txt and .pdf before sending, and trains the others with each file's state", async () => {
    const { server, rendered } = renderFiles();
    await rendered;
    expect(await screen.findByTestId("file-prices.txt")).toBeTruthy();

    fireEvent.drop(screen.getByTestId("file-dropzone"), {
      dataTransfer: { files: [file("notes.docx", "PK", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), file("faq.txt", "We open at nine.", "text/plain"), file("photo.PNG", "x", "image/png")] },
    });
    const refusal = await screen.findByRole("alert");
    expect(within(refusal).getByText("Not uploaded: notes.docx, photo.PNG")).toBeTruthy();
    expect(within(refusal).getByText(/Only .txt and .pdf files can be uploaded/)).toBeTruthy();

    const row = await screen.findByTestId("file-faq.txt");
    await within(row).findByText("Indexed");
    // Only the allowed file was sent, then read, stored as an article and indexed in the same call.
    expect(server.callsTo("POST /training/files/upload").map((call) => call.body)).toEqual([{ file: "faq.txt", configuration_id: "c1" }]);
    expect(server.callsTo("POST /files/scrape").map((call) => call.body)).toEqual([{ filename: "faq.txt", configuration_id: "c1" }]);
    expect(server.callsTo("POST /training/create_articles").map((call) => call.body)).toMatchObject([
      { configurationId: "c1", articles: [{ source: "faq.txt", text: "We open at nine.", wordCount: 4 }] },
    ]);
    expect(server.callsTo("POST /training/index_article")).toEqual([]);
  });

  it("says what happened when a PDF holds no text", async () => {
    const { server, rendered } = renderFiles();
    await rendered;
    fireEvent.change(await screen.findByTestId("file-input"), { target: { files: [file("scan.pdf", "%PDF-1.4", "application/pdf")] } });
    const row = await screen.findByTestId("file-scan.pdf");
    await within(row).findByText("Failed");
    // What went wrong, and what to do instead.
    expect(within(row).getByText(/No content extracted from the file\. .*Upload a PDF with selectable text, or a \.txt file\./)).toBeTruthy();
    expect(server.callsTo("POST /training/create_articles")).toEqual([]);
    await waitFor(() => expect(within(row).getByRole("button", { name: "Train again from scan.pdf" }).hasAttribute("disabled")).toBe(false));
  });

  it("says what to do when the server refuses an upload, and offers no training of a file it does not hold", async () => {
    const { server, rendered } = renderFiles();
    await rendered;
    fireEvent.change(await screen.findByTestId("file-input"), {
      target: { files: [file("huge.txt", "x", "text/plain"), file("renamed.txt", "%PDF-1.4", "text/plain")] },
    });
    const huge = await screen.findByTestId("file-huge.txt");
    await within(huge).findByText("Failed");
    expect(within(huge).getByText("The file or request is too large. A file can be at most 10 MB. Split it into smaller files and upload those.")).toBeTruthy();
    const renamed = await screen.findByTestId("file-renamed.txt");
    await within(renamed).findByText("Failed");
    expect(within(renamed).getByText(/^Only \.txt and \.pdf files can be uploaded\. .*a PDF renamed to \.txt is refused.*upload it again\.$/)).toBeTruthy();
    // Nothing was stored: no training again and no deleting on the server, only taking the row away.
    expect(within(huge).queryByRole("button", { name: "Train again from huge.txt" })).toBeNull();
    fireEvent.click(within(huge).getByRole("button", { name: "Remove huge.txt from the list" }));
    await waitFor(() => expect(screen.queryByTestId("file-huge.txt")).toBeNull());
    expect(server.callsTo("POST /files/scrape")).toEqual([]);
    expect(server.callsTo("POST /files/delete")).toEqual([]);
  });

  it("refuses a file over 10 MB before sending it, and still uploads the others", async () => {
    const { server, rendered } = renderFiles();
    await rendered;
    fireEvent.change(await screen.findByTestId("file-input"), {
      target: { files: [file("manual.pdf", "x".repeat(10 * 1024 * 1024 + 1), "application/pdf"), file("faq.txt", "We open at nine.", "text/plain")] },
    });
    const manual = await screen.findByTestId("file-manual.pdf");
    await within(manual).findByText("Failed");
    expect(within(manual).getByText(/A file can be at most 10 MB\. Split it into smaller files/)).toBeTruthy();
    await waitFor(() => expect(server.callsTo("POST /training/files/upload")).toHaveLength(1));
    expect((server.callsTo("POST /training/files/upload")[0]!.body as { file: string }).file).toBe("faq.txt");
  });

  it("shows after a reload which stored files were trained, from their articles", async () => {
    const article = (id: string, source: string, indexed: boolean) => ({
      _id: id, configuration_id: "c1", text: "We open at nine.", source, kind: "file", subject: null, url: null,
      wordCount: 4, splitLength: 500, splitOverlap: 50, dateCreated: "2026-11-20T10:00:00Z", dateModified: "2026-11-20T10:00:00Z", indexed,
    });
    const { rendered } = renderFiles({
      fileNames: ["prices.txt", "opening-hours.txt", "returns.pdf"],
      articles: [article("a1", "prices.txt", true), article("a2", "prices.txt", true), article("a3", "returns.pdf", false), article("a4", "https://shop.test/prices.txt", true)],
    });
    await rendered;
    await within(await screen.findByTestId("file-prices.txt")).findByText("Indexed");
    expect(within(screen.getByTestId("file-opening-hours.txt")).getByText("Uploaded")).toBeTruthy();
    const notIndexed = screen.getByTestId("file-returns.pdf");
    expect(within(notIndexed).getByText("Failed")).toBeTruthy();
    expect(within(notIndexed).getByRole("button", { name: "Train again from returns.pdf" })).toBeTruthy();
  });

  it("replaces the row of a file uploaded again under its name (any case), shows the name it was uploaded under and its articles", async () => {
    // The server as it is: one stored file per name, kept under the stored name it was first given.
    const files = [{ name: "faq-1a2b3c4d.txt", original_name: "FAQ.txt", content_type: "text/plain; charset=utf-8", size: 10, created_at: "2026-11-20T10:00:00Z" }];
    let articles: Record<string, unknown>[] = [];
    const server = fakeTrainingServer({
      "GET /files/get_names": () => ({ body: { status: "success", file_names: files.map((entry) => entry.name), files } }),
      "POST /training/files/upload": (call) => {
        files[0] = { ...files[0]!, original_name: (call.body as { file: string }).file };
        articles = [];
        return { body: { status: "success", filename: files[0]!.name } };
      },
      "POST /files/scrape": () => ({
        body: { status: "success", components: [{ text: "We open at nine.", tag: null, subject: "Hours", url: null }, { text: "We close at five.", tag: null, subject: "Closing", url: null }] },
      }),
      "POST /training/create_articles": (call) => {
        const entries = (call.body as { articles: { text: string; source: string }[] }).articles;
        articles = entries.map((entry, index) => storedArticle({ _id: `a${index}`, text: entry.text, source: entry.source }));
        return { body: createdArticles(entries, (text) => `a${entries.findIndex((entry) => entry.text === text)}`) };
      },
      "GET /training/articles": () => ({ body: { status: "success", articles } }),
    });
    await renderConfigurationScreen(<DataTrainingPage initialSection="files" />, { api: server.api });
    const row = await screen.findByTestId("file-faq-1a2b3c4d.txt");
    expect(within(row).getByText("FAQ.txt")).toBeTruthy();
    expect(within(row).getByText("Uploaded")).toBeTruthy();

    fireEvent.change(screen.getByTestId("file-input"), { target: { files: [file("faq.txt", "We open at nine.", "text/plain")] } });
    await within(row).findByText("Indexed");
    await within(row).findByText("1 article");
    expect(within(row).getByText("faq.txt")).toBeTruthy();
    // One row for the name, before, during and after the upload.
    expect(within(screen.getByRole("table", { name: "Uploaded files" })).getAllByRole("row")).toHaveLength(2);
    expect(screen.queryByTestId("file-faq.txt")).toBeNull();
  });
});
