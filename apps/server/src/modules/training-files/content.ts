import { randomBytes } from "node:crypto";
import { TextDecoder } from "node:util";
import { DomainError, errorMessages, uploadExtensionOf, type UploadExtension } from "@parley/domain";
import { decodeText } from "../../platform/outbound/charset";
import { PdfTooLargeError, readPdfText, type PdfReadLimits } from "../../platform/files/pdf-reader";
import { UnreadablePdfError } from "../../platform/files/pdf-text";

export type TrainingFileContentType = "application/pdf" | "text/plain; charset=utf-8";

/** What an upload is by its content, in the form it is stored in. */
export interface TrainingFileContent {
  extension: UploadExtension;
  contentType: TrainingFileContentType;
  /** The bytes to store: a PDF as sent, a text as UTF-8 without byte order mark. */
  bytes: Uint8Array;
}

const pdfSignature = Buffer.from("%PDF-", "latin1");

// Text has no control characters but tab, line feed, form feed and carriage return; NUL and the rest mark
// a binary file (a program, an image). C1 controls come only from bytes Windows-1252 leaves undefined.
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const binaryCharacter = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/u;

function refused(reason: string): DomainError {
  return new DomainError("unsupported_file_type", errorMessages.unsupported_file_type, 400, [{ path: "file", message: reason }]);
}

/** A PDF whose reading was stopped at a limit (a few MB that unpack to gigabytes, or take minutes). */
export function pdfTooLarge(error: PdfTooLargeError): DomainError {
  return new DomainError("payload_too_large", `${error.message}.`, 413);
}

/** UTF-8 (with or without byte order mark, or UTF-16 with one), else Windows-1252; `undefined` for binary bytes. */
function textOf(bytes: Uint8Array): string | undefined {
  let text: string;
  const hasByteOrderMark =
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (hasByteOrderMark) {
    text = decodeText(bytes, "text/plain");
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = decodeText(bytes, "text/plain; charset=windows-1252");
    }
  }
  text = text.replace(/^\uFEFF/u, "");
  return binaryCharacter.test(text) ? undefined : text;
}

/**
 * Checks an upload by its content: a PDF begins with `%PDF-` and is read whole within `pdfLimits`
 * (`payload_too_large` past them); anything else must be text. The
 * name's extension must be .txt or .pdf and match what the content is. Throws `unsupported_file_type`
 * with the reason, or `no_file_content` for an empty file.
 */
export async function inspectTrainingFile(name: string, bytes: Uint8Array, pdfLimits?: PdfReadLimits): Promise<TrainingFileContent> {
  const extension = uploadExtensionOf(name);
  if (!extension) throw refused("The file name must end in .txt or .pdf");
  if (bytes.length === 0) throw new DomainError("no_file_content", undefined, 400);

  if (Buffer.from(bytes.subarray(0, pdfSignature.length)).equals(pdfSignature)) {
    if (extension !== ".pdf") throw refused("The file is a PDF document, but its name ends in .txt");
    // Read whole once: what cannot be read, or only past the limits, is refused now rather than at scraping.
    try {
      await readPdfText(bytes, pdfLimits);
    } catch (error) {
      if (error instanceof PdfTooLargeError) throw pdfTooLarge(error);
      if (!(error instanceof UnreadablePdfError)) throw error;
      throw refused(error.reason === "encrypted" ? "The PDF is protected by a password" : "The PDF is damaged and cannot be read");
    }
    return { extension, contentType: "application/pdf", bytes };
  }

  if (extension === ".pdf") throw refused("The file is not a PDF document");
  const text = textOf(bytes);
  if (text === undefined) throw refused("The file is not a text file");
  return { extension, contentType: "text/plain; charset=utf-8", bytes: Buffer.from(text, "utf8") };
}

/** The name a file is shown by: the last part of what the client sent, without control characters, at most 255 characters. */
export function displayNameOf(clientName: string): string {
  const base = clientName.split(/[/\\]/u).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is removed.
  const clean = base.replace(/[\u0000-\u001F\u007F-\u009F]/gu, "").trim();
  return [...clean].slice(0, 255).join("");
}

/**
 * The name a file is stored and addressed by, made by the server: the display name reduced to lower-case
 * ASCII letters, digits and hyphens, a random suffix (so that "Prijs!.txt" and "prijs?.txt", two names
 * that reduce alike, are two files), and the
 * extension of its content. It can hold no path, no dot but the extension's, nothing the client chose freely.
 */
export function storedNameFor(displayName: string, extension: UploadExtension): string {
  const stem = displayName
    .replace(/\.(txt|pdf)$/iu, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, "-")
    .replace(/^-+|-+$/gu, "")
    .slice(0, 60)
    .replace(/-+$/u, "");
  return `${stem || "file"}-${randomBytes(4).toString("hex")}${extension}`;
}
