/**
 * Real files for the upload tests, made here byte by byte: PDFs with a text layer (Helvetica, `Tj`
 * operators, a cross-reference table with true offsets) or with only an image, and multipart bodies as a
 * browser sends them.
 */
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";

/** One line of text on a page: its font size and the baseline's height from the bottom (points). */
export interface PdfLine {
  text: string;
  size: number;
  y: number;
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

/**
 * A PDF of a few hundred kB whose one page unpacks to about `megabytes` MB: a compressed stream of one line
 * of text and 16 MB of spaces, drawn as the page's content over and over.
 */
export function flateBombPdf(megabytes: number): Buffer {
  const stream = deflateSync(Buffer.concat([Buffer.from("BT /F1 12 Tf 72 700 Td (Bomb) Tj ET\n"), Buffer.alloc(16 * 1024 * 1024, 0x20)]), { level: 9 });
  const repeats = Math.ceil(megabytes / 16);
  const contents = `[${Array.from({ length: repeats }, () => "5 0 R").join(" ")}]`;
  return pdfFromObjects([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} >>`,
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"), stream, Buffer.from("\nendstream")]),
  ]);
}

/** A PDF 1.4 of the given objects (numbered from 1; the first is the catalog), with true offsets. */
function pdfFromObjects(objects: readonly (string | Buffer)[]): Buffer {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]!.length;
  const append = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  const offsets = objects.map((body, index) => {
    const offset = length;
    append(Buffer.from(`${index + 1} 0 obj\n`, "latin1"));
    append(typeof body === "string" ? Buffer.from(body, "latin1") : body);
    append(Buffer.from("\nendobj\n", "latin1"));
    return offset;
  });
  const xref = length;
  append(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      "latin1",
    ),
  );
  return Buffer.concat(chunks);
}

/** A PDF 1.4 whose pages draw the given content streams, with Helvetica as /F1. */
export function pdfFromContentStreams(streams: readonly string[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, once the pages' numbers are known
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const pages: number[] = [];
  for (const stream of streams) {
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    pages.push(
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${pages.map((page) => `${page} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  return pdfFromObjects(objects);
}

/** A PDF with a text layer: each page its lines, set in Helvetica at their size. */
export function textPdf(pages: readonly (readonly PdfLine[])[]): Buffer {
  return pdfFromContentStreams(
    pages.map((lines) => lines.map((line) => `BT /F1 ${line.size} Tf 72 ${line.y} Td ${pdfString(line.text)} Tj ET`).join("\n")),
  );
}

/** A "scanned" page: a 2×2 grey image drawn over the page, and no text at all. */
export function scannedPdf(): Buffer {
  return pdfFromContentStreams(["q 468 0 0 648 72 72 cm\nBI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI\nQ"]);
}

/** A two-page guide: a large heading, paragraphs in 11 pt separated by wider gaps, a heading on page two. */
export function guidePdf(): Buffer {
  return textPdf([
    [
      { text: "Opening hours", size: 20, y: 720 },
      { text: "Our shop in Utrecht is open from nine", size: 11, y: 690 },
      { text: "to five on weekdays.", size: 11, y: 677 },
      { text: "On Saturdays we close at noon.", size: 11, y: 650 },
    ],
    [
      { text: "Returns (within 30 days)", size: 20, y: 720 },
      { text: "Send the parcel back with the form.", size: 11, y: 690 },
    ],
  ]);
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  /** Makes the part a file with this name. */
  filename?: string;
  contentType?: string;
}

/** A `multipart/form-data` body and its content type, as a browser's FormData sends it. */
export function multipartBody(parts: readonly FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----parley${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, "%22")}"`;
    const type = part.filename === undefined ? "" : `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, "utf8"));
    chunks.push(typeof part.value === "string" ? Buffer.from(part.value, "utf8") : part.value);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
